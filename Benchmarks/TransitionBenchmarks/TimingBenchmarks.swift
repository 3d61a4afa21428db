import Benchmark
import Dispatch
import TestSupport
import TransitionCore

/// A named cubic Bézier under test.
private struct NamedCurve {
    let name: String
    let points: (Double, Double, Double, Double)
}

/// The standard curves the built-ins use most, an overshooting one and a pathological one whose
/// x(t) is flat at both ends.
private let benchCurves = [
    NamedCurve(name: "ease", points: (0.25, 0.1, 0.25, 1)),
    NamedCurve(name: "ease-in-out", points: (0.42, 0, 0.58, 1)),
    NamedCurve(name: "material-standard", points: (0.4, 0, 0.2, 1)),
    NamedCurve(name: "overshoot", points: (0.34, 1.56, 0.64, 1)),
    NamedCurve(name: "flat-ends", points: (0, 1, 0, 1)),
]

/// 1024 inputs in (0, 1), spread by a fixed pseudo-random sequence so no branch is always taken.
private let benchInputs: [Double] = {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<1024).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}()

/// The custom metric of the paired Bézier benchmarks: our time ÷ Chromium's, in thousandths.
var bezierPairedMetric: BenchmarkMetric { .custom("ours ÷ Chromium (‰)", polarity: .prefersSmaller, useScalingFactor: false) }

/// The custom metric carrying a curve's worst error over the accuracy inputs, in units of 1e-12.
var worstErrorMetric: BenchmarkMetric { .custom("worst error (1e-12)", polarity: .prefersSmaller, useScalingFactor: false) }

/// Timing: cubic Bézier evaluations with their worst error against an exact solver, and fitted
/// spring evaluations.
func registerTimingBenchmarks() {
    for named in benchCurves {
        let curve = try! CubicBezier(named.points.0, named.points.1, named.points.2, named.points.3)
        let worst = Prepared<Int>()
        Benchmark("Timing/bezier/\(named.name)", configuration: Configurations.micro(adding: worstErrorMetric)) { benchmark in
            for i in benchmark.scaledIterations {
                blackHole(curve.value(at: benchInputs[i & 1023]))
            }
            benchmark.measurement(worstErrorMetric, worst.value)
        } setup: {
            try worst.prepare {
                let error = ReferenceBezier(named.points.0, named.points.1, named.points.2, named.points.3).worstError(samples: BenchEnvironment.smoke ? 1_000 : 20_000) { curve.value(at: $0) }
                return Int((error * 1e12).rounded(.up))
            }
        }
    }

    // The same curves and inputs through a port of Chromium's solver, the yardstick.
    for named in benchCurves {
        let curve = ChromiumCubicBezier(named.points.0, named.points.1, named.points.2, named.points.3)
        let worst = Prepared<Int>()
        Benchmark("Timing/bezier-chromium/\(named.name)", configuration: Configurations.micro(adding: worstErrorMetric)) { benchmark in
            for i in benchmark.scaledIterations {
                blackHole(curve.solve(benchInputs[i & 1023]))
            }
            benchmark.measurement(worstErrorMetric, worst.value)
        } setup: {
            try worst.prepare {
                let error = ReferenceBezier(named.points.0, named.points.1, named.points.2, named.points.3).worstError(samples: BenchEnvironment.smoke ? 1_000 : 20_000) { curve.solve($0) }
                return Int((error * 1e12).rounded(.up))
            }
        }
    }

    // Both solvers in every iteration, four passes over the inputs each, in alternating order:
    // the ratio is not skewed by a load that changes between two benchmarks on a shared machine.
    for named in benchCurves {
        let ours = try! CubicBezier(named.points.0, named.points.1, named.points.2, named.points.3)
        let chromium = ChromiumCubicBezier(named.points.0, named.points.1, named.points.2, named.points.3)
        Benchmark("Timing/bezier-paired/\(named.name)", configuration: Configurations.paired(bezierPairedMetric)) { benchmark in
            func time(_ body: (Double) -> Double) -> UInt64 {
                let start = DispatchTime.now().uptimeNanoseconds
                for i in 0..<4096 { blackHole(body(benchInputs[i & 1023])) }
                return DispatchTime.now().uptimeNanoseconds - start
            }
            let oursFirst = benchmark.currentIteration % 2 == 0
            let first = oursFirst ? time { ours.value(at: $0) } : time { chromium.solve($0) }
            let second = oursFirst ? time { chromium.solve($0) } : time { ours.value(at: $0) }
            let (o, c) = oursFirst ? (first, second) : (second, first)
            benchmark.measurement(bezierPairedMetric, Int((Double(o) / Double(max(1, c)) * 1000).rounded()))
        }
    }

    for zeta in [0.6, 1.0, 2.0] {
        let spring = FittedSpring(dampingRatio: zeta)
        Benchmark("Timing/spring/damping-\(zeta)", configuration: Configurations.micro) { benchmark in
            for i in benchmark.scaledIterations {
                blackHole(spring.value(at: benchInputs[i & 1023]))
            }
        }
    }
}


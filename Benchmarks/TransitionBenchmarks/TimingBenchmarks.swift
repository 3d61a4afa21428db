import Benchmark
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
                let error = ReferenceBezier(named.points).worstError(of: curve, samples: BenchEnvironment.smoke ? 1_000 : 20_000)
                return Int((error * 1e12).rounded(.up))
            }
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

/// An independent solver for a cubic Bézier timing function: bisection over doubles on the
/// Bernstein form of x(t) evaluated in double-double, down to two neighbouring doubles.
struct ReferenceBezier {
    let x1: Double, y1: Double, x2: Double, y2: Double

    init(_ p: (Double, Double, Double, Double)) {
        (x1, y1, x2, y2) = p
    }

    /// The largest |curve(x) − exact(x)| over an even grid of `samples` + 1 inputs in [0, 1] and
    /// inputs next to 0, 1/2 and 1.
    func worstError(of curve: CubicBezier, samples: Int) -> Double {
        var inputs = (0...samples).map { Double($0) / Double(samples) }
        inputs += [1e-12, 1e-9, 1e-7, 0.5.nextDown, 0.5.nextUp, 0.5 - 1e-9, 0.5 + 1e-9, 1 - 1e-12, 1 - 1e-9, 1.0.nextDown]
        return inputs.reduce(0) { max($0, abs(curve.value(at: $1) - value(at: $1))) }
    }

    /// y at `x`.
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func residual(_ t: Double) -> Double { (Self.bernstein(t, x1, x2) + Wide(-x)).hi }
        var low = 0.0, high = 1.0
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if residual(middle) < 0 { low = middle } else { high = middle }
        }
        let t = abs(residual(low)) < abs(residual(high)) ? low : high
        let y = Self.bernstein(t, y1, y2)
        return y.hi + y.lo
    }

    /// One coordinate of 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³ in double-double.
    private static func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Wide {
        let tt = Wide(t)
        let u = Wide.twoSum(1, -t)
        return u * u * tt * Wide.twoProduct(3, p1) + u * tt * tt * Wide.twoProduct(3, p2) + tt * tt * tt
    }

    /// A double-double number.
    private struct Wide {
        var hi: Double
        var lo: Double

        init(_ hi: Double, _ lo: Double = 0) {
            self.hi = hi
            self.lo = lo
        }

        static func twoSum(_ a: Double, _ b: Double) -> Wide {
            let s = a + b
            let v = s - a
            return Wide(s, (a - (s - v)) + (b - v))
        }

        static func twoProduct(_ a: Double, _ b: Double) -> Wide {
            let p = a * b
            return Wide(p, (-p).addingProduct(a, b))
        }

        static func + (a: Wide, b: Wide) -> Wide {
            let s = twoSum(a.hi, b.hi)
            let t = twoSum(a.lo, b.lo)
            let u = twoSum(s.hi, s.lo + t.hi)
            return twoSum(u.hi, u.lo + t.lo)
        }

        static func * (a: Wide, b: Wide) -> Wide {
            let p = twoProduct(a.hi, b.hi)
            return twoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi))
        }
    }
}

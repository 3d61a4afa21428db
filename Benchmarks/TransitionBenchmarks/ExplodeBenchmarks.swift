import Benchmark
import Foundation
import PluginHost
import TransitionCore

/// Explode's `tiles` values the scaling benchmarks run: tiles across the width, the rows following
/// the container's aspect (4 across make 36 tiles in 390x844, 32 across make 2240). 32 is beyond
/// the parameter's declared range (1...16): the session passes values as they are, and the step
/// has no limit of its own. The smoke run uses 2 and 4 across.
var explodeTilesAcross: [Int] { BenchEnvironment.smoke ? [2, 4] : [4, 8, 16, 32] }

/// The custom metric of the explode benchmarks: picoseconds per tile per step.
var picosecondsPerTileMetric: BenchmarkMetric { .custom("ps per tile", polarity: .prefersSmaller, useScalingFactor: false) }

/// The custom metrics of the linearity benchmark: the cost per tile at the most tiles ÷ the cost
/// per tile at the fewest, in thousandths, through the C ABI and as a direct call.
var explodeLinearityMetrics: [BenchmarkMetric] {
    [
        .custom("C ABI per tile, most ÷ fewest tiles (‰)", polarity: .prefersSmaller, useScalingFactor: false),
        .custom("direct per tile, most ÷ fewest tiles (‰)", polarity: .prefersSmaller, useScalingFactor: false),
    ]
}

/// An explode transition with `across` tiles across, stepped through the C ABI (its session) and
/// as a direct call (`DirectRun`, with the tiles numbered as setup made them).
final class ExplodeStepper {
    /// The direct stepper; its transition holds the C ABI session.
    let direct: DirectStepper
    /// How many tiles the transition made.
    let tiles: Int

    /// Sets up explode with `across` tiles across in the benchmarks' container and checks that
    /// both paths compute the same states.
    init(across: Int) throws {
        let explode = try builtinAnimator("explode")
        let transition = try SteppedTransition(explode, parameters: [1.0, Double(across)])
        let session = transition.session
        tiles = (0..<session.viewCount).filter { session.role(of: ViewID(Int32($0))) == .tile }.count
        let rows = Int((benchContainer.height / (benchContainer.width / Double(across))).rounded(.up))
        guard tiles == across * rows else { throw BenchError("explode made \(tiles) tiles for \(across) across, not \(across * rows)") }
        direct = try DirectStepper(transition)
        guard direct.agreesWithSession() else { throw BenchError("the direct call of explode does not compute what its C step does") }
    }

    /// Nanoseconds for one step at each of the 241 sampled progresses, through the C ABI.
    func timeViaABI() -> UInt64 {
        let session = direct.transition.session
        let start = DispatchTime.now().uptimeNanoseconds
        for p in sampledProgresses { blackHole(session.stepInPlace(p)) }
        return DispatchTime.now().uptimeNanoseconds - start
    }

    /// Nanoseconds for one step at each of the 241 sampled progresses, as a direct call.
    func timeDirect() -> UInt64 {
        let start = DispatchTime.now().uptimeNanoseconds
        for p in sampledProgresses { blackHole(direct.step(p)) }
        return DispatchTime.now().uptimeNanoseconds - start
    }

    /// Picoseconds per tile per step for `nanoseconds` spent on the 241 steps.
    func picosecondsPerTile(_ nanoseconds: UInt64) -> Int {
        Int((Double(nanoseconds) * 1000 / Double(sampledProgresses.count) / Double(tiles)).rounded())
    }
}

/// Explode's step cost against its tile count: per count, the 241 sampled steps through the C ABI
/// and as a direct call, with the cost per tile; then one benchmark that times the fewest and the
/// most tiles inside every iteration, in alternating order, and reports how the cost per tile grew
/// (1000 ‰ is linear).
func registerExplodeBenchmarks() {
    let counts = explodeTilesAcross
    for across in counts {
        let viaABI = Prepared<ExplodeStepper>()
        Benchmark("Explode/\(across)/c-abi", configuration: Configurations.explode(adding: [picosecondsPerTileMetric])) { benchmark in
            let stepper = viaABI.value
            for _ in benchmark.scaledIterations {
                benchmark.measurement(picosecondsPerTileMetric, stepper.picosecondsPerTile(stepper.timeViaABI()))
            }
        } setup: {
            try viaABI.prepare { try ExplodeStepper(across: across) }
        } teardown: {
            viaABI.reset()
        }

        let direct = Prepared<ExplodeStepper>()
        Benchmark("Explode/\(across)/direct", configuration: Configurations.explode(adding: [picosecondsPerTileMetric])) { benchmark in
            let stepper = direct.value
            for _ in benchmark.scaledIterations {
                benchmark.measurement(picosecondsPerTileMetric, stepper.picosecondsPerTile(stepper.timeDirect()))
            }
        } setup: {
            try direct.prepare { try ExplodeStepper(across: across) }
        } teardown: {
            direct.reset()
        }
    }

    let pair = Prepared<(fewest: ExplodeStepper, most: ExplodeStepper)>()
    Benchmark("Explode/linearity/paired", configuration: Configurations.explode(adding: explodeLinearityMetrics)) { benchmark in
        let (fewest, most) = pair.value
        let metrics = explodeLinearityMetrics
        for _ in benchmark.scaledIterations {
            let mostFirst = benchmark.currentIteration % 2 == 1
            var abi = (fewest: UInt64(0), most: UInt64(0)), direct = (fewest: UInt64(0), most: UInt64(0))
            if mostFirst { abi.most = most.timeViaABI(); direct.most = most.timeDirect() }
            abi.fewest = fewest.timeViaABI()
            direct.fewest = fewest.timeDirect()
            if !mostFirst { abi.most = most.timeViaABI(); direct.most = most.timeDirect() }
            func ratio(_ m: UInt64, _ f: UInt64) -> Int {
                Int((Double(most.picosecondsPerTile(m)) / Double(max(fewest.picosecondsPerTile(f), 1)) * 1000).rounded())
            }
            benchmark.measurement(metrics[0], ratio(abi.most, abi.fewest))
            benchmark.measurement(metrics[1], ratio(direct.most, direct.fewest))
        }
    } setup: {
        try pair.prepare { (try ExplodeStepper(across: counts.first!), try ExplodeStepper(across: counts.last!)) }
    } teardown: {
        pair.reset()
    }
}

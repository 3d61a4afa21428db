import Benchmark
import PluginHost

/// The view counts of the scaling benchmarks.
let tileCounts = [16, 64, 256, 1024]

/// Scaling: the tiles fixture's step through the C ABI with 16, 64, 256 and 1024 tile views (plus
/// the two screens); the cost per view should stay flat.
func registerScalingBenchmarks() {
    for count in tileCounts {
        let transition = Prepared<SteppedTransition>()
        Benchmark("Tiles/\(count)/c-abi", configuration: Configurations.micro) { benchmark in
            let session = transition.value.session
            for i in benchmark.scaledIterations {
                blackHole(session.stepInPlace(sampledProgresses[i % 241]))
            }
        } setup: {
            try transition.prepare {
                let library = try PluginLibrary.load(path: try BenchEnvironment.fixture("tiles"))
                guard let tiles = library.animator("tiles") else { throw BenchError("the tiles fixture has no animator") }
                let t = try SteppedTransition(tiles, parameters: [0.5, Double(count)])
                guard t.session.viewCount == count + 2 else {
                    throw BenchError("the tiles fixture made \(t.session.viewCount - 2) tiles, not \(count)")
                }
                return t
            }
        } teardown: {
            transition.reset()
        }
    }
}

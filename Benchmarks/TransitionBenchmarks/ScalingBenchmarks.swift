import Benchmark
import PluginHost

/// The view counts of the scaling benchmarks.
let tileCounts = [16, 64, 256, 1024]

/// Scaling: the tiles fixture's step through the C ABI with 16, 64, 256 and 1024 tile views (plus
/// the two screens), then the paired benchmark that sets the counts side by side in one run; the
/// cost per view should stay flat.
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
    registerTilesLinearityBenchmark()
}

/// The tile counts the paired scaling benchmark times in every iteration: two whose view states
/// fit the first-level data cache and two whose states do not.
let linearityTileCounts = [16, 64, 256, 1024]

/// The custom metrics of the paired scaling benchmark, in thousandths (1000 ‰ is flat):
/// - the C ABI's cost per view at 1024 tiles ÷ at 16, as the `Tiles/N/c-abi` rows give it;
/// - the C ABI's cost of one more tile from 256 to 1024 ÷ from 16 to 64, the slope of the step's
///   time against the tile count, which neither the two screens nor the step's fixed cost weigh;
/// - the same slope for the plugin's step alone, without the host;
/// - the host's part (C ABI less the plugin's step alone) per view at 1024 tiles ÷ at 16.
var tilesLinearityMetrics: [BenchmarkMetric] {
    [
        .custom("C ABI per view, 1024 ÷ 16 tiles (‰)", polarity: .prefersSmaller, useScalingFactor: false),
        .custom("C ABI per added tile, 256→1024 ÷ 16→64 (‰)", polarity: .prefersSmaller, useScalingFactor: false),
        .custom("plugin alone per added tile, 256→1024 ÷ 16→64 (‰)", polarity: .prefersSmaller, useScalingFactor: false),
        .custom("host per view, 1024 ÷ 16 tiles (‰)", polarity: .prefersSmaller, useScalingFactor: false),
    ]
}

/// The tiles fixture at every count of `linearityTileCounts` inside every iteration, in
/// alternating order, through the C ABI and as the plugin's step alone; reports the ratios of
/// `tilesLinearityMetrics`.
func registerTilesLinearityBenchmark() {
    let counts = linearityTileCounts
    let steppers = Prepared<[TilesStepper]>()
    Benchmark("Tiles/linearity/paired", configuration: Configurations.explode(adding: tilesLinearityMetrics)) { benchmark in
        let all = steppers.value
        let metrics = tilesLinearityMetrics
        for _ in benchmark.scaledIterations {
            let order = benchmark.currentIteration % 2 == 0 ? Array(all.indices) : all.indices.reversed()
            var abi = [Double](repeating: 0, count: all.count), alone = abi
            for i in order {
                abi[i] = Double(all[i].timeViaABI())
                alone[i] = Double(all[i].timePluginAlone())
            }
            let (small, next, large, largest) = (all[0], all[1], all[2], all[3])
            let perView = (abi[3] / Double(largest.views)) / max(abi[0] / Double(small.views), 1)
            func slope(_ t: [Double]) -> Double {
                ((t[3] - t[2]) / Double(largest.tiles - large.tiles)) / max((t[1] - t[0]) / Double(next.tiles - small.tiles), 1)
            }
            let host = ((abi[3] - alone[3]) / Double(largest.views)) / max((abi[0] - alone[0]) / Double(small.views), 1)
            for (metric, ratio) in zip(metrics, [perView, slope(abi), slope(alone), host]) {
                benchmark.measurement(metric, Int((ratio * 1000).rounded()))
            }
        }
    } setup: {
        try steppers.prepare { try counts.map { try TilesStepper(tiles: $0) } }
    } teardown: {
        steppers.reset()
    }
}

import Benchmark
import Foundation

/// The numbers of plugin files listed.
var discoveryCounts: [Int] { BenchEnvironment.smoke ? [1, 10] : [1, 100, 1000, 3000, 10_000] }

/// The mark in the numbered discovery fixture's plugin and animator ids that each copy replaces
/// with its own number, so the copies are distinct plugins without a compile each.
let numberMark = "n000000"

/// A directory of `count` copies of the trivial fixture under distinct file names, each with
/// its own plugin id and animator id (`…bench.n000042`, `trivial-n000042`), as a directory of
/// different plugins would be.
func pluginDirectory(count: Int) throws -> String {
    let fm = FileManager.default
    let source = try BenchEnvironment.fixture(
        "trivial", defines: ["PLUGIN_ID=\"org.transitioncatalog.bench.\(numberMark)\"", "ANIMATOR_ID=\"trivial-\(numberMark)\""],
        as: "trivial-numbered")
    let dir = BenchEnvironment.fixturesDirectory + "/discovery-\(count)"
    let names = (0..<count).map { String(format: "libtrivial-%06d.so", $0) }
    let present = Set((try? fm.contentsOfDirectory(atPath: dir)) ?? [])
    let sourceDate = try fm.attributesOfItem(atPath: source)[.modificationDate] as? Date ?? .distantFuture
    let stale = names.contains { name in
        guard present.contains(name), let date = try? fm.attributesOfItem(atPath: dir + "/" + name)[.modificationDate] as? Date else { return true }
        return date < sourceDate
    }
    guard stale || present.count != count else { return dir }
    guard let image = fm.contents(atPath: source) else { throw BenchError("cannot read \(source)") }
    let mark = Array(numberMark.utf8)
    var places: [Int] = []
    image.withUnsafeBytes { bytes in
        for i in 0...(bytes.count - mark.count) where bytes[i] == mark[0] && Array(bytes[i..<i + mark.count]) == mark {
            places.append(i)
        }
    }
    guard places.count == 2 else { throw BenchError("expected the id mark twice in \(source), found it \(places.count) times") }
    try? fm.removeItem(atPath: dir)
    try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (n, name) in names.enumerated() {
        var copy = image
        let number = Array(String(format: "n%06d", n).utf8)
        for place in places { copy.replaceSubrange(place..<place + number.count, with: number) }
        guard fm.createFile(atPath: dir + "/" + name, contents: copy) else { throw BenchError("cannot write \(dir)/\(name)") }
    }
    return dir
}

/// Runs `catalog list --no-builtins --plugin-path DIR` with the scan cache `cache`.
func listPlugins(in dir: String, cache: String) throws {
    let status = try BenchEnvironment.run(
        BenchEnvironment.catalogExecutable, ["list", "--no-builtins", "--plugin-path", dir],
        environment: ["TRANSITION_CATALOG_CACHE": cache])
    guard status == 0 else { throw BenchError("catalog list over \(dir) ended with status \(status)") }
}

/// Runs the C floor of discovery: a program that dlopens every plugin of `dir`, calls its entry and
/// closes it.
func openPlugins(in dir: String, program: String) throws {
    let status = try BenchEnvironment.run(program, [dir])
    guard status == 0 else { throw BenchError("\(program) \(dir) ended with status \(status)") }
}

/// Discovery: `catalog list` over 1 to 10 000 different plugins, cold (a fresh scan cache: every
/// plugin is loaded in a scanning child process) and warm (the cache of the run before), and the
/// floor they are read against: a C program that dlopens each plugin, calls its entry and closes it.
func registerDiscoveryBenchmarks() {
    for count in discoveryCounts {
        let dir = Prepared<String>()
        let cache = Prepared<String>()
        let prepare: () throws -> Void = {
            try dir.prepare {
                try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable)
                return try pluginDirectory(count: count)
            }
            try cache.prepare { BenchEnvironment.fixturesDirectory + "/discovery-\(count)-cache-\(getpid()).json" }
        }
        let iterations = count >= 10_000 ? 3 : count >= 1000 ? 5 : 20
        let seconds = count >= 10_000 ? 60 : 30
        let floor = Prepared<String>()
        Benchmark("Discovery/\(count)/floor", configuration: Configurations.process(iterations: iterations * 2, seconds: seconds)) { benchmark in
            measuringProcessCPU(benchmark) { try openPlugins(in: dir.value, program: floor.value) }
        } setup: {
            try prepare()
            try floor.prepare { try BenchEnvironment.program("dlopen_floor") }
        }

        Benchmark("Discovery/\(count)/cold", configuration: Configurations.process(iterations: iterations, seconds: seconds)) { benchmark in
            try? FileManager.default.removeItem(atPath: cache.value)
            benchmark.startMeasurement()
            measuringProcessCPU(benchmark) { try listPlugins(in: dir.value, cache: cache.value) }
            benchmark.stopMeasurement()
        } setup: {
            try prepare()
        } teardown: {
            try? FileManager.default.removeItem(atPath: cache.value)
        }

        // The cold list against the floor, back to back, for the 1000 the target names.
        if count == 1000 || BenchEnvironment.smoke && count == discoveryCounts.last {
            let order = Alternation()
            Benchmark("Discovery/\(count)/cold-floor-paired", configuration: Configurations.pairedProcess(iterations: 10, seconds: 30, metric: coldFloorMetric)) { benchmark in
                measuringPairedCPU(
                    benchmark, metric: coldFloorMetric, alternation: order,
                    subject: {
                        try? FileManager.default.removeItem(atPath: cache.value)
                        try listPlugins(in: dir.value, cache: cache.value)
                    },
                    anchor: { try openPlugins(in: dir.value, program: floor.value) })
            } setup: {
                try prepare()
                try floor.prepare { try BenchEnvironment.program("dlopen_floor") }
            } teardown: {
                try? FileManager.default.removeItem(atPath: cache.value)
            }
        }

        Benchmark("Discovery/\(count)/warm", configuration: Configurations.process(iterations: iterations * 2, seconds: seconds)) { benchmark in
            measuringProcessCPU(benchmark) { try listPlugins(in: dir.value, cache: cache.value) }
        } setup: {
            try prepare()
            try reportingFailure { try listPlugins(in: dir.value, cache: cache.value) }
        } teardown: {
            try? FileManager.default.removeItem(atPath: cache.value)
        }
    }
}

/// `Discovery/1000/cold-floor-paired`: a cold `catalog list`'s CPU time ÷ the C floor's, run back
/// to back.
let coldFloorMetric = pairedProcessMetric("cold ÷ floor (‰)")

import Benchmark
import Foundation

/// The numbers of plugin files listed.
var discoveryCounts: [Int] { BenchEnvironment.smoke ? [1, 10] : [1, 100, 1000] }

/// A directory of `count` copies of the trivial fixture under distinct file names (the same plugin
/// id in each: `list` then warns about shadowed animators, which it must do quickly too).
func pluginDirectory(count: Int) throws -> String {
    let fm = FileManager.default
    let source = try BenchEnvironment.fixture("trivial")
    let dir = BenchEnvironment.fixturesDirectory + "/discovery-\(count)"
    let names = (0..<count).map { String(format: "libtrivial-%04d.so", $0) }
    let present = Set((try? fm.contentsOfDirectory(atPath: dir)) ?? [])
    let sourceDate = try fm.attributesOfItem(atPath: source)[.modificationDate] as? Date ?? .distantFuture
    let stale = names.contains { name in
        guard present.contains(name), let date = try? fm.attributesOfItem(atPath: dir + "/" + name)[.modificationDate] as? Date else { return true }
        return date < sourceDate
    }
    if stale || present.count != count {
        try? fm.removeItem(atPath: dir)
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in names { try fm.copyItem(atPath: source, toPath: dir + "/" + name) }
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

/// Discovery: `catalog list` over 1, 100 and 1000 plugin files, cold (a fresh scan cache: every
/// plugin is loaded in the scanning child process) and warm (the cache of the run before).
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
        let iterations = count >= 1000 ? 5 : 20
        Benchmark("Discovery/\(count)/cold", configuration: Configurations.program(iterations: iterations, seconds: 30)) { benchmark in
            try? FileManager.default.removeItem(atPath: cache.value)
            benchmark.startMeasurement()
            do { try listPlugins(in: dir.value, cache: cache.value) } catch { fail(benchmark, "\(error)") }
            benchmark.stopMeasurement()
        } setup: {
            try prepare()
        } teardown: {
            try? FileManager.default.removeItem(atPath: cache.value)
        }

        Benchmark("Discovery/\(count)/warm", configuration: Configurations.program(iterations: iterations * 2, seconds: 10)) { benchmark in
            do { try listPlugins(in: dir.value, cache: cache.value) } catch { fail(benchmark, "\(error)") }
        } setup: {
            try prepare()
            try reportingFailure { try listPlugins(in: dir.value, cache: cache.value) }
        } teardown: {
            try? FileManager.default.removeItem(atPath: cache.value)
        }
    }
}

import Foundation
import TestSupport
import Testing

/// Commands that sample many transitions run each plugin's transitions in one worker process,
/// as `run` does, instead of starting a worker per transition; `validate` checks the animators
/// it is given of one plugin in one worker.
@Suite("gallery, export and validate share a worker per plugin")
struct GalleryWorkerTests {
    /// A folder holding a copy of the plugin that counts its loads, and the environment that
    /// points the count and the scan cache into it.
    func countingPlugin() throws -> (dir: String, environment: [String: String], loads: () -> Int) {
        let dir = TestEnvironment.temporaryDirectory + "/shared-worker-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir + "/plugins", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("counts_loads"), toPath: dir + "/plugins/counts_loads.so")
        // The plugin counts its loads in a file, which a sandboxed worker may not write.
        let environment = ["TRANSITION_CATALOG_CACHE": dir + "/cache", "TC_LOAD_COUNTER": dir + "/loads.txt"].merging(SandboxTests.sandboxOff) { $1 }
        let loads = { ((try? String(contentsOfFile: dir + "/loads.txt", encoding: .utf8)) ?? "").split(separator: "\n").count }
        // The scan loads the plugin once and caches what it found.
        let list = try CLI.run(["list", "--no-builtins", "--plugin-path", dir + "/plugins"], environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        return (dir, environment, loads)
    }

    @Test func theGalleryAndItsPageLoadAPluginOnce() throws {
        let (dir, environment, loads) = try countingPlugin()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = loads()
        let result = try CLI.run(
            ["gallery", "--no-builtins", "--plugin-path", dir + "/plugins", "--out", dir + "/site", "--markdown", dir + "/page/catalog.md"],
            environment: environment)
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/site/index.html"))
        #expect(FileManager.default.fileExists(atPath: dir + "/page/catalog.md"))
        // Push and pop of both animators for the gallery, push for the page: six transitions, one worker.
        #expect(loads() - before == 1, "the plugin was loaded \(loads() - before) times")
    }

    @Test func exportWebLoadsAPluginOnceForAllItsOperations() throws {
        let (dir, environment, loads) = try countingPlugin()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = loads()
        let result = try CLI.run(
            ["export", "web", "counted-fade", "push", "pop", "--no-builtins", "--plugin-path", dir + "/plugins", "--out", dir + "/fade.css"],
            environment: environment)
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(loads() - before == 1, "the plugin was loaded \(loads() - before) times")
    }

    @Test func validateChecksTheAnimatorsNamedOfOnePluginInOneWorker() throws {
        let (dir, environment, loads) = try countingPlugin()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = ["validate", "--json", "--no-builtins", "--plugin-path", dir + "/plugins", "--only", "endpoints", "--size", "320x568"]
        var before = loads()
        let one = try CLI.run(arguments + ["counted-fade"], environment: environment)
        #expect(one.status == 0, "\(one.stderr)")
        let perWorker = loads() - before
        #expect(perWorker >= 1)
        before = loads()
        let both = try CLI.run(arguments + ["counted-dissolve", "counted-fade"], environment: environment)
        CLI.expectNoCrash(both)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(loads() - before == perWorker, "two animators loaded the plugin \(loads() - before) times, one \(perWorker)")
        // Each animator's results, in the order they were named.
        let results = (try CLI.jsonObject(both.stdout)["results"] as? [[String: Any]] ?? []).compactMap { $0["subject"] as? String }
        let animators = results.filter { $0.hasPrefix("org.example.counter:") }
        #expect(Set(animators) == ["org.example.counter:counted-dissolve", "org.example.counter:counted-fade"], "\(results)")
        #expect(animators.first == "org.example.counter:counted-dissolve", "\(results)")
        // The time is the group's, given once; the other animator says whose line has it.
        let lines = both.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("[1/2] counted-dissolve: ") && $0.hasSuffix(" s, with the other animator named of counts_loads.so)") }, "\(both.stderr)")
        #expect(lines.contains { $0.hasPrefix("[2/2] counted-fade: ") && $0.hasSuffix("(checked with counted-dissolve)") }, "\(both.stderr)")
    }
}

import Foundation
import Testing
import TestSupport

/// The call traces of failing checks go to a run folder under the cache directory, and the
/// oldest run folders beyond the newest 20 are removed when a new one is made.
@Suite("validate keeps failing runs' traces in the cache directory, the newest 20")
struct TraceFolderTests {
    @Test func aFailingRunsTracesGoUnderTheCacheDirectoryAndOldRunsArePruned() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("traces-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let base = cache + "/transition-catalog/traces"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        // 25 earlier runs, an hour apart, the oldest first; and a file that is not a run.
        let now = Date()
        for i in 0..<25 {
            let run = base + "/run-\(1000 + i)-1"
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(Double(i - 30) * 3600)], ofItemAtPath: run)
        }
        try "kept".write(toFile: base + "/notes.txt", atomically: true, encoding: .utf8)

        let result = try CLI.run(
            ["validate", "--no-builtins", "--only", "endpoints", try FixturePlugins.path("crash_in_step")],
            environment: ["XDG_CACHE_HOME": cache])
        CLI.expectNoCrash(result)
        #expect(result.status == 1)
        let replay = try #require(CLI.lines(result.stdout).first { $0.contains("replay: catalog validate --reproduce ") })
        let trace = String(replay[replay.range(of: "--reproduce ")!.upperBound...])
        #expect(trace.hasPrefix(base + "/run-"), "\(trace)")
        #expect(FileManager.default.fileExists(atPath: trace))

        let runs = try FileManager.default.contentsOfDirectory(atPath: base).filter { $0.hasPrefix("run-") }
        #expect(runs.count == 20, "\(runs.sorted())")
        let newRun = (trace as NSString).deletingLastPathComponent
        #expect(runs.contains((newRun as NSString).lastPathComponent))
        // The 19 newest earlier runs stay; the 6 oldest went.
        #expect(Set(runs).isSuperset(of: (6..<25).map { "run-\(1000 + $0)-1" }))
        #expect(FileManager.default.fileExists(atPath: base + "/notes.txt"))
    }

    @Test func aPassingRunMakesNoFolder() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("traces-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try CLI.run(
            ["validate", "--no-builtins", "--only", "endpoints", try FixturePlugins.path("third_party_wipe")],
            environment: ["XDG_CACHE_HOME": cache])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cache + "/transition-catalog/traces"))
    }
}

import Foundation
import TestSupport
import Testing

/// A failing check keeps its call trace, and `--reproduce` replays it call by call.
@Suite("validate --reproduce")
struct ReproduceTests {
    func recordDirectory() throws -> String {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("traces-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aCrashReplaysAsTheSameCrashAtTheSameCall() throws {
        let dir = try recordDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["validate", "--no-builtins", "--only", "endpoints", "--record", dir, try FixturePlugins.path("crash_in_step")])
        #expect(run.status == 1)
        #expect(run.stdout.contains("last calls:") && run.stdout.contains("step ×"))
        let trace = dir + "/org.example.crash_crash-in-step-endpoints.trace"
        #expect(run.stdout.contains("replay: catalog validate --reproduce \(trace)"))
        let replay = try CLI.run(["validate", "--reproduce", trace])
        #expect(replay.status == 1)
        let last = try #require(CLI.lines(replay.stdout).last)
        #expect(last.hasPrefix("CRASH: SIGSEGV") && last.contains("step(0.504166"), "\(last)")
        #expect(replay.stdout.contains("#1 duration()") || replay.stdout.contains("#1 setup()"))
    }

    @Test func aFailureReplaysExactlyAndShowsWhatWasLeft() throws {
        let dir = try recordDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["validate", "--no-builtins", "--record", dir, try FixturePlugins.path("leaks_snapshot")])
        #expect(run.status == 1)
        let trace = dir + "/org.example.leaky_leaky-snapshot-leaks.trace"
        let replay = try CLI.run(["validate", "--reproduce", trace])
        #expect(replay.status == 0, "\(replay.stdout.suffix(500))")
        #expect(replay.stdout.contains("left behind: snapshot #2"))
        #expect(replay.stdout.contains("replayed") && replay.stdout.contains("exactly as recorded"))
    }

    @Test func aMissingTraceIsAClearError() throws {
        let replay = try CLI.run(["validate", "--reproduce", "/nonexistent.trace"])
        #expect(replay.status == 66)
        #expect(replay.stdout.isEmpty)
        #expect(CLI.lines(replay.stderr) == ["Error: cannot read the trace /nonexistent.trace; check the path"])
    }
}

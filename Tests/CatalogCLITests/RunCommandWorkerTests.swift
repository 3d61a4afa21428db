import Foundation
import TestSupport
import Testing

/// `run` with its plugin in a worker: what the plugin prints while a transition runs is one
/// warning per stream and transition on standard error, naming the plugin file and the byte
/// count, and standard output stays the host's.
@Suite("run shows what a plugin printed, transition by transition")
struct RunCommandWorkerTests {
    /// Runs `operations` with every push and pop played by the fixture's animator.
    func run(_ fixture: String, _ operations: [String]) throws -> (result: ProcessResult, path: String, transitions: [[String: Any]]) {
        let path = try FixturePlugins.path(fixture)
        let id = fixture.replacingOccurrences(of: "_", with: "-")
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("run-printed-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: source) }
        try #"{"version": 1, "rules": [{"operation": "push", "animator": "\#(id)"}, {"operation": "pop", "animator": "\#(id)"}]}"#
            .write(toFile: source, atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "--format", "json", "--no-builtins", "--plugin-path", path, "--source", source] + operations)
        CLI.expectNoCrash(result)
        let document = try CLI.jsonObject(result.stdout)
        return (result, path, try #require(document["transitions"] as? [[String: Any]]))
    }

    @Test func aStepThatPrintsIsChargedToTheTransitionThatRanIt() throws {
        let (alone, path, _) = try run("prints_to_stdout", ["push"])
        #expect(alone.status == 0, "\(alone.stderr)")
        let single = CLI.lines(alone.stderr)
        let prefix = "warning: operation 1: org.example.prints:prints-to-stdout (\(path)) wrote "
        let suffix = " bytes to stdout, which belongs to the host; the first line: prints-to-stdout: step progress=0.000"
        #expect(single.count == 1 && single[0].hasPrefix(prefix) && single[0].hasSuffix(suffix), "\(single)")
        let bytes = try #require(Int(single[0].dropFirst(prefix.count).dropLast(suffix.count)))
        #expect(bytes > 0 && bytes % 38 == 0, "each step prints one 38-byte line")

        // The same worker serves both transitions; each warning counts that transition's steps
        // alone, the same as the push run by itself, nothing carried over and nothing lost.
        let (result, _, transitions) = try run("prints_to_stdout", ["push", "pop"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(transitions.count == 2)
        let lines = CLI.lines(result.stderr)
        #expect(lines == [1, 2].map { "warning: operation \($0): org.example.prints:prints-to-stdout (\(path)) wrote \(bytes)" + suffix })
    }

    @Test func aPluginThreadThatPrintsIsOneWarningPerTransitionAndTheJSONStaysValid() throws {
        let (result, path, transitions) = try run("thread_prints", ["push", "push", "pop"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(transitions.count == 3)
        #expect(transitions.allSatisfy { $0["finished"] as? Bool == true })
        let lines = CLI.lines(result.stderr)
        // The thread prints every millisecond, but a busy machine may not run it during a given
        // transition: every line names one of the three, and at least one is named.
        #expect(!lines.isEmpty, "the printing thread was never reported")
        let prefixes = (1...3).map { "warning: operation \($0): org.example.thread-prints:thread-prints (\(path)) wrote " }
        for line in lines {
            #expect(prefixes.contains { line.hasPrefix($0) }, "\(line)")
            #expect(line.hasSuffix(" bytes to stdout, which belongs to the host; the first line: thread-prints: noise from a plugin thread"), "\(line)")
        }
        // At most one line per operation and stream.
        #expect(Set(lines.map { $0.prefix(22) }).count == lines.count, "\(lines)")
    }
}

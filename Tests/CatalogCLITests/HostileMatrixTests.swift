import Foundation
import Testing
import TestSupport

/// Every hostile fixture against the commands that play transitions: `run`, `preview
/// --interactive`, `preview` in each file format and on a terminal. Each run happens in a
/// directory of its own and asserts the exit status, the one line on standard error, valid JSON,
/// no process the plugin forked left alive, and nothing written but `--out`.
@Suite("every hostile fixture against run, interactive preview, each preview format and the terminal")
struct HostileMatrixTests {
    /// What a fixture does to a command that draws its push.
    struct Case: Sendable, CustomStringConvertible {
        var fixture: String
        /// The line after `PLUGIN:ANIMATOR: `, with `{P}` standing for the progress of the step the
        /// plugin failed in (it depends on how densely the command samples); nil when the plugin
        /// draws.
        var error: String?
        var description: String { fixture }
        var id: String { fixture.replacingOccurrences(of: "_", with: "-") }
        var qualified: String { "org.example.\(id):\(id)" }
    }

    static let cases: [Case] = [
        Case(fixture: "behaves_when_validated", error: "the plugin crashed with SIGSEGV (segmentation fault) during step({P})"),
        Case(fixture: "forges_reports", error: "plugin code wrote 101 bytes to the host's report channel during step(0)"),
        Case(fixture: "fault_loop", error: "the plugin did not answer within 2 s during step({P})"),
        Case(fixture: "nan_duration", error: "duration returned nan s for push; return a finite number of seconds greater than 0 and at most 3600"),
        Case(fixture: "forks", error: nil),
        Case(fixture: "writes_past_views", error: "step wrote past the end of the 2 view states it was given; write only views[0] to views[view_count - 1]"),
        Case(fixture: "writes_guard_byte", error: "step wrote past the end of the 2 view states it was given; write only views[0] to views[view_count - 1]"),
        Case(fixture: "thread_prints", error: nil),
        Case(fixture: "changes_process_state", error: nil),
    ]

    /// The fixtures whose breach `run` reports as a warning and draws anyway: it checks the guard
    /// after the views once the transition has completed. Every preview refuses them.
    static let drawnByRun: Set<String> = ["writes_past_views", "writes_guard_byte"]

    /// True when `line` is `expected` with a progress such as 0.5556 where `{P}` stands.
    static func matches(_ line: String, _ expected: String) -> Bool {
        let parts = expected.components(separatedBy: "{P}")
        guard parts.count == 2 else { return line == expected }
        guard line.hasPrefix(parts[0]), line.hasSuffix(parts[1]), line.count > parts[0].count + parts[1].count else { return false }
        let middle = line.dropFirst(parts[0].count).dropLast(parts[1].count)
        return Double(middle).map { $0 >= 0 && $0 <= 1 } ?? false
    }

    /// A fresh working directory, the fixture's pid file, and a check after the command that no
    /// forked process lives on and that the directory holds exactly `kept`.
    struct Scene {
        let directory: String
        let pids: String

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)").path
            directory = base + "/work"
            pids = base + "/forked.pids"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        var environment: [String: String] { ["FIXTURE_PID_FILE": pids] }

        func expectClean(keeping kept: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            #expect(left.sorted() == kept.sorted(), "written outside --out: \(left)", sourceLocation: sourceLocation)
            for pid in ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap({ Int32($0) }) {
                // SIGKILL is sent to the worker's group before the command ends; the kernel may
                // take a moment to finish the process off.
                var alive = isRunning(pid)
                for _ in 0..<40 where alive {
                    usleep(50_000)
                    alive = isRunning(pid)
                }
                #expect(!alive, "process \(pid) that the plugin forked is still alive", sourceLocation: sourceLocation)
            }
            try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent)
        }
    }

    func plugin(_ c: Case) throws -> [String] {
        ["--no-builtins", "--plugin-path", try FixturePlugins.path(c.fixture)]
    }

    @Test(arguments: cases)
    func runReportsTheFailureAsOneLineAndValidJSON(_ c: Case) throws {
        let scene = try Scene()
        let source = scene.directory + "/../transitions.json"
        try #"{"version": 1, "rules": [{"operation": "push", "animator": "\#(c.id)"}]}"#.write(toFile: source, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["run", "--format", "json", "--source", source, "push"] + plugin(c), environment: scene.environment, directory: scene.directory)
        CLI.expectNoCrash(result)
        let document = try CLI.jsonObject(result.stdout)
        let transitions = try #require(document["transitions"] as? [[String: Any]])
        if let error = c.error, !Self.drawnByRun.contains(c.fixture) {
            #expect(result.status == 1)
            let lines = CLI.lines(result.stderr)
            #expect(lines.count == 1, "\(result.stderr)")
            let prefix = "Error: operation 1 'push': push home → screen-1: \(c.qualified): "
            let suffix = "; the transition was cancelled"
            let line = try #require(lines.first)
            #expect(line.hasPrefix(prefix) && line.hasSuffix(suffix) && Self.matches(String(line.dropFirst(prefix.count).dropLast(suffix.count)), error), "\(line)")
            #expect(document["error"] as? String == String(line.dropFirst("Error: ".count)))
            #expect(transitions.isEmpty)
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(transitions.count == 1)
            #expect(transitions.first?["animator"] as? String == c.qualified)
            #expect(transitions.first?["finished"] as? Bool == true)
            #expect((transitions.first?["frames"] as? [Any])?.isEmpty == false)
        }
        scene.expectClean(keeping: [])
    }

    @Test(arguments: cases)
    func interactivePreviewReportsTheFailureAsOneLineOrValidJSON(_ c: Case) throws {
        let scene = try Scene()
        let result = try CLI.run(
            ["preview", "push", c.id, "--interactive", "scrub 0.6 @0.3; release v=0.5 @0.4", "--format", "json"] + plugin(c),
            environment: scene.environment, directory: scene.directory)
        CLI.expectNoCrash(result)
        if let error = c.error {
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            let lines = CLI.lines(result.stderr)
            #expect(lines.count == 1 && Self.matches(lines[0], "Error: \(c.qualified): \(error)"), "\(result.stderr)")
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            let json = try CLI.jsonObject(result.stdout)
            #expect(json["interactive"] as? Bool == true)
            #expect((json["frames"] as? [Any])?.isEmpty == false)
        }
        scene.expectClean(keeping: [])
    }

    @Test(arguments: cases, ["png", "gif", "html", "lottie", "text"])
    func previewWritesTheFileWholeOrNothing(_ c: Case, _ format: String) throws {
        let scene = try Scene()
        let out = "push.\(format == "text" ? "txt" : format)"
        let result = try CLI.run(
            ["preview", "push", c.id, "--format", format, "--out", out] + plugin(c), environment: scene.environment, directory: scene.directory)
        CLI.expectNoCrash(result)
        let errors = CLI.lines(result.stderr).filter { $0.hasPrefix("Error: ") }
        if let error = c.error {
            #expect(result.status == 1)
            #expect(errors.count == 1 && Self.matches(errors[0], "Error: \(c.qualified): \(error)"), "\(result.stderr)")
            scene.expectClean(keeping: [])
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(errors.isEmpty)
            let size = (try? FileManager.default.attributesOfItem(atPath: scene.directory + "/" + out)[.size] as? Int) ?? 0
            #expect(size > 0)
            scene.expectClean(keeping: [out])
        }
    }

    @Test(arguments: cases)
    func terminalPlaybackEndsWithOneLineAndACleanTerminal(_ c: Case) throws {
        let run = try TerminalTests.run(["preview", "push", c.id] + plugin(c), environment: ["TERM": "xterm-256color"])
        #expect(run.ending == "exit")
        let lines = run.output.split(whereSeparator: \.isNewline).map(String.init)
        if let error = c.error {
            #expect(run.code == 1)
            // The line follows the escapes that reset the terminal.
            let errors = lines.compactMap { line in line.range(of: "Error: ").map { String(line[$0.lowerBound...]) } }
            #expect(errors.count == 1 && Self.matches(errors[0], "Error: \(c.qualified): \(error)"), "\(run.output.suffix(400))")
            #expect(!run.output.contains("\u{1B}[?25l") || run.output.contains("\u{1B}[?25h"), "the cursor stays hidden")
        } else {
            #expect(run.code == 0, "\(run.output.suffix(400))")
            #expect(lines.contains { $0.contains("push \(c.id) · 0.3 s") }, "\(run.output.suffix(400))")
            #expect(run.output.hasSuffix("\u{1B}[?25h") || run.output.contains("\u{1B}[?25h"), "the cursor is shown again")
        }
    }
}

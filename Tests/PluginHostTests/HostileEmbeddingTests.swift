import Foundation
import PluginHost
import TestSupport
import Testing

/// An app on the C host API with the default options, over every fixture plugin of
/// `Tests/Fixtures/Plugins` at once: native plugins run in workers for every call, so none of
/// them can take the app down, and each one that crashes, hangs, exits, lies or writes past its
/// views is reported by name with TCH_E_PLUGIN_BROKEN.
@Suite struct HostileEmbeddingTests {
    /// What `Tests/Fixtures/Host/hostile.c` printed, by its `QUALIFIED-ID OPERATION` prefix.
    struct Outcome {
        var lines: [String]
        var status: Int32
        var stdout: String

        /// The line of `animator`'s `operation` run.
        func line(_ animator: String, _ operation: String) -> String? {
            lines.first { $0.hasPrefix("\(animator) \(operation): ") }
        }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let dir = try HostAPITests.scratch("tc-host-hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exe = try HostAPITests.compileFixture("hostile", into: dir)
        let run = try runProcess(exe, arguments, environment: environment)
        return Outcome(lines: run.stdout.split(separator: "\n").map(String.init), status: run.status, stdout: run.stdout + run.stderr)
    }

    static func everyFixture() throws -> [String] {
        let dir = try FixturePlugins.directory.get()
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".so") }.sorted().map { dir + "/" + $0 }
    }

    @Test func anAppSurvivesEveryHostileFixtureAndNamesEachBreakage() throws {
        // A home of its own, with a key to steal, for the fixtures that reach for the user's files.
        let home = try HostAPITests.scratch("tc-host-hostile-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try "secret key".write(toFile: home + "/.ssh/id_rsa", atomically: true, encoding: .utf8)
        let out = try Self.run([TestEnvironment.catalogExecutable] + Self.everyFixture(), environment: ["HOME": home])
        try #require(out.status == 0 && out.lines.last == "survived", "the app did not survive: \(out.stdout)")
        // Each of these breaks at its first transition, named with what it did.
        let broken: [(animator: String, operation: String, says: String)] = [
            ("org.example.crash:crash-in-step", "push", "crashed with SIGSEGV"),
            ("org.example.crash-off-grid:crashes-off-grid", "push", "crashed with SIGSEGV (segmentation fault) during step(0.3"),
            ("org.example.behaves-when-validated:behaves-when-validated", "push", "crashed with SIGSEGV"),
            ("org.example.hang:hang-in-step", "push", "did not answer within 1 s"),
            ("org.example.fault-loop:fault-loop", "push", "did not answer within 1 s"),
            ("org.example.exit:exit-in-setup", "push", "ended the process with exit status 3 during setup"),
            ("org.example.forges-reports:forges-reports", "push", "wrote 101 bytes to the host's report channel"),
            ("org.example.nan:nan-step", "push", "a value that is not finite"),
            ("org.example.nan-duration:nan-duration", "push", "duration returned nan"),
            ("org.example.writes-past-views:writes-past-views", "push", "wrote past the end of the"),
            // The old guard byte, written past the views: the worker's random guard still sees it.
            ("org.example.writes-guard-byte:writes-guard-byte", "push", "wrote past the end of the"),
            ("org.example.aborts-with-message:aborts-with-message", "push",
             "crashed with SIGABRT"),
            // What the plugin printed as it aborted is quoted.
            ("org.example.aborts-with-message:aborts-with-message", "push",
             "the last line it printed on stderr: \"aborts-with-message: step: assertion 'progress <= 0.5' failed\""),
            // Escapes the worker's sandbox refused; the transitions themselves ran.
            ("org.example.writes_home:writes-home", "push", "tried to leave its worker's sandbox"),
            ("org.example.reads_ssh:reads-ssh", "push", "tried to leave its worker's sandbox"),
            ("org.example.setsid_child:setsid-child", "push", "tried to leave its worker's sandbox"),
            ("org.example.connects_socket:connects-socket", "push", "tried to leave its worker's sandbox"),
            ("org.example.execs_shell:execs-shell", "push", "tried to leave its worker's sandbox"),
            ("org.example.forks:forks", "push", "tried to leave its worker's sandbox"),
        ]
        for b in broken {
            let line = try #require(out.line(b.animator, b.operation), "no line for \(b.animator) \(b.operation): \(out.stdout)")
            #expect(line.contains(": status 9: ") && line.contains(b.says), "\(line)")
            // Later transitions of a broken animator are refused at once, saying why.
            let later = try #require(out.line(b.animator, "push interactive"))
            #expect(later.contains(": status 9: \(b.animator) is refused for this host: earlier, "), "\(later)")
        }
        // Plugins the scan refuses never run; the others are not blamed for their neighbours.
        for refused in ["crash_on_load", "hang_in_init", "crash_on_unload", "not_a_library", "wrong_major"] {
            #expect(out.lines.contains { $0.hasPrefix("refused: ") && $0.contains("/\(refused).so") }, "\(refused) not refused: \(out.stdout)")
        }
        for fine in ["org.example.counter:counted-fade", "org.example.changes-process-state:changes-process-state", "org.example.thread-prints:thread-prints", "org.example.wipe:curtain"] {
            #expect(out.line(fine, "push") == "\(fine) push: ok", "\(out.line(fine, "push") ?? "no line for \(fine)")")
            #expect(out.line(fine, "pop") == "\(fine) pop: ok", "\(out.line(fine, "pop") ?? "no line for \(fine) pop")")
        }
        // Nothing escaped: no file was written in the home, and no key reached the app's output.
        #expect(!FileManager.default.fileExists(atPath: home + "/x"), "a plugin wrote $HOME/x")
        #expect(!out.stdout.contains("secret key"), "a plugin's stolen key reached the app")
        // No plugin code ran in the app: a plugin thread that prints wrote nothing to its output.
        #expect(!out.lines.contains { $0.contains("noise from a plugin thread") }, "plugin code printed in the app's process")
    }

    /// The off-grid crasher is real: loaded into the app's process (the opt-in for trusted
    /// plugins), it takes the app down in the frame that lands between 0.30 and 0.36.
    @Test func theOffGridCrasherTakesDownAnAppThatRunsItInProcess() throws {
        let out = try Self.run(
            ["--in-process", TestEnvironment.catalogExecutable, try FixturePlugins.path("crashes_off_grid")], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(out.status != 0 && !out.lines.contains("survived"), "\(out.stdout)")
    }
}

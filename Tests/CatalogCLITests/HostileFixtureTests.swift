import Foundation
import Testing
import TestSupport

/// The hostile fixtures of `Tests/Fixtures/Plugins` against the commands that run plugin code in
/// a worker: `validate` and `list`. Each asserts the exact outcome: the exit status, the verdict,
/// valid JSON, no process left behind and nothing written outside the working directory.
@Suite("hostile plugins cannot crash, hang, fool or escape validate and list")
struct HostileFixtureTests {
    /// Validates one fixture as JSON and returns the exit status and the result rows.
    func validate(_ fixture: String, _ extra: [String] = [], environment: [String: String] = [:], directory: String? = nil, path: String? = nil) throws -> (status: Int32, rows: [[String: Any]]) {
        let result = try CLI.run(["validate", "--json", "--no-builtins"] + extra + [try path ?? FixturePlugins.path(fixture)], environment: environment, directory: directory)
        CLI.expectNoCrash(result)
        let report = try CLI.jsonObject(result.stdout)
        let rows = try #require(report["results"] as? [[String: Any]])
        #expect((report["passed"] as? Bool) == (result.status == 0))
        // One result per subject and check, whatever the plugin did.
        let keys = rows.map { "\($0["subject"] ?? "") \($0["check"] ?? "")" }
        #expect(Set(keys).count == keys.count, "a check reported twice: \(keys)")
        return (result.status, rows)
    }

    func statuses(_ rows: [[String: Any]]) -> [String: Int] {
        rows.reduce(into: [:]) { $0[$1["status"] as? String ?? "?", default: 0] += 1 }
    }

    func details(_ row: [String: Any]) -> String { (row["details"] as? [String])?.joined(separator: "\n") ?? "" }

    /// The rows of a well-behaved plugin with one animator: the plan every fixture must fill.
    func plan() throws -> [String] {
        try validate("changes_process_state").rows.map { "\($0["check"]!)" }.sorted()
    }

    @Test func aPluginThatBehavesOnlyWhenValidatedIsCaughtCrashing() throws {
        let (status, rows) = try validate("behaves_when_validated")
        #expect(status == 1)
        let crashes = rows.filter { $0["status"] as? String == "CRASH" }
        #expect(!crashes.isEmpty)
        #expect(crashes.allSatisfy { details($0).hasPrefix("the plugin crashed with SIGSEGV (segmentation fault) while this check ran") })
    }

    @Test func forgedReportsFailTheRunningCheckAndCannotAddResults() throws {
        let (status, rows) = try validate("forges_reports")
        #expect(status == 1)
        #expect(try rows.map { "\($0["check"]!)" }.sorted() == plan())
        #expect(!rows.contains { ($0["subject"] as? String) == "forged" })
        let tampered = rows.filter { details($0).contains("to the validator's report channel, a descriptor it does not own") }
        #expect(tampered.count >= 1)
        #expect(tampered.allSatisfy { ["FAIL", "CRASH", "TIMEOUT"].contains($0["status"] as? String ?? "") })
        #expect(statuses(rows)["PASS", default: 0] == rows.count - tampered.count, "\(statuses(rows))")
    }

    @Test func aFaultLoopTimesOutTwiceThenTheRestIsSkipped() throws {
        let (status, rows) = try validate("fault_loop")
        #expect(status == 1)
        let counts = statuses(rows)
        #expect(counts["TIMEOUT"] == 2, "\(counts)")
        #expect(Set(counts.keys).isSubset(of: ["PASS", "TIMEOUT", "SKIP"]))
        let timeouts = rows.filter { $0["status"] as? String == "TIMEOUT" }
        #expect(timeouts.allSatisfy { details($0).hasPrefix("no answer within 2 s while this check ran") })
    }

    /// A worker's plugin code runs as the same user as the host: unless the host is closed to it,
    /// it can open the host's memory for writing or attach to it with ptrace and rewrite the
    /// verdict. Root may do both to any process, so as root the commands run through `setpriv`
    /// without CAP_SYS_PTRACE, as an ordinary user runs them. The worker's sandbox (which refuses
    /// ptrace and the open outright) is turned off, so that this protection is tested alone.
    @Test func pluginCodeCannotReadWriteOrAttachToTheHost() throws {
        let plugin = try FixturePlugins.path("inspects_host")
        let commands = [
            ["validate", "--json", "--no-builtins", plugin],
            ["preview", "push", "inspects-host", "--no-builtins", "--plugin-path", plugin, "--format", "json"],
        ]
        for arguments in commands {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("inspects-\(UUID().uuidString).txt").path
            let environment = ["FIXTURE_RESULT_FILE": out].merging(SandboxTests.sandboxOff) { $1 }
            defer { try? FileManager.default.removeItem(atPath: out) }
            let result: ProcessResult
            if getuid() == 0 {
                let setpriv = "/usr/bin/setpriv"
                try #require(FileManager.default.isExecutableFile(atPath: setpriv), "setpriv (util-linux) runs the host without CAP_SYS_PTRACE")
                result = try runProcess(setpriv, ["--bounding-set", "-sys_ptrace", TestEnvironment.catalogExecutable] + arguments, environment: environment)
            } else {
                result = try CLI.run(arguments, environment: environment)
            }
            CLI.expectNoCrash(result)
            #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
            let seen = try String(contentsOfFile: out, encoding: .utf8)
            let lines = Set(CLI.lines(seen))
            // The fixture tried in every worker it ran in, and was refused every time.
            #expect(lines == ["mem denied", "ptrace denied"], "\(arguments[0]): \(seen)")
        }
    }

    /// The process group alone: with the sandbox off (whose filter refuses the fork), a child
    /// that stays in the group dies with the worker.
    @Test func nothingAPluginForksOutlivesValidateOrList() throws {
        let pids = FileManager.default.temporaryDirectory.appendingPathComponent("forks-\(UUID().uuidString).pids").path
        defer { try? FileManager.default.removeItem(atPath: pids) }
        let (status, rows) = try validate("forks", environment: ["FIXTURE_PID_FILE": pids].merging(SandboxTests.sandboxOff) { $1 })
        #expect(status == 0)
        #expect(Set(rows.compactMap { $0["status"] as? String }) == ["PASS"])
        let forked = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(!forked.isEmpty, "the fixture never forked, so this test shows nothing")
        for pid in forked {
            #expect(!isRunning(pid), "process \(pid) that the plugin forked is still alive")
        }
    }

    @Test func aRelativePathStillValidatesEveryCheckAfterThePluginChangesDirectory() throws {
        let fixture = try FixturePlugins.path("changes_process_state")
        let directory = (fixture as NSString).deletingLastPathComponent
        let (status, rows) = try validate("changes_process_state", directory: directory, path: "changes_process_state.so")
        #expect(status == 0)
        #expect(try rows.map { "\($0["check"]!)" }.sorted() == plan())
        #expect(Set(rows.compactMap { $0["status"] as? String }) == ["PASS"])
    }

    @Test func aThreadThatPrintsFailsQuietAndLeavesTheJSONValid() throws {
        let (status, rows) = try validate("thread_prints")
        #expect(status == 1)
        // The thread runs from init on: the animator's checks always see it print.
        let quiet = try #require(rows.first { $0["check"] as? String == "quiet" && ($0["subject"] as? String)?.hasSuffix(":thread-prints") == true })
        #expect(quiet["status"] as? String == "FAIL")
        #expect(details(quiet).contains("thread-prints: noise from a plugin thread"))
        let failing = Set(rows.filter { $0["status"] as? String != "PASS" }.compactMap { $0["check"] as? String })
        #expect(failing == ["quiet"])
    }

    @Test func aNaNDurationFailsTheDurationCheck() throws {
        let (status, rows) = try validate("nan_duration")
        #expect(status == 1)
        let duration = try #require(rows.first { $0["check"] as? String == "duration" })
        #expect(duration["status"] as? String == "FAIL")
        #expect(details(duration).contains("duration is nan"))
    }

    @Test(arguments: ["writes_past_views", "writes_guard_byte"], [false, true])
    func writingPastTheViewsFailsTheLifecycleCheck(_ fixture: String, inProcess: Bool) throws {
        let (status, rows) = try validate(fixture, inProcess ? ["--in-process"] : [])
        #expect(status == 1)
        let lifecycle = try #require(rows.first { $0["check"] as? String == "lifecycle" })
        #expect(lifecycle["status"] as? String == "FAIL")
        #expect(details(lifecycle).contains("step: wrote past the end of the 2 view states it was given"))
    }

    static let fixtures = [
        "behaves_when_validated", "forges_reports", "fault_loop", "forks", "changes_process_state", "thread_prints",
        "nan_duration", "writes_past_views", "writes_guard_byte",
    ]

    @Test(arguments: fixtures)
    func listShowsEveryFixtureAndLeavesNothingBehind(_ fixture: String) throws {
        let pids = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString).pids").path
        defer { try? FileManager.default.removeItem(atPath: pids) }
        let result = try CLI.run(
            ["list", "--json", "--no-builtins", "--no-cache", "--plugin-path", try FixturePlugins.path(fixture)],
            environment: ["FIXTURE_PID_FILE": pids])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        let listing = try CLI.jsonObject(result.stdout)
        let plugins = try #require(listing["plugins"] as? [[String: Any]])
        #expect(plugins.count == 1)
        let durations = try #require(plugins.first?["durations"] as? [String: Any])
        let id = fixture.replacingOccurrences(of: "_", with: "-")
        let duration = try #require(jsonNumber(durations[id]))
        // A NaN duration is listed as unknown (-1), never as a number it is not.
        #expect(duration == (fixture == "nan_duration" ? -1 : 0.3))
        for pid in ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap({ Int32($0) }) {
            #expect(!isRunning(pid), "process \(pid) that the plugin forked is still alive")
        }
    }
}

/// True when process `pid` exists and has not ended (a zombie whose parent has not reaped it has
/// ended).
func isRunning(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].split(separator: " ").first
    return state != "Z" && state != "X"
}

/// Files that are not plugins get their own accurate message from `list`, without a worker.
@Suite("discovery names what is wrong with a file")
struct DiscoveryMessageTests {
    func listErrors(_ path: String) throws -> [[String: Any]] {
        let result = try CLI.run(["list", "--json", "--no-builtins", "--no-cache", "--plugin-path", path])
        CLI.expectNoCrash(result)
        let listing = try CLI.jsonObject(result.stdout)
        return try #require(listing["errors"] as? [[String: Any]])
    }

    func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aFIFOIsNamedAtOnce() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/x.so", 0o600) == 0)
        let errors = try listErrors(dir)
        #expect(errors.count == 1)
        #expect((errors.first?["reason"] as? String) == "a FIFO (named pipe), not a shared library")
    }

    @Test func aSymlinkLoopIsNotCalledMissing() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink(dir + "/b.so", dir + "/a.so") == 0)
        #expect(symlink(dir + "/a.so", dir + "/b.so") == 0)
        let errors = try listErrors(dir + "/a.so")
        #expect((errors.first?["reason"] as? String)?.contains("symlink loop") == true, "\(errors)")
    }

    @Test func aDanglingSymlinkSaysItsTargetIsMissing() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink(dir + "/gone.so", dir + "/a.so") == 0)
        let errors = try listErrors(dir)
        #expect((errors.first?["reason"] as? String) == "a symbolic link whose target does not exist", "\(errors)")
    }

    @Test func anELFForAnotherMachineIsNamed() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // An ELF header of a 64-bit little-endian shared object for AArch64 (or x86-64 on an AArch64 host).
        var header = [UInt8](repeating: 0, count: 64)
        header[0...3] = [0x7F, 0x45, 0x4C, 0x46]
        header[4] = 2
        header[5] = 1
        header[16] = 3
        #if arch(arm64)
        header[18] = 62
        let expected = "built for x86-64 64-bit"
        #else
        header[18] = 183
        let expected = "built for AArch64 64-bit"
        #endif
        #expect(FileManager.default.createFile(atPath: dir + "/foreign.so", contents: Data(header)))
        let errors = try listErrors(dir)
        #expect((errors.first?["reason"] as? String)?.hasPrefix(expected) == true, "\(errors)")
    }
}

/// `preview` and `gallery` sample each transition in a worker: the hostile fixtures cost one line
/// naming the animator and the call, never the host.
@Suite("preview and gallery survive hostile plugins")
struct HostileSamplingTests {
    struct Case: Sendable, CustomStringConvertible {
        var fixture: String
        /// The one line on stderr, after `Error: PLUGIN:ANIMATOR: `; nil when the preview succeeds.
        var error: String?
        var description: String { fixture }
    }

    static let cases: [Case] = [
        Case(fixture: "behaves_when_validated", error: "the plugin crashed with SIGSEGV (segmentation fault) during step(0.625)"),
        Case(fixture: "forges_reports", error: "plugin code wrote 101 bytes to the host's report channel during step(0)"),
        Case(fixture: "fault_loop", error: "the plugin did not answer within 2 s during step(0.625)"),
        Case(fixture: "nan_duration", error: "duration returned nan s for push; return a finite number of seconds greater than 0 and at most 3600"),
        Case(fixture: "forks", error: nil),
        Case(fixture: "writes_past_views", error: "step wrote past the end of the 2 view states it was given; write only views[0] to views[view_count - 1]"),
        Case(fixture: "writes_guard_byte", error: "step wrote past the end of the 2 view states it was given; write only views[0] to views[view_count - 1]"),
        Case(fixture: "thread_prints", error: nil),
        Case(fixture: "changes_process_state", error: nil),
    ]

    @Test(arguments: cases)
    func previewAsJSONEndsWithOneLineOrValidJSON(_ c: Case) throws {
        let pids = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString).pids").path
        defer { try? FileManager.default.removeItem(atPath: pids) }
        let id = c.fixture.replacingOccurrences(of: "_", with: "-")
        let result = try CLI.run(
            ["preview", "push", id, "--no-builtins", "--plugin-path", try FixturePlugins.path(c.fixture), "--format", "json"],
            environment: ["FIXTURE_PID_FILE": pids])
        CLI.expectNoCrash(result)
        if let error = c.error {
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(CLI.lines(result.stderr) == ["Error: org.example.\(id):\(id): \(error)"])
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            let json = try CLI.jsonObject(result.stdout)
            #expect((json["frames"] as? [Any])?.count == 9)
        }
        for pid in ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap({ Int32($0) }) {
            #expect(!isRunning(pid), "process \(pid) that the plugin forked is still alive")
        }
    }

    @Test func aRelativeOutLandsInTheWorkingDirectoryAfterThePluginChangesDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cwd-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let name = "changes-\(UUID().uuidString.prefix(8)).png"
        let result = try CLI.run(
            ["preview", "push", "changes-process-state", "--no-builtins", "--plugin-path", try FixturePlugins.path("changes_process_state"),
             "--format", "png", "--out", name],
            directory: directory)
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/" + name))
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [name])
    }

    @Test func whatAPluginPrintsIsAWarningOnStandardError() throws {
        let result = try CLI.run(
            ["preview", "push", "thread-prints", "--no-builtins", "--plugin-path", try FixturePlugins.path("thread_prints"), "--format", "png",
             "--out", FileManager.default.temporaryDirectory.appendingPathComponent("prints-\(UUID().uuidString).png").path])
        CLI.expectNoCrash(result)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: org.example.thread-prints:thread-prints wrote to stdout, which belongs to the host: thread-prints: noise from a plugin thread"))
    }

    @Test(arguments: ["behaves_when_validated", "fault_loop", "nan_duration"])
    func galleryLeavesTheHostilePluginOutAndDrawsTheRest(_ fixture: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try CLI.run(["gallery", "--plugin-path", try FixturePlugins.path(fixture), "--out", out])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        let id = fixture.replacingOccurrences(of: "_", with: "-")
        let warnings = CLI.lines(result.stderr).filter { $0.hasPrefix("warning: org.example.\(id):\(id): ") }
        #expect(warnings.count == 2, "one per operation: \(result.stderr)")
        #expect(warnings.allSatisfy { $0.hasSuffix("; left out of the gallery") })
        // The shipped animators all drawn: one card per operation each serves.
        let listing = try CLI.jsonObject(try CLI.run(["list", "--json"]).stdout)
        let animators = (listing["plugins"] as? [[String: Any]] ?? []).flatMap { ($0["plugin"] as? [String: Any])?["animators"] as? [[String: Any]] ?? [] }
        let transitions = animators.reduce(0) { $0 + (($1["operations"] as? [Any])?.count ?? 0) }
        #expect(transitions > animators.count)
        #expect(CLI.lines(result.stderr).contains("\(CLI.builtinAnimators.count) animators, \(transitions) transitions"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
    }
}

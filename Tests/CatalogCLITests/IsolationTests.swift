import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

/// Plugins that crash, hang, call exit() or print run in a child process: the validator and the
/// listing survive them and say what happened, charged to the check that was running.
@Suite("validate isolates plugin code")
struct IsolationTests {
    struct Case: Sendable, CustomStringConvertible {
        var fixture: String
        var status: String
        var firstCheck: String
        var phrase: String
        var description: String { "\(fixture) → \(status)" }
    }

    static let cases: [Case] = [
        Case(fixture: "crash_in_step", status: "CRASH", firstCheck: "absent-views", phrase: "SIGSEGV"),
        Case(fixture: "exit_in_setup", status: "CRASH", firstCheck: "lifecycle", phrase: "exit status 3"),
    ]

    func results(_ output: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return try #require(object?["results"] as? [[String: Any]])
    }

    @Test(arguments: cases)
    func survivesAndNamesTheCheck(_ c: Case) throws {
        let result = try CLI.run(["validate", "--json", "--no-builtins", "--timeout", "0.5", try FixturePlugins.path(c.fixture)])
        #expect(result.status == 1, "\(result.stderr)")
        let rows = try results(result.stdout)
        let hit = try #require(rows.first { $0["check"] as? String == c.firstCheck })
        #expect(hit["status"] as? String == c.status)
        #expect((hit["details"] as? [String])?.joined().contains(c.phrase) == true, "\(hit)")
        // The plugin-level checks and the checks that never step still pass: only the unit that ran
        // the plugin code is charged.
        #expect(rows.first { $0["check"] as? String == "loading" }?["status"] as? String == "PASS")
        #expect(rows.first { $0["check"] as? String == "duration" }?["status"] as? String == "PASS")
        let statuses = Set(rows.compactMap { $0["status"] as? String })
        #expect(statuses.isSubset(of: ["PASS", c.status]), "\(statuses)")
    }

    /// Explode's checks spend long stretches between its calls (hundreds of views compared per
    /// frame) and its calls take microseconds: at the shortest timeout allowed the worker's
    /// heartbeats still keep the watchdog from calling any of them a hang.
    @Test func quickCallsAreNotTakenForAHangAtTheShortestTimeout() throws {
        let result = try CLI.run(["validate", "--json", "--timeout", "0.1", "--size", "320x568", "--skip", "step-cost", "explode"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try results(result.stdout)
        #expect(rows.count > 10)
        #expect(rows.allSatisfy { $0["status"] as? String == "PASS" }, "\(rows.filter { $0["status"] as? String != "PASS" })")
    }

    @Test(arguments: ["0.05", "0", "nan", "4000"])
    func aTimeoutOutsideItsRangeIsRefused(_ seconds: String) throws {
        let result = try CLI.run(["validate", "--timeout", seconds, "fade"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--timeout must be at least 0.1 and at most 3600 seconds"), "\(result.stderr)")
    }

    @Test func aPluginThatHangsTwiceHasItsRemainingChecksStopped() throws {
        let result = try CLI.run(["validate", "--json", "--no-builtins", "--timeout", "0.5", try FixturePlugins.path("hang_in_step")])
        #expect(result.status == 1, "\(result.stderr)")
        let rows = try results(result.stdout)
        let hung = rows.filter { $0["status"] as? String == "TIMEOUT" }
        #expect(hung.count == 2, "\(hung)")
        #expect(hung.allSatisfy { ($0["details"] as? [String])?.first?.contains("no answer within 0.5 s while this check ran") == true })
        let stopped = rows.filter { $0["status"] as? String == "SKIP" }
        #expect(!stopped.isEmpty)
        #expect(stopped.allSatisfy { ($0["details"] as? [String])?.first == "not run: the plugin hung 2 times, so its remaining checks were stopped" })
        #expect(rows.first { $0["check"] as? String == "loading" }?["status"] as? String == "PASS")
        let statuses = Set(rows.compactMap { $0["status"] as? String })
        #expect(statuses.isSubset(of: ["PASS", "TIMEOUT", "SKIP"]), "\(statuses)")
    }

    @Test func stdoutIsCapturedAndFailsTheQuietCheck() throws {
        let result = try CLI.run(["validate", "--json", "--no-builtins", try FixturePlugins.path("prints_to_stdout")])
        #expect(result.status == 1)
        let rows = try results(result.stdout)
        let quiet = try #require(rows.first { $0["check"] as? String == "quiet" && ($0["subject"] as? String)?.contains(":") == true })
        #expect(quiet["status"] as? String == "FAIL")
        #expect((quiet["details"] as? [String])?.first?.contains("prints-to-stdout: step progress=") == true)
        #expect(rows.contains { ($0["stdout"] as? String)?.contains("step progress=") == true })
        // Output is charged to the unit that printed it, however late the host reads its reports:
        // loading never steps, every unit that runs a transition does.
        #expect(rows.first { $0["check"] as? String == "loading" }?["stdout"] == nil)
        for check in ["lifecycle", "endpoints", "continuity"] {
            let row = rows.first { $0["check"] as? String == check }
            #expect((row?["stdout"] as? String)?.contains("step progress=") == true, "\(check): \(row ?? [:])")
        }
        let failing = rows.filter { ["FAIL", "CRASH", "TIMEOUT"].contains($0["status"] as? String ?? "") }.compactMap { $0["check"] as? String }
        #expect(failing == ["quiet"])
    }

    @Test func theBuiltInsPassInIsolationAndInProcessAlike() throws {
        // step-cost is measured time, so its verdict may differ between two runs; it is left out.
        // One container size: the comparison is of the two ways of running, and BuiltinContractTests
        // runs every size.
        // A long watchdog: on a busy machine a worker may wait seconds for the CPU, and this test
        // compares verdicts, not time (the watchdog has tests of its own).
        let isolated = try CLI.run(["validate", "--json", "--size", "320x568", "--skip", "step-cost", "--timeout", "30"])
        let inProcess = try CLI.run(["validate", "--json", "--size", "320x568", "--in-process", "--skip", "step-cost"])
        #expect(isolated.status == 0 && inProcess.status == 0)
        let a = try results(isolated.stdout).filter { $0["check"] as? String != "quiet" }
        let b = try results(inProcess.stdout)
        #expect(a.map { "\($0["subject"]!) \($0["check"]!) \($0["status"]!)" } == b.map { "\($0["subject"]!) \($0["check"]!) \($0["status"]!)" })
    }
}

/// JUnit output, check selection and silencing known false positives.
@Suite("validate reports and filters")
struct ValidateReportTests {
    @Test func junitIsWellFormedXMLWithOneCasePerCheck() throws {
        let file = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("junit-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CLI.run(["validate", "--no-builtins", "--junit", file, try FixturePlugins.path("leaks_snapshot")])
        #expect(result.status == 1)
        let data = try #require(FileManager.default.contents(atPath: file))
        let doc = try XMLDocument(data: data)
        let suites = try doc.nodes(forXPath: "/testsuites/testsuite")
        #expect(suites.count == 2)
        let failures = try doc.nodes(forXPath: "//testcase[failure]")
        #expect(failures.count == 1)
        let failing = try #require(failures.first as? XMLElement)
        #expect(failing.attribute(forName: "name")?.stringValue == "leaks")
        #expect(failing.attribute(forName: "classname")?.stringValue == "org.example.leaky:leaky-snapshot")
        let root = try #require(doc.rootElement())
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(Int(root.attribute(forName: "tests")?.stringValue ?? "") == (try doc.nodes(forXPath: "//testcase")).count)
    }

    @Test func onlyAndSkipSelectChecksByGlob() throws {
        let path = try FixturePlugins.path("leaks_snapshot")
        let only = try CLI.run(["validate", "--json", "--no-builtins", "--only", "lea*", path])
        let object = try JSONSerialization.jsonObject(with: Data(only.stdout.utf8)) as? [String: Any]
        let checks = Set((object?["results"] as? [[String: Any]] ?? []).compactMap { $0["check"] as? String })
        #expect(checks == ["leaks"])
        #expect(only.status == 1)
        let skipped = try CLI.run(["validate", "--no-builtins", "--skip", "leaks", path])
        #expect(skipped.status == 0, "\(skipped.stdout)")
        let bad = try CLI.run(["validate", "--only", "nonsense-check", path])
        #expect(bad.status != 0 && bad.stderr.contains("matches no check"))
    }

    @Test func configSilencesAKnownFalsePositive() throws {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("cfg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("validate.json").path
        try #"{"silence": [{"check": "leaks", "subject": "org.example.leaky:*", "reason": "the snapshot is the host's by agreement"}]}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", "--no-builtins", "--config", config, try FixturePlugins.path("leaks_snapshot")])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("silenced by") && result.stdout.contains("by agreement") && result.stdout.contains("was FAIL"))

        let broken = dir.appendingPathComponent("broken.json").path
        try #"{"silence": [{"check": "no-such-check", "reason": "x"}]}"#.write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["validate", "--no-builtins", "--config", broken, try FixturePlugins.path("leaks_snapshot")])
        #expect(refused.status != 0 && refused.stderr.contains("broken.json") && refused.stderr.contains("matches no check"))
    }
}

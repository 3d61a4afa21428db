import Foundation
import Testing
import TestSupport

/// `catalog validate`: the contract suite over the built-ins, over animator ids and over plugin files.
@Suite("catalog validate")
struct ValidateCommandTests {
    /// The statuses that make `validate` fail.
    static let failing: Set<String> = ["FAIL", "CRASH", "TIMEOUT"]

    /// The results of a `validate --json` report.
    static func results(_ text: String) throws -> (passed: Bool?, results: [(check: String, status: String, subject: String, details: [String])]) {
        let report = try CLI.jsonObject(text)
        let list = try #require(report["results"] as? [[String: Any]], "no results in: \(text.prefix(400))")
        let results = list.map {
            (check: $0["check"] as? String ?? "", status: $0["status"] as? String ?? "",
             subject: $0["subject"] as? String ?? "", details: $0["details"] as? [String] ?? [])
        }
        return (report["passed"] as? Bool, results)
    }

    /// What the whole-catalogue CLI runs check: the contract suite itself runs over every shipped
    /// animator, scenario and container size in BuiltinContractTests; these tests hold the
    /// command's report to it, in one size and two checks, to stay quick.
    static let catalogueRun = ["--size", "320x568", "--only", "endpoints", "--only", "container-setup"]

    @Test("validate with no arguments passes every built-in animator")
    func builtinsPass() throws {
        let result = try CLI.run(["validate"] + Self.catalogueRun)
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let lines = CLI.lines(result.stdout)
        for id in CLI.builtinAnimators {
            let line = lines.first { $0.hasSuffix(":\(id)") }
            #expect(line?.hasPrefix("PASS") == true, "no PASS line for \(id): \(line ?? "none")")
        }
        #expect(!result.stdout.contains("FAIL"))
        let summary = try #require(lines.last)
        #expect(summary.contains("checks:"), "summary: \(summary)")
        #expect(summary.contains("pass"))
        #expect(!summary.contains("fail"), "summary: \(summary)")
    }

    @Test("validate --json: every result is PASS, WARN or SKIP")
    func builtinsJSON() throws {
        let result = try CLI.run(["validate", "--json"] + Self.catalogueRun)
        CLI.expectNoCrash(result)
        #expect(result.status == 0)
        let (passed, results) = try Self.results(result.stdout)
        #expect(passed == true)
        #expect(!results.isEmpty)
        for r in results {
            #expect(["PASS", "WARN", "SKIP"].contains(r.status), "\(r.subject) \(r.check): \(r.status) \(r.details)")
        }
        let subjects = Set(results.map(\.subject))
        for id in CLI.builtinAnimators {
            #expect(subjects.contains { $0.hasSuffix(":\(id)") }, "no results for \(id)")
        }
    }

    @Test("validate ID checks one animator", arguments: ["slide", "dimmed-sheet", "\(CLI.builtinPluginID):zoom"])
    func validateByID(id: String) throws {
        // step-cost is measured time (a debug build on a busy machine may go over): this test is
        // about choosing the animator.
        let result = try CLI.run(["validate", id, "--skip", "step-cost"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stdout: \(result.stdout)")
        let qualified = id.contains(":") ? id : "\(CLI.builtinPluginID):\(id)"
        let subjects = CLI.lines(result.stdout).filter { $0.hasPrefix("PASS") || $0.hasPrefix("WARN") || $0.hasPrefix("FAIL") }
        #expect(subjects.count == 1, "one subject expected: \(subjects)")
        #expect(subjects.first?.hasSuffix(qualified) == true)
        #expect(subjects.first?.hasPrefix("PASS") == true)
    }

    @Test("validate an unknown id fails with a one-line message")
    func validateUnknownID() throws {
        let result = try CLI.run(["validate", "slid"])
        CLI.expectNoCrash(result)
        #expect(result.status != 0)
        let message = try #require(CLI.lines(result.stderr).first)
        #expect(message.contains("'slid'") && message.contains("'slide'"), "message: \(message)")
    }

    @Test("validate --list-checks lists the check ids")
    func listChecks() throws {
        let result = try CLI.run(["validate", "--list-checks"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0)
        let ids = CLI.lines(result.stdout).compactMap { $0.split(separator: " ").first.map(String.init) }
        for id in ["loading", "abi-version", "descriptor-ids", "descriptor-strings", "descriptor-parameters", "duration",
                   "container-setup", "absent-views", "endpoints", "finite-values", "continuity", "seen-content", "purity", "cancel", "leaks"] {
            #expect(ids.contains(id), "\(id) missing from \(ids)")
        }
    }

    /// A broken fixture, the one check that must catch it, and the status it must get.
    struct Breach: Sendable, CustomTestStringConvertible {
        var fixture: String
        var check: String
        var status: String
        /// A fragment the check's details must contain.
        var detail: String
        /// Other checks documented to fail as well.
        var alsoFailing: Set<String> = []
        var testDescription: String { "\(fixture) → \(check) \(status)" }
    }

    static let breaches: [Breach] = [
        Breach(fixture: "leaks_snapshot", check: "leaks", status: "FAIL", detail: "snapshot"),
        Breach(fixture: "nan_step", check: "finite-values", status: "FAIL", detail: "nan"),
        Breach(fixture: "impure_step", check: "purity", status: "FAIL", detail: "step(", alsoFailing: ["reversibility", "independence"]),
        Breach(fixture: "jumpy_step", check: "continuity", status: "FAIL", detail: "jumps", alsoFailing: ["seen-content"]),
        Breach(fixture: "forgets_to_add", check: "container-setup", status: "FAIL", detail: "to-view", alsoFailing: ["seen-content"]),
        Breach(fixture: "wrong_endpoint", check: "endpoints", status: "FAIL", detail: "alpha 0.5", alsoFailing: ["seen-content"]),
        Breach(fixture: "bad_duration", check: "duration", status: "FAIL", detail: "-1"),
        Breach(fixture: "bad_param_default", check: "descriptor-parameters", status: "FAIL", detail: "distance"),
        Breach(fixture: "adds_to_on_custom_dismiss", check: "absent-views", status: "FAIL", detail: "TC_VIEW_NONE",
               alsoFailing: ["container-setup"]),
        Breach(fixture: "duplicate_ids", check: "descriptor-ids", status: "FAIL", detail: "twin"),
        Breach(fixture: "wrong_major", check: "abi-version", status: "FAIL", detail: "2.0.0"),
        Breach(fixture: "missing_entry", check: "loading", status: "FAIL", detail: "tc_plugin_entry"),
        Breach(fixture: "not_a_library", check: "loading", status: "FAIL", detail: "invalid ELF header"),
        Breach(fixture: "bad_strings", check: "descriptor-strings", status: "WARN", detail: "\\e[31m"),
        Breach(fixture: "missing_fields", check: "descriptor-fields", status: "FAIL", detail: "step is NULL"),
        Breach(fixture: "setup_refuses", check: "lifecycle", status: "FAIL", detail: "390x844 pop: setup returned false"),
        Breach(fixture: "latches_when_interactive", check: "reversibility", status: "FAIL", detail: "scrubbing back"),
        Breach(fixture: "cancel_leaves_offset", check: "cancel", status: "FAIL", detail: "cancelled back to progress 0, the from-view", alsoFailing: ["seen-content"]),
        Breach(fixture: "leaks_on_cancel", check: "leaks", status: "FAIL", detail: "(cancelled): completion left shadow"),
        Breach(fixture: "nan_at_param_bound", check: "parameters", status: "FAIL", detail: "spread=0"),
        Breach(fixture: "global_state", check: "independence", status: "FAIL", detail: "with a second transition running in between"),
        Breach(fixture: "slow_step", check: "step-cost", status: "WARN", detail: "over the 50 µs budget"),
        Breach(fixture: "squeezed_doors", check: "seen-content", status: "FAIL",
               detail: "what is seen jumps between progress 1 and after completion", alsoFailing: ["endpoints"]),
        Breach(fixture: "pops_at_completion", check: "seen-content", status: "FAIL", detail: "what is seen jumps between progress 1 and after completion"),
        Breach(fixture: "start_differs", check: "seen-content", status: "FAIL", detail: "what is seen jumps between before setup and progress 0"),
        Breach(fixture: "wrong_snapshot", check: "seen-content", status: "FAIL",
               detail: "snapshot #2 shows the to-view", alsoFailing: ["endpoints", "cancel", "parameters"]),
    ]

    @Test("validate PATH catches each broken fixture with the right check", arguments: breaches)
    func brokenFixture(breach: Breach) throws {
        let path = try FixturePlugins.path(breach.fixture)
        let result = try CLI.run(["validate", "--json", "--no-builtins", path])
        CLI.expectNoCrash(result)
        let isFailure = Self.failing.contains(breach.status)
        #expect(result.status == (isFailure ? 1 : 0), "stderr: \(result.stderr)")

        let (passed, results) = try Self.results(result.stdout)
        #expect(passed == !isFailure)
        let mine = results.filter { $0.check == breach.check }
        #expect(mine.contains { $0.status == breach.status },
                "\(breach.check) got \(mine.map(\.status)); all non-passing: \(results.filter { $0.status != "PASS" }.map { "\($0.check)=\($0.status)" })")
        let details = mine.filter { $0.status == breach.status }.flatMap(\.details)
        #expect(details.contains { $0.contains(breach.detail) }, "details should mention \(breach.detail): \(details)")

        let failed = Set(results.filter { Self.failing.contains($0.status) }.map(\.check))
        let allowed = isFailure ? breach.alsoFailing.union([breach.check]) : []
        #expect(failed.isSubset(of: allowed), "unexpected failing checks: \(failed.subtracting(allowed).sorted())")
        #expect(results.allSatisfy { $0.subject.isEmpty == false })
        #expect(!results.contains { $0.subject.hasPrefix(CLI.builtinPluginID) }, "--no-builtins still checked the built-ins")
    }

    @Test("validate PATH in text form reports the failing check and exits 1")
    func brokenFixtureText() throws {
        let path = try FixturePlugins.path("leaks_snapshot")
        let result = try CLI.run(["validate", "--no-builtins", path])
        CLI.expectNoCrash(result)
        #expect(result.status == 1)
        let lines = CLI.lines(result.stdout)
        #expect(lines.contains { $0.hasPrefix("FAIL") && $0.hasSuffix("leaky-snapshot") }, "stdout: \(result.stdout)")
        #expect(lines.contains { $0.split(separator: " ", omittingEmptySubsequences: true) == ["FAIL", "leaks"] }, "stdout: \(result.stdout)")
        #expect(lines.last?.contains("fail") == true)
    }

    @Test("the model third-party plugin passes every check", arguments: [true, false])
    func thirdPartyWipePasses(json: Bool) throws {
        let path = try FixturePlugins.path("third_party_wipe")
        let result = try CLI.run(["validate"] + (json ? ["--json"] : []) + ["--no-builtins", path])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stdout: \(result.stdout)")
        if json {
            let (passed, results) = try Self.results(result.stdout)
            #expect(passed == true)
            for r in results {
                #expect(r.status == "PASS", "\(r.subject) \(r.check): \(r.status) \(r.details)")
            }
            let subjects = Set(results.map(\.subject))
            #expect(subjects.isSuperset(of: ["org.example.wipe:curtain", "org.example.wipe:pop-fade"]))
        } else {
            #expect(!result.stdout.contains("FAIL"))
            #expect(!result.stdout.contains("WARN"))
        }
    }

    @Test("validate with no arguments checks plugins found in TRANSITION_ANIMATOR_PATH too")
    func validatesDiscoveredPlugins() throws {
        let good = try FixturePlugins.directory(with: ["third_party_wipe"])
        defer { try? FileManager.default.removeItem(atPath: good) }
        let passing = try CLI.run(["validate", "--no-builtins"], environment: ["TRANSITION_ANIMATOR_PATH": good])
        CLI.expectNoCrash(passing)
        #expect(passing.status == 0, "stdout: \(passing.stdout)")
        #expect(CLI.lines(passing.stdout).contains { $0.hasPrefix("PASS") && $0.hasSuffix("org.example.wipe:curtain") })

        let bad = try FixturePlugins.directory(with: ["third_party_wipe", "leaks_snapshot"])
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let failing = try CLI.run(["validate", "--no-builtins"], environment: ["TRANSITION_ANIMATOR_PATH": bad])
        CLI.expectNoCrash(failing)
        #expect(failing.status == 1)
        #expect(CLI.lines(failing.stdout).contains { $0.hasPrefix("FAIL") && $0.hasSuffix("leaky-snapshot") })
    }
}

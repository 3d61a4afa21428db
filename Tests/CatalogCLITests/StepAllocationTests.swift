import Foundation
import Testing
import TestSupport

/// `step-cost` fails a step that allocates: the catalog executables count the heap allocations a
/// plugin's step makes on its thread, in the worker and with `--in-process` alike.
@Suite("validate counts the allocations of each step")
struct StepAllocationTests {
    func stepCost(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(["validate", "--json", "--only", "step-cost"] + arguments)
        CLI.expectNoCrash(result)
        let report = try CLI.jsonObject(result.stdout)
        return try #require(report["results"] as? [[String: Any]]).filter { $0["check"] as? String == "step-cost" }
    }

    func details(_ row: [String: Any]) -> [String] { row["details"] as? [String] ?? [] }

    @Test(arguments: [false, true])
    func aStepThatAllocatesFailsWithHowManyItMakesPerStep(inProcess: Bool) throws {
        let rows = try stepCost(["--no-builtins"] + (inProcess ? ["--in-process"] : []) + [try FixturePlugins.path("allocates_in_step")])
        let row = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(row["status"] as? String == "FAIL")
        for operation in ["push", "pop"] {
            #expect(details(row).contains(
                "390x844 \(operation): step allocated memory 480 times in 240 steps (2 per step) after the first 2; allocate what step needs in setup, keep it in the state setup returns and free it in completion"),
                "\(details(row))")
        }
    }

    @Test func aStepThatAllocatesNothingPasses() throws {
        let rows = try stepCost(["--no-builtins", try FixturePlugins.path("third_party_wipe")])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ["PASS", "WARN"].contains($0["status"] as? String ?? "") }, "\(rows)")
        #expect(rows.allSatisfy { !details($0).joined().contains("allocated") })
    }

    /// Every shipped animator, in Swift and C (and Rust where cargo builds it), allocates nothing
    /// in its step, host services that fill the host's own caches included.
    @Test func everyBuiltInAnimatorsStepAllocatesNothing() throws {
        var arguments: [String] = []
        if PackagePlugins.rustUnavailableReason == nil { arguments = ["--plugin-path", try PackagePlugins.rustPlugin.get()] }
        let rows = try stepCost(arguments)
        let subjects = Set(rows.compactMap { ($0["subject"] as? String)?.split(separator: ":").first.map(String.init) })
        #expect(subjects.contains("org.transitioncatalog.builtins"))
        #expect(subjects.contains("org.transitioncatalog.android"))
        if PackagePlugins.rustUnavailableReason == nil { #expect(subjects.contains("org.transitioncatalog.web"), "\(subjects)") }
        let failing = rows.filter { $0["status"] as? String == "FAIL" }
        #expect(failing.isEmpty, "\(failing)")
    }
}

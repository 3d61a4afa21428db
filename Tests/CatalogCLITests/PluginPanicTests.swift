import Foundation
import Testing
import TestSupport

/// A plugin that panics or aborts with a message: validate reports the panic or the abort,
/// quoting what the plugin printed on standard error, not the geometry it left behind, and a
/// backtrace asked for in the environment does not make it slow. `preview`, which runs the plugin
/// in a worker too, quotes an abort the same way.
@Suite("validate and preview quote a plugin's panic or abort")
struct PluginPanicTests {
    func validate(_ path: String, environment: [String: String] = [:]) throws -> (status: Int32, rows: [[String: Any]]) {
        let result = try CLI.run(["validate", "--json", "--no-builtins", path], environment: environment)
        CLI.expectNoCrash(result)
        let report = try CLI.jsonObject(result.stdout)
        return (result.status, try #require(report["results"] as? [[String: Any]]))
    }

    func first(_ row: [String: Any]) -> String { (row["details"] as? [String])?.first ?? "" }

    @Test func anAbortWithAMessageIsACrashThatQuotesIt() throws {
        let (status, rows) = try validate(try FixturePlugins.path("aborts_with_message"))
        #expect(status == 1)
        let crashes = rows.filter { $0["status"] as? String == "CRASH" }
        #expect(!crashes.isEmpty)
        #expect(crashes.allSatisfy {
            first($0) == "the plugin crashed with SIGABRT (aborted) while this check ran; the last line it printed on stderr: \"aborts-with-message: step: assertion 'progress <= 0.5' failed\""
        }, "\(crashes.map(first))")
    }

    @Test(.enabled(if: PackagePlugins.rustUnavailableReason == nil, "cargo builds the Rust fixture"), arguments: [false, true])
    func aRustPanicIsReportedAsAPanicQuotingItsMessage(backtrace: Bool) throws {
        let path = try PackagePlugins.panicsInStep.get()
        let (status, rows) = try validate(path, environment: ["RUST_BACKTRACE": backtrace ? "1" : "0"])
        #expect(status == 1)
        let failing = rows.filter { $0["status"] as? String != "PASS" }
        #expect(!failing.isEmpty)
        // Every check whose steps panicked says so, first and only: no geometry, no timeout.
        #expect(failing.allSatisfy { $0["status"] as? String == "FAIL" }, "\(failing.map { $0["status"] ?? "" })")
        let expected = "the plugin panicked while this check ran: \"the fade lost its views past half way\" (src/lib.rs:45:13); "
        #expect(failing.allSatisfy { first($0).hasPrefix(expected) }, "\(failing.map(first))")
        let details = failing.flatMap { $0["details"] as? [String] ?? [] }
        #expect(!details.contains { $0.contains("covers") || $0.contains("jumps") }, "geometry findings shown")
        // The checks that step past half way are the ones that panicked; duration steps nothing.
        #expect(rows.contains { $0["check"] as? String == "duration" && $0["status"] as? String == "PASS" })
    }

    /// What `preview` of `animator` in the plugin at `path` says on standard error.
    func previewError(_ animator: String, _ path: String) throws -> String {
        let result = try CLI.run(["preview", "push", animator, "--no-builtins", "--plugin-path", path, "--format", "json"])
        CLI.expectNoCrash(result)
        #expect(result.status != 0)
        return result.stderr
    }

    @Test func previewQuotesTheLineAnAbortPrinted() throws {
        let said = try previewError("aborts-with-message", try FixturePlugins.path("aborts_with_message"))
        #expect(said.contains("crashed with SIGABRT (aborted) during step("), "\(said)")
        #expect(said.contains("; the last line it printed on stderr: \"aborts-with-message: step: assertion 'progress <= 0.5' failed\""), "\(said)")
    }
}

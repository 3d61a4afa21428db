import Foundation
import Testing
import TestSupport

/// What a plugin sees of its process: every worker, of `validate` and of `preview` alike, is
/// `catalog-worker` from `catalog`'s directory, with its own path as its only argument, as the
/// README and docs/threat-model.md say.
@Suite("every worker is catalog-worker with the same command line")
struct WorkerNameTests {
    @Test func validateAndPreviewWorkersLookTheSame() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("process-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let plugin = try FixturePlugins.path("reports_its_process")
        // The fixture reports through a file, which the worker's sandbox refuses to let it write.
        let environment = ["FIXTURE_PROCESS_FILE": report, "TRANSITION_CATALOG_WORKER_SANDBOX": "off"]
        let validate = try CLI.run(["validate", "--no-builtins", "--only", "endpoints", plugin], environment: environment)
        #expect(validate.status == 0, "\(validate.stdout)")
        let validated = Set(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init))
        let preview = try CLI.run(["preview", "push", "reports-its-process", "--no-builtins", "--plugin-path", plugin, "--format", "json"], environment: environment)
        #expect(preview.status == 0, "\(preview.stderr)")
        let all = Set(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init))
        #expect(validated.count == 1, "\(validated)")
        #expect(all == validated, "a preview's worker differs from a validation's: \(all)")

        let fields = try #require(all.first).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        try #require(fields.count == 3)
        let catalogDirectory = URL(fileURLWithPath: TestEnvironment.catalogExecutable).resolvingSymlinksInPath().deletingLastPathComponent().path
        #expect(fields[0] == catalogDirectory + "/catalog-worker", "executable: \(fields[0])")
        #expect(fields[1] == fields[0], "the command line is the worker's path alone: \(fields[1])")
        #expect(fields[2] == "catalog-worker")
    }
}

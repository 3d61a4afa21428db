import Foundation
import Testing
import TestSupport

/// Data goes to standard output, diagnostics to standard error, and each once.
@Suite struct StreamTests {
    static let missing = "/nonexistent-\(UUID().uuidString)"

    @Test("list with a missing path lists on stdout, errors on stderr, and exits 1")
    func listWithErrors() throws {
        let result = try CLI.run(["list", "--plugin-path", Self.missing])
        #expect(result.status == 1)
        #expect(result.stdout.contains("slide"), "the listing is missing: \(result.stdout)")
        #expect(!result.stdout.contains("error"), "errors on stdout: \(result.stdout)")
        #expect(CLI.lines(result.stderr).contains { $0.hasPrefix("error:") && $0.contains(Self.missing) }, "\(result.stderr)")
        let json = try CLI.run(["list", "--json", "--plugin-path", Self.missing])
        #expect(json.status == 1)
        let errors = try #require(try CLI.jsonObject(json.stdout)["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["path"] as? String == Self.missing })
    }

    @Test("validate --reproduce with a missing trace says so once, on stderr")
    func reproduceMissingTrace() throws {
        let result = try CLI.run(["validate", "--reproduce", Self.missing])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
        #expect(CLI.lines(result.stderr).filter { $0.contains(Self.missing) }.count == 1, "\(result.stderr)")
    }

    @Test("'wrote FILE' is printed on stderr for every format, and nothing on stdout", arguments: ["text", "json", "png", "gif", "html", "lottie"])
    func wroteForEveryFormat(format: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-streams-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/out.\(format)"
        let result = try CLI.run(["preview", "push", "fade", "--format", format, "--out", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout.prefix(200))")
        #expect(CLI.lines(result.stderr) == ["wrote \(file)"])
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test("validate --list-checks --json prints JSON")
    func listChecksJSON() throws {
        let result = try CLI.run(["validate", "--list-checks", "--json"])
        #expect(result.status == 0)
        let checks = try #require(try CLI.jsonObject(result.stdout)["checks"] as? [[String: Any]])
        let plain = CLI.lines(try CLI.run(["validate", "--list-checks"]).stdout)
        #expect(checks.count == plain.count)
        #expect(checks.compactMap { $0["id"] as? String } == plain.map { String($0.prefix { $0 != " " }) })
    }

    @Test("validate prints one progress line per plugin on stderr when stderr is not a terminal")
    func validateProgressInLogs() throws {
        let result = try CLI.run(["validate"])
        #expect(result.status == 0)
        let progress = CLI.lines(result.stderr).filter { $0.hasPrefix("[") }
        #expect(progress.count == 1, "\(result.stderr)")
        #expect(progress.first?.hasPrefix("[1/1] \(CLI.builtinPluginFile): ") == true)
        #expect(progress.first?.contains(" checks, ") == true && progress.first?.hasSuffix(" s)") == true)
        #expect(!result.stdout.contains("[1/1]"))
    }
}

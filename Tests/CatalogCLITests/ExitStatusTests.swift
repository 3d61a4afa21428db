import Foundation
import Testing
import TestSupport

/// The exit statuses `catalog` documents in --help and its man page: one meaning each, and
/// every usage error the same code.
@Suite struct ExitStatusTests {
    static let missing = "/nonexistent-\(UUID().uuidString)"

    /// A file in a new temporary directory holding `text`; the directory is removed by `cleanup`.
    static func temporaryFile(_ name: String, _ text: String) throws -> (path: String, cleanup: () -> Void) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-exit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        return (dir + "/" + name, { try? FileManager.default.removeItem(atPath: dir) })
    }

    @Test("every usage error exits 64 with one Error line", arguments: [
        ["preview", "push", "slide", "--frames", "0"],
        ["preview", "push", "slide", "--speed", "0"],
        ["preview", "push", "slide", "--format", "png", "--out", "/tmp/x.png", "--scale", "0"],
        ["preview", "push", "slide", "--size", "0x0"],
        ["preview", "present", "fade", "--style", "modal"],
        ["preview", "push", "slide", "--param", "speed=2"],
        ["preview", "push", "slide", "--param", "direction=sideways"],
        ["preview", "shove", "slide"],
        ["preview", "push", "slid"],
        ["preview", "tab", "dimmed-sheet"],
        ["preview", "push", "slide", "--format", "jpeg"],
        ["lsit"],
        ["list", "--bogus"],
        ["validate", "--timeout", "0"],
        ["run", "fly"],
        ["run", "push", "pop", "pop"],
    ])
    func usageErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        CLI.expectNoCrash(result)
        #expect(result.status == 64, "\(arguments) exited \(result.status): \(result.stderr)")
        #expect(CLI.lines(result.stderr).filter { $0.hasPrefix("Error:") }.count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty || arguments.contains("run"), "data on stdout: \(result.stdout.prefix(200))")
    }

    @Test("status 0 on success")
    func success() throws {
        #expect(try CLI.run(["list"]).status == 0)
        #expect(try CLI.run(["preview", "push", "slide"]).status == 0)
    }

    @Test("status 1: a plugin path that cannot be read")
    func failure() throws {
        let result = try CLI.run(["list", "--plugin-path", Self.missing])
        #expect(result.status == 1, "\(result.stderr)")
    }

    @Test("status 65: malformed input files")
    func dataErrors() throws {
        let transitions = try Self.temporaryFile("t.json", #"{"version": 1, "rules": [{"operation": "push", "animator": "nope"}]}"#)
        defer { transitions.cleanup() }
        #expect(try CLI.run(["run", "--source", transitions.path, "push"]).status == 65)
        let config = try Self.temporaryFile("c.json", #"{"silence": [{"check": "dura"#)
        defer { config.cleanup() }
        #expect(try CLI.run(["validate", "--config", config.path, "fade"]).status == 65)
    }

    @Test("status 66: input files that cannot be read")
    func noInput() throws {
        #expect(try CLI.run(["run", "--source", Self.missing, "push"]).status == 66)
        #expect(try CLI.run(["validate", "--config", Self.missing, "fade"]).status == 66)
        #expect(try CLI.run(["validate", "--reproduce", Self.missing]).status == 66)
    }

    @Test("status 73: an output that cannot be written")
    func cannotCreate() throws {
        let result = try CLI.run(["preview", "push", "slide", "--out", Self.missing + "/x.png"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(try CLI.run(["preview", "push", "slide", "--format", "json", "--out", Self.missing + "/x.json"]).status == 73)
    }

    @Test("--help documents every status")
    func helpDocumentsStatuses() throws {
        let help = try CLI.run(["--help"]).stdout
        let section = try #require(help.range(of: "EXIT STATUS:").map { String(help[$0.upperBound...]) }, "no EXIT STATUS in --help")
        for code in ["0", "1", "64", "65", "66", "73", "130"] {
            #expect(CLI.lines(section).contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(code + " ") }, "status \(code) is not documented")
        }
    }
}

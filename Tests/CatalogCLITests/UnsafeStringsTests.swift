import Foundation
import Testing
import TestSupport

/// The bad_strings fixture names its plugin and animator with ANSI escapes and a BEL, and its
/// description holds a lone 0xff byte. None of it may reach the terminal raw.
@Suite("unsafe descriptor strings")
struct UnsafeStringsTests {
    static let rawControls: [(name: String, character: Character)] = [("ESC", "\u{1B}"), ("BEL", "\u{07}")]

    static func expectNoRawControls(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, character) in rawControls {
            #expect(!output.contains(character), "raw \(name) in output", sourceLocation: sourceLocation)
        }
        // runProcess decodes the output as UTF-8; invalid bytes would become U+FFFD.
        #expect(!output.contains("\u{FFFD}"), "invalid UTF-8 in output", sourceLocation: sourceLocation)
    }

    /// How each command is told about the fixture.
    static let commands: [[String]] = [
        ["list"],
        ["list", "--json"],
        ["validate", "--no-builtins"],
        ["validate", "--verbose", "--no-builtins"],
        ["validate", "--json", "--no-builtins"],
        ["preview", "push", "loud"],
        ["preview", "push", "loud", "--format", "json"],
    ]

    @Test("no raw ESC, BEL or invalid UTF-8 reaches the output", arguments: commands)
    func noRawControls(command: [String]) throws {
        let path = try FixturePlugins.path("bad_strings")
        let result = try CLI.run(command + ["--plugin-path", path])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        Self.expectNoRawControls(result.stdout + result.stderr)
    }

    @Test("catalog list lists the fixture's animator without raw control bytes")
    func listIsSafe() throws {
        let dir = try FixturePlugins.directory(with: ["bad_strings"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["list"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        CLI.expectNoCrash(result)
        #expect(result.status == 0)
        Self.expectNoRawControls(result.stdout + result.stderr)
        let table = try #require(PrintedTable(result.stdout, firstColumn: "ID"))
        #expect(table.rows.first { $0["ID"] == "loud" }?["PLUGIN"] == "bad_strings.so")
    }

    @Test("the names are shown in escaped form", arguments: [
        ["list", "--json"],
        ["validate", "--no-builtins"],
        ["preview", "push", "loud"],
    ])
    func escapedForm(command: [String]) throws {
        let path = try FixturePlugins.path("bad_strings")
        let result = try CLI.run(command + ["--plugin-path", path])
        #expect(result.status == 0)
        let output = result.stdout + result.stderr
        #expect(output.contains("\\e[31m"), "no escaped \\e[31m in: \(output.prefix(1000))")
    }
}

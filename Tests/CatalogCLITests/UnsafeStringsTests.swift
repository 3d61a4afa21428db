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

    /// Plugin files named with an escape sequence, a BEL and a right-to-left override: a good
    /// plugin whose "fade" shadows the built-in's, and one that crashes while it loads.
    static func hostileNames() throws -> (dir: String, good: String, crashing: String) {
        let dir = try FixturePlugins.directory(with: [])
        let good = "fade\u{1B}[31m\u{07}\u{202E}os.so", crashing = "crash\u{1B}]0;owned\u{07}\u{202E}os.so"
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("shadows_fade"), toPath: dir + "/" + good)
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("crash_on_load"), toPath: dir + "/" + crashing)
        return (dir, good, crashing)
    }

    /// How the tool shows those names: each control as its escape.
    static let escapedGood = #"fade\e[31m\u{7}\u{202e}os.so"#
    static let escapedCrashing = #"crash\e]0;owned\u{7}\u{202e}os.so"#

    static func expectNoRawControlsOrOverrides(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectNoRawControls(output, sourceLocation: sourceLocation)
        #expect(!output.unicodeScalars.contains("\u{202E}"), "raw U+202E in output", sourceLocation: sourceLocation)
    }

    @Test func pluginFileNamesAreEscapedInTheListingAndItsErrors() throws {
        let (dir, _, crashing) = try Self.hostileNames()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["list"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        CLI.expectNoCrash(result)
        #expect(result.status == 1, "the plugin that crashes while loading makes the status 1")
        Self.expectNoRawControlsOrOverrides(result.stdout + result.stderr)
        let table = try #require(PrintedTable(result.stdout, firstColumn: "ID"))
        #expect(table.rows.first { $0["ID"] == "fade" }?["PLUGIN"] == Self.escapedGood, "\(result.stdout)")
        let shadowing = try #require(CLI.lines(result.stderr).first { $0.hasPrefix("warning: animator 'fade'") })
        #expect(shadowing.contains(dir + "/" + Self.escapedGood), "\(shadowing)")
        let error = try #require(CLI.lines(result.stderr).first { $0.hasPrefix("error: ") }, "\(result.stderr)")
        #expect(error.hasPrefix("error: \(dir)/\(Self.escapedCrashing): "), "\(error)")
        #expect(error.contains("run `catalog validate \(dir)/\(Self.escapedCrashing)`"), "the hint names the file raw: \(error)")
        #expect(!error.contains(crashing))
    }

    @Test func pluginFileNamesAreEscapedByValidateAndPreview() throws {
        let (dir, _, crashing) = try Self.hostileNames()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let validate = try CLI.run(["validate", "--no-builtins", dir + "/" + crashing])
        CLI.expectNoCrash(validate)
        #expect(validate.status == 1)
        Self.expectNoRawControlsOrOverrides(validate.stdout + validate.stderr)
        #expect(validate.stdout.contains("CRASH   \(dir)/\(Self.escapedCrashing)"), "\(validate.stdout)")
        #expect(validate.stderr.contains(Self.escapedCrashing), "the progress line does not name the file: \(validate.stderr)")

        let all = try CLI.run(["validate", "--only", "endpoints"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        Self.expectNoRawControlsOrOverrides(all.stdout + all.stderr)
        #expect(all.stderr.contains(Self.escapedGood), "\(all.stderr)")

        let preview = try CLI.run(["preview", "push", "fade", "--frames", "2"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        CLI.expectNoCrash(preview)
        #expect(preview.status == 0, "\(preview.stderr)")
        Self.expectNoRawControlsOrOverrides(preview.stdout + preview.stderr)
        #expect(preview.stderr.contains(dir + "/" + Self.escapedGood), "the shadowing warning does not name the file: \(preview.stderr)")
        let unknown = try CLI.run(["preview", "push", "nothing"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        Self.expectNoRawControlsOrOverrides(unknown.stdout + unknown.stderr)
        #expect(unknown.status == 64)
    }

    /// A plugin file with such a name that crashes in its step: the crash mark `list` shows, its
    /// hint, and the note of the gallery's new worker name the file escaped.
    @Test func theCrashMarkItsHintAndTheGalleryNoteEscapeTheFileName() throws {
        let dir = try FixturePlugins.directory(with: [])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "crash\u{1B}[31m\u{07}\u{202E}step.so", escaped = #"crash\e[31m\u{7}\u{202e}step.so"#
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("crash_in_step"), toPath: dir + "/" + name)
        let environment = ["XDG_CACHE_HOME": dir + "/cache", "TRANSITION_CATALOG_CACHE": dir + "/cache/plugins.cache"]
        let plugin = ["--no-builtins", "--plugin-path", dir + "/" + name]

        let preview = try CLI.run(["preview", "push", "crash-in-step", "--format", "json"] + plugin, environment: environment)
        CLI.expectNoCrash(preview)
        #expect(preview.status == 1)
        let list = try CLI.run(["list"] + plugin, environment: environment)
        Self.expectNoRawControlsOrOverrides(list.stdout + list.stderr)
        let mark = try #require(CLI.lines(list.stderr).first { $0.hasPrefix("error: ") }, "\(list.stderr)")
        #expect(mark.hasPrefix("error: \(dir)/\(escaped): "), "\(mark)")
        #expect(mark.contains("when `catalog preview` ran it; run `catalog validate \(dir)/\(escaped)`"), "\(mark)")

        let out = dir + "/gallery"
        let gallery = try CLI.run(["gallery", "--out", out] + plugin, environment: environment)
        CLI.expectNoCrash(gallery)
        Self.expectNoRawControlsOrOverrides(gallery.stdout + gallery.stderr)
        #expect(CLI.lines(gallery.stderr).contains { $0.hasPrefix("note: started a new worker for \(dir)/\(escaped) after: ") }, "\(gallery.stderr)")
    }
}

import Foundation
import Testing
import TestSupport

/// Plugins found through TRANSITION_ANIMATOR_PATH and --plugin-path, broken plugin files in the
/// search path, and the precedence of a third-party animator over a built-in with the same id.
@Suite("plugin discovery")
struct DiscoveryTests {
    /// A broken fixture and what its error line in `catalog list` must say.
    struct BrokenFile: Sendable, CustomTestStringConvertible {
        var fixture: String
        var reason: [String]
        var testDescription: String { fixture }
    }

    static let brokenFiles: [BrokenFile] = [
        BrokenFile(fixture: "not_a_library", reason: ["invalid ELF header"]),
        BrokenFile(fixture: "missing_entry", reason: ["tc_plugin_entry"]),
        BrokenFile(fixture: "wrong_major", reason: ["2.0.0", "1.1.0"]),
        BrokenFile(fixture: "duplicate_ids", reason: ["twin"]),
    ]

    /// How a plugin directory is handed to the tool.
    enum Channel: String, Sendable, CaseIterable {
        case environment = "TRANSITION_ANIMATOR_PATH"
        case option = "--plugin-path"

        func arguments(_ base: [String], directory: String) -> [String] {
            self == .option ? base + ["--plugin-path", directory] : base
        }

        func environment(_ directory: String) -> [String: String] {
            self == .environment ? ["TRANSITION_ANIMATOR_PATH": directory] : [:]
        }
    }

    @Test("a third-party plugin adds curtain and pop-fade to the listing", arguments: Channel.allCases)
    func thirdPartyAnimatorsAreListed(channel: Channel) throws {
        let dir = try FixturePlugins.directory(with: ["third_party_wipe"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(channel.arguments(["list"], directory: dir), environment: channel.environment(dir))
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let table = try #require(PrintedTable(result.stdout, firstColumn: "ID"), "no table in: \(result.stdout)")
        let ids = table.rows.compactMap { $0["ID"] }
        for id in ["curtain", "pop-fade"] {
            let row = try #require(table.rows.first { $0["ID"] == id }, "\(id) missing from \(ids)")
            #expect(row["PLUGIN"] == "third_party_wipe.so")
        }
        for id in CLI.builtinAnimators {
            #expect(CLI.shippedPluginFiles.contains(table.rows.first { $0["ID"] == id }?["PLUGIN"] ?? ""), "\(id) missing or misattributed")
        }
        #expect(result.stdout.contains(CLI.listSummary(extraAnimators: 2, extraPlugins: 1)))
        #expect(!(result.stdout + result.stderr).contains("error:"))
    }

    @Test("broken plugin files are reported one line each and the listing goes on", arguments: Channel.allCases)
    func brokenFilesAreReported(channel: Channel) throws {
        let dir = try FixturePlugins.directory(with: ["third_party_wipe"] + Self.brokenFiles.map(\.fixture))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(channel.arguments(["list"], directory: dir), environment: channel.environment(dir))
        CLI.expectNoCrash(result)
        #expect(result.status == 1, "broken files make the status 1; stderr: \(result.stderr)")
        #expect(!result.stdout.contains("error:"), "errors go to stderr")

        let table = try #require(PrintedTable(result.stdout, firstColumn: "ID"), "no table in: \(result.stdout)")
        let ids = Set(table.rows.compactMap { $0["ID"] })
        #expect(ids.isSuperset(of: CLI.builtinAnimators + ["curtain", "pop-fade"]), "listed: \(ids.sorted())")
        #expect(!ids.contains("twin"), "duplicate_ids must be refused, not listed")
        #expect(!ids.contains("future-fade"), "wrong_major must be refused, not listed")

        let output = result.stdout + result.stderr
        let errorLines = CLI.lines(output).filter { $0.hasPrefix("error:") }
        #expect(errorLines.count == Self.brokenFiles.count, "error lines: \(errorLines)")
        for broken in Self.brokenFiles {
            let file = "\(broken.fixture).so"
            let mine = errorLines.filter { $0.contains(file) }
            #expect(mine.count == 1, "expected one error line naming \(file), got \(mine)")
            for fragment in broken.reason {
                #expect(mine.first?.contains(fragment) == true, "\(file): \(mine.first ?? "no line") should mention \(fragment)")
            }
        }
    }

    @Test("list --json reports broken plugin files under errors")
    func brokenFilesInJSON() throws {
        let dir = try FixturePlugins.directory(with: ["third_party_wipe"] + Self.brokenFiles.map(\.fixture))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["list", "--json"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        CLI.expectNoCrash(result)
        #expect(result.status == 1)
        let listing = try CLI.jsonObject(result.stdout)
        let errors = try #require(listing["errors"] as? [[String: Any]])
        let byFile = Dictionary(grouping: errors) { (($0["path"] as? String) ?? "").split(separator: "/").last.map(String.init) ?? "" }
        for broken in Self.brokenFiles {
            let entries = byFile["\(broken.fixture).so"] ?? []
            #expect(entries.count == 1, "\(broken.fixture): \(entries)")
            let reason = entries.first?["reason"] as? String ?? ""
            for fragment in broken.reason {
                #expect(reason.contains(fragment), "\(broken.fixture): reason \(reason) should mention \(fragment)")
            }
        }
        let plugins = try #require(listing["plugins"] as? [[String: Any]])
        let ids = plugins.compactMap { ($0["plugin"] as? [String: Any])?["id"] as? String }
        #expect(ids.prefix(2) == ["org.example.wipe", CLI.builtinPluginID])
        #expect(ids.count == 1 + CLI.shippedPluginFiles.count)
        #expect(plugins.first?["origin"] as? String == "TRANSITION_ANIMATOR_PATH")
    }

    @Test("an animator in TRANSITION_ANIMATOR_PATH shadows the built-in fade, with a warning")
    func shadowingWarning() throws {
        let dir = try FixturePlugins.directory(with: ["shadows_fade"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["list"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        CLI.expectNoCrash(result)
        #expect(result.status == 0)
        let warnings = CLI.lines(result.stderr).filter { $0.contains("warning") }
        #expect(warnings.count == 1, "stderr: \(result.stderr)")
        let warning = try #require(warnings.first)
        #expect(warning.contains("'fade'"))
        #expect(warning.contains("shadows_fade.so"))
        #expect(warning.contains(CLI.builtinPluginFile))

        let table = try #require(PrintedTable(result.stdout, firstColumn: "ID"))
        #expect(table.rows.first { $0["ID"] == "fade" }?["PLUGIN"] == "shadows_fade.so")
        #expect(table.rows.first { $0["ID"] == "\(CLI.builtinPluginID):fade (shadowed)" }?["PLUGIN"] == CLI.builtinPluginFile)
    }

    @Test("preview uses the shadowing fade; its qualified id reaches the built-in")
    func shadowingPrecedenceInPreview() throws {
        let dir = try FixturePlugins.directory(with: ["shadows_fade"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let env = ["TRANSITION_ANIMATOR_PATH": dir]

        let plain = try CLI.run(["preview", "push", "fade", "--format", "json"], environment: env)
        CLI.expectNoCrash(plain)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        #expect(try CLI.jsonObject(plain.stdout)["animator"] as? String == "org.example.shadow:fade")
        #expect(plain.stderr.contains("shadows_fade.so") && plain.stderr.contains(CLI.builtinPluginFile),
                "the shadowing warning should name both files: \(plain.stderr)")

        let qualified = try CLI.run(["preview", "push", "\(CLI.builtinPluginID):fade", "--format", "json"], environment: env)
        CLI.expectNoCrash(qualified)
        #expect(qualified.status == 0, "stderr: \(qualified.stderr)")
        #expect(try CLI.jsonObject(qualified.stdout)["animator"] as? String == "\(CLI.builtinPluginID):fade")

        // The built-in fade serves present; the shadowing one does not.
        let present = try CLI.run(["preview", "present", "\(CLI.builtinPluginID):fade", "--format", "json"], environment: env)
        #expect(present.status == 0, "stderr: \(present.stderr)")
    }

    @Test("list --json reports the shadowed id with winner and loser")
    func shadowingInJSON() throws {
        let dir = try FixturePlugins.directory(with: ["shadows_fade"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["list", "--json"], environment: ["TRANSITION_ANIMATOR_PATH": dir])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "--json keeps stderr quiet: \(result.stderr)")
        let shadowed = try #require(try CLI.jsonObject(result.stdout)["shadowed"] as? [[String: Any]])
        #expect(shadowed.count == 1)
        #expect(shadowed.first?["animator"] as? String == "fade")
        #expect((shadowed.first?["winner"] as? String)?.hasSuffix("/shadows_fade.so") == true)
        #expect((shadowed.first?["shadowed"] as? String)?.hasSuffix("/" + CLI.builtinPluginFile) == true)
    }
}

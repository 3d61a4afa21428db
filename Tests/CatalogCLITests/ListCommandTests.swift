import Foundation
import Testing
import TestSupport

/// `catalog list` with only the built-in plugin.
@Suite("catalog list")
struct ListCommandTests {
    @Test("list shows the shipped animators, each from its plugin file")
    func listsBuiltins() throws {
        let result = try CLI.run(["list"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "unexpected stderr: \(result.stderr)")
        let table = try #require(PrintedTable(result.stdout, firstColumn: "ID"), "no table in: \(result.stdout)")
        #expect(table.columns == ["ID", "OPERATIONS", "DURATION", "PARAMETERS", "PLUGIN"])
        #expect(table.rows.compactMap { $0["ID"] } == CLI.builtinAnimators)
        for row in table.rows {
            #expect(CLI.shippedPluginFiles.contains(row["PLUGIN"] ?? ""), "row \(row)")
        }
        #expect(table.rows.filter { $0["PLUGIN"] == CLI.builtinPluginFile }.count >= 30)
        #expect(result.stdout.contains(CLI.listSummary()))
        #expect(!result.stdout.contains("error:"))
    }

    @Test("list shows operations and default parameters of slide and dimmed-sheet")
    func listRowsDescribeAnimators() throws {
        let result = try CLI.run(["list"])
        #expect(result.status == 0)
        let table = try #require(PrintedTable(result.stdout, firstColumn: "ID"))
        let slide = try #require(table.rows.first { $0["ID"] == "slide" })
        #expect(slide["OPERATIONS"] == "push,pop,tab")
        #expect(slide["DURATION"] == "0.35s")
        #expect(slide["PARAMETERS"]?.contains("direction=left") == true)
        let sheet = try #require(table.rows.first { $0["ID"] == "dimmed-sheet" })
        #expect(sheet["OPERATIONS"] == "present,dismiss (custom)")
    }

    @Test("list --json has the eight animators with operations and parameters")
    func listJSON() throws {
        let result = try CLI.run(["list", "--json"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let listing = try CLI.jsonObject(result.stdout)
        let plugins = try #require(listing["plugins"] as? [[String: Any]])
        #expect(plugins.count == CLI.shippedPluginFiles.count)
        let entry = try #require(plugins.first)
        #expect((entry["path"] as? String)?.hasSuffix("/" + CLI.builtinPluginFile) == true)
        #expect(entry["origin"] as? String == "built-in")
        let plugin = try #require(entry["plugin"] as? [String: Any])
        #expect(plugin["id"] as? String == CLI.builtinPluginID)
        let animators = try #require(plugin["animators"] as? [[String: Any]])
        let allIDs = plugins.flatMap { (($0["plugin"] as? [String: Any])?["animators"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
        #expect(allIDs == CLI.builtinAnimators)
        #expect(animators.count >= 30)
        for animator in animators {
            let ops = animator["operations"] as? [Any]
            #expect(ops?.isEmpty == false, "\(animator["id"] ?? "?") has no operations")
            #expect(animator["parameters"] is [Any], "\(animator["id"] ?? "?") has no parameters array")
        }
        #expect((listing["errors"] as? [Any])?.isEmpty == true)
        #expect((listing["shadowed"] as? [Any])?.isEmpty == true)

        let slide = try #require(animators.first { $0["id"] as? String == "slide" })
        let parameters = try #require(slide["parameters"] as? [[String: Any]])
        #expect(parameters.compactMap { $0["id"] as? String } == ["duration", "direction", "parallax"])
        let direction = try #require(parameters.first { $0["id"] as? String == "direction" })
        #expect(direction["choices"] as? [String] == ["left", "right", "up", "down"])
        #expect(direction["default"] as? String == "left", "a choice's default is given by name")
        let duration = try #require(parameters.first { $0["id"] as? String == "duration" })
        #expect(jsonNumber(duration["default"]) == 0.35)
        #expect(duration["unit"] as? String == "s")
    }

    /// The listing is "for tools"; the enums have documented lowercase names ("the name used on
    /// the command line and in files"), which the text listing and `preview --format json` use.
    @Test("list --json names operations, styles and parameter kinds")
    func listJSONUsesNamesForEnums() throws {
        let result = try CLI.run(["list", "--json"])
        #expect(result.status == 0)
        let listing = try CLI.jsonObject(result.stdout)
        let plugins = try #require(listing["plugins"] as? [[String: Any]])
        let plugin = try #require(plugins.first?["plugin"] as? [String: Any])
        let animators = try #require(plugin["animators"] as? [[String: Any]])
        let slide = try #require(animators.first { $0["id"] as? String == "slide" })
        let operations = slide["operations"] as? [String]
        #expect(operations == ["push", "pop", "tab"], "slide operations are encoded as \(slide["operations"] ?? "nil")")
        let sheet = try #require(animators.first { $0["id"] as? String == "dimmed-sheet" })
        #expect(sheet["styles"] as? [String] == ["custom"], "dimmed-sheet styles are encoded as \(sheet["styles"] ?? "nil")")
        let direction = (slide["parameters"] as? [[String: Any]])?.first { $0["id"] as? String == "direction" }
        #expect(direction?["kind"] as? String == "choice", "the direction kind is encoded as \(direction?["kind"] ?? "nil")")
    }
}

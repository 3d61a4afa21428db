import ArgumentParser
import Foundation
import PluginHost
import TransitionCore

/// `catalog list`: every animator, with its operations, duration, parameters and plugin file.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the animators of every plugin found.",
        discussion: "A plugin that cannot be loaded is listed as an error with its reason; the listing goes on.")

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let catalog = plugins.loadCatalog(quiet: true)
        if !json { for s in catalog.shadowings { printError("warning: \(s)") } }
        if json {
            try printJSON(catalog)
        } else {
            printTable(catalog)
        }
    }

    private func defaultDuration(_ animator: Animator) -> Double? {
        guard let op = animator.description.operations.first,
            let context = try? TransitionContext(
                operation: op, style: animator.description.defaultStyle(for: op),
                containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        else { return nil }
        return animator.duration(context)
    }

    private func printTable(_ catalog: PluginCatalog) {
        var rows: [[String]] = [["ID", "OPERATIONS", "DURATION", "PARAMETERS", "PLUGIN"]]
        let shadowed = Set(catalog.shadowings.map { "\($0.shadowed)\u{0}\($0.animatorID)" })
        for library in catalog.libraries {
            for animator in library.animators {
                let d = animator.description
                var ops = d.operations.map(\.name).joined(separator: ",")
                if d.styles == [.custom] { ops += " (custom)" }
                let params = d.parameters.map { "\($0.id)=\($0.display($0.defaultValue))" }.joined(separator: " ")
                var id = d.id
                if shadowed.contains("\(library.path)\u{0}\(d.id)") { id = "\(library.info.id):\(d.id) (shadowed)" }
                rows.append([
                    id, ops, defaultDuration(animator).map { Format.number($0, decimals: 3) + "s" } ?? "?",
                    params.isEmpty ? "-" : params, baseName(library.path),
                ])
            }
        }
        print(TextTable.render(rows))
        let count = catalog.libraries.reduce(0) { $0 + $1.animators.count }
        print("\n\(count) animator\(count == 1 ? "" : "s") from \(catalog.libraries.count) plugin\(catalog.libraries.count == 1 ? "" : "s")")
        for error in catalog.errors + catalog.unreadable {
            print("error: \(error)")
        }
    }

    private func printJSON(_ catalog: PluginCatalog) throws {
        struct Listing: Encodable {
            var plugins: [PluginEntry]
            var errors: [ErrorEntry]
            var shadowed: [ShadowEntry]
        }
        struct PluginEntry: Encodable {
            var path: String
            var origin: String
            var plugin: PluginInfo
        }
        struct ErrorEntry: Encodable {
            var path: String
            var kind: String
            var reason: String
            var remedy: String
        }
        struct ShadowEntry: Encodable {
            var animator: String
            var winner: String
            var shadowed: String
        }
        var plugins: [PluginEntry] = []
        var errors: [ErrorEntry] = []
        for entry in catalog.entries {
            switch entry.result {
            case .success(let library): plugins.append(PluginEntry(path: entry.path, origin: entry.origin, plugin: library.info))
            case .failure(let e): errors.append(ErrorEntry(path: e.path, kind: e.kind.rawValue, reason: e.reason, remedy: e.remedy))
            }
        }
        for e in catalog.unreadable {
            errors.append(ErrorEntry(path: e.path, kind: e.kind.rawValue, reason: e.reason, remedy: e.remedy))
        }
        let listing = Listing(
            plugins: plugins, errors: errors,
            shadowed: catalog.shadowings.map { ShadowEntry(animator: $0.animatorID, winner: $0.winner, shadowed: $0.shadowed) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(listing), as: UTF8.self))
    }
}

/// Plain-text tables with aligned columns.
enum TextTable {
    /// The rows as lines, each column padded to its widest cell.
    static func render(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

import ArgumentParser
import Foundation
import PluginHost
import TransitionCore

/// `catalog list`: every animator, with its operations, duration, parameters and plugin file.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the animators of every plugin found.",
        discussion: """
            Plugins are loaded in a child process, so one that crashes or hangs is listed as an error \
            with its reason and the listing goes on. What was learned is cached by path, size and \
            modification time (in $TRANSITION_CATALOG_CACHE, $XDG_CACHE_HOME/transition-catalog or \
            ~/.cache/transition-catalog), so unchanged plugins are not loaded again.
            """)

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "Show every place searched for plugins, in order, and what each gave.")
    var paths = false

    func run() throws {
        let index = plugins.loadIndex(quiet: true)
        if paths {
            print(SearchPathListing.render(SearchPathReport(searchPath: plugins.searchPath, index: index)))
        } else if json {
            try printJSON(index)
        } else {
            for s in index.shadowings { printError("warning: \(s)") }
            printTable(index)
        }
    }

    private func printTable(_ index: PluginIndex) {
        var rows: [[String]] = [["ID", "OPERATIONS", "DURATION", "PARAMETERS", "PLUGIN"]]
        let shadowed = Set(index.shadowings.map { "\($0.shadowed)\u{0}\($0.animatorID)" })
        // The scanned durations by file, looked up once per animator (not a search per animator).
        let durations = Dictionary(index.entries.map { ($0.record.path, $0.record.durations) }, uniquingKeysWith: { first, _ in first })
        for plugin in index.plugins {
            for d in plugin.animators {
                var ops = d.operations.map(\.name).joined(separator: ",")
                if d.styles == [.custom] { ops += " (custom)" }
                let params = d.parameters.map { "\($0.id)=\($0.display($0.defaultValue))" }.joined(separator: " ")
                var id = d.id
                if shadowed.contains("\(plugin.path)\u{0}\(d.id)") { id = "\(plugin.id):\(d.id) (shadowed)" }
                let duration = durations[plugin.path]?[d.id]
                rows.append([
                    id, ops, duration.map { $0 > 0 ? Format.number($0, decimals: 3) + "s" : "invalid" } ?? "?",
                    params.isEmpty ? "-" : params, baseName(plugin.path),
                ])
            }
        }
        print(TextTable.render(rows))
        let count = index.plugins.reduce(0) { $0 + $1.animators.count }
        print("\n\(count) animator\(count == 1 ? "" : "s") from \(index.plugins.count) plugin\(index.plugins.count == 1 ? "" : "s")")
        for error in index.errors + index.unreadable {
            print("error: \(error)")
        }
    }

    private func printJSON(_ index: PluginIndex) throws {
        struct Listing: Encodable {
            var plugins: [PluginEntry]
            var errors: [ErrorEntry]
            var shadowed: [ShadowEntry]
            var scanned: [String]
        }
        struct PluginEntry: Encodable {
            var path: String
            var origin: String
            var plugin: PluginInfo
            var durations: [String: Double]
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
        for (record, origin) in index.entries {
            if let plugin = record.plugin {
                plugins.append(PluginEntry(path: record.path, origin: origin, plugin: plugin, durations: record.durations))
            }
            if let e = record.error { errors.append(ErrorEntry(path: e.path, kind: e.kind.rawValue, reason: e.reason, remedy: e.remedy)) }
        }
        for e in index.unreadable {
            errors.append(ErrorEntry(path: e.path, kind: e.kind.rawValue, reason: e.reason, remedy: e.remedy))
        }
        let listing = Listing(
            plugins: plugins, errors: errors,
            shadowed: index.shadowings.map { ShadowEntry(animator: $0.animatorID, winner: $0.winner, shadowed: $0.shadowed) },
            scanned: index.scanned)
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
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

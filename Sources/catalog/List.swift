import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PluginHost
import TransitionCore

/// `catalog list`: every animator, with its operations, duration, parameters and plugin file.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the animators of every plugin found.",
        discussion: """
            Plugins are loaded in a child process, so one that crashes or hangs is listed as an error \
            with its reason and the listing goes on. What was learned is cached by path, size and \
            modification time (in $TRANSITION_CATALOG_CACHE, $XDG_CACHE_HOME/transition-catalog or \
            ~/.cache/transition-catalog), so unchanged plugins are not loaded again.

            The listing goes to standard output and errors to standard error. When a plugin \
            cannot be loaded or a path cannot be read, what could be listed is still listed (with \
            --json, the errors are in its "errors") and the exit status is 1.
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
            let copies = index.copies
            for c in copies { printError("warning: \(c)") }
            printTable(index, copies: copies)
            for error in index.errors + index.unreadable { printError("error: \(error)") }
        }
        // What could be listed is listed; a plugin that could not be loaded, or a path that
        // cannot be read, makes the status 1 so that scripts notice.
        if !(index.errors.isEmpty && index.unreadable.isEmpty) { throw ExitCode(ExitStatus.failure.rawValue) }
    }

    private func printTable(_ index: PluginIndex, copies pluginCopies: [PluginCopies]) {
        var rows: [[String]] = [["ID", "OPERATIONS", "DURATION", "PARAMETERS", "PLUGIN"]]
        let shadowed = Set(index.shadowings.map { "\($0.shadowed)\u{0}\($0.animatorID)" })
        // Copies of one plugin are told apart by their full paths.
        let copies = Set(pluginCopies.flatMap(\.paths))
        // The scanned durations by file, looked up once per animator (not a search per animator).
        let durations = Dictionary(index.entries.map { ($0.record.path, $0.record.durations) }, uniquingKeysWith: { first, _ in first })
        let plugins = index.plugins
        for plugin in plugins {
            for d in plugin.animators {
                var ops = d.operations.map(\.name).joined(separator: ",")
                if d.styles == [.custom] { ops += " (custom)" }
                let params = d.parameters.map { "\($0.id)=\($0.display($0.defaultValue))" }.joined(separator: " ")
                var id = d.id
                if shadowed.contains("\(plugin.path)\u{0}\(d.id)") { id = "\(index.qualifiedPluginID(of: plugin)):\(d.id) (shadowed)" }
                let duration = durations[plugin.path]?[d.id]
                rows.append([
                    id, ops, duration.map { $0 > 0 ? Format.number($0, decimals: 3) + "s" : "invalid" } ?? "?",
                    params.isEmpty ? "-" : params, copies.contains(plugin.path) ? plugin.path : baseName(plugin.path),
                ])
            }
        }
        print(TextTable.render(rows))
        let count = plugins.reduce(0) { $0 + $1.animators.count }
        print("\n\(count) animator\(count == 1 ? "" : "s") from \(plugins.count) plugin\(plugins.count == 1 ? "" : "s")")
    }

    private func printJSON(_ index: PluginIndex) throws {
        print(try JSONOutput.encode(ListJSON.listing(index)))
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

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
            with its reason and the listing goes on. What was learned is cached by path, device, \
            inode, size, modification and change time (in $TRANSITION_CATALOG_CACHE, \
            $XDG_CACHE_HOME/transition-catalog or ~/.cache/transition-catalog), so unchanged \
            plugins are not loaded again. A plugin that crashed when preview, run or validate ran it \
            is listed as an error until its file changes.

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
        defer { KeptUntilExit.keep(index) }
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
        rows.reserveCapacity(index.entries.count + 1)
        // The shadowed animator ids by file.
        var shadowed: [String: Set<String>] = [:]
        for s in index.shadowings { shadowed[s.shadowed, default: []].insert(s.animatorID) }
        // Copies of one plugin are told apart by their full paths.
        let copies = Set(pluginCopies.flatMap(\.paths))
        // A plugin's scanned durations are its record's; a plugin whose path differs from its
        // record's is looked up by path, the first record of that path winning.
        var durationsByPath: [String: [String: Double]]?
        var animatorCount = 0, pluginCount = 0, sandboxedCount = 0
        for (record, _) in index.entries {
            // A plugin found crashing since it was scanned is listed among the errors only.
            guard let plugin = record.plugin, record.isUsable else { continue }
            pluginCount += 1
            if ListJSON.door(of: record.path) == .wasm { sandboxedCount += 1 }
            let durations: [String: Double]?
            if plugin.path == record.path {
                durations = record.durations
            } else {
                if durationsByPath == nil {
                    durationsByPath = Dictionary(index.entries.map { ($0.record.path, $0.record.durations) }, uniquingKeysWith: { first, _ in first })
                }
                durations = durationsByPath?[plugin.path]
            }
            let shadowedHere = shadowed.isEmpty ? nil : shadowed[plugin.path]
            let file = DisplayText.escape(copies.contains(plugin.path) ? plugin.path : baseName(plugin.path))
            for d in plugin.animators {
                animatorCount += 1
                var ops = ""
                for (i, op) in d.operations.enumerated() {
                    if i > 0 { ops += "," }
                    ops += op.name
                }
                if d.styles == [.custom] { ops += " (custom)" }
                var params = ""
                for (i, p) in d.parameters.enumerated() {
                    if i > 0 { params += " " }
                    params += p.id
                    params += "="
                    params += p.display(p.defaultValue)
                }
                var id = d.id
                if shadowedHere?.contains(d.id) == true { id = "\(index.qualifiedPluginID(of: plugin)):\(d.id) (shadowed)" }
                let duration = durations?[d.id]
                rows.append([
                    id, ops, duration.map { $0 > 0 ? Format.number($0, decimals: 3) + "s" : "invalid" } ?? "?",
                    params.isEmpty ? "-" : params, file,
                ])
            }
        }
        var out: [UInt8] = []
        TextTable.append(rows, to: &out)
        let sandboxed = sandboxedCount == 0 ? "" : " (\(sandboxedCount) sandboxed: WebAssembly, run in this process)"
        out.append(contentsOf: "\n\n\(animatorCount) animator\(animatorCount == 1 ? "" : "s") from \(pluginCount) plugin\(pluginCount == 1 ? "" : "s")\(sandboxed)\n".utf8)
        print(String(decoding: out, as: UTF8.self), terminator: "")
    }

    private func printJSON(_ index: PluginIndex) throws {
        print(try JSONOutput.encode(ListJSON.listing(index)))
    }
}

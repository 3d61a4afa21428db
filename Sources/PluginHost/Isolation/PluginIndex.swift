import TransitionCore

/// What is known about every plugin on a search path without loading any of them in this
/// process: scan records (from a child process or the cache), precedence and shadowing.
public struct PluginIndex: Sendable {
    /// One record per plugin file, highest precedence first, with where it came from.
    public var entries: [(record: ScanRecord, origin: String)]
    /// Search path entries that could not be read.
    public var unreadable: [PluginError]
    /// Animator ids claimed by more than one plugin.
    public var shadowings: [PluginCatalog.Shadowing]
    /// The files that were loaded (in a child process) to build this index; the rest came from the cache.
    public var scanned: [String]
    /// One line saying the scan cache file was refused (not a regular file, or too large) and
    /// could not be replaced; nil when the cache served or was written.
    public var cacheWarning: String? = nil

    /// Scans the plugins of `searchPath` with `scanner`.
    public static func build(_ searchPath: PluginSearchPath, scanner: PluginScanner) -> PluginIndex {
        let found = searchPath.pluginFiles()
        let outcome = scanner.scan(found.files.map(\.path))
        // The records follow the files' order (the files' paths are distinct): each origin is
        // found walking both lists, not by a lookup per record.
        var entries: [(record: ScanRecord, origin: String)] = []
        entries.reserveCapacity(outcome.records.count)
        var file = 0
        for record in outcome.records {
            var k = file
            while k < found.files.count && found.files[k].path != record.path { k += 1 }
            if k < found.files.count {
                file = k
                entries.append((record, found.files[k].origin))
            } else {
                entries.append((record, found.files.first { $0.path == record.path }?.origin ?? ""))
            }
        }
        let plugins = outcome.records.compactMap { r in r.plugin.map { (r.path, $0.animators.map(\.id)) } }
        return PluginIndex(entries: entries, unreadable: found.unreadable, shadowings: PluginCatalog.Shadowing.find(in: plugins), scanned: outcome.scanned,
            cacheWarning: outcome.cacheWarning)
    }

    /// The plugins that loaded.
    public var plugins: [PluginInfo] { entries.compactMap(\.record.plugin) }

    /// The plugin files that could not be used, with why.
    public var errors: [PluginError] { entries.compactMap(\.record.error) }

    /// Every reachable animator: the winner for each id, with its plugin, in precedence order.
    public var animators: [(plugin: PluginInfo, animator: AnimatorDescription)] {
        var seen = Set<String>()
        return plugins.flatMap { p in p.animators.map { (p, $0) } }.filter { seen.insert($0.1.id).inserted }
    }

    /// Plugin ids held by more than one file, each copy with the id that reaches it.
    public var copies: [PluginCopies] { PluginCopies.find(in: entries.compactMap { e in e.record.plugin.map { ($0.path, $0.id) } }) }

    /// `PLUGIN-ID`, or `PLUGIN-ID@N` for a later copy of a plugin held by several files.
    public func qualifiedPluginID(of plugin: PluginInfo) -> String {
        PluginCopies.qualifiedPluginID(plugin.id, path: plugin.path, in: copies)
    }

    /// The plugin and animator named by `reference`: an id (the winner), `PLUGIN-ID:ANIMATOR-ID`,
    /// or `PLUGIN-ID@N:ANIMATOR-ID` for the Nth copy of a plugin held by several files.
    public func locate(_ reference: String) -> (plugin: PluginInfo, animator: AnimatorDescription)? {
        if let colon = reference.lastIndex(of: ":") {
            let pluginReference = String(reference[..<colon]), animatorID = String(reference[reference.index(after: colon)...])
            guard let path = PluginCopies.path(of: pluginReference, in: plugins.map { ($0.path, $0.id) }),
                let plugin = plugins.first(where: { $0.path == path }), let a = plugin.animators.first(where: { $0.id == animatorID })
            else { return nil }
            return (plugin, a)
        }
        return animators.first { $0.animator.id == reference }
    }

    /// Loads into this process only the plugins the scan found usable and `include` accepts, in
    /// precedence order: a plugin that crashed or hung while scanned is never loaded here.
    public func loadCatalog(including include: (PluginInfo) -> Bool = { _ in true }) -> PluginCatalog {
        let paths = plugins.filter(include).map(\.path)
        return PluginCatalog.load(PluginSearchPath(explicit: paths, environment: [:], builtInDirectory: nil))
    }

    /// The duration the scan measured for an animator of the plugin at `path`.
    public func duration(path: String, animatorID: String) -> Double? {
        entries.first { $0.record.path == path }?.record.durations[animatorID]
    }
}

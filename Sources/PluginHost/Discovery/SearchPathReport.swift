/// What each place on a plugin search path gave, in search order: the answer to
/// `catalog list --paths`.
public struct SearchPathReport: Sendable {
    /// What one plugin file gave.
    public enum Outcome: Sendable, Hashable {
        /// The plugin loaded: its id and animator count.
        case plugin(id: String, animators: Int)
        /// The file could not be used, with why.
        case error(String)
        /// The same file was found at an earlier place on the path, which is where it counts.
        case foundEarlier
    }

    /// One place on the search path.
    public struct Place: Sendable {
        /// The search path entry.
        public var entry: PluginSearchPath.Entry
        /// False when the folder or file does not exist.
        public var exists: Bool
        /// The plugin files it holds, with what each gave.
        public var files: [(path: String, outcome: Outcome)]

        /// One line: how many plugins and animators it gave, or that it is absent or empty.
        public var summary: String {
            guard exists else { return entry.optional ? "not present" : "missing" }
            if files.isEmpty { return "no plugins" }
            let plugins = files.compactMap { if case .plugin(_, let n) = $0.outcome { n } else { nil } }
            let errors = files.filter { if case .error = $0.outcome { true } else { false } }.count
            let animators = plugins.reduce(0, +)
            var parts = ["\(plugins.count) plugin\(plugins.count == 1 ? "" : "s"), \(animators) animator\(animators == 1 ? "" : "s")"]
            if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
            let earlier = files.count - plugins.count - errors
            if earlier > 0 { parts.append("\(earlier) found earlier") }
            return parts.joined(separator: ", ")
        }
    }

    /// Every place, highest precedence first.
    public var places: [Place]

    /// Matches the files of each entry of `searchPath` with what `index` learned about them.
    public init(searchPath: PluginSearchPath, index: PluginIndex) {
        let records = Dictionary(index.entries.map { ($0.record.path, $0.record) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        places = searchPath.entries.map { entry in
            var isDirectory = false
            guard fileExists(entry.path, isDirectory: &isDirectory) else {
                return Place(entry: entry, exists: false, files: [])
            }
            let candidates = isDirectory
                ? PluginSearchPath.libraryFiles(in: entry.path) : [(entry.path, PluginLibrary.canonicalPath(entry.path))]
            let files = candidates.map { path, canonical -> (String, Outcome) in
                guard seen.insert(canonical).inserted else { return (path, .foundEarlier) }
                guard let record = records[path] else { return (path, .error("not scanned")) }
                if let plugin = record.plugin { return (path, .plugin(id: plugin.id, animators: plugin.animators.count)) }
                return (path, .error(record.error.map { "\($0.reason)" } ?? "not usable"))
            }
            return Place(entry: entry, exists: true, files: files)
        }
    }
}

import TransitionCore

/// Several files on the search path that hold the same plugin id, such as a debug and a release
/// build of one plugin. The first copy, in precedence order, keeps the plain id; each later copy
/// is reached as `PLUGIN-ID@N:ANIMATOR-ID`, N counting the copies from 1, so every copy stays
/// reachable by an id of its own.
public struct PluginCopies: Sendable, Hashable, CustomStringConvertible {
    /// The plugin id the files share.
    public var pluginID: String
    /// The files, highest precedence first, by full path.
    public var paths: [String]

    /// The id that reaches the copy at `position` (0 for the first): `PLUGIN-ID` or `PLUGIN-ID@N`.
    public func qualifiedPluginID(at position: Int) -> String {
        position == 0 ? pluginID : "\(pluginID)@\(position + 1)"
    }

    /// The plugin ids claimed by more than one file, given plugins highest precedence first.
    public static func find(in plugins: [(path: String, pluginID: String)]) -> [PluginCopies] {
        // The position of each id's first file, and the later files of the ids seen again.
        var first: [String: Int] = [:]
        first.reserveCapacity(plugins.count)
        var later: [Int: [String]] = [:]
        for (i, (path, id)) in plugins.enumerated() where !id.isEmpty {
            if let f = first[id] {
                later[f, default: []].append(path)
            } else {
                first[id] = i
            }
        }
        return later.keys.sorted().map { f in PluginCopies(pluginID: plugins[f].pluginID, paths: [plugins[f].path] + later[f]!) }
    }

    /// The id that reaches the plugin file `path` among `copies`: `PLUGIN-ID@N` for a later copy,
    /// else `pluginID`.
    public static func qualifiedPluginID(_ pluginID: String, path: String, in copies: [PluginCopies]) -> String {
        guard let c = copies.first(where: { $0.pluginID == pluginID }), let i = c.paths.firstIndex(of: path) else { return pluginID }
        return c.qualifiedPluginID(at: i)
    }

    /// Splits `PLUGIN-ID@N` into the plugin id and the copy's position (0 for the first), or nil
    /// when `reference` names no copy.
    public static func parse(_ reference: String) -> (pluginID: String, position: Int)? {
        guard let at = reference.lastIndex(of: "@"), let n = Int(reference[reference.index(after: at)...]), n >= 1 else { return nil }
        return (String(reference[..<at]), n - 1)
    }

    /// The plugin file that `pluginReference` (`PLUGIN-ID` or `PLUGIN-ID@N`) names among plugins
    /// given highest precedence first; nil when there is no such copy.
    public static func path(of pluginReference: String, in plugins: [(path: String, pluginID: String)]) -> String? {
        let (id, position) = parse(pluginReference) ?? (pluginReference, 0)
        let files = plugins.filter { $0.pluginID == id }.map(\.path)
        return position < files.count ? files[position] : nil
    }

    /// One line naming every copy by full path and the id that reaches it.
    public var description: String {
        let list = paths.enumerated().map { "\(DisplayText.escape($1)) (\(qualifiedPluginID(at: $0)):…)" }.joined(separator: ", ")
        return "plugin '\(DisplayText.escape(pluginID))' is in \(paths.count) files: \(list); the first is used for plain animator ids, the others by the ids shown"
    }
}

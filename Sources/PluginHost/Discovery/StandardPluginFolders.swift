/// The standard plugin folders, searched after `--plugin-path` and `TRANSITION_ANIMATOR_PATH` the
/// way `CLAP_PATH` and `LV2_PATH` fall back on their standard folders:
///
/// 1. the user's folder, `$XDG_DATA_HOME/transition-catalog/plugins` (by default
///    `~/.local/share/transition-catalog/plugins`);
/// 2. the installation prefix's folder, `PREFIX/lib/transition-catalog/plugins`, where `PREFIX`
///    is the parent of the directory holding the `catalog` executable (`PREFIX/bin`);
/// 3. the system's folders, `/usr/local/lib/transition-catalog/plugins` then
///    `/usr/lib/transition-catalog/plugins`.
///
/// A folder that does not exist is skipped silently; a folder named twice (the prefix is
/// `/usr/local`, say) is searched once, at its first place.
public enum StandardPluginFolders {
    /// The folder under a `lib` directory that holds plugins: `transition-catalog/plugins`.
    public static let libSubfolder = "transition-catalog/plugins"

    /// The folder under an installation prefix that holds the built-in plugin libraries, which
    /// `catalog` loads as its built-ins: `lib/transition-catalog/builtins`.
    public static let builtInSubfolder = "lib/transition-catalog/builtins"

    /// The origin named for the user's folder.
    public static let userOrigin = "user"
    /// The origin named for the installation prefix's folder.
    public static let prefixOrigin = "prefix"
    /// The origin named for the system's folders.
    public static let systemOrigin = "system"

    /// The standard folders, highest precedence first, for `environment` (`XDG_DATA_HOME`, `HOME`)
    /// and the directory of the running `catalog` executable (nil when unknown).
    public static func entries(environment: [String: String], executableDirectory: String?) -> [PluginSearchPath.Entry] {
        var entries: [PluginSearchPath.Entry] = []
        if let data = userDataDirectory(environment: environment) {
            entries.append(.init(path: data + "/transition-catalog/plugins", origin: userOrigin, optional: true))
        }
        if let prefix = executableDirectory.flatMap(installPrefix(executableDirectory:)) {
            entries.append(.init(path: (prefix == "/" ? "" : prefix) + "/lib/" + libSubfolder, origin: prefixOrigin, optional: true))
        }
        for system in ["/usr/local", "/usr"] {
            entries.append(.init(path: system + "/lib/" + libSubfolder, origin: systemOrigin, optional: true))
        }
        var seen = Set<String>()
        return entries.filter { seen.insert(normalized($0.path)).inserted }
    }

    /// `$XDG_DATA_HOME` when it is an absolute path, else `$HOME/.local/share`, as the XDG Base
    /// Directory specification says; nil when neither is known.
    public static func userDataDirectory(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return strippingSlash(data) }
        if let home = environment["HOME"], home.hasPrefix("/") { return strippingSlash(home) + "/.local/share" }
        return nil
    }

    /// The installation prefix of an executable in `PREFIX/bin`, or nil when its directory is not
    /// named `bin` (a build directory, for instance).
    public static func installPrefix(executableDirectory: String) -> String? {
        let dir = strippingSlash(executableDirectory)
        guard dir.hasSuffix("/bin"), let slash = dir.lastIndex(of: "/") else { return nil }
        let prefix = String(dir[..<slash])
        return prefix.isEmpty ? "/" : prefix
    }

    /// The directory `catalog` runs from, for a library (such as libTransitionCatalogHost.so) in
    /// `libraryDirectory`: `PREFIX/bin` for a library installed in `PREFIX/lib`, else the
    /// library's own directory (a build directory, where SwiftPM puts both side by side). Give it
    /// to ``entries(environment:executableDirectory:)`` and ``builtInDirectory(executableDirectory:)``
    /// to search what `catalog` searches.
    public static func toolDirectory(libraryDirectory: String) -> String {
        let dir = strippingSlash(libraryDirectory)
        guard dir.hasSuffix("/lib"), let slash = dir.lastIndex(of: "/") else { return dir }
        return String(dir[..<slash]) + "/bin"
    }

    /// The directory that holds the built-in plugin libraries for an executable in
    /// `executableDirectory`: that directory itself in a build tree (where SwiftPM puts them
    /// beside `catalog`), else `PREFIX/lib/transition-catalog/builtins` when that is where an
    /// installation put them.
    public static func builtInDirectory(executableDirectory: String) -> String {
        var isDirectory = false
        if fileExists(executableDirectory + "/" + PluginSearchPath.builtInLibraryName, isDirectory: &isDirectory) {
            return executableDirectory
        }
        if let prefix = installPrefix(executableDirectory: executableDirectory) {
            let installed = (prefix == "/" ? "" : prefix) + "/" + builtInSubfolder
            if fileExists(installed + "/" + PluginSearchPath.builtInLibraryName, isDirectory: &isDirectory) {
                return installed
            }
        }
        return executableDirectory
    }

    private static func strippingSlash(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    private static func normalized(_ path: String) -> String {
        var isDirectory = false
        return fileExists(path, isDirectory: &isDirectory) ? PluginLibrary.canonicalPath(path) : path
    }
}

import TransitionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where plugins are looked for, and which animator wins when two plugins use the same id.
///
/// Sources, from the highest precedence to the lowest:
/// 1. `--plugin-path` entries, in the order given;
/// 2. the directories (or files) of `TRANSITION_ANIMATOR_PATH`, colon-separated, left to right;
/// 3. the standard folders, when asked for (see ``StandardPluginFolders``): the user's, the
///    installation prefix's, then the system's;
/// 4. the package's plugin libraries next to the `catalog` executable (or, installed, in
///    `PREFIX/lib/transition-catalog/builtins`): the built-in Swift one (required) and those
///    written in other languages (each used when it was built).
///
/// The more explicit source wins, and within a list the first entry wins, as with `PATH`. A
/// shadowed animator stays reachable by its qualified id `PLUGIN-ID:ANIMATOR-ID`, and every
/// shadowing is reported with both files.
public struct PluginSearchPath: Sendable, Hashable {
    /// One place to look, with where it came from.
    public struct Entry: Sendable, Hashable {
        /// A directory (scanned for `*.so`) or a plugin file.
        public var path: String
        /// `--plugin-path`, `TRANSITION_ANIMATOR_PATH`, `user`, `prefix`, `system` or `built-in`.
        public var origin: String
        /// True for a standard folder, which is skipped without a warning when it does not exist.
        public var optional: Bool = false
    }

    /// The entries, highest precedence first.
    public var entries: [Entry]

    /// The name of the environment variable with extra plugin directories.
    public static let environmentVariable = "TRANSITION_ANIMATOR_PATH"

    /// The file name of the built-in plugin library.
    public static let builtInLibraryName = "libCatalogPlugins.so"

    /// The file names of the package's other plugin libraries, looked for beside the built-in
    /// one: the C plugin SwiftPM builds, and the Rust plugin `scripts/build-rust-plugin` puts there
    /// when cargo is on the machine.
    public static let packagedLibraryNames = ["libCatalogPluginsC.so", "libcatalog_web_transitions.so"]

    /// Builds the search path from explicit paths, the environment, the standard folders (none
    /// unless given, see ``StandardPluginFolders/entries(environment:executableDirectory:)``) and
    /// the built-in directory.
    public init(explicit: [String] = [], environment: [String: String], standardFolders: [Entry] = [], builtInDirectory: String?) {
        var entries = explicit.map { Entry(path: $0, origin: "--plugin-path") }
        if let value = environment[Self.environmentVariable] {
            entries += value.split(separator: ":").map { Entry(path: String($0), origin: Self.environmentVariable) }
        }
        entries += standardFolders
        if let dir = builtInDirectory {
            entries.append(Entry(path: dir + "/" + Self.builtInLibraryName, origin: "built-in"))
            for name in Self.packagedLibraryNames {
                var isDirectory = false
                if fileExists(dir + "/" + name, isDirectory: &isDirectory), !isDirectory {
                    entries.append(Entry(path: dir + "/" + name, origin: "built-in"))
                }
            }
        }
        self.entries = entries
    }

    /// The plugin files to load, highest precedence first, each once (by resolved path), with the
    /// entries that could not be read.
    public func pluginFiles() -> (files: [(path: String, origin: String)], unreadable: [PluginError]) {
        var files: [(String, String)] = []
        var errors: [PluginError] = []
        var seen = Set<String>()
        for entry in entries {
            var isDirectory = false
            guard fileExists(entry.path, isDirectory: &isDirectory) else {
                if entry.optional {
                    continue
                } else if entry.origin != "built-in" {
                    // A symlink loop, a dangling link or a permission problem is named as such.
                    if let problem = PluginFileCheck.problem(entry.path), problem.reason != "no such file" {
                        errors.append(PluginError(kind: problem.kind, path: entry.path, reason: "\(problem.reason) (from \(entry.origin))", remedy: problem.remedy))
                        continue
                    }
                    errors.append(PluginError(kind: .unreadable, path: entry.path, reason: "no such file or directory (from \(entry.origin))", remedy: "fix the path or remove it"))
                } else {
                    errors.append(PluginError(
                        kind: .unreadable, path: entry.path, reason: PluginError.missingBuiltInsReason,
                        remedy: "it is built beside the catalog executable by `swift build` (not by `swift build --product catalog` alone); build it, or pass --no-builtins"))
                }
                continue
            }
            let candidates = isDirectory ? Self.libraryFiles(in: entry.path) : [(entry.path, PluginLibrary.canonicalPath(entry.path))]
            // A large folder's paths are hashed once, not again while the set grows; doubling keeps
            // many small entries linear.
            if seen.count + candidates.count > seen.capacity {
                seen.reserveCapacity(max(seen.count + candidates.count, 2 * seen.capacity))
            }
            for (file, canonical) in candidates where seen.insert(canonical).inserted {
                files.append((file, entry.origin))
            }
        }
        return (files, errors)
    }

    /// The `*.so` and `*.wasm` files of a directory, sorted by name, each with its resolved path. The directory
    /// is resolved once; only a file that is a symbolic link (or whose type the directory does not
    /// say) is resolved on its own, so a large folder costs no path walk per file.
    static func libraryFiles(in directory: String) -> [(path: String, canonical: String)] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [(name: String, plain: Bool)] = []
        while let entry = readdir(dir) {
            // The name is tested as bytes; only a library's becomes a string.
            let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let length = strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<length])
                guard length > 3, bytes[0] != UInt8(ascii: "."),
                    bytes.suffix(3).elementsEqual(".so".utf8) || bytes.suffix(5).elementsEqual(".wasm".utf8)
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            if let name { names.append((name, entry.pointee.d_type == UInt8(DT_REG))) }
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let resolvedBase = PluginLibrary.canonicalPath(base)
        // A folder that is its own resolved path (no link on the way) gives each plain file's
        // path as its resolved path: one string for both.
        let resolvedIsBase = resolvedBase == base
        return names.sorted { $0.name < $1.name }.map { name, plain in
            let path = FileName.joined(base, name)
            return (path, plain ? (resolvedIsBase ? path : FileName.joined(resolvedBase, name)) : PluginLibrary.canonicalPath(path))
        }
    }

    /// The running executable's path.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The directory of the running executable, where the built-in plugin library is installed.
    public static func executableDirectory() -> String? {
        guard let path = executablePath(), let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}

/// A set of loaded plugins with a resolved animator namespace.
public struct PluginCatalog: Sendable {
    /// A plugin file that was found, loaded or refused.
    public struct Entry: Sendable {
        /// The file.
        public var path: String
        /// Where it came from.
        public var origin: String
        /// The loaded library, or the reason it was refused.
        public var result: Result<PluginLibrary, PluginError>
    }

    /// An animator id claimed by more than one plugin.
    public struct Shadowing: Sendable, Hashable, CustomStringConvertible {
        /// The animator id.
        public var animatorID: String
        /// The file whose animator wins.
        public var winner: String
        /// The file whose animator is hidden.
        public var shadowed: String
        /// The shadowings among plugins given highest precedence first, each with its animator ids.
        public static func find(in plugins: [(path: String, animatorIDs: [String])]) -> [Shadowing] {
            var owner: [String: String] = [:]
            owner.reserveCapacity(plugins.count)
            var found: [Shadowing] = []
            for (path, ids) in plugins {
                for id in ids {
                    if let winner = owner[id] {
                        found.append(Shadowing(animatorID: id, winner: winner, shadowed: path))
                    } else {
                        owner[id] = path
                    }
                }
            }
            return found
        }

        /// One line naming both files.
        public var description: String {
            "animator '\(animatorID)' of \(DisplayText.escape(shadowed)) is shadowed by the one in \(DisplayText.escape(winner)); use its qualified id to reach it"
        }
    }

    /// Every plugin file, highest precedence first.
    public var entries: [Entry]
    /// Paths that could not be read.
    public var unreadable: [PluginError]
    /// Every shadowed animator id.
    public var shadowings: [Shadowing]

    /// Loads every plugin on the search path. Refused plugins are kept as errors; nothing stops the scan.
    public static func load(_ searchPath: PluginSearchPath) -> PluginCatalog {
        let found = searchPath.pluginFiles()
        var entries: [Entry] = []
        for (path, origin) in found.files {
            let result: Result<PluginLibrary, PluginError>
            do { result = .success(try PluginLibrary.load(path: path)) } catch { result = .failure(error) }
            entries.append(Entry(path: path, origin: origin, result: result))
        }
        let loaded = entries.compactMap { try? $0.result.get() }.map { ($0.path, $0.animators.map(\.id)) }
        return PluginCatalog(entries: entries, unreadable: found.unreadable, shadowings: Shadowing.find(in: loaded))
    }

    /// The loaded libraries, highest precedence first.
    public var libraries: [PluginLibrary] {
        entries.compactMap { try? $0.result.get() }
    }

    /// The refused plugin files.
    public var errors: [PluginError] {
        entries.compactMap { if case .failure(let e) = $0.result { e } else { nil } }
    }

    /// Every reachable animator: the winner for each id, in precedence order.
    public var animators: [Animator] {
        var seen = Set<String>()
        return libraries.flatMap(\.animators).filter { seen.insert($0.id).inserted }
    }

    /// The animator named `reference`: an id (the winner), `PLUGIN-ID:ANIMATOR-ID`, or
    /// `PLUGIN-ID@N:ANIMATOR-ID` for the Nth copy of a plugin held by several files.
    public func animator(_ reference: String) -> Animator? {
        if let colon = reference.lastIndex(of: ":") {
            let pluginReference = String(reference[..<colon]), animatorID = reference[reference.index(after: colon)...]
            guard let path = PluginCopies.path(of: pluginReference, in: libraries.map { ($0.path, $0.info.id) }) else { return nil }
            return libraries.first { $0.path == path }?.animator(String(animatorID))
        }
        return animators.first { $0.id == reference }
    }
}

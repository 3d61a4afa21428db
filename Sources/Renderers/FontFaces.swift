import CCairo
import Glibc
import Synchronization
import TransitionCore

/// The font faces text is drawn with: one per family and weight, made once per process from the
/// match fontconfig gives for its first request, and kept between runs in `fonts.cache` so that
/// a later run makes the same face without starting fontconfig (which parses every configuration
/// file of the system).
///
/// A kept match is used only when the font file it names has the same size, modification time
/// and inode as when it was made, and fontconfig's configuration (its files, the font folders
/// and their immediate subfolders, and the `FONTCONFIG_*` variables) looks the same; otherwise
/// fontconfig is asked again and the cache is rewritten. A cache that cannot be read or written
/// only costs that time. Both ways give the same face (see `FontMatch.h`), so pictures are the
/// same pixel for pixel.
final class FontFaces: Sendable {
    /// A cairo font face, shared by every canvas of the process.
    private struct Face: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private struct State: ~Copyable {
        var faces: [String: Face?] = [:]
        var table: FontMatchCacheFile?
    }

    /// The faces of this process, kept in the default cache folder.
    static let shared = FontFaces(cacheFile: defaultCacheFile(environment: currentEnvironment()))

    /// Where matches are kept; nil keeps none.
    let cacheFile: String?
    private let state = Mutex(State())

    /// Creates an empty set of faces that keeps matches in `cacheFile`.
    init(cacheFile: String?) {
        self.cacheFile = cacheFile
    }

    /// The face cairo's `cairo_select_font_face(context, family, normal, bold)` would draw with
    /// at `context`'s current font size, transformation and options; nil when fontconfig or
    /// cairo's FreeType functions are missing or nothing matched, where the caller selects the
    /// font by name instead. The face belongs to this object.
    ///
    /// Like cairo, which resolves a family and weight once and keeps that face for every later
    /// size and option while the process lives, the face of a family and weight is made for its
    /// first request and returned for every later one.
    func face(on context: OpaquePointer, family: String, bold: Bool) -> OpaquePointer? {
        guard tc_font_match_load() else { return nil }
        let face = state.withLock { state -> Face? in
            let font = (bold ? "bold " : "normal ") + family
            if let known = state.faces[font] { return known }
            let made = make(on: context, family: family, bold: bold, &state)
            state.faces[font] = made
            return made
        }
        return face?.pointer
    }

    private func make(on context: OpaquePointer, family: String, bold: Bool, _ state: inout State) -> Face? {
        guard let name = tc_font_request_name(context, family, bold) else { return nil }
        let request = String(cString: name)
        free(name)
        if state.table == nil {
            let configuration = Self.configurationStamp(environment: Self.currentEnvironment())
            let read = cacheFile.flatMap(Self.contents).flatMap(FontMatchCacheFile.init(parsing:))
            state.table = read?.configuration == configuration ? read : FontMatchCacheFile(configuration: configuration)
        }
        if let entry = state.table?.entries[request], Self.stamp(ofFileIn: entry.match) == entry.stamp,
            let face = tc_font_match_face(entry.match)
        {
            return Face(pointer: face)
        }
        guard let resolved = tc_font_match_resolve(context, family, bold) else { return nil }
        let match = String(cString: resolved)
        free(resolved)
        guard let face = tc_font_match_face(match) else { return nil }
        if let cacheFile, let stamp = Self.stamp(ofFileIn: match), FontMatchCacheFile.canKeep(request), FontMatchCacheFile.canKeep(match) {
            state.table?.entries[request] = FontMatchCacheFile.Entry(match: match, stamp: stamp)
            if let table = state.table { Self.write(table, to: cacheFile) }
        }
        return Face(pointer: face)
    }

    /// `fonts.cache` in the folder of the plugin scan cache: beside `$TRANSITION_CATALOG_CACHE`
    /// (none when it is set and empty), else in `$XDG_CACHE_HOME/transition-catalog`, else in
    /// `~/.cache/transition-catalog`.
    static func defaultCacheFile(environment: [String: String]) -> String? {
        if let explicit = environment["TRANSITION_CATALOG_CACHE"] {
            guard !explicit.isEmpty else { return nil }
            return AtomicFile.parentDirectory(of: explicit) + "/fonts.cache"
        }
        return CacheFolder.path(environment: environment).map { $0 + "/fonts.cache" }
    }

    /// What fontconfig's choice depends on besides the request: its variables, and the
    /// identity of its configuration files and folders and of the font folders and their
    /// immediate subfolders, hashed (FNV-1a, 64 bits) into one word.
    static func configurationStamp(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? ""
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        var description = ""
        for variable in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"] {
            description += "\(variable)=\(environment[variable] ?? "-")\n"
        }
        let configuration = [
            "/etc/fonts", "/etc/fonts/fonts.conf", "/etc/fonts/conf.d", configHome + "/fontconfig",
            configHome + "/fontconfig/fonts.conf", configHome + "/fontconfig/conf.d", home + "/.fonts.conf", home + "/.fonts.conf.d",
        ]
        let fontFolders = ["/usr/share/fonts", "/usr/local/share/fonts", dataHome + "/fonts", home + "/.fonts"]
        for path in configuration + fontFolders + fontFolders.flatMap(subfolders) {
            description += "\(path)=\(stamp(of: path).map { "\($0.size) \($0.seconds) \($0.nanoseconds) \($0.inode)" } ?? "-")\n"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in description.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "fontconfig " + String(hash, radix: 16)
    }

    /// The folders directly inside `path`, sorted; none when it cannot be read.
    private static func subfolders(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != "..", AtomicFile.isDirectory(path + "/" + name) { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    /// The identity of the file or folder at `path`, or nil when there is none.
    static func stamp(of path: String) -> FontMatchCacheFile.FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FontMatchCacheFile.FileStamp(
            size: Int64(st.st_size), seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int64(st.st_mtim.tv_nsec), inode: UInt64(st.st_ino))
    }

    /// The identity of the regular file a match names, or nil.
    private static func stamp(ofFileIn match: String) -> FontMatchCacheFile.FileStamp? {
        guard let file = tc_font_match_file(match) else { return nil }
        defer { free(file) }
        var st = stat()
        guard stat(file, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return stamp(of: String(cString: file))
    }

    /// The whole file at `path` when it is a regular file of at most the cache's largest size
    /// (opened without blocking, so that a pipe in its place is refused, not waited on).
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= FontMatchCacheFile.maximumBytes else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return bytes }
            bytes += buffer[0..<n]
            if bytes.count > FontMatchCacheFile.maximumBytes { return nil }
        }
    }

    /// Writes the table, creating its folder; a failure leaves the cache as it was.
    private static func write(_ table: FontMatchCacheFile, to path: String) {
        try? AtomicFile.makeDirectory(AtomicFile.parentDirectory(of: path))
        try? AtomicFile.write(table.serialized(), to: path)
    }

    private static func currentEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in [
            "TRANSITION_CATALOG_CACHE", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "HOME", "FONTCONFIG_FILE", "FONTCONFIG_PATH",
            "FONTCONFIG_SYSROOT",
        ] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}

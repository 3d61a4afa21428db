/// The file name of a path, as listings show a plugin file.
public enum FileName {
    /// The last non-empty component of `path` between slashes, or `path` itself when it has none:
    /// `/a/b.so` and `/a/b.so/` give `b.so`, `/` and the empty path give themselves.
    public static func of(_ path: String) -> String {
        let slash = UInt8(ascii: "/")
        let utf8 = path.utf8
        // Outside ASCII a "/" may begin a longer character (a slash with a combining mark),
        // which is not a separator.
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return path.split(separator: "/").last.map(String.init) ?? path }
        guard let last = utf8.lastIndex(where: { $0 != slash }) else { return path }
        let start = utf8[..<last].lastIndex(of: slash).map(utf8.index(after:)) ?? utf8.startIndex
        return String(path[start...last])
    }
}

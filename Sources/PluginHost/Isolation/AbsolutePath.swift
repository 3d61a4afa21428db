#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Paths made absolute against the working directory the host started in, before any plugin code
/// can change it with chdir().
public enum AbsolutePath {
    /// The working directory when this was first read; read it before loading plugins.
    public static let startDirectory: String = currentDirectory() ?? "/"

    /// The working directory now, or nil when it cannot be read.
    public static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` unchanged when absolute, else joined to the start directory, with `.` parts removed.
    public static func resolve(_ path: String) -> String {
        guard !path.isEmpty else { return path }
        if path.utf8.first == UInt8(ascii: "/"), isNormal(path) { return path }
        let joined = path.hasPrefix("/") ? path : (startDirectory.hasSuffix("/") ? startDirectory : startDirectory + "/") + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// True when the absolute `path` is already what ``resolve(_:)`` makes of it: no empty or `.`
    /// part and no slash at the end.
    private static func isNormal(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var partLength = 0, partIsDot = false
            for byte in bytes.dropFirst() {
                if byte == slash {
                    if partLength == 0 || partIsDot { return false }
                    partLength = 0
                    partIsDot = false
                } else {
                    partIsDot = partLength == 0 && byte == dot
                    partLength += 1
                }
            }
            return partLength > 0 && !partIsDot
        }
    }
}

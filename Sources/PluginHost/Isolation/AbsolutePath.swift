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
        let joined = path.hasPrefix("/") ? path : (startDirectory.hasSuffix("/") ? startDirectory : startDirectory + "/") + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

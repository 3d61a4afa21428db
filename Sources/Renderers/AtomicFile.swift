#if canImport(Glibc)
import Glibc
#endif

/// Writes files whole or not at all: the bytes go to a temporary file in the destination's
/// directory, which is renamed over the destination only once everything is written. On any
/// failure the temporary file is removed, so a reader never sees a partly written preview.
public enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any file there.
    /// - Throws: `RenderError` naming the path and the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        guard !path.isEmpty else { throw RenderError("the output path is empty") }
        if isDirectory(path) { throw RenderError("cannot write '\(path)': it is a directory") }
        let directory = parentDirectory(of: path)
        guard isDirectory(directory) else {
            throw RenderError("cannot write '\(path)': the directory '\(directory)' does not exist")
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw RenderError("cannot write '\(path)': \(systemMessage())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: RenderError?
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = RenderError("cannot write '\(path)': \(systemMessage())")
                    return
                }
                offset += n
            }
        }
        if failure == nil {
            let mask = umask(0)
            umask(mask)
            if fchmod(fd, 0o666 & ~mask) != 0 || fsync(fd) != 0 {
                failure = RenderError("cannot write '\(path)': \(systemMessage())")
            }
        }
        if close(fd) != 0 && failure == nil {
            failure = RenderError("cannot write '\(path)': \(systemMessage())")
        }
        if failure == nil && rename(temporary, path) != 0 {
            failure = RenderError("cannot write '\(path)': \(systemMessage())")
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Writes the UTF-8 bytes of `text` to `path`, whole or not at all.
    public static func write(_ text: String, to path: String) throws(RenderError) {
        try write(Array(text.utf8), to: path)
    }

    /// Creates `path` and its missing parents as directories.
    /// - Throws: `RenderError` when a part of the path is a file or cannot be created.
    public static func makeDirectory(_ path: String) throws(RenderError) {
        guard !path.isEmpty else { throw RenderError("the output directory path is empty") }
        if isDirectory(path) { return }
        var exists = stat()
        if stat(path, &exists) == 0 { throw RenderError("cannot use '\(path)' as a directory: it is a file") }
        let parent = parentDirectory(of: path)
        if parent != path { try makeDirectory(parent) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw RenderError("cannot create the directory '\(path)': \(systemMessage())")
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    static func systemMessage() -> String { String(cString: strerror(errno)) }
}

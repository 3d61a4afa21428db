#if canImport(Glibc)
import Glibc
#endif

/// Reads a file a user named as input (a transitions file, a validation configuration) whole,
/// up to a size limit: a regular file, or a pipe or device such as a shell's `<(command)` or
/// `/dev/stdin`, read until its end or until it passes the limit. A directory, a missing file or
/// one that is too large is a ``Problem`` that says which.
public enum InputFile {
    /// Why a file could not be read.
    public enum Problem: Error, Equatable, Sendable {
        /// There is no file at the path.
        case missing
        /// The path names a directory.
        case directory
        /// The file exists but may not be read.
        case notPermitted
        /// The file holds more than the limit: `bytes` is its size when the system knows it
        /// (a regular file), nil for a stream read past the limit.
        case tooLarge(bytes: Int?)
        /// Another error of the system, by its `errno`.
        case unreadable(errno: Int32)

        /// What went wrong with the `what` (such as "transitions file") at `path`, and what to do,
        /// for an error message; `path` is shown as given.
        public func message(_ what: String, path: String, limit: Int) -> String {
            switch self {
            case .missing: "cannot read the \(what) \(path): no such file; check the path"
            case .directory: "\(path) is a directory; give the path of a \(what)"
            case .notPermitted: "cannot read the \(what) \(path): permission denied; check its permissions"
            case .tooLarge(let bytes?): "\(path) is \(bytes) bytes; a \(what) may be at most \(limit) bytes (\(Self.size(limit)))"
            case .tooLarge(nil): "\(path) is over \(limit) bytes (\(Self.size(limit))), the most a \(what) may be"
            case .unreadable(let code): "cannot read the \(what) \(path): \(String(cString: strerror(code)))"
            }
        }

        /// True when the file was read but holds more than the limit.
        public var isTooLarge: Bool {
            if case .tooLarge = self { true } else { false }
        }

        private static func size(_ bytes: Int) -> String {
            bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : bytes % 1024 == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    /// - Throws: ``Problem`` when the file cannot be opened or read, is a directory, or holds
    ///   more than `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw problem(errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw problem(errno) }
        let type = st.st_mode & S_IFMT
        if type == S_IFDIR { throw .directory }
        if type == S_IFREG && Int(st.st_size) > limit { throw .tooLarge(bytes: Int(st.st_size)) }
        // A regular file is read in one call when it has not grown; a stream in 64 KiB pieces.
        // One byte past the limit tells a file that is too large from one that fills it.
        let piece = type == S_IFREG ? Int(st.st_size) + 1 : 1 << 16
        var bytes: [UInt8] = []
        while true {
            let room = min(piece, limit + 1 - bytes.count)
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: room))
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + start, room) }
            if n < 0 {
                bytes.removeLast(room)
                if errno == EINTR { continue }
                throw problem(errno)
            }
            bytes.removeLast(room - n)
            if n == 0 { return bytes }
            if bytes.count > limit { throw .tooLarge(bytes: nil) }
        }
    }

    private static func problem(_ code: Int32) -> Problem {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case EACCES, EPERM: .notPermitted
        case EISDIR: .directory
        default: .unreadable(errno: code)
        }
    }
}

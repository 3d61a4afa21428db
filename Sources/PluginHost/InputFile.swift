#if canImport(Glibc)
import Glibc
#endif

/// Reads a file a user named as input (a transitions file, a validation configuration) whole,
/// up to a size limit: a regular file, or a pipe or device such as a shell's `<(command)` or
/// `/dev/stdin`, read until its end or until it passes the limit. A directory, a missing file or
/// one that is too large is a ``Problem`` that says which.
///
/// The file is opened without blocking: a named pipe (FIFO) with no writer is then waited for
/// with `poll`, which a signal such as SIGINT ends, and the caller can say, after
/// ``waitNotice`` seconds, what the command is waiting for.
public enum InputFile {
    /// Seconds a named pipe may go without a writer before `read`'s `waiting` is called.
    public static let waitNotice = 1.0

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

    /// The bytes of the file at `path`, at most `limit` of them. When `path` is a named pipe
    /// that has had no writer for ``waitNotice`` seconds, `waiting` is called once, and the read
    /// goes on waiting for one.
    /// - Throws: ``Problem`` when the file cannot be opened or read, is a directory, or holds
    ///   more than `limit` bytes.
    public static func read(_ path: String, limit: Int, waiting: (() -> Void)? = nil) throws(Problem) -> [UInt8] {
        // Opening a named pipe for reading blocks until a writer opens it, out of reach of any
        // notice: it is opened without blocking, and its writer waited for below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw problem(errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw problem(errno) }
        let type = st.st_mode & S_IFMT
        if type == S_IFDIR { throw .directory }
        if type == S_IFREG && Int(st.st_size) > limit { throw .tooLarge(bytes: Int(st.st_size)) }
        if type == S_IFIFO && !isAnonymousPipe(fd) { try awaitWriter(fd, waiting: waiting) }
        // Reads block from here on, as they would have without the flag.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
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

    /// Waits until the named pipe open at `fd` has something to read or a writer has come and
    /// gone, calling `waiting` once when that takes over ``waitNotice`` seconds. A pipe opened
    /// for reading without blocking reports neither until a writer has opened it.
    private static func awaitWriter(_ fd: Int32, waiting: (() -> Void)?) throws(Problem) {
        var noticed = waiting == nil
        while true {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, noticed ? -1 : Int32(waitNotice * 1000))
            if ready > 0 { return }
            if ready == 0 {
                noticed = true
                waiting?()
            } else if errno != EINTR {
                throw problem(errno)
            }
        }
    }

    /// True when `fd` is an anonymous pipe (a shell's `<(command)`, `/dev/stdin` in a pipeline),
    /// whose writer exists already: the kernel names it `pipe:[INODE]`, where a named pipe has a path.
    private static func isAnonymousPipe(_ fd: Int32) -> Bool {
        var target = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/self/fd/\(fd)", &target, target.count - 1)
        return n > 5 && String(decoding: target[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("pipe:")
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What tells a scanned file from a changed one: device, inode, size, modification time and
/// status change time, with whether it is a regular file and whether its mode lets every user
/// read it. The status change time (ctime) cannot be set back by `touch` or `utimensat`: a file
/// rewritten in place with its size and modification time restored still shows a new one.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// Nanoseconds since 1970.
    var modified: Int64
    /// When the file's content or status last changed, in nanoseconds since 1970.
    var changed: Int64
    var regular: Bool
    var readableByAll: Bool

    init(_ st: stat) {
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        changed = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
        regular = st.st_mode & S_IFMT == S_IFREG
        readableByAll = st.st_mode & S_IROTH != 0
    }

    /// The identity of the file at `path` (symbolic links followed), or nil when it cannot be read.
    static func of(_ path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileIdentity(st)
    }

    /// Reads the identities of many files, opening each folder once and looking its files up by
    /// name in it, so a folder of plugins costs one walk of the folder's path, not one per file.
    /// The result is the one ``of(_:)`` gives for the same path.
    struct Reader: ~Copyable {
        /// The folder last opened, and its descriptor (-1 when none is open).
        private var folder: [UInt8] = []
        private var folderDescriptor: Int32 = -1

        init() {}

        deinit {
            if folderDescriptor >= 0 { close(folderDescriptor) }
        }

        /// The identity of the file at `path`, or nil when it cannot be read.
        mutating func identity(_ path: String) -> FileIdentity? {
            var text = path
            // The folder part is found and compared in the path's own bytes.
            let folderLength: Int? = text.withUTF8 { bytes in
                // A path without a folder part, or one that ends in a slash, is looked up whole.
                guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash + 1 != bytes.count, slash != 0 else { return nil }
                let part = UnsafeBufferPointer(rebasing: bytes[..<slash])
                if !(folder.count == slash && folder.withUnsafeBufferPointer { memcmp($0.baseAddress!, part.baseAddress!, slash) == 0 }) {
                    if folderDescriptor >= 0 { close(folderDescriptor) }
                    folder = Array(part)
                    folderDescriptor = (folder + [0]).withUnsafeBufferPointer { name in
                        name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
                    }
                }
                return slash
            }
            // A folder that cannot be opened (no read permission) is walked for each file.
            guard let folderLength, folderDescriptor >= 0 else { return FileIdentity.of(path) }
            var st = stat()
            let found = text.withCString { fstatat(folderDescriptor, $0 + folderLength + 1, &st, 0) == 0 }
            return found ? FileIdentity(st) : nil
        }
    }
}

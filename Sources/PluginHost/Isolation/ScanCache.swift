#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// The scan cache file: records by path in their binary form (see `ScanRecordCoding`), each
/// after its length, following a magic, the format number and the host's version and ABI. It is
/// written whole through a temporary file and a rename, so two runs at once never see half a file.
/// A cache that cannot be read, is damaged, or was written by another format, host version or ABI
/// counts as empty: the scan then loads every plugin again and writes the cache anew. A cache path
/// that holds no regular file (a directory, a named pipe, a link to a device) or a file over
/// ``largestFile`` bytes is refused before a byte of it is read, and replaced the same way.
///
/// Reading a cache reads only each record's path and file identity; the rest is decoded for the
/// records a scan uses, so records of files elsewhere cost a listing almost nothing.
enum ScanCache {
    /// The first bytes of every cache file.
    static let magic = Array("TC-SCAN-CACHE\n".utf8)

    /// The layout's number; a file with another is not read.
    static let format: UInt64 = 5

    /// Records from another host version or ABI are not reused.
    static var hostIdentity: String { "\(HostInfo.version) abi \(ABIVersion.host)" }

    /// One record of a cache file: the path and identity of its file, read, and the rest of the
    /// record still in its bytes.
    struct Entry: Sendable {
        /// The file's path, as the scan was given it.
        let path: String
        /// The file's size, modification time, device, inode and status change time when it was
        /// scanned.
        let size: Int64, modified: Int64, device: UInt64?, inode: UInt64?, changed: Int64
        /// The bytes that hold the record (a whole cache file, or the record alone) and where.
        private let buffer: [UInt8], range: Range<Int>

        /// The whole record, in its binary form.
        var bytes: ArraySlice<UInt8> { buffer[range] }

        /// The entry of `record`.
        init(_ record: ScanRecord) {
            (path, size, modified, device, inode) = (record.path, record.size, record.modified, record.device, record.inode)
            changed = record.changed
            buffer = record.binary
            range = 0..<buffer.count
        }

        /// The entry of the record at `range` of `buffer`, whose path and identity are read now.
        init(buffer: [UInt8], range: Range<Int>) throws(ByteReader.Malformed) {
            var head = ByteReader(buffer, range: range)
            path = try head.string()
            (size, modified) = (try head.int64(), try head.int64())
            device = try head.optional { r throws(ByteReader.Malformed) in try r.uint64() }
            inode = try head.optional { r throws(ByteReader.Malformed) in try r.uint64() }
            changed = try head.int64()
            (self.buffer, self.range) = (buffer, range)
        }

        /// The whole record, or nil when its bytes are damaged.
        func record() -> ScanRecord? {
            var r = ByteReader(buffer, range: range)
            guard let record = try? ScanRecord(reading: &r, knownPath: path), r.isAtEnd else { return nil }
            return record
        }
    }

    /// The largest cache file read: 256 MiB, some four million plugins' records.
    static let largestFile = 256 << 20

    /// The entries of the cache file at `path`, by path; empty when it cannot be used.
    static func read(_ path: String) -> [String: Entry] {
        load(path).entries
    }

    /// The entries of the cache file at `path`, by path (empty when it cannot be used), and why
    /// the file was refused unread when it is not a regular file or is too large to be a cache.
    static func load(_ path: String) -> (entries: [String: Entry], refusal: String?) {
        switch contents(of: path) {
        case .bytes(let bytes): (read(bytes: bytes) ?? [:], nil)
        case .unreadable: ([:], nil)
        case .refused(let why): ([:], why)
        }
    }

    /// The entries of a cache file's bytes, by path (the first of a path wins); nil when the bytes
    /// are not a whole cache file of this format and host.
    static func read(bytes: [UInt8]) -> [String: Entry]? {
        var byPath: [String: Entry] = [:]
        do {
            try entries(bytes, reserving: { byPath.reserveCapacity($0) }) { entry in
                if byPath.index(forKey: entry.path) == nil { byPath[entry.path] = entry }
            }
        } catch {
            return nil
        }
        return byPath
    }

    /// The records of a cache file's bytes, each decoded whole.
    static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> [ScanRecord] {
        var records: [ScanRecord] = []
        try entries(bytes, reserving: { records.reserveCapacity($0) }) { entry throws(ByteReader.Malformed) in
            guard let record = entry.record() else { throw ByteReader.Malformed(description: "a damaged record of \(entry.path)") }
            records.append(record)
        }
        return records
    }

    /// Passes each entry of a cache file's bytes to `take`, after their number to `reserving`;
    /// throws, after some entries perhaps, when the bytes are not a whole cache file.
    private static func entries(
        _ bytes: [UInt8], reserving: (Int) -> Void, _ take: (Entry) throws(ByteReader.Malformed) -> Void
    ) throws(ByteReader.Malformed) {
        var r = ByteReader(bytes)
        try r.expect(magic)
        guard try r.count() == format, try r.string() == hostIdentity else {
            throw ByteReader.Malformed(description: "written by another format or host")
        }
        let count = try r.length(itemSize: 21)
        reserving(count)
        for _ in 0..<count {
            let length = try r.length(itemSize: 1)
            let entry = try Entry(buffer: bytes, range: r.offset..<r.offset + length)
            try r.skip(length)
            try take(entry)
        }
        guard r.isAtEnd else { throw ByteReader.Malformed(description: "bytes follow the last record") }
    }

    /// The bytes of a cache file holding `entries`, sorted by path.
    static func encode(_ entries: [String: Entry]) -> [UInt8] {
        var w = ByteWriter(capacity: 1024 + entries.values.reduce(0) { $0 + $1.bytes.count + 4 })
        w.raw(magic)
        w.count(format)
        w.string(hostIdentity)
        w.array(entries.values.sorted { $0.path < $1.path }) { w, entry in
            w.count(entry.bytes.count)
            w.raw(entry.bytes)
        }
        return w.bytes
    }

    /// Replaces the cache file at `path` with `entries`, creating its folder when needed; true
    /// when it was replaced. A cache that cannot be written is left as it was: the next run scans
    /// again.
    @discardableResult
    static func write(_ entries: [String: Entry], to path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = Data(encode(entries))
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8))")
        do {
            try data.write(to: temp)
            if rename(temp.path, path) != 0 {
                try? FileManager.default.removeItem(at: temp)
                return false
            }
            removeEarlierFormat(besides: url)
            return true
        } catch {
            try? FileManager.default.removeItem(at: temp)
            return false
        }
    }

    /// The file name of the cache before it was binary, in the same default folders.
    static let earlierFileName = "plugins.json"

    /// Removes the JSON cache that earlier versions wrote in the default folder, once this one's
    /// cache is written there: nothing reads it any more. A cache named by
    /// `TRANSITION_CATALOG_CACHE` elsewhere leaves its folder alone.
    private static func removeEarlierFormat(besides url: URL) {
        let folder = url.deletingLastPathComponent()
        guard url.lastPathComponent == "plugins.cache", folder.lastPathComponent == "transition-catalog" else { return }
        _ = unlink(folder.appendingPathComponent(earlierFileName).path)
    }

    /// What reading a cache file found.
    private enum Contents {
        /// The whole file.
        case bytes([UInt8])
        /// No file, or one that could not be opened or read.
        case unreadable
        /// A file refused before any of it was read, and why.
        case refused(String)
    }

    /// The whole file at `path`. It is opened without blocking, so a named pipe never waits for a
    /// writer, and refused unread when it is not a regular file or holds over ``largestFile`` bytes.
    private static func contents(of path: String) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return errno == EISDIR ? .refused("is a directory") : .unreadable }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .unreadable }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .refused("is a directory")
        case S_IFIFO: return .refused("is a named pipe")
        case S_IFCHR, S_IFBLK: return .refused("is a device")
        case S_IFSOCK: return .refused("is a socket")
        default: return .refused("is not a regular file")
        }
        let size = Int(st.st_size)
        guard size <= largestFile else { return .refused("is \(size) bytes, more than the \(largestFile >> 20) MiB a cache may hold") }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let n = Glibc.read(fd, buffer.baseAddress! + initialized, size - initialized)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    complete = false
                    return
                }
                initialized += n
            }
        }
        return complete ? .bytes(bytes) : .unreadable
    }
}

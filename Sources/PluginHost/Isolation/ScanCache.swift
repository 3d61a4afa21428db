#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// The scan cache file: records by path in their binary form (see `ScanRecordCoding`), after a
/// magic, the format number and the host's version and ABI. It is written whole through a
/// temporary file and a rename, so two runs at once never see half a file. A cache that cannot be
/// read, is damaged, or was written by another format, host version or ABI counts as empty: the
/// scan then loads every plugin again and writes the cache anew.
enum ScanCache {
    /// The first bytes of every cache file.
    static let magic = Array("TC-SCAN-CACHE\n".utf8)

    /// The layout's number; a file with another is not read.
    static let format: UInt64 = 3

    /// Records from another host version or ABI are not reused.
    static var hostIdentity: String { "\(HostInfo.version) abi \(ABIVersion.host)" }

    /// The records of the cache file at `path`, by path; empty when it cannot be used.
    static func read(_ path: String) -> [String: ScanRecord] {
        guard let bytes = contents(of: path) else { return [:] }
        var byPath: [String: ScanRecord] = [:]
        do {
            try decode(bytes, reserving: { byPath.reserveCapacity($0) }) { (r: consuming ScanRecord) in
                let path = r.path
                if byPath.index(forKey: path) == nil { byPath[path] = r }
            }
        } catch {
            return [:]
        }
        return byPath
    }

    /// The records of a cache file's bytes.
    static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> [ScanRecord] {
        var records: [ScanRecord] = []
        try decode(bytes, reserving: { records.reserveCapacity($0) }) { (r: consuming ScanRecord) in records.append(r) }
        return records
    }

    /// Passes each record of a cache file's bytes to `take`, after their number to `reserving`;
    /// throws, after some records perhaps, when the bytes are not a whole cache file.
    private static func decode(
        _ bytes: [UInt8], reserving: (Int) -> Void, _ take: (consuming ScanRecord) -> Void
    ) throws(ByteReader.Malformed) {
        var r = ByteReader(bytes)
        try r.expect(magic)
        guard try r.count() == format, try r.string() == hostIdentity else {
            throw ByteReader.Malformed(description: "written by another format or host")
        }
        let count = try r.length(itemSize: 20)
        reserving(count)
        for _ in 0..<count { take(try ScanRecord(reading: &r)) }
        guard r.isAtEnd else { throw ByteReader.Malformed(description: "bytes follow the last record") }
    }

    /// The bytes of a cache file holding `records`, sorted by path.
    static func encode(_ records: [String: ScanRecord]) -> [UInt8] {
        var w = ByteWriter(capacity: 1024 + records.count * 512)
        w.raw(magic)
        w.count(format)
        w.string(hostIdentity)
        w.array(records.values.sorted { $0.path < $1.path }) { $1.write(to: &$0) }
        return w.bytes
    }

    /// Replaces the cache file at `path` with `records`, creating its folder when needed. A cache
    /// that cannot be written is left as it was: the next run scans again.
    static func write(_ records: [String: ScanRecord], to path: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = Data(encode(records))
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8))")
        do {
            try data.write(to: temp)
            if rename(temp.path, path) != 0 {
                try? FileManager.default.removeItem(at: temp)
            } else {
                removeEarlierFormat(besides: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: temp)
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

    /// The whole file at `path`, or nil when it cannot be read or is not a regular file.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(st.st_size)
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
        return complete ? bytes : nil
    }
}

import Foundation
@testable import PluginHost
import Testing
import TransitionCore

/// The binary form of scan records and of the scan cache file: every field survives, and damaged
/// or foreign bytes are refused with an error, never a crash.
@Suite("scan record and cache binary form")
struct ScanRecordCodingTests {
    /// A record that fills every field, optional ones included.
    static let full = ScanRecord(
        path: "/plugins/wipé.so", size: 12_345, modified: -1_700_000_000_123_456_789, device: UInt64.max, inode: 1 << 40,
        changed: 1_700_000_000_987_654_321,
        plugin: PluginInfo(
            path: "/plugins/wipé.so", id: "org.example.wipe", name: "Wipe ✨", vendor: "Example", version: "1.2.3",
            description: "", license: "MIT", abi: ABIVersion(major: 1, minor: 7, patch: UInt32.max),
            animators: [
                AnimatorDescription(
                    id: "wipe", name: "Wipe", summary: "A wipe.", operations: [.push, .tab, .dismiss], styles: [.custom, .fullScreen],
                    reversible: true,
                    parameters: [
                        ParameterSpec(id: "angle", name: "Angle", doc: "Degrees.", unit: "deg", kind: .number, defaultValue: -0.0, minimum: -360, maximum: .greatestFiniteMagnitude),
                        ParameterSpec(id: "edge", name: "Edge", kind: .choice, defaultValue: 1, minimum: 0, maximum: 2, choices: ["left", "right", ""]),
                    ]),
                AnimatorDescription(id: "plain", name: "", summary: "", operations: []),
            ]),
        durations: ["wipe": 0.35, "plain": -1, "x": .infinity],
        warnings: [
            DescriptorProblem(severity: .warning, check: "descriptor-strings", subject: "wipe", message: "long"),
            DescriptorProblem(severity: .error, check: "abi-version", subject: "org.example.wipe", message: "old"),
        ],
        error: PluginError(kind: .initRefused, path: "/plugins/wipé.so", reason: "init said no", remedy: ""))

    @Test func everyFieldSurvivesTheRoundTrip() throws {
        #expect(try ScanRecord(binary: Self.full.binary) == Self.full)
        let bare = ScanRecord(path: "", size: 0, modified: 0, plugin: nil, durations: [:], warnings: [], error: nil)
        #expect(try ScanRecord(binary: bare.binary) == bare)
    }

    @Test func everyTruncationIsRefused() {
        let bytes = Self.full.binary
        for n in 0..<bytes.count {
            #expect(throws: ByteReader.Malformed.self, "the first \(n) bytes were accepted") { try ScanRecord(binary: Array(bytes[..<n])) }
        }
        #expect(throws: ByteReader.Malformed.self) { try ScanRecord(binary: bytes + [0]) }
    }

    @Test func damagedBytesAreRefusedOrReadAsAnotherRecordButNeverCrash() {
        let bytes = Self.full.binary
        var refused = 0
        for i in bytes.indices {
            for value: UInt8 in [0x00, 0x7f, 0xff] where bytes[i] != value {
                var damaged = bytes
                damaged[i] = value
                if (try? ScanRecord(binary: damaged)) == nil { refused += 1 }
            }
        }
        #expect(refused > bytes.count, "most single-byte damage must be detected")
        // An unknown operation, parameter kind or error kind is named, not read as something else.
        var w = ByteWriter()
        w.count(9)
        var r = ByteReader(w.bytes)
        #expect(throws: ByteReader.Malformed.self) { try r.rawValue(TransitionOperation.self) }
    }

    @Test func aCountLargerThanTheInputIsRefusedBeforeAnyAllocation() {
        var w = ByteWriter()
        w.count(UInt64.max)
        var r = ByteReader(w.bytes)
        #expect(throws: ByteReader.Malformed.self) { try r.array { r throws(ByteReader.Malformed) in try r.byte() } }
        var eleven = ByteReader([UInt8](repeating: 0xff, count: 11))
        #expect(throws: ByteReader.Malformed.self) { try eleven.count() }
        var notUTF8 = ByteReader([2, 0xc3, 0x28])
        #expect(throws: ByteReader.Malformed.self) { try notUTF8.string() }
    }

    @Test func theCacheFileRoundTripsAndRefusesForeignFiles() throws {
        let records = [Self.full.path: Self.full, "/b.so": ScanRecord(path: "/b.so", size: 1, modified: 2, plugin: nil, durations: [:], warnings: [], error: nil)]
        let bytes = ScanCache.encode(records.mapValues(ScanCache.Entry.init))
        #expect(Dictionary(try ScanCache.decode(bytes).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }) == records)
        // The JSON cache of earlier versions, another host's cache, a truncated one.
        #expect(throws: ByteReader.Malformed.self) { try ScanCache.decode(Array(#"{"format":2,"host":"0.1.0 abi 1.1.0","records":[]}"#.utf8)) }
        var other = ByteWriter()
        other.raw(ScanCache.magic)
        other.count(ScanCache.format)
        other.string("another host")
        other.count(0)
        #expect(throws: ByteReader.Malformed.self) { try ScanCache.decode(other.bytes) }
        var older = ByteWriter()
        older.raw(ScanCache.magic)
        older.count(ScanCache.format - 1)
        older.string(ScanCache.hostIdentity)
        older.count(0)
        #expect(throws: ByteReader.Malformed.self) { try ScanCache.decode(older.bytes) }
        #expect(throws: ByteReader.Malformed.self) { try ScanCache.decode(Array(bytes.dropLast())) }
        #expect(throws: ByteReader.Malformed.self) { try ScanCache.decode(bytes + [1]) }
    }

    /// Reading a cache reads each record's path and identity; a record whose body is damaged
    /// is found only when it is used, and costs only itself.
    @Test func aDamagedRecordBodySpoilsOnlyThatRecord() throws {
        let other = ScanRecord(path: "/b.so", size: 1, modified: 2, device: 3, inode: 4, plugin: nil, durations: ["x": 0.5], warnings: [], error: nil)
        var bytes = Self.full.binary
        // The byte after the identity says whether a plugin follows: 7 is neither yes nor no.
        let flag = 1 + Self.full.path.utf8.count + 8 + 8 + 9 + 9 + 8
        #expect(bytes[flag] == 1)
        bytes[flag] = 7
        let damaged = try ScanCache.Entry(buffer: bytes, range: 0..<bytes.count)
        let read = try #require(ScanCache.read(bytes: ScanCache.encode([Self.full.path: damaged, other.path: ScanCache.Entry(other)])))
        #expect(read.count == 2)
        let entry = try #require(read[Self.full.path])
        #expect((entry.size, entry.modified, entry.device, entry.inode) == (Self.full.size, Self.full.modified, Self.full.device, Self.full.inode))
        #expect(entry.changed == Self.full.changed)
        #expect(entry.record() == nil)
        #expect(read[other.path]?.record() == other)
    }

    @Test func aCacheThatIsMissingUnreadableOrADirectoryReadsAsEmpty() throws {
        let dir = NSTemporaryDirectory() + "scan-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(ScanCache.read(dir + "/missing").isEmpty)
        #expect(ScanCache.read(dir).isEmpty)
        ScanCache.write([Self.full.path: ScanCache.Entry(Self.full)], to: dir + "/sub/cache")
        #expect(ScanCache.read(dir + "/sub/cache").mapValues { $0.record() } == [Self.full.path: Self.full])
        try Data([0x54, 0x43]).write(to: URL(fileURLWithPath: dir + "/short"))
        #expect(ScanCache.read(dir + "/short").isEmpty)
    }
}

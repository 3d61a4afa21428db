import Foundation
import PluginHost
import Testing

/// `InputFile.read`: whole files up to a limit, pipes read to their end, and a named problem
/// for everything else.
@Suite struct InputFileTests {
    /// A fresh directory for one test.
    private static func directory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("input-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aRegularFileIsReadWhole() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/f"))
        #expect(try InputFile.read(dir + "/f", limit: 70_000) == bytes)
        #expect(try InputFile.read(dir + "/f", limit: 1 << 20) == bytes)
        try Data().write(to: URL(fileURLWithPath: dir + "/empty"))
        #expect(try InputFile.read(dir + "/empty", limit: 10) == [])
    }

    @Test func aRegularFileOverTheLimitGivesItsSize() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(count: 1001).write(to: URL(fileURLWithPath: dir + "/f"))
        #expect(throws: InputFile.Problem.tooLarge(bytes: 1001)) { try InputFile.read(dir + "/f", limit: 1000) }
    }

    @Test func aDirectoryAMissingFileAndAMissingFolderAreNamed() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        #expect(throws: InputFile.Problem.directory) { try InputFile.read(dir, limit: 100) }
        #expect(throws: InputFile.Problem.missing) { try InputFile.read(dir + "/absent.json", limit: 100) }
        #expect(throws: InputFile.Problem.missing) { try InputFile.read(dir + "/file/below", limit: 100) }
    }

    /// A pipe has no size: it is read to its end, which may come in many pieces.
    @Test func aPipeIsReadToItsEnd() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].prefix(10_000).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                offset += n
            }
            close(fd)
        }
        writer.start()
        #expect(try InputFile.read(fifo, limit: 1 << 20) == bytes)
    }

    /// A named pipe is opened without blocking: with no writer, `waiting` is called once after
    /// ``InputFile/waitNotice`` seconds, and the read goes on until a writer has written.
    @Test func aNamedPipeWithoutAWriterIsWaitedForAndSaidSo() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let calls = Calls()
        let writer = Thread {
            // The writer comes only once the reader has said it waits.
            while calls.count == 0 { usleep(10_000) }
            let fd = open(fifo, O_WRONLY)
            _ = "late".withCString { write(fd, $0, 4) }
            close(fd)
        }
        writer.start()
        let started = Date()
        let bytes = try InputFile.read(fifo, limit: 100) { calls.add(Date().timeIntervalSince(started)) }
        #expect(bytes == Array("late".utf8))
        #expect(calls.count == 1)
        #expect(calls.first.map { $0 >= InputFile.waitNotice * 0.9 && $0 < InputFile.waitNotice + 5 } == true, "called after \(calls.first ?? -1) s")
    }

    /// A writer that opens the pipe and closes it without writing gives an empty file, not a wait.
    @Test func aNamedPipeWhoseWriterWritesNothingIsEmpty() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Thread { close(open(fifo, O_WRONLY)) }
        writer.start()
        #expect(try InputFile.read(fifo, limit: 100) == [])
    }

    /// An endless stream is refused once it passes the limit, without reading on.
    @Test func anEndlessStreamStopsAtTheLimit() {
        #expect(throws: InputFile.Problem.tooLarge(bytes: nil)) { try InputFile.read("/dev/zero", limit: 100_000) }
    }

    @Test func messagesSayWhatAndWhatToDo() {
        let path = "/x/rules.json", limit = 1 << 20
        #expect(InputFile.Problem.missing.message("transitions file", path: path, limit: limit)
            == "cannot read the transitions file /x/rules.json: no such file; check the path")
        #expect(InputFile.Problem.directory.message("transitions file", path: path, limit: limit)
            == "/x/rules.json is a directory; give the path of a transitions file")
        #expect(InputFile.Problem.tooLarge(bytes: 2_000_000).message("transitions file", path: path, limit: limit)
            == "/x/rules.json is 2000000 bytes; a transitions file may be at most 1048576 bytes (1 MiB)")
        #expect(InputFile.Problem.tooLarge(bytes: nil).message("configuration file", path: path, limit: 4096)
            == "/x/rules.json is over 4096 bytes (4 KiB), the most a configuration file may be")
        #expect(InputFile.Problem.unreadable(errno: EIO).message("transitions file", path: path, limit: limit)
            == "cannot read the transitions file /x/rules.json: \(String(cString: strerror(EIO)))")
        #expect(InputFile.Problem.tooLarge(bytes: nil).isTooLarge)
        #expect(!InputFile.Problem.directory.isTooLarge)
    }
}

/// The times at which a callback was called, from any thread.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []
    func add(_ t: Double) { lock.lock(); times.append(t); lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return times.count }
    var first: Double? { lock.lock(); defer { lock.unlock() }; return times.first }
}

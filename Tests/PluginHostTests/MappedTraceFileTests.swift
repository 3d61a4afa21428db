import Foundation
@testable import PluginHost
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The trace file written through a shared mapping: what was appended is in the file at once,
/// across windows, before and after it is closed; a file that cannot be mapped is written.
@Suite("mapped trace file")
struct MappedTraceFileTests {
    static func temporaryPath() -> String {
        URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("mapped-\(UUID().uuidString).trace").path
    }

    static func open(_ path: String) throws -> MappedTraceFile {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        return MappedTraceFile(fd: fd)
    }

    /// Lines of the trace's form, numbered, about 2.5 windows of them.
    static let lines: [[UInt8]] = (0..<25_000).map { Array(#"{"host":{"name":"set_frame","arguments":[\#($0),0.125,390,844,-0.5,1e-9],"result":"ok"}}"#.utf8) + [10] }

    @Test func linesAcrossWindowsAreReadBeforeAndAfterClosing() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let file = try Self.open(path)
        let expected = Self.lines.flatMap { $0 }
        #expect(expected.count > 2 * MappedTraceFile.windowSize)
        for line in Self.lines { line.withUnsafeBytes { file.append($0) } }
        #expect(file.length == expected.count)
        // As a worker that crashed leaves it: the lines, then zeros to the end of the window.
        let open = try #require(FileManager.default.contents(atPath: path))
        #expect(open.count > expected.count && open.count % MappedTraceFile.windowSize == 0)
        #expect(Array(CallTracer.written(open)) == expected)
        file.close()
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == expected)
        // Appends after closing are lost, not written over the file.
        Self.lines[0].withUnsafeBytes { file.append($0) }
        #expect(FileManager.default.contents(atPath: path)?.count == expected.count)
    }

    @Test func truncateStartsAgainAtTheTop() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let file = try Self.open(path)
        for line in Self.lines.prefix(30_000) { line.withUnsafeBytes { file.append($0) } }
        file.truncate()
        #expect(file.length == 0)
        for line in Self.lines.suffix(2) { line.withUnsafeBytes { file.append($0) } }
        // A reader of a file still being written stops at the zeros after the last line.
        #expect(try CallTracer.read(path: path).count == 2)
        file.close()
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == Self.lines.suffix(2).flatMap { $0 })
    }

    @Test func aDescriptorThatCannotBeMappedIsWritten() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { Glibc.close(ends[0]) }
        let file = MappedTraceFile(fd: ends[1])
        for line in Self.lines.prefix(3) { line.withUnsafeBytes { file.append($0) } }
        file.close()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(ends[0], &buffer, buffer.count)
        #expect(Array(buffer[..<max(0, n)]) == Self.lines.prefix(3).flatMap { $0 })
    }
}

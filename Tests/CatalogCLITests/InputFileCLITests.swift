import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The input files a user names (`run --source`, `validate --config`): a named pipe with no
/// writer says what the command waits for and gives way to Ctrl-C; bytes that are not UTF-8
/// are refused the same way by both options.
@Suite struct InputFileCLITests {
    /// A fresh directory for one test.
    private static func directory() throws -> String {
        let dir = TestEnvironment.temporaryDirectory + "/input-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The command line that gives `option` (`run --source` or `validate --config`) the file at `path`.
    static func command(_ option: String, _ path: String) -> [String] {
        option == "run --source" ? ["run", "--source", path, "push"] : ["validate", "--config", path, "fade"]
    }

    @Test(arguments: ["run --source", "validate --config"])
    func aNamedPipeWithNoWriterSaysItWaitsAndCtrlCEndsIt(option: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/input.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let running = try RunningCLI(Self.command(option, fifo))
        let message = "waiting for a writer to the named pipe \(fifo)"
        #expect(running.waitForStderr(containing: message, seconds: 30), "\(option): no waiting message: \(running.stderr)")
        #expect(running.status(within: 0) == nil, "\(option): the command ended without a writer: \(running.stderr)")
        let line = CLI.lines(running.stderr).first { $0.contains(message) }
        #expect(line?.contains("press Ctrl-C to stop") == true, "\(line ?? "")")
        running.send(SIGINT)
        let status = running.status(within: 5)
        #expect(status == 130, "\(option): SIGINT did not end the wait promptly (\(status.map(String.init) ?? "still running"))")
    }

    /// The message comes after a moment, not at once: a writer that comes soon is read silently.
    @Test func aWriterThatComesSoonIsReadWithoutTheMessage() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/config.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let running = try RunningCLI(["validate", "--config", fifo, "--only", "endpoints", "fade"])
        let fd = open(fifo, O_WRONLY)
        try #require(fd >= 0)
        let text = #"{"silence": []}"#
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let status = running.status(within: 120)
        #expect(status == 0, "\(running.stdout)\(running.stderr)")
        #expect(!running.stderr.contains("waiting for a writer"), "\(running.stderr)")
    }

    @Test(arguments: ["run --source", "validate --config"])
    func bytesThatAreNotUTF8AreRefusedWithStatus65(option: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/latin1.json"
        let text: String = option == "run --source"
            ? #"{"version": 1, "rules": [{"operation": "push", "animator": "slide", "note": "caf?"}]}"#
            : #"{"silence": [{"check": "endpoints", "reason": "caf?"}]}"#
        // "café" in Latin-1: 0xE9 where UTF-8 needs two bytes.
        var bytes = Array(text.utf8)
        bytes[bytes.lastIndex(of: UInt8(ascii: "?"))!] = 0xE9
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let result = try CLI.run(Self.command(option, file))
        CLI.expectNoCrash(result)
        #expect(result.status == 65, "\(option): \(result.stderr)")
        let column = text.distance(from: text.startIndex, to: text.lastIndex(of: "?")!) + 1
        #expect(result.stderr.contains("\(file): not UTF-8 text: invalid byte at line 1, column \(column)"), "\(option): \(result.stderr)")
    }
}

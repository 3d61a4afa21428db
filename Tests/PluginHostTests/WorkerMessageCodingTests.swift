import Foundation
@testable import PluginHost
import Testing
import TransitionCore

/// The binary form of validation workers' reports: every field survives, and cut, padded or
/// foreign bytes are refused, never read as a report and never a crash.
@Suite("worker report binary form")
struct WorkerMessageCodingTests {
    static let full = CheckResult(
        check: "endpoints", subject: "org.example.wipe:curtain", status: .crash, details: ["step(1): alpha nan", ""], seconds: 0.125,
        stdout: "printed\n\u{1}", stderr: "", path: "/plugins/wipé.so")
    static let bare = CheckResult(check: "", subject: "", status: .pass)

    static let messages: [WorkerMessage] = [
        .begin(unit: 0), .begin(unit: 12_345),
        .plugin(subject: "org.example.wipe", results: [full, bare], animators: ["curtain", ""]),
        .plugin(subject: "", results: [], animators: []),
        .result(unit: 7, result: full), .result(unit: 1, result: bare),
        .replay(line: "# step(0.5)"),
    ]

    @Test func everyKindSurvivesTheRoundTrip() throws {
        for message in Self.messages {
            let bytes = WorkerMessageCoding.encode(message)
            #expect(WorkerMessageCoding.encode(try WorkerMessageCoding.decode(bytes)) == bytes, "\(message)")
        }
        guard case .result(let unit, let result) = try WorkerMessageCoding.decode(WorkerMessageCoding.encode(.result(unit: 7, result: Self.full))) else {
            Issue.record("not read as a result")
            return
        }
        #expect(unit == 7 && result == Self.full)
    }

    @Test func everyTruncationAnyPaddingAndForeignBytesAreRefused() throws {
        for message in Self.messages {
            let bytes = WorkerMessageCoding.encode(message)
            for n in 0..<bytes.count {
                #expect(throws: ByteReader.Malformed.self, "the first \(n) bytes of \(message) were accepted") { try WorkerMessageCoding.decode(Array(bytes[..<n])) }
            }
            #expect(throws: ByteReader.Malformed.self) { try WorkerMessageCoding.decode(bytes + [0]) }
        }
        for bytes in [Array(#"{"begin":{"unit":1}}"#.utf8), [0], [9, 1], [WorkerChannel.lastPart, 1], WorkerChannel.heartbeat] {
            #expect(throws: ByteReader.Malformed.self, "\(bytes) was read") { try WorkerMessageCoding.decode(bytes) }
        }
        // A status the host does not know is refused, not read as another.
        let known = WorkerMessageCoding.encode(.result(unit: 1, result: Self.bare))
        let at = try #require(known.indices.first { known[$0...].starts(with: Array("PASS".utf8)) })
        var unknown = known
        unknown[at + 3] = UInt8(ascii: "T")
        #expect(throws: ByteReader.Malformed.self) { try WorkerMessageCoding.decode(unknown) }
    }
}

import Foundation
@testable import PluginHost
import Testing
import TransitionCore

/// The binary form of sampling and stepping workers' reports: every field of every kind of
/// message survives bit for bit (non-finite numbers included), and cut, padded or foreign bytes
/// are refused, never read as a report and never a crash.
@Suite("sample message binary form")
struct SampleMessageCodingTests {
    static let transform = Transform3D(SIMD16((0..<16).map { Double($0) * 0.5 - 3 }))

    /// A frame that fills every field, optional ones included, with numbers a plugin may write.
    static let frame = TransitionFrame(
        progress: 0.625,
        views: [
            SampledView(id: ViewID(1), role: .from, containerIndex: 0, state: ViewState(frame: Rect(x: 0, y: 0, width: 390, height: 844))),
            SampledView(
                id: ViewID(-7), role: .tile, source: ViewID(Int32.max), containerIndex: nil,
                state: ViewState(
                    frame: Rect(x: -1.5, y: .nan, width: .infinity, height: -.infinity), alpha: -0.0, transform: transform,
                    cornerRadius: 12, zIndex: Int32.min, hidden: true, color: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
                    doubleSided: false, content: SnapshotContent(source: ViewID(1), rect: Rect(x: 1, y: 2, width: 3, height: 4)))),
        ],
        camera: Camera(eyeDistance: 500, sublayerTransform: transform, centerX: 195, centerY: 422),
        matchedElements: [
            MatchedElement(id: "avatar é", fromFrame: Rect(x: 1, y: 2, width: 3, height: 4), toFrame: Rect(x: 5, y: 6, width: 7, height: 8), fromView: ViewID(3)),
        ])

    static let completion = CompletionReport(finished: false, leakedViews: [ViewID(9), ViewID(10)], leakedRoles: [.dimming, .shadow], container: [ViewID(1)])
    static let misbehaviours = [Misbehaviour(kind: .wrongPhase, call: "add_view", message: "during step\n")]
    static let log = [LogEntry(level: "warning", message: "\"quoted\""), LogEntry(level: "", message: "")]

    /// One message of every kind.
    static let messages: [SampleMessage] = [
        .call("step(0.5)"), .call(""), .duration(0.35), .duration(.nan), .refused("the plugin has no animator 'x'"),
        .sampled(SampleReport(requested: 2, frames: [frame, TransitionFrame(progress: 1, views: [])], completion: completion, misbehaviours: misbehaviours, log: log)),
        .sampled(SampleReport(requested: 0, frames: [], completion: CompletionReport(finished: true, leakedViews: [], leakedRoles: [], container: []), misbehaviours: [], log: [])),
        .ready(3), .setupRefused, .frames([frame, frame]), .frames([]),
        .completed(SessionEnd(completion: completion, misbehaviours: misbehaviours, log: log)),
    ]

    @Test func everyKindSurvivesTheRoundTripBitForBit() throws {
        for message in Self.messages {
            let bytes = SampleMessageCoding.encode(message)
            #expect(SampleMessageCoding.encode(try SampleMessageCoding.decode(bytes)) == bytes, "\(message)")
        }
    }

    @Test func aReportKeepsItsValues() throws {
        guard case .sampled(let report) = try SampleMessageCoding.decode(SampleMessageCoding.encode(Self.messages[5])) else {
            Issue.record("not read as a sampled report")
            return
        }
        #expect(report.requested == 2)
        #expect(report.frames.count == 2)
        let tile = try #require(report.frames.first?.views.last)
        #expect(tile.state.frame.y.isNaN && tile.state.frame.width == .infinity && tile.state.alpha.sign == .minus)
        #expect(tile.state.content == Self.frame.views[1].state.content && tile.state.color == Self.frame.views[1].state.color)
        #expect(tile.id == ViewID(-7) && tile.source == ViewID(Int32.max) && tile.containerIndex == nil && tile.state.zIndex == Int32.min)
        #expect(report.frames[0].camera == Self.frame.camera && report.frames[0].matchedElements == Self.frame.matchedElements)
        #expect(report.completion == Self.completion && report.misbehaviours == Self.misbehaviours && report.log == Self.log)
    }

    @Test func everyTruncationAndAnyPaddingIsRefused() {
        for message in Self.messages {
            let bytes = SampleMessageCoding.encode(message)
            for n in 0..<bytes.count {
                #expect(throws: ByteReader.Malformed.self, "the first \(n) bytes of \(message) were accepted") { try SampleMessageCoding.decode(Array(bytes[..<n])) }
            }
            #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decode(bytes + [0]) }
        }
    }

    @Test func foreignBytesAreRefused() throws {
        // JSON, as the reports once were; an unknown kind; the part markers and the heartbeat.
        for bytes in [Array(#"{"call":{"_0":"setup"}}"#.utf8), [0], [42], [WorkerChannel.continuation], [WorkerChannel.lastPart], WorkerChannel.heartbeat] {
            #expect(throws: ByteReader.Malformed.self, "\(bytes) was read") { try SampleMessageCoding.decode(bytes) }
        }
        // A role, a misbehaviour kind or a view handle outside its range.
        var role = ByteWriter()
        role.byte(SampleMessageCoding.Tag.frames.rawValue)
        role.count(1)
        role.double(0)
        role.count(1)
        role.int64(1)
        role.count(99)
        #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decode(role.bytes) }
        var handle = ByteWriter()
        handle.byte(SampleMessageCoding.Tag.completed.rawValue)
        handle.bool(true)
        handle.count(1)
        handle.int64(Int64(Int32.max) + 1)
        #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decode(handle.bytes) }
        let kind = SampleMessageCoding.encode(.completed(SessionEnd(completion: Self.completion, misbehaviours: Self.misbehaviours, log: [])))
        let name = Array("wrong-phase".utf8)
        let at = try #require(kind.indices.first { kind[$0...].starts(with: name) })
        var renamed = kind
        renamed[at + name.count - 1] = UInt8(ascii: "X")
        #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decode(renamed) }
        #expect(throws: Never.self) { try SampleMessageCoding.decode(kind) }
    }

    @Test(arguments: [false, true])
    func aRequestSurvivesAndOtherBytesAreNotTakenForOne(session: Bool) throws {
        let full = WorkerRequest.SampleRequest(
            path: "/plugins/wipé.so", animator: "curtain", operation: .dismiss, style: .custom, width: 390, height: 844,
            presentedFrame: Rect(x: 16, y: 126, width: 358, height: 718), interactive: true, tabFrom: -1, tabTo: 3,
            parameters: [0.25, .nan], matchedElements: Self.frame.matchedElements, finished: false, capture: "/tmp/c")
        let bare = WorkerRequest.SampleRequest(
            path: "", animator: "", operation: .push, style: .fullScreen, width: 1, height: 1, presentedFrame: nil, interactive: false,
            tabFrom: 0, tabTo: 0, parameters: nil, matchedElements: [], finished: true, capture: "")
        for request in [full, bare] {
            let bytes = SampleMessageCoding.encode(request: request, session: session)
            let decoded = try #require(SampleMessageCoding.decodeRequest(bytes))
            #expect(decoded.session == session)
            #expect(SampleMessageCoding.encode(request: decoded.request, session: session) == bytes)
            for n in 0..<bytes.count { #expect(SampleMessageCoding.decodeRequest(Array(bytes[..<n])) == nil, "the first \(n) bytes were taken") }
            #expect(SampleMessageCoding.decodeRequest(bytes + [0]) == nil)
        }
        let decoded = try #require(SampleMessageCoding.decodeRequest(SampleMessageCoding.encode(request: full, session: session))).request
        #expect(decoded.path == full.path && decoded.operation == .dismiss && decoded.style == .custom && decoded.presentedFrame == full.presentedFrame)
        #expect(decoded.tabFrom == -1 && decoded.parameters?.count == 2 && decoded.parameters?[1].isNaN == true && decoded.matchedElements == full.matchedElements)
        // A JSON request and a scan request are left to their own readers.
        #expect(SampleMessageCoding.decodeRequest(Array(#"{"validate":{}}"#.utf8)) == nil)
        #expect(SampleMessageCoding.decodeRequest(ScanRequest(paths: ["/a.so"], unloads: true, alone: 1).bytes) == nil)
    }

    @Test func stepperCommandsSurviveAndCutOrForeignOnesAreRefused() throws {
        let request = WorkerRequest.SampleRequest(
            path: "/plugins/a.so", animator: "slide", operation: .pop, style: .fullScreen, width: 390, height: 844,
            presentedFrame: nil, interactive: true, tabFrom: 0, tabTo: 0, parameters: [0.5], matchedElements: [], finished: true, capture: "/tmp/c")
        let commands: [SessionCommand] = [.begin(request), .setup, .step([0.25, .nan, -0.0]), .step([]), .complete(finished: true), .complete(finished: false)]
        for command in commands {
            let bytes = SampleMessageCoding.encode(command: command)
            let decoded = try SampleMessageCoding.decodeCommand(bytes)
            #expect(SampleMessageCoding.encode(command: decoded) == bytes, "\(command)")
            for n in 0..<bytes.count {
                #expect(throws: ByteReader.Malformed.self, "the first \(n) bytes of \(command) were accepted") { try SampleMessageCoding.decodeCommand(Array(bytes[..<n])) }
            }
            #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decodeCommand(bytes + [0]) }
        }
        guard case .step(let progresses) = try SampleMessageCoding.decodeCommand(SampleMessageCoding.encode(command: .step([0.25, .nan, -0.0]))) else {
            Issue.record("a step command was read as another command")
            return
        }
        #expect(progresses.map(\.bitPattern) == [0.25, .nan, -0.0].map(\.bitPattern))
        guard case .begin(let begun) = try SampleMessageCoding.decodeCommand(SampleMessageCoding.encode(command: .begin(request))) else {
            Issue.record("a begin command was read as another command")
            return
        }
        #expect(begun.path == request.path && begun.operation == .pop && begun.parameters == [0.5] && begun.interactive)
        // JSON, as the commands once were; an unknown command; a begin with a sampling (not stepping) request.
        let sampling = [SampleMessageCoding.CommandTag.begin.rawValue] + SampleMessageCoding.encode(request: request, session: false)
        for bytes in [Array(#"{"setup":{}}"#.utf8), [0], [99], sampling] {
            #expect(throws: ByteReader.Malformed.self, "\(bytes) was read") { try SampleMessageCoding.decodeCommand(bytes) }
        }
    }

    @Test func progressesSurviveAndForeignListsAreRefused() throws {
        let list = [0, 0.25, 1, -0.0, .nan, 1e-300]
        let bytes = SampleMessageCoding.encode(progresses: list)
        #expect(try SampleMessageCoding.decodeProgresses(bytes).map(\.bitPattern) == list.map(\.bitPattern))
        #expect(try SampleMessageCoding.decodeProgresses(SampleMessageCoding.encode(progresses: [])) == [])
        #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decodeProgresses(Array(bytes.dropLast())) }
        #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decodeProgresses(bytes + [0]) }
        #expect(throws: ByteReader.Malformed.self) { try SampleMessageCoding.decodeProgresses(Array("[0.5]".utf8)) }
    }
}

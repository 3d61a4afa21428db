import Foundation
@testable import PluginHost
import Testing
import TransitionCore

/// The fixed-layout trace lines decode to the events they were written from, as the general
/// encoder's lines do, and leave what they cannot write exactly to it.
@Suite struct TraceLineEncoderTests {
    static let events: [TraceEvent] = [
        .call(name: "duration", progress: nil, finished: nil),
        .call(name: "step", progress: 0.5, finished: nil),
        .call(name: "step", progress: 1, finished: nil),
        .call(name: "step", progress: 1e-9, finished: nil),
        .call(name: "step", progress: 0.1 + 0.2, finished: nil),
        .call(name: "step", progress: -0.25, finished: nil),
        .call(name: "completion", progress: nil, finished: false),
        .host(name: "add_view", arguments: [1], result: "true"),
        .host(name: "set_curve", arguments: [0.42, 0, 0.58, 1, 1e300], result: "quote \" backslash \\ newline \n tab \t bell \u{07} é 🙂"),
        .host(name: "log", arguments: [], result: ""),
        .session(TraceSession(
            id: 3, path: "/plugins/wipé \"x\".so", animator: "curtain", operation: .dismiss, style: .custom, width: 390, height: 844.5,
            interactive: true, tabFrom: 0, tabTo: 2, parameters: [0.25, -1, 1e-7])),
        .session(TraceSession(
            id: 0, path: "", animator: "", operation: .push, style: .fullScreen, width: 1, height: 2, interactive: false,
            tabFrom: -1, tabTo: -1, parameters: [])),
    ]

    @Test(arguments: events)
    func aLineDecodesToItsEvent(_ event: TraceEvent) throws {
        let line = try #require(TraceLineEncoder.line(event))
        #expect(line.last == 10)
        #expect(line.dropLast().contains(10) == false)
        let decoded = try JSONDecoder().decode(TraceEvent.self, from: Data(line.dropLast()))
        #expect(decoded == event)
        // The general encoder's line says the same.
        let general = try JSONDecoder().decode(TraceEvent.self, from: JSONEncoder().encode(event))
        #expect(general == decoded)
    }

    @Test func nonFiniteNumbersAreLeftToTheGeneralEncoder() {
        #expect(TraceLineEncoder.line(.host(name: "add_view", arguments: [.nan], result: "false")) == nil)
        #expect(TraceLineEncoder.line(.call(name: "step", progress: .infinity, finished: nil)) == nil)
        let session = TraceSession(
            id: 1, path: "/p.so", animator: "a", operation: .push, style: .fullScreen, width: 390, height: 844, interactive: false,
            tabFrom: 0, tabTo: 0, parameters: [.nan])
        #expect(TraceLineEncoder.line(.session(session)) == nil)
        var matched = session
        matched.parameters = []
        matched.matchedElements = [MatchedElement(id: "m", fromFrame: Rect(x: 0, y: 0, width: 1, height: 1), toFrame: Rect(x: 0, y: 0, width: 2, height: 2))]
        #expect(TraceLineEncoder.line(.session(matched)) == nil)
        matched.matchedElements = nil
        #expect(TraceLineEncoder.line(.session(matched)) != nil)
    }
}

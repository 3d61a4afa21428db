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
        .session(TraceSession(
            id: 7, path: "/p.so", animator: "hero-zoom", operation: .push, style: .fullScreen, width: 320, height: 568,
            interactive: false, tabFrom: 0, tabTo: 1, parameters: [0.35, 0.1],
            matchedElements: [
                MatchedElement(
                    id: "card", fromFrame: Rect(x: 16, y: 142.5, width: 288, height: 85), toFrame: Rect(x: 0, y: 0, width: 320, height: 227),
                    fromView: ViewID(2), toView: ViewID(3)),
                MatchedElement(id: "a.b-c_d", fromFrame: Rect(x: -1e-9, y: 0, width: 1, height: 1), toFrame: Rect(x: 0, y: 0, width: 2, height: 2)),
            ])),
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
        matched.matchedElements = [MatchedElement(id: "m", fromFrame: Rect(x: 0, y: .nan, width: 1, height: 1), toFrame: Rect(x: 0, y: 0, width: 2, height: 2))]
        #expect(TraceLineEncoder.line(.session(matched)) == nil)
        matched.matchedElements = nil
        #expect(TraceLineEncoder.line(.session(matched)) != nil)
    }

    /// One encoder writes many lines: the numbers it remembers (many sharing a slot of its
    /// table) read back as they were, and a line longer than its buffer grows it.
    @Test func oneEncoderWritesEveryLineAsAFreshOneDoes() throws {
        var encoder = TraceLineEncoder(capacity: 64)
        var generator = SystemRandomNumberGenerator()
        let values = (0...240).map { Double($0) / 240 } + (0..<3000).map { _ in Double.random(in: -1e6...1e6, using: &generator) }
        for round in 0..<2 {
            for value in values {
                let event = TraceEvent.call(name: "step", progress: value, finished: nil)
                let line = try #require(encoder.withLine(event) { Array($0) })
                #expect(line == TraceLineEncoder.line(event), "round \(round), \(value)")
                let decoded = try JSONDecoder().decode(TraceEvent.self, from: Data(line.dropLast()))
                #expect(decoded == event)
            }
        }
        let long = TraceEvent.host(name: "log", arguments: (0..<100).map { Double($0) + 0.5 }, result: String(repeating: "\u{01}", count: 500))
        let line = try #require(encoder.withLine(long) { Array($0) })
        #expect(try JSONDecoder().decode(TraceEvent.self, from: Data(line.dropLast())) == long)
    }
}

extension TraceLineEncoder {
    /// The line a fresh encoder writes for `event`, ending in a newline; nil for events it leaves
    /// to JSONEncoder.
    static func line(_ event: TraceEvent) -> [UInt8]? {
        var encoder = TraceLineEncoder()
        return encoder.withLine(event) { Array($0) }
    }
}

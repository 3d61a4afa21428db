import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The embedding guide's example runs: a push drawn frame by frame from the app's loop ends with
/// the pushed screen on top, and an interactive pop finishes on a forward flick and cancels on a
/// backward one.
@Suite struct EmbeddingExampleTests {
    static let transitions = Array("""
        { "version": 1, "rules": [
            { "operation": "push", "animator": "slide", "parameters": { "duration": 0.35 } },
            { "operation": "pop", "interactive": true, "animator": "slide", "parameters": { "duration": 0.4 } }
        ] }
        """.utf8)

    @Test func pushFrameByFrameThenInteractivePops() throws {
        let app = try EmbeddingExample(transitionsFile: Self.transitions, builtInDirectory: TestEnvironment.productsDirectory)
        var progresses: [Double] = []
        let push = try app.push("detail") { progresses.append($0.progress) }.finished
        #expect(push)
        #expect(progresses.count == 22, "0.35 s at 60 Hz is 21 ticks and the final frame")
        #expect(progresses.first == 0 && progresses.last == 1)
        #expect(zip(progresses, progresses.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(app.navigation.stack.screens == ["home", "detail"])

        let drags = [(0.1, 0.2), (0.2, 0.45), (0.3, 0.6)]
        // A flick back faster than the standard 1000 pt/s (2.6 widths a second) cancels past half way.
        let cancelled = try app.interactivePop(drags: drags, velocity: -4) { _ in }.finished
        #expect(cancelled == false)
        #expect(app.navigation.stack.screens == ["home", "detail"])

        var last = 0.0
        let popped = try app.interactivePop(drags: drags, velocity: 4) { last = $0.progress }.finished
        #expect(popped && last == 1)
        #expect(app.navigation.stack.screens == ["home"])
    }
}

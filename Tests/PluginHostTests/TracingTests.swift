import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The validator's traced path: entry points through libffi, every call recorded.
@Suite struct TracingTests {
    static let library = try? PluginLibrary.load(path: TestEnvironment.builtinPlugin)

    @Test(arguments: (library?.animators ?? []).map(\.id))
    func ffiCallsGiveTheSameStatesAsDirectCalls(_ id: String) throws {
        let animator = try #require(Self.library?.animator(id))
        let traceFile = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("trace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: traceFile) }
        let tracer = try #require(CallTracer(path: traceFile))
        for scenario in Scenario.all(for: animator.description) {
            let context = try #require(scenario.context(container: Rect(x: 0, y: 0, width: 320, height: 640)))
            let progresses = SampledTransition.evenProgresses(31)
            let direct = animator.begin(context), traced = animator.begin(context, tracer: tracer)
            #expect(direct.duration() == traced.duration())
            try direct.setup()
            try traced.setup()
            #expect(direct.container == traced.container)
            for p in progresses { #expect(direct.step(p) == traced.step(p), "\(scenario) at \(p)") }
            #expect(direct.complete(finished: false) == traced.complete(finished: false))
        }
        let events = try CallTracer.read(path: traceFile)
        let steps = events.filter { if case .call("step", _, _) = $0 { true } else { false } }
        #expect(steps.count == 31 * Scenario.all(for: animator.description).count)
        // The host's view services appear in the trace: an animator with a screen to place
        // shows it placed. A custom dismissal with no screen beneath and no view of its own
        // calls none.
        let placesAScreen = Scenario.all(for: animator.description).contains {
            $0.context(container: Rect(x: 0, y: 0, width: 320, height: 640))?.toView != nil
        }
        if placesAScreen {
            #expect(events.contains { if case .host("add_view", _, _) = $0 { true } else if case .host("insert_view_below", _, _) = $0 { true } else { false } })
        }
    }

    @Test func summaryFoldsStepsAndShowsHostCalls() throws {
        let wipe = try PluginLibrary.load(path: try FixturePlugins.path("third_party_wipe"))
        let curtain = try #require(wipe.animator("curtain"))
        let traceFile = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("trace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: traceFile) }
        let tracer = try #require(CallTracer(path: traceFile))
        let session = curtain.begin(try TransitionContext(operation: .push, containerBounds: Rect(x: 0, y: 0, width: 390, height: 844)), tracer: tracer)
        try session.setup()
        for p in [0.0, 0.25, 0.5] { _ = session.step(p) }
        session.complete(finished: false)
        let summary = CallTracer.summary(path: traceFile, calls: 20)
        #expect(summary.first?.hasPrefix("curtain push") == true)
        #expect(summary.contains("setup()"))
        #expect(summary.contains { $0.contains("plugin → make_view") })
        #expect(summary.contains { $0.contains("plugin → remove_view") })
        #expect(summary.contains("step ×3 (0 … 0.5)"))
        #expect(summary.contains("completion(cancelled)"))
    }

    @Test func unreadableTraceIsAClearError() throws {
        let file = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("bad-\(UUID().uuidString).trace").path
        try "not json\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: TraceError.self) { try CallTracer.read(path: file) }
    }
}

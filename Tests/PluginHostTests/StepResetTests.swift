import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionABI
import TransitionCore

/// The host's reset of every view to its base state before each step, at every view count: one
/// copy of the bases for few views, the wide reset (frames and colours over a resting state) for
/// many, across the sizes where the state buffers grow.
@Suite struct StepResetTests {
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    func manyViews() throws -> Animator {
        try #require(try PluginLibrary.load(path: try FixturePlugins.path("many_views")).animator("many-views"))
    }

    /// The base state the fixture gives its made view `i`, computed here rather than read back.
    func expectedBase(ofMadeView i: Int) -> ViewState {
        let d = Double(i)
        return ViewState(
            frame: Rect(x: d, y: 2 * d, width: 10 + d, height: 20 + d),
            color: Color(red: d / 4096, green: 1 - d / 4096, blue: 0.25, alpha: 0.5))
    }

    /// Every field of a C state, as bytes (the padding after `hidden` left out).
    func fields(_ s: tc_view_state_t) -> [UInt8] {
        let hiddenEnd = MemoryLayout<tc_view_state_t>.offset(of: \.hidden)! + 1
        let colorStart = MemoryLayout<tc_view_state_t>.offset(of: \.color)!
        return withUnsafeBytes(of: s) { Array($0[0..<hiddenEnd]) + Array($0[colorStart...]) }
    }

    // Made-view counts on both sides of the wide reset's threshold (128 views with the two
    // screens) and of the buffers' growth (8, 16, ... 2048 slots, one kept for the guard).
    @Test(arguments: [1, 5, 6, 7, 125, 126, 127, 254, 1022, 1200])
    func aStepThatWritesNothingShowsEveryBase(made: Int) throws {
        let context = try TransitionContext(operation: .push, containerBounds: bounds)
        let session = try manyViews().begin(context, parameters: [Double(made)])
        try session.setup()
        defer { session.complete(finished: true) }
        #expect(session.viewCount == made + 2)
        let bases = session.baseStates

        let written = Array(session.stepInPlace(0.25))
        #expect(written.count == made + 2)
        #expect(written.allSatisfy { $0.hidden && $0.alpha == 0.125 }, "the fixture wrote every view")
        #expect(written.indices.allSatisfy { fields(written[$0]) != fields(bases[$0]) })

        for progress in [0.75, 0.5, 1] {
            let reset = Array(session.stepInPlace(progress))
            let mismatched = reset.indices.filter { fields(reset[$0]) != fields(bases[$0]) }
            #expect(mismatched.isEmpty, "views back at their base state after a step at \(progress)")
            _ = session.stepInPlace(0.1)
        }

        let reset = session.stepInPlace(0.75)
        #expect(ViewState(reset[0], madeByAnimator: false) == context.baseState(of: context.fromView!))
        #expect(ViewState(reset[1], madeByAnimator: false) == context.baseState(of: context.toView!))
        for i in 0..<made {
            #expect(ViewState(reset[i + 2], madeByAnimator: true) == expectedBase(ofMadeView: i))
        }
    }

    /// The traced step (through libffi, with the guard slot after the views) and the direct step
    /// give the same states at every count, and a plugin that stays inside its views is never
    /// reported for writing past them.
    @Test(arguments: [6, 126, 127, 1200])
    func tracedAndDirectStepsAgree(made: Int) throws {
        let context = try TransitionContext(operation: .push, containerBounds: bounds)
        let animator = try manyViews()
        let traceFile = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("trace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: traceFile) }
        let tracer = try #require(CallTracer(path: traceFile))
        let traced = animator.begin(context, parameters: [Double(made)], tracer: tracer)
        let direct = animator.begin(context, parameters: [Double(made)])
        try traced.setup()
        try direct.setup()
        for progress in [0.25, 0.75, 0.3, 0.9] {
            let a = Array(traced.stepInPlace(progress)), b = Array(direct.stepInPlace(progress))
            #expect(a.indices.allSatisfy { fields(a[$0]) == fields(b[$0]) }, "at \(progress)")
        }
        traced.complete(finished: true)
        direct.complete(finished: true)
        #expect(traced.misbehaviours.isEmpty, "\(traced.misbehaviours)")
    }
}

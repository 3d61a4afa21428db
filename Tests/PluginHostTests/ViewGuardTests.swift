import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionABI
import TransitionCore

/// The guard after a step's views, in this process: drawn at random for each session, its
/// complement at every other step, so a plugin that writes past its views is caught whatever
/// byte it writes, including the 0xA5 the guard was once made of.
@Suite struct ViewGuardTests {
    let context: TransitionContext

    init() throws {
        context = try TransitionContext(operation: .push, containerBounds: ContainerSize.phonePortrait.bounds)
    }

    func animator(_ fixture: String) throws -> Animator {
        let id = fixture.replacingOccurrences(of: "_", with: "-")
        return try #require(try PluginLibrary.load(path: try FixturePlugins.path(fixture)).animator(id))
    }

    /// The bytes of the slot after the views of the last step.
    func guardSlot(_ states: UnsafeBufferPointer<tc_view_state_t>) -> [UInt8] {
        let slot = UnsafeRawPointer(states.baseAddress! + states.count)
        return Array(UnsafeRawBufferPointer(start: slot, count: MemoryLayout<tc_view_state_t>.stride))
    }

    func tracer() throws -> (CallTracer, String) {
        let path = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("guard-\(UUID().uuidString).trace").path
        return (try #require(CallTracer(path: path)), path)
    }

    @Test(arguments: ["writes_past_views", "writes_guard_byte"])
    func aSampledRunThatWritesPastItsViewsGivesNoStates(_ fixture: String) throws {
        let animator = try animator(fixture)
        #expect(throws: PluginValueError.self) { _ = try animator.run(context, progresses: [0, 0.5, 1]) }
        do {
            _ = try animator.run(context, progresses: [0, 0.5, 1])
        } catch let error as PluginValueError {
            #expect(error.call == "step")
            #expect(error.problem == "wrote past the end of the 2 view states it was given; write only views[0] to views[view_count - 1]")
        }
    }

    @Test(arguments: ["writes_past_views", "writes_guard_byte"])
    func theInProcessValidatorFailsLifecycle(_ fixture: String) throws {
        let result = ContractSuite().run(.lifecycle, on: try animator(fixture))
        #expect(result.status == .fail)
        #expect(result.details.contains { $0.contains("step: wrote past the end of the 2 view states it was given") }, "\(result.details)")
    }

    @Test(arguments: ["writes_past_views", "writes_guard_byte"])
    func aTracedStepThatWritesPastItsViewsIsRecordedAtEveryStep(_ fixture: String) throws {
        let (tracer, path) = try tracer()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try animator(fixture).begin(context, tracer: tracer)
        try session.setup()
        for progress in [0.25, 0.5, 0.75] { _ = session.stepInPlace(progress) }
        session.complete(finished: true)
        #expect(session.misbehaviours.filter { $0.kind == .pastViews }.count == 3, "\(session.misbehaviours)")
    }

    @Test func theGuardDiffersBetweenSessionsAndFlipsToItsComplementEveryStep() throws {
        let wipe = try #require(try PluginLibrary.load(path: try FixturePlugins.path("third_party_wipe")).animators.first)
        var firsts: [[UInt8]] = []
        for _ in 0..<2 {
            let (tracer, path) = try tracer()
            defer { try? FileManager.default.removeItem(atPath: path) }
            let session = wipe.begin(context, tracer: tracer)
            try session.setup()
            let first = guardSlot(session.stepInPlace(0.25))
            let second = guardSlot(session.stepInPlace(0.5))
            let third = guardSlot(session.stepInPlace(0.75))
            session.complete(finished: true)
            #expect(session.misbehaviours.isEmpty, "\(session.misbehaviours)")
            #expect(zip(first, second).allSatisfy { $0 == ~$1 }, "every byte of one step's guard is the complement of the last one's")
            #expect(first == third)
            #expect(Set(first).count > 1, "the guard is not one repeated byte")
            firsts.append(first)
        }
        #expect(firsts[0] != firsts[1], "each session draws its own guard")
    }
}

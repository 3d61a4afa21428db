import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Scrub, finish, cancel and interrupt sequences for every built-in animator and every scenario
/// it supports: no jumps, exact endpoints, UIKit's hierarchy after completion.
@Suite struct InteractiveRunTests {
    static let library: PluginLibrary? = try? PluginLibrary.load(path: TestEnvironment.builtinPlugin)

    static let gestures = [
        "scrub 0.4 @0.1; scrub 0.7 @0.2; finish @0.25",
        "scrub 0.6 @0.1; scrub 0.3 @0.2; cancel @0.25",
        "scrub 0.6 @0.1; release v=1 @0.15; grab @0.2; scrub 0.5 @0.3; release v=-3 @0.35; grab @0.37; release v=0 @0.4",
        "scrub 0.8 @0.1; release v=-4 @0.12; grab @0.14; scrub 0.9 @0.2; release v=5 @0.21; grab @0.2101; finish @0.22",
    ]

    static let cases: [String] = (library?.animators ?? []).flatMap { animator in
        Scenario.all(for: animator.description).flatMap { scenario in
            gestures.indices.map { "\(animator.id)|\(scenario)|\($0)" }
        }
    }

    @Test func everyBuiltInHasCases() {
        #expect(Self.cases.count >= 8 * 4 * 2)
    }

    @Test(arguments: cases)
    func gestureRunsCleanly(_ name: String) throws {
        let parts = name.split(separator: "|").map(String.init)
        let library = try #require(Self.library)
        let animator = try #require(library.animator(parts[0]))
        let scenario = try #require(Scenario.all(for: animator.description).first { $0.description == parts[1] })
        let script = Self.gestures[Int(parts[2])!]
        let base = try #require(scenario.context(container: HostFixtures.bounds))
        let context = try TransitionContext(
            operation: base.operation, style: base.style, containerBounds: base.containerBounds, interactive: true,
            tabFromIndex: base.tabFromIndex, tabToIndex: base.tabToIndex)
        let run = try TransitionRun(ResolvedAnimator(animator: animator), context: context)
        let controller = try InteractionScenario(parsing: script).controller(duration: run.duration)
        let played = try TransitionPlayer.play(run, controller: controller, title: name, framesPerSecond: 120)

        // No jump: progress moves at most as fast as the fastest motion of the gesture allows.
        let entries = played.timeline.entries
        #expect(entries.first?.frame.progress == 0)
        for (a, b) in zip(entries, entries.dropFirst()) {
            #expect(b.time > a.time)
            let rate = abs(b.frame.progress - a.frame.progress) / (b.time - a.time)
            #expect(rate < 1000, "a jump of \(b.frame.progress - a.frame.progress) at \(b.time) s")
        }

        // The first grabbed frame equals the last animated one (rendered by a second, untouched run).
        let probe = try TransitionRun(ResolvedAnimator(animator: animator), context: context)
        try probe.setup()
        defer { probe.complete(finished: false) }
        for event in controller.events where event.kind == .pause {
            let uninterrupted = try #require(Self.prefix(controller, before: event.time, duration: run.duration))
            let animated = uninterrupted.progress(at: event.time)
            let grabbed = try #require(entries.first { $0.time == event.time })
            #expect(grabbed.frame.progress == animated)
            #expect(grabbed.frame == probe.frame(at: animated))
        }

        // Exact endpoints and UIKit's hierarchy.
        let last = try #require(entries.last)
        let finished = played.finished
        #expect(last.frame.progress == (finished ? 1 : 0))
        #expect(played.phases.last == (finished ? .finished : .cancelled))
        if finished, let to = context.toView {
            let state = try #require(last.frame[to]?.state)
            #expect(state.frame == context.toFinalFrame && state.alpha == 1 && state.transform.isIdentity())
            #expect(!state.hidden || Self.standsIn(for: to, at: context.toFinalFrame, in: last.frame), "hidden with no snapshots in its place")
        }
        if !finished, let from = context.fromView {
            let state = try #require(last.frame[from]?.state)
            #expect(state.frame == context.fromInitialFrame && state.alpha == 1 && state.transform.isIdentity())
            #expect(!state.hidden || Self.standsIn(for: from, at: context.fromInitialFrame, in: last.frame), "hidden with no snapshots in its place")
        }
        #expect(played.completion.container == context.settledContainer(finished: finished))
        #expect(played.completion.leakedViews.isEmpty)
        #expect(played.misbehaviours.isEmpty, "\(played.misbehaviours)")
    }

    /// True when snapshots of `screen`, drawn unscaled and opaque exactly where their part of it
    /// is at `frame`, cover all of it: the hand-over rule lets them stand in for a hidden screen.
    static func standsIn(for screen: ViewID, at frame: Rect, in sampled: TransitionFrame) -> Bool {
        let pieces = sampled.drawnViews.compactMap { view -> Rect? in
            guard let content = view.state.content, content.source == screen, view.state.alpha == 1,
                let box = view.state.projectedBounds(camera: sampled.camera),
                box.distance(to: content.rect.offsetBy(dx: frame.x, dy: frame.y)) < 1e-6
            else { return nil }
            return box
        }
        let steps = 16
        return (0..<steps).allSatisfy { i in
            (0..<steps).allSatisfy { j in
                let x = frame.x + (Double(i) + 0.5) * frame.width / Double(steps), y = frame.y + (Double(j) + 0.5) * frame.height / Double(steps)
                return pieces.contains { x >= $0.x && x <= $0.maxX && y >= $0.y && y <= $0.maxY }
            }
        }
    }

    /// The controller replayed with the events before `time` only, so the animation under way then runs on.
    static func prefix(_ controller: InteractionController, before time: Double, duration: Double) -> InteractionController? {
        var c = InteractionController(duration: duration, completionSpeed: controller.completionSpeed, completionCurve: controller.completionCurve)
        for e in controller.events where e.time < time {
            switch e.kind {
            case .update(let f): try? c.update(f, at: e.time)
            case .pause: try? c.pause(at: e.time)
            case .finish: try? c.finish(at: e.time)
            case .cancel: try? c.cancel(at: e.time)
            case .release(_, let finishes): if finishes { try? c.finish(at: e.time) } else { try? c.cancel(at: e.time) }
            }
        }
        return c
    }

    @Test func theDoneCriterionInteractivePopWithSlide() throws {
        let library = try #require(Self.library)
        let slide = try #require(library.animator("slide"))
        let context = try TransitionContext(operation: .pop, containerBounds: HostFixtures.bounds, interactive: true)
        let run = try TransitionRun(ResolvedAnimator(animator: slide), context: context)
        let scenario = try InteractionScenario(parsing: "scrub 0.3 @0.2; scrub 0.6 @0.5; release v=0.2 @0.6; grab @0.7; scrub 0.4 @0.9; release v=-1 @1.0")
        let controller = try scenario.controller(duration: run.duration)
        let played = try TransitionPlayer.play(run, controller: controller, title: "pop slide", framesPerSecond: 60)
        #expect(!played.finished)
        #expect(played.phases.contains(.finishing) && played.phases.contains(.cancelling))
        let from = try #require(context.fromView)
        let xs = played.timeline.entries.compactMap { $0.frame[from]?.state.frame.x }
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(abs(b - a) < 60, "the leaving screen jumped from \(a) to \(b)") }
        #expect(xs.last == 0)
        #expect(played.completion.container == [from])
    }
}

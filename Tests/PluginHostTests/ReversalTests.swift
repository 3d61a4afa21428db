import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Serving an operation with the reverse operation's animation played backwards.
@Suite struct ReversalTests {
    @Test func reversibleAnimatorWithoutPopServesPopBackwards() throws {
        let catalog = try HostFixtures.catalog()
        let resolved = try ResolvedAnimator.resolve(AnimatorChoice(animatorID: "cover-push"), for: .pop, style: .fullScreen, in: catalog)
        #expect(resolved.reversal == .automatic)
        #expect(resolved.animator.description.operations == [.push] && resolved.animator.description.reversible)

        let popContext = try TransitionContext(operation: .pop, containerBounds: HostFixtures.bounds, interactive: true)
        let pushContext = try TransitionContext(operation: .push, containerBounds: HostFixtures.bounds)
        let pop = try TransitionRun(resolved, context: popContext)
        #expect(pop.animatorContext.operation == .push)
        try pop.setup()
        let push = try #require(catalog.animator("cover-push")).begin(pushContext)
        try push.setup()
        for p in [0.0, 0.1, 0.37, 0.5, 0.8, 1.0] {
            let back = pop.frame(at: p), forth = push.step(1 - p)
            #expect(back.progress == p)
            // The pop's leaving screen is the push's arriving one, at progress 1 - p.
            #expect(back[popContext.fromView!]?.state == forth[pushContext.toView!]?.state)
            #expect(back[popContext.fromView!]?.role == .from)
            #expect(back[popContext.toView!]?.state == forth[pushContext.fromView!]?.state)
            #expect(back[popContext.toView!]?.role == .to)
            #expect(back.drawOrder.last?.id == popContext.fromView, "the leaving screen stays on top")
        }
        push.complete(finished: false)
        let report = pop.complete(finished: true)
        #expect(report.finished)
        #expect(report.container == [popContext.toView!], "a finished pop keeps the screen below")
        #expect(report.leakedViews.isEmpty)
    }

    @Test(arguments: [true, false])
    func reversedCompletionSettlesTheServedOperation(finished: Bool) throws {
        let catalog = try HostFixtures.catalog()
        let resolved = try ResolvedAnimator.resolve(AnimatorChoice(animatorID: "cover-push"), for: .pop, style: .fullScreen, in: catalog)
        let context = try TransitionContext(operation: .pop, containerBounds: HostFixtures.bounds)
        let run = try TransitionRun(resolved, context: context)
        try run.setup()
        let end = run.frame(at: finished ? 1 : 0)
        #expect(end[context.fromView!]?.state.frame.x == (finished ? 390 : 0))
        let report = run.complete(finished: finished)
        #expect(report.container == context.settledContainer(finished: finished))
        #expect(run.session.misbehaviours.isEmpty)
    }

    @Test func sourceMayNameTheReverseExplicitly() throws {
        let catalog = try HostFixtures.catalog()
        let file = try TransitionsSourceFile(
            json: #"{"version": 1, "rules": [{"operation": "pop", "animator": "slide", "reversed": true}]}"#,
            fileName: "t.json", catalog: catalog.animators.map(\.description))
        let choice = try #require(file.animator(for: TransitionRequest(operation: .pop)))
        let resolved = try ResolvedAnimator.resolve(choice, for: .pop, style: .fullScreen, in: catalog)
        #expect(resolved.reversal == .requested)
        let context = try TransitionContext(operation: .pop, containerBounds: HostFixtures.bounds)
        let run = try TransitionRun(resolved, context: context)
        #expect(run.animatorContext.operation == .push)
        try run.setup()
        #expect(run.frame(at: 0)[context.fromView!]?.state.frame.x == 0)
        #expect(run.frame(at: 1)[context.toView!]?.state.frame.x == 0)
        #expect(run.complete(finished: true).container == [context.toView!])
    }

    @Test func customDismissServedByAPresentBackwards() throws {
        let catalog = try HostFixtures.catalog()
        let choice = AnimatorChoice(animatorID: "fade", reversed: true)
        let resolved = try ResolvedAnimator.resolve(choice, for: .dismiss, style: .custom, in: catalog)
        let context = try TransitionContext(operation: .dismiss, style: .custom, containerBounds: HostFixtures.bounds)
        let run = try TransitionRun(resolved, context: context)
        #expect(run.animatorContext.operation == .present && run.animatorContext.toView != nil)
        try run.setup()
        let start = run.frame(at: 0)
        #expect(start[context.fromView!]?.role == .from)
        #expect(start[context.fromView!]?.state.frame == context.fromInitialFrame)
        #expect(run.frame(at: 1)[context.fromView!]?.state.alpha == 0)
        #expect(run.complete(finished: true).container.isEmpty, "a custom dismiss never adds the presenting view")
    }

    @Test func tabServedBackwardsSwapsTheIndexes() throws {
        let catalog = try HostFixtures.catalog()
        let resolved = try ResolvedAnimator.resolve(AnimatorChoice(animatorID: "slide", reversed: true), for: .tab, style: .fullScreen, in: catalog)
        let context = try TransitionContext(operation: .tab, containerBounds: HostFixtures.bounds, tabFromIndex: 0, tabToIndex: 2)
        let run = try TransitionRun(resolved, context: context)
        #expect(run.animatorContext.tabFromIndex == 2 && run.animatorContext.tabToIndex == 0)
        try run.setup()
        #expect(run.complete(finished: false).container == [context.fromView!])
    }

    @Test func refusesWhatCannotBeServed() throws {
        let catalog = try HostFixtures.catalog()
        #expect(throws: ResolvedAnimator.Error.self) {
            try ResolvedAnimator.resolve(AnimatorChoice(animatorID: "dimmed-sheet"), for: .tab, style: .fullScreen, in: catalog)
        }
        #expect(throws: ResolvedAnimator.Error.self) {
            try ResolvedAnimator.resolve(AnimatorChoice(animatorID: "cover-push"), for: .present, style: .fullScreen, in: catalog)
        }
        #expect(throws: ResolvedAnimator.Error.self) {
            try ResolvedAnimator.resolve(AnimatorChoice(animatorID: "cover-vertical"), for: .present, style: .custom, in: catalog)
        }
        do {
            _ = try ResolvedAnimator.resolve(AnimatorChoice(animatorID: "slidee"), for: .push, style: .fullScreen, in: catalog)
            Issue.record("resolved an unknown animator")
        } catch {
            #expect(error.description.contains("did you mean 'slide'?"))
        }
    }
}

import Testing
import TransitionCore

@Suite struct PresentationControllerTests {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    @Test func framesFollowTheLayout() {
        #expect(PresentationController().presentedFrame(in: Self.bounds) == PresentationLayout.defaultPresentedFrame(in: Self.bounds))
        #expect(PresentationController(layout: .sheet(heightFraction: 0.5)).presentedFrame(in: Self.bounds) == Rect(x: 0, y: 422, width: 390, height: 422))
        let fixed = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(PresentationController(layout: .frame(fixed)).presentedFrame(in: Self.bounds) == fixed)
    }

    @Test(arguments: [true, false])
    func presentHooksAndDimming(completed: Bool) throws {
        var p = PresentationController()
        #expect(!p.hasDimmingView)
        try p.willBegin(.present)
        #expect(p.state == .presenting && p.hasDimmingView)
        #expect(p.dimmingAlpha(atProgress: 0) == 0)
        #expect(p.dimmingAlpha(atProgress: 0.25) == 0.25)
        #expect(p.dimmingAlpha(atProgress: 1) == 1)
        #expect(p.dimmingState(in: Self.bounds, atProgress: 0.5)?.frame == Self.bounds)
        try p.didEnd(completed: completed)
        #expect(p.state == (completed ? .presented : .dismissed))
        #expect(p.hasDimmingView == completed, "the dimming stays after a finished present, leaves after a cancelled one")
        #expect(p.events == [.presentationWillBegin, .presentationDidEnd(completed: completed)])
    }

    @Test(arguments: [true, false])
    func dismissHooksAndDimming(completed: Bool) throws {
        var p = PresentationController()
        try p.willBegin(.present)
        try p.didEnd(completed: true)
        #expect(p.dimmingAlpha(atProgress: 0.3) == 1, "full at rest")
        try p.willBegin(.dismiss)
        #expect(p.dimmingAlpha(atProgress: 0) == 1)
        #expect(abs(p.dimmingAlpha(atProgress: 0.75) - 0.25) < 1e-12)
        #expect(p.dimmingAlpha(atProgress: 1) == 0)
        try p.didEnd(completed: completed)
        #expect(p.state == (completed ? .dismissed : .presented))
        #expect(p.hasDimmingView == !completed)
        #expect(p.events.suffix(2) == [.dismissalWillBegin, .dismissalDidEnd(completed: completed)])
    }

    @Test func refusesHooksOutOfOrder() throws {
        var p = PresentationController()
        #expect(throws: PresentationController.Error.self) { try p.willBegin(.dismiss) }
        #expect(throws: PresentationController.Error.self) { try p.didEnd(completed: true) }
        #expect(throws: PresentationController.Error.self) { try p.willBegin(.push) }
        try p.willBegin(.present)
        #expect(throws: PresentationController.Error.self) { try p.willBegin(.present) }
    }
}

import Testing
import TransitionCore

@Suite struct TransitionContextTests {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    static let cardFrame = Rect(x: 16, y: 127, width: 358, height: 701)

    /// Every operation with every style it allows.
    static let validCombinations: [(TransitionOperation, PresentationStyle)] = [
        (.push, .fullScreen), (.pop, .fullScreen), (.tab, .fullScreen),
        (.present, .fullScreen), (.present, .custom), (.dismiss, .fullScreen), (.dismiss, .custom),
    ]

    @Test(arguments: [
        (TransitionOperation.push, PresentationStyle.fullScreen), (.pop, .fullScreen), (.tab, .fullScreen),
        (.present, .fullScreen), (.dismiss, .fullScreen),
    ])
    func bothScreensInTheContainer(operation: TransitionOperation, style: PresentationStyle) throws {
        let context = try TransitionContext(operation: operation, style: style, containerBounds: Self.bounds)
        #expect(context.fromView == ViewID(0))
        #expect(context.toView == ViewID(1))
        #expect(context.initialContainer == [ViewID(0)])
        #expect(context.requiresToViewInContainer)
        #expect(context.fromInitialFrame == Self.bounds)
        #expect(context.toFinalFrame == Self.bounds)
        #expect(context.fromFinalFrame == .zero)
        #expect(context.toInitialFrame == .zero)
        #expect(context.role(of: ViewID(0)) == .from)
        #expect(context.role(of: ViewID(1)) == .to)
        #expect(context.baseState(of: ViewID(1)) == ViewState(frame: Self.bounds))
    }

    @Test func customPresentHasNoFromView() throws {
        let context = try TransitionContext(operation: .present, style: .custom, containerBounds: Self.bounds)
        #expect(context.fromView == nil)
        #expect(context.toView == ViewID(0))
        #expect(context.initialContainer.isEmpty)
        #expect(context.requiresToViewInContainer)
        #expect(context.toFinalFrame == Self.cardFrame)
        #expect(context.fromInitialFrame == .zero)
        #expect(context.role(of: ViewID(0)) == .to)
        #expect(context.role(of: ViewID(1)) == nil)
        #expect(context.baseState(of: ViewID(0))?.frame == Self.cardFrame)
    }

    @Test func customDismissHasNoToView() throws {
        let context = try TransitionContext(operation: .dismiss, style: .custom, containerBounds: Self.bounds)
        #expect(context.fromView == ViewID(0))
        #expect(context.toView == nil)
        #expect(context.initialContainer == [ViewID(0)])
        #expect(!context.requiresToViewInContainer)
        #expect(context.fromInitialFrame == Self.cardFrame)
        #expect(context.toFinalFrame == .zero)
        #expect(context.baseState(of: ViewID(1)) == nil)
    }

    @Test func givenPresentedFrameIsUsed() throws {
        let card = Rect(x: 0, y: 400, width: 390, height: 444)
        let present = try TransitionContext(operation: .present, style: .custom, containerBounds: Self.bounds, presentedFrame: card)
        #expect(present.toFinalFrame == card)
        let dismiss = try TransitionContext(operation: .dismiss, style: .custom, containerBounds: Self.bounds, presentedFrame: card)
        #expect(dismiss.fromInitialFrame == card)
    }

    @Test func defaultPresentedFrame() {
        #expect(PresentationLayout.defaultPresentedFrame(in: Self.bounds) == Self.cardFrame)
        let small = PresentationLayout.defaultPresentedFrame(in: Rect(x: 10, y: 20, width: 80, height: 100))
        #expect(small == Rect(x: 20, y: 35, width: 60, height: 75))
    }

    @Test(arguments: [TransitionOperation.push, .pop, .tab])
    func customStyleIsRefusedOutsidePresentAndDismiss(operation: TransitionOperation) {
        let error = #expect(throws: TransitionContext.Error.self) {
            try TransitionContext(operation: operation, style: .custom, containerBounds: Self.bounds)
        }
        #expect(error?.description.contains("present and dismiss only") == true)
        #expect(error?.description.contains(operation.name) == true)
    }

    @Test(arguments: [
        Rect.zero, Rect(x: 0, y: 0, width: 390, height: 0), Rect(x: 0, y: 0, width: -1, height: 844),
        Rect(x: 0, y: 0, width: .infinity, height: 844), Rect(x: .nan, y: 0, width: 390, height: 844),
    ])
    func containerWithoutAreaIsRefused(bounds: Rect) {
        let error = #expect(throws: TransitionContext.Error.self) {
            try TransitionContext(operation: .push, containerBounds: bounds)
        }
        #expect(error?.description.contains("positive, finite size") == true)
    }

    @Test func tabToTheSameIndexIsRefused() {
        let error = #expect(throws: TransitionContext.Error.self) {
            try TransitionContext(operation: .tab, containerBounds: Self.bounds, tabFromIndex: 2, tabToIndex: 2)
        }
        #expect(error?.description.contains("both are 2") == true)
        #expect(throws: Never.self) {
            try TransitionContext(operation: .push, containerBounds: Self.bounds, tabFromIndex: 2, tabToIndex: 2)
        }
    }

    @Test(arguments: [(0, 2, true), (2, 0, false), (1, 2, true), (3, 1, false)])
    func tabDirectionFollowsTheIndexes(from: Int, to: Int, presenting: Bool) throws {
        let context = try TransitionContext(operation: .tab, containerBounds: Self.bounds, tabFromIndex: from, tabToIndex: to)
        #expect(context.isPresentingDirection == presenting)
        #expect(context.tabFromIndex == from)
        #expect(context.tabToIndex == to)
    }

    @Test(arguments: [
        (TransitionOperation.push, true), (.pop, false), (.present, true), (.dismiss, false),
    ])
    func presentingDirectionOfOtherOperations(operation: TransitionOperation, presenting: Bool) throws {
        let context = try TransitionContext(operation: operation, containerBounds: Self.bounds)
        #expect(context.isPresentingDirection == presenting)
    }

    @Test(arguments: validCombinations)
    func settledContainer(operation: TransitionOperation, style: PresentationStyle) throws {
        let context = try TransitionContext(operation: operation, style: style, containerBounds: Self.bounds, interactive: true)
        #expect(context.interactive)
        let finished = context.settledContainer(finished: true)
        let cancelled = context.settledContainer(finished: false)
        switch (operation, style) {
        case (.present, .custom):
            #expect(finished == [ViewID(0)])
            #expect(cancelled == [])
        case (.dismiss, .custom):
            #expect(finished == [])
            #expect(cancelled == [ViewID(0)])
        default:
            #expect(finished == [ViewID(1)])
            #expect(cancelled == [ViewID(0)])
        }
    }
}

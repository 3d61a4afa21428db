import Testing
import TransitionCore

/// The stacks and hierarchies of the pure driver states after every operation, finished or cancelled.
@Suite struct DriverStateTests {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    @Test(arguments: [true, false])
    func push(finished: Bool) throws {
        var nav = NavigationStack(root: "home")
        let t = try nav.planPush("detail")
        #expect(t == PlannedTransition(operation: .push, fromScreen: "home", toScreen: "detail"))
        try nav.begin(t)
        #expect(throws: DriverRefusal.self) { try nav.planPush("other") }
        #expect(throws: DriverRefusal.self) { try nav.planPop() }
        nav.end(finished: finished)
        #expect(nav.screens == (finished ? ["home", "detail"] : ["home"]))
        #expect(nav.container == [finished ? "detail" : "home"])
        #expect(nav.layers(in: Self.bounds) == [ScreenLayer(.screen(finished ? "detail" : "home"), frame: Self.bounds)])
        #expect(nav.running == nil)
    }

    @Test(arguments: [true, false])
    func pop(finished: Bool) throws {
        var nav = NavigationStack(root: "home")
        try nav.begin(try nav.planPush("detail"))
        nav.end(finished: true)
        let t = try nav.planPop()
        #expect(t.fromScreen == "detail" && t.toScreen == "home")
        try nav.begin(t)
        nav.end(finished: finished)
        #expect(nav.screens == (finished ? ["home"] : ["home", "detail"]))
        #expect(nav.container == [finished ? "home" : "detail"])
    }

    @Test func navigationRefusals() throws {
        var nav = NavigationStack(root: "home")
        #expect(throws: DriverRefusal(.nothingToPop, "cannot pop: home is the root of the stack; push a screen first")) { try nav.planPop() }
        #expect { try nav.planPush("home") } throws: { ($0 as? DriverRefusal)?.reason == .alreadyShown }
        #expect { try nav.planPush("") } throws: { ($0 as? DriverRefusal)?.reason == .emptyScreen }
        let stale = try nav.planPush("a")
        try nav.begin(try nav.planPush("b"))
        #expect { try nav.begin(stale) } throws: { ($0 as? DriverRefusal)?.reason == .busy }
        nav.end(finished: true)
        #expect { try nav.begin(stale) } throws: { ($0 as? DriverRefusal)?.reason == .notPlanned }
        #expect(nav.screens == ["home", "b"])
    }

    @Test(arguments: [(0, 2, true), (0, 2, false), (2, 1, true), (2, 1, false)])
    func tab(from: Int, to: Int, finished: Bool) throws {
        var tabs = TabSwitcher(tabs: ["home", "search", "profile"], selectedIndex: from)
        let t = try tabs.planSelect(to)
        #expect(t.tabFromIndex == from && t.tabToIndex == to)
        let context = try t.context(containerBounds: Self.bounds)
        #expect(context.isPresentingDirection == (to > from), "the direction comes from the indexes")
        try tabs.begin(t)
        #expect { try tabs.planSelect(1) } throws: { ($0 as? DriverRefusal)?.reason == .busy }
        tabs.end(finished: finished)
        #expect(tabs.selectedIndex == (finished ? to : from))
        #expect(tabs.container == [tabs.tabs[finished ? to : from]])
    }

    @Test func tabRefusals() throws {
        let tabs = TabSwitcher(tabs: ["a", "b"])
        #expect { try tabs.planSelect(0) } throws: { ($0 as? DriverRefusal)?.reason == .sameTab }
        #expect { try tabs.planSelect(5) } throws: { ($0 as? DriverRefusal)?.reason == .noSuchTab }
    }

    @Test(arguments: [PresentationStyle.fullScreen, .custom], [true, false])
    func present(style: PresentationStyle, finished: Bool) throws {
        var modal = ModalPresenter(presenting: "home")
        let t = try modal.planPresent("compose", style: style)
        try modal.begin(t)
        #expect(modal.runningPresentation?.state == (style == .custom ? .presenting : nil))
        let backdrop = modal.backdrop(in: Self.bounds)
        #expect(backdrop.compactMap(\.screen) == (style == .custom ? ["home"] : []), "custom: the presenting screen stays outside the container")
        modal.end(finished: finished)
        let card = PresentationLayout.defaultPresentedFrame(in: Self.bounds)
        let expected: [ScreenLayer]
        switch (style, finished) {
        case (.fullScreen, true): expected = [ScreenLayer(.screen("compose"), frame: Self.bounds)]
        case (.custom, true):
            expected = [
                ScreenLayer(.screen("home"), frame: Self.bounds),
                ScreenLayer(.dimming(Color(red: 0, green: 0, blue: 0, alpha: 0.5)), frame: Self.bounds),
                ScreenLayer(.screen("compose"), frame: card),
            ]
        default: expected = [ScreenLayer(.screen("home"), frame: Self.bounds)]
        }
        #expect(modal.layers(in: Self.bounds) == expected)
        #expect(modal.presented.map(\.screen) == (finished ? ["compose"] : []))
        if style == .custom {
            #expect(modal.lastPresentation?.events == [.presentationWillBegin, .presentationDidEnd(completed: finished)])
        }
    }

    @Test(arguments: [PresentationStyle.fullScreen, .custom], [true, false])
    func dismiss(style: PresentationStyle, finished: Bool) throws {
        var modal = ModalPresenter(presenting: "home")
        try modal.begin(try modal.planPresent("compose", style: style))
        modal.end(finished: true)
        let before = modal.layers(in: Self.bounds)
        let t = try modal.planDismiss()
        #expect(t == PlannedTransition(operation: .dismiss, fromScreen: "compose", toScreen: "home", style: style))
        try modal.begin(t)
        #expect(modal.backdrop(in: Self.bounds).compactMap(\.screen) == (style == .custom ? ["home"] : []))
        modal.end(finished: finished)
        #expect(modal.layers(in: Self.bounds) == (finished ? [ScreenLayer(.screen("home"), frame: Self.bounds)] : before))
        #expect(modal.isPresenting == !finished)
        if style == .custom {
            #expect(modal.lastPresentation?.events.suffix(2) == [.dismissalWillBegin, .dismissalDidEnd(completed: finished)])
        }
    }

    @Test func stackedPresentationsKeepWhatIsUnder() throws {
        var modal = ModalPresenter(presenting: "home")
        try modal.begin(try modal.planPresent("sheet", style: .custom))
        modal.end(finished: true)
        try modal.begin(try modal.planPresent("full", style: .fullScreen))
        #expect(modal.backdrop(in: Self.bounds).map(\.description) == ["home", "dimming 0.5"], "the sheet itself is the from-view")
        modal.end(finished: true)
        #expect(modal.visibleScreens(in: Self.bounds) == ["full"])
        try modal.begin(try modal.planDismiss())
        modal.end(finished: true)
        #expect(modal.visibleScreens(in: Self.bounds) == ["home", "sheet"])
        #expect { try modal.setPresenting("other") } throws: { ($0 as? DriverRefusal)?.reason == .covered }
        #expect { try modal.planPresent("sheet", style: .custom) } throws: { ($0 as? DriverRefusal)?.reason == .alreadyShown }
    }
}

import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The drivers' stacks and hierarchies after every operation, finished and cancelled, with real plugins.
@Suite struct DriverTests {
    static let bounds = HostFixtures.bounds
    static let card = PresentationLayout.defaultPresentedFrame(in: bounds)

    /// A gesture that ends as asked.
    static func gesture(_ finished: Bool) throws -> InteractionScenario {
        try InteractionScenario(parsing: finished ? "scrub 0.6 @0.05; finish @0.1" : "scrub 0.4 @0.05; cancel @0.1")
    }

    static func screen(_ id: String) -> ScreenLayer { ScreenLayer(.screen(id), frame: bounds) }

    @Test(arguments: [true, false])
    func navigationPushAndPop(finished: Bool) throws {
        let catalog = try HostFixtures.catalog()
        let nav = NavigationDriver(root: "home", director: HostFixtures.director(try HostFixtures.exampleSource(catalog: catalog), catalog: catalog))
        let push = try nav.push("detail", scenario: try Self.gesture(finished))
        #expect(push.animatorID == "org.transitioncatalog.builtins:slide" && push.interactive)
        #expect(push.finished == finished)
        #expect(nav.stack.screens == (finished ? ["home", "detail"] : ["home"]))
        #expect(nav.layers == [Self.screen(finished ? "detail" : "home")])
        #expect(push.settledScreens == nav.stack.container, "the plugin's settled container is the stack's")
        #expect(push.completion?.leakedViews.isEmpty == true)

        if !finished { _ = try nav.push("detail") }
        let pop = try nav.pop(scenario: try Self.gesture(finished))
        #expect(pop.finished == finished)
        #expect(nav.stack.screens == (finished ? ["home"] : ["home", "detail"]))
        #expect(pop.settledScreens == nav.stack.container)
        #expect(pop.duration == 0.4, "the interactive pop rule of the example file")
    }

    @Test(arguments: [(0, 2, true), (0, 2, false), (2, 1, true), (2, 1, false)])
    func tabSwitch(from: Int, to: Int, finished: Bool) throws {
        let catalog = try HostFixtures.catalog()
        let tabs = TabDriver(
            screens: ["home", "search", "profile"], selectedIndex: from,
            director: HostFixtures.director(try HostFixtures.exampleSource(catalog: catalog), catalog: catalog))
        let record = try tabs.select(to, scenario: try Self.gesture(finished))
        #expect(record.animatorID?.hasSuffix(":fade") == true)
        #expect(record.context.isPresentingDirection == (to > from))
        #expect(tabs.tabs.selectedIndex == (finished ? to : from))
        #expect(record.settledScreens == tabs.tabs.container)
        #expect(tabs.layers == [Self.screen(tabs.tabs.selectedScreen)])
    }

    static func fadeDirector(style: PresentationStyle, catalog: PluginCatalog) -> TransitionDirector {
        HostFixtures.director(TableSource(choices: [
            .present: AnimatorChoice(animatorID: "fade", style: style), .dismiss: AnimatorChoice(animatorID: "fade"),
        ]), catalog: catalog)
    }

    @Test(arguments: [PresentationStyle.fullScreen, .custom], [true, false])
    func present(style: PresentationStyle, finished: Bool) throws {
        let catalog = try HostFixtures.catalog()
        let modal = ModalDriver(presenting: "home", director: Self.fadeDirector(style: style, catalog: catalog))
        let record = try modal.present("compose", scenario: try Self.gesture(finished))
        #expect(record.transition.style == style)
        #expect(record.finished == finished)
        let dimming = ScreenLayer(.dimming(Color(red: 0, green: 0, blue: 0, alpha: 0.5)), frame: Self.bounds)
        switch (style, finished) {
        case (.fullScreen, true): #expect(modal.layers == [Self.screen("compose")])
        case (.custom, true): #expect(modal.layers == [Self.screen("home"), dimming, ScreenLayer(.screen("compose"), frame: Self.card)])
        default: #expect(modal.layers == [Self.screen("home")])
        }
        #expect(record.settledScreens == (finished ? ["compose"] : (style == .custom ? [] : ["home"])))
        if style == .custom {
            #expect(record.presentationEvents == [.presentationWillBegin, .presentationDidEnd(completed: finished)])
            // Chrome: the presenting screen under the container, then the dimming alongside the progress.
            for entry in record.timeline.entries {
                let frame = entry.frame
                let presenting = try #require(frame.views.first { $0.role == .from })
                let dim = try #require(frame.views.first { $0.role == .dimming })
                let to = try #require(frame[record.context.toView!])
                #expect(presenting.containerIndex == 0 && dim.containerIndex == 1 && to.containerIndex == 2)
                #expect(abs(dim.state.alpha - frame.progress) < 1e-12)
                #expect(frame.views.filter { $0.role == .dimming }.count == 1)
            }
        } else {
            #expect(record.presentationEvents.isEmpty)
        }
    }

    @Test(arguments: [PresentationStyle.fullScreen, .custom], [true, false])
    func dismiss(style: PresentationStyle, finished: Bool) throws {
        let catalog = try HostFixtures.catalog()
        let modal = ModalDriver(presenting: "home", director: Self.fadeDirector(style: style, catalog: catalog))
        _ = try modal.present("compose")
        let before = modal.layers
        let record = try modal.dismiss(scenario: try Self.gesture(finished))
        #expect(record.transition.style == style, "a dismiss keeps the style of its present")
        #expect(modal.layers == (finished ? [Self.screen("home")] : before))
        #expect(record.settledScreens == (finished ? (style == .custom ? [] : ["home"]) : ["compose"]))
        if style == .custom {
            #expect(record.presentationEvents == [.dismissalWillBegin, .dismissalDidEnd(completed: finished)])
            for entry in record.timeline.entries {
                let dim = try #require(entry.frame.views.first { $0.role == .dimming })
                #expect(abs(dim.state.alpha - (1 - entry.frame.progress)) < 1e-12)
                #expect(entry.frame.views.first { $0.role == .to }?.containerIndex == 0, "the revealed screen stays under the container")
            }
        }
    }

    @Test func dimmedSheetHandsItsDimmingToThePresentation() throws {
        let catalog = try HostFixtures.catalog()
        let sheet = AnimatorChoice(animatorID: "dimmed-sheet", parameters: [ParameterAssignment(key: "dim", value: "0.7")], style: .custom)
        let modal = ModalDriver(presenting: "home", director: HostFixtures.director(TableSource(choices: [.present: sheet, .dismiss: sheet]), catalog: catalog))
        let present = try modal.present("compose")
        for entry in present.timeline.entries {
            #expect(entry.frame.views.filter { $0.role == .dimming }.count == 1, "the screen never dims twice")
        }
        let last = try #require(present.timeline.entries.last?.frame.views.first { $0.role == .dimming })
        #expect(abs(last.state.alpha * (last.state.color?.alpha ?? 1) - 0.7) < 1e-12)
        #expect(modal.layers.map(\.description) == ["home", "dimming 0.7", "compose"], "the dimming stays, as strong as it ended")
        let cancelled = try modal.dismiss(scenario: try Self.gesture(false))
        #expect(!cancelled.finished)
        #expect(modal.layers.map(\.description) == ["home", "dimming 0.7", "compose"])
        _ = try modal.dismiss()
        #expect(modal.layers.map(\.description) == ["home"])
    }

    @Test func oneTransitionAtATime() throws {
        let catalog = try HostFixtures.catalog()
        let director = HostFixtures.director(try HostFixtures.exampleSource(catalog: catalog), catalog: catalog)
        let nav = NavigationDriver(root: "home", director: director)
        let running = try nav.beginPush("a")
        #expect { try nav.push("b") } throws: { ($0 as? DriverError)?.refusal == .busy }
        #expect { try nav.pop() } throws: { ($0 as? DriverError)?.refusal == .busy }
        #expect(nav.stack.screens == ["home"])
        try running.complete()
        #expect(nav.stack.screens == ["home", "a"])
        _ = try nav.push("b")
        #expect(nav.stack.screens == ["home", "a", "b"])

        let scene = SceneDriver(tabRoots: ["home", "search"], director: director)
        let pending = try scene.selectedNavigation.beginPush("x")
        #expect { try scene.perform(.tab(1)) } throws: { ($0 as? DriverError)?.refusal == .busy }
        try pending.complete()
        _ = try scene.perform(.present("compose"))
        #expect { try scene.perform(.push("y")) } throws: { ($0 as? DriverError)?.refusal == .covered }
        #expect { try scene.perform(.tab(1)) } throws: { ($0 as? DriverError)?.refusal == .covered }
        #expect(scene.summary == "tab 0: home > x · presented: compose (custom)")
    }

    @Test func aDroppedTransitionEndsCancelled() throws {
        let catalog = try HostFixtures.catalog()
        let nav = NavigationDriver(root: "home", director: HostFixtures.director(try HostFixtures.exampleSource(catalog: catalog), catalog: catalog))
        do {
            let dropped = try nav.beginPush("lost", interactive: true)
            try dropped.update(0.5, at: 0.1)
            #expect(nav.stack.running != nil)
        }
        #expect(nav.stack.running == nil, "the driver is free again")
        #expect(nav.stack.screens == ["home"])
        _ = try nav.push("found")
        #expect(nav.stack.screens == ["home", "found"])
    }

    @Test func liveGestureOnADrivenPop() throws {
        let catalog = try HostFixtures.catalog()
        let nav = NavigationDriver(root: "home", director: HostFixtures.director(try HostFixtures.exampleSource(catalog: catalog), catalog: catalog))
        _ = try nav.push("detail")
        let pop = try nav.beginPop(interactive: true)
        try pop.update(0.3, at: 0.2)
        try pop.update(0.6, at: 0.5)
        #expect(try pop.release(velocity: 0.2, at: 0.6))
        let flying = pop.frame(at: 0.7)
        try pop.pause(at: 0.7)
        #expect(pop.frame(at: 0.7) == flying, "grabbing does not move anything")
        try pop.update(0.4, at: 0.9)
        #expect(try pop.release(velocity: -1, at: 1.0) == false)
        #expect(throws: InteractionController.Error.self) { try pop.update(0.5, at: 5) }
        let record = try pop.complete()
        #expect(!record.finished)
        #expect(nav.stack.screens == ["home", "detail"])
        #expect(record.timeline.entries.last?.frame.progress == 0)
        #expect(throws: InteractionController.Error.self) { try pop.pause(at: 6) }
    }

    @Test func popByAutomaticReversal() throws {
        let catalog = try HostFixtures.catalog()
        let cover = AnimatorChoice(animatorID: "cover-push")
        let nav = NavigationDriver(root: "home", director: HostFixtures.director(TableSource(choices: [.push: cover, .pop: cover]), catalog: catalog))
        let push = try nav.push("detail")
        #expect(push.reversal == .none)
        for finished in [false, true] {
            let pop = try nav.pop(scenario: try Self.gesture(finished))
            #expect(pop.reversal == .automatic)
            #expect(pop.animatorID == "org.example.pushonly:cover-push")
            #expect(pop.settledScreens == nav.stack.container)
            #expect(nav.stack.screens == (finished ? ["home"] : ["home", "detail"]))
            #expect(pop.completion?.leakedViews.isEmpty == true)
        }
    }

    @Test func systemDefaultsWhenTheSourceHasNone() throws {
        let catalog = try HostFixtures.catalog()
        let scene = SceneDriver(tabRoots: ["home", "search"], director: HostFixtures.director(TableSource(choices: [:]), catalog: catalog))
        #expect(try scene.perform(.push("a")).animatorID?.hasSuffix(":slide") == true)
        let tab = try scene.perform(.tab(1))
        #expect(tab.animatorID == nil && tab.finished && tab.duration == 0, "a tab switch without an animator is instant")
        #expect(scene.layers == [Self.screen("search")])
        #expect(try scene.perform(.present("m")).animatorID?.hasSuffix(":cover-vertical") == true)
        #expect(scene.layers == [Self.screen("m")])
    }
}

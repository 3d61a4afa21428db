import TransitionCore

/// A whole app: a tab bar whose tabs each hold a navigation stack, with a modal presenter over
/// it all, sharing one director. Push and pop act on the selected tab's stack; a tab switch goes
/// from the selected tab's top screen to the other tab's; present and dismiss act over whatever
/// is shown. Navigation and tab switches under a presented screen are refused (dismiss it first),
/// and so is anything while a transition runs.
public final class SceneDriver {
    /// Picks and runs the animators.
    public let director: TransitionDirector
    /// One navigation stack per tab.
    public let navigation: [NavigationDriver]
    /// The tabs.
    public let tabs: TabDriver
    /// The modal presenter over everything.
    public let modal: ModalDriver

    /// A scene with one tab per root screen (at least one), the first selected.
    public init(tabRoots: [String], director: TransitionDirector) {
        let roots = tabRoots.isEmpty ? ["root"] : tabRoots
        self.director = director
        navigation = roots.map { NavigationDriver(root: $0, director: director) }
        tabs = TabDriver(screens: roots, director: director)
        modal = ModalDriver(presenting: roots[0], director: director)
    }

    /// The selected tab's navigation stack.
    public var selectedNavigation: NavigationDriver { navigation[tabs.tabs.selectedIndex] }

    /// The whole hierarchy at rest, bottom first.
    public var layers: [ScreenLayer] { modal.layers }

    /// True while any driver runs a transition.
    public var isBusy: Bool {
        navigation.contains { $0.stack.running != nil } || tabs.tabs.running != nil || modal.presenter.running != nil
    }

    /// The state in one line: `tab 0: home > detail · presented: compose (custom)`.
    public var summary: String {
        var parts: [String] = []
        for (i, nav) in navigation.enumerated() where navigation.count == 1 || i == tabs.tabs.selectedIndex {
            parts.append(navigation.count == 1 ? nav.stack.description : "tab \(i): \(nav.stack.description)")
        }
        if modal.presenter.isPresenting {
            parts.append("presented: " + modal.presenter.presented.map { "\(DisplayText.escape($0.screen))\($0.style == .custom ? " (custom)" : "")" }.joined(separator: " ⇧ "))
        }
        return parts.joined(separator: " · ")
    }

    /// Runs `operation` to the end: plain, or driven by `scenario`; `matching` lists elements both
    /// screens show.
    /// - Throws: `DriverError` when it is refused or cannot run; the scene is then unchanged (or
    ///   settled as cancelled when the animator refused its setup).
    public func perform(_ operation: SceneOperation, scenario: InteractionScenario? = nil, matching: [MatchedElement] = []) throws(DriverError) -> TransitionRecord {
        if isBusy {
            throw DriverError(DriverRefusal(.busy, "cannot \(operation) while another transition runs; wait until it completes"))
        }
        if operation.operation.isModal == false && modal.presenter.isPresenting {
            throw DriverError(DriverRefusal(
                .covered, "cannot \(operation): \(DisplayText.escape(modal.presenter.top)) is presented over the \(operation.operation == .tab ? "tabs" : "navigation stack"); dismiss it first"))
        }
        var record: TransitionRecord
        defer { synchronize() }
        switch operation {
        case .push(let screen): record = try selectedNavigation.push(screen, scenario: scenario, matching: matching)
        case .pop: record = try selectedNavigation.pop(scenario: scenario, matching: matching)
        case .tab(let index):
            synchronize()
            record = try tabs.select(index, scenario: scenario, matching: matching)
        case .present(let screen): record = try modal.present(screen, scenario: scenario, matching: matching)
        case .dismiss: record = try modal.dismiss(scenario: scenario, matching: matching)
        }
        synchronize()
        record.layersAfter = layers
        return record
    }

    /// Makes the tabs and the presenter show the navigation stacks' top screens.
    private func synchronize() {
        for (i, nav) in navigation.enumerated() { try? tabs.setScreen(nav.stack.top, forTab: i) }
        try? modal.setPresenting(selectedNavigation.stack.top)
    }
}

import TransitionCore

/// A tab bar controller: switches tabs with the animators a transitions source picks (the
/// direction comes from the indexes), plain or driven by a gesture, and keeps its selection and
/// hierarchy as UIKit does (see `TabSwitcher`). One switch at a time.
public final class TabDriver {
    /// The tabs and the selection.
    public private(set) var tabs: TabSwitcher
    /// Picks and runs the animators.
    public let director: TransitionDirector

    /// A tab bar showing `screens`, one per tab, with `selectedIndex` selected.
    public init(screens: [String], selectedIndex: Int = 0, director: TransitionDirector) {
        tabs = TabSwitcher(tabs: screens, selectedIndex: selectedIndex)
        self.director = director
    }

    /// The hierarchy at rest: the selected tab's screen.
    public var layers: [ScreenLayer] { tabs.layers(in: director.containerBounds) }

    /// Changes the screen a tab shows (when the navigation inside it moved).
    public func setScreen(_ screen: String, forTab index: Int) throws(DriverError) {
        do { try tabs.setScreen(screen, forTab: index) } catch { throw DriverError(error) }
    }

    /// Starts switching to tab `index`.
    /// - Throws: `DriverError` when the switcher refuses or the animator cannot run it.
    public func beginSelect(_ index: Int, interactive: Bool = false, matching: [MatchedElement] = []) throws(DriverError) -> DrivenTransition {
        let planned: PlannedTransition
        do { planned = try tabs.planSelect(index) } catch { throw DriverError(error) }
        let chosen = try director.choose(planned, interactive: interactive)
        do { try tabs.begin(planned) } catch { throw DriverError(error) }
        return try director.start(planned, interactive: interactive, resolved: chosen.resolved, matching: matching) { [self] finished, _ in
            tabs.end(finished: finished)
            return DrivenTransition.Outcome(layers: layers)
        }
    }

    /// Switches to tab `index` to the end: plain, or driven by `scenario`.
    public func select(_ index: Int, scenario: InteractionScenario? = nil, matching: [MatchedElement] = []) throws(DriverError) -> TransitionRecord {
        try NavigationDriver.finish(beginSelect(index, interactive: scenario != nil, matching: matching), scenario)
    }
}

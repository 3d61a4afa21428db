/// The tabs of a tab bar controller, as pure state: `planSelect` plans a switch whose direction
/// comes from the indexes (forward to a higher index, backward to a lower one), `begin` starts it
/// and `end(finished:)` commits it.
///
/// - A finished switch selects the new tab; a cancelled one keeps the old selection.
/// - At rest the container holds the selected tab's screen only.
/// - One switch at a time: another is refused while one runs (as a tab bar controller's
///   delegate declines a selection during a transition), as is a switch to the selected tab or
///   to an index out of range.
public struct TabSwitcher: Sendable, Hashable {
    /// The screen each tab shows, by index.
    public private(set) var tabs: [String]
    /// The selected tab's index.
    public private(set) var selectedIndex: Int
    /// The switch running, if any.
    public private(set) var running: PlannedTransition?

    /// Tabs showing `tabs` (at least one), with `selectedIndex` selected (clamped into range).
    public init(tabs: [String], selectedIndex: Int = 0) {
        precondition(!tabs.isEmpty, "a tab switcher needs at least one tab")
        self.tabs = tabs
        self.selectedIndex = Swift.min(Swift.max(0, selectedIndex), tabs.count - 1)
    }

    /// The selected tab's screen.
    public var selectedScreen: String { tabs[selectedIndex] }

    /// The views in the container at rest: the selected tab's screen only.
    public var container: [String] { [selectedScreen] }

    /// The hierarchy at rest in a container with `bounds`: the selected screen, full size.
    public func layers(in bounds: Rect) -> [ScreenLayer] { [ScreenLayer(.screen(selectedScreen), frame: bounds)] }

    /// Changes the screen a tab shows (when the navigation inside it moved).
    /// - Throws: `DriverRefusal` for an index out of range or while a switch involving that tab runs.
    public mutating func setScreen(_ screen: String, forTab index: Int) throws(DriverRefusal) {
        guard tabs.indices.contains(index) else { throw noSuchTab(index) }
        if let running, running.tabFromIndex == index || running.tabToIndex == index {
            throw .busy("change tab \(index)", running: running)
        }
        tabs[index] = screen
    }

    /// The switch to tab `index`.
    /// - Throws: `DriverRefusal` while a switch runs, for an index out of range and for the selected tab.
    public func planSelect(_ index: Int) throws(DriverRefusal) -> PlannedTransition {
        if let running { throw .busy("switch to tab \(index)", running: running) }
        guard tabs.indices.contains(index) else { throw noSuchTab(index) }
        guard index != selectedIndex else {
            throw DriverRefusal(.sameTab, "tab \(index) is already selected; choose another tab (0...\(tabs.count - 1))")
        }
        return PlannedTransition(
            operation: .tab, fromScreen: selectedScreen, toScreen: tabs[index], tabFromIndex: selectedIndex, tabToIndex: index)
    }

    /// Starts `transition`, which must be what `planSelect` gives now.
    /// - Throws: `DriverRefusal` when it is not (or no longer) the planned switch.
    public mutating func begin(_ transition: PlannedTransition) throws(DriverRefusal) {
        guard transition.operation == .tab else {
            throw DriverRefusal(.notPlanned, "a tab switcher runs tab switches, not \(transition.operation)")
        }
        let planned = try planSelect(transition.tabToIndex)
        guard planned == transition else {
            throw DriverRefusal(.notPlanned, "\(transition) does not fit the tabs (tab \(selectedIndex) selected); plan it again")
        }
        running = transition
    }

    /// Ends the running switch: selects the new tab when `finished`, keeps the old one when cancelled.
    /// - Returns: the switch that ended, or nil when none was running.
    @discardableResult
    public mutating func end(finished: Bool) -> PlannedTransition? {
        guard let transition = running else { return nil }
        running = nil
        if finished { selectedIndex = transition.tabToIndex }
        return transition
    }

    private func noSuchTab(_ index: Int) -> DriverRefusal {
        DriverRefusal(.noSuchTab, "there is no tab \(index); the tabs are 0...\(tabs.count - 1)")
    }
}

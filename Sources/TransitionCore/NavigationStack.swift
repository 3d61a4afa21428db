/// The stack of a navigation controller, as pure state: push and pop plan a transition, `begin`
/// starts it, `end(finished:)` commits it as UIKit does.
///
/// - A finished push adds the screen on top; a cancelled push leaves the stack as it was.
/// - A finished pop removes the top screen; a cancelled pop leaves the stack as it was.
/// - At rest the container holds the top screen's view only.
/// - One transition at a time: planning or beginning another while one runs is refused
///   (`DriverRefusal.Reason.busy`), as is a pop at the root and a push of a screen already on
///   the stack (UIKit traps on pushing the same view controller twice).
public struct NavigationStack: Sendable, Hashable, CustomStringConvertible {
    /// The screens, root first.
    public private(set) var screens: [String]
    /// The transition running, if any.
    public private(set) var running: PlannedTransition?

    /// A stack holding only `root`.
    public init(root: String) { screens = [root] }

    /// The top screen: the one shown at rest.
    public var top: String { screens[screens.count - 1] }

    /// The views in the container at rest: the top screen's only.
    public var container: [String] { [top] }

    /// The hierarchy at rest in a container with `bounds`: the top screen, full size.
    public func layers(in bounds: Rect) -> [ScreenLayer] { [ScreenLayer(.screen(top), frame: bounds)] }

    /// The transition that pushes `screen`.
    /// - Throws: `DriverRefusal` while a transition runs, for an empty id, and for a screen already on the stack.
    public func planPush(_ screen: String) throws(DriverRefusal) -> PlannedTransition {
        if let running { throw .busy("push \(screen)", running: running) }
        guard !screen.isEmpty else { throw DriverRefusal(.emptyScreen, "cannot push a screen with an empty id") }
        guard !screens.contains(screen) else {
            throw DriverRefusal(.alreadyShown, "cannot push \(DisplayText.escape(screen)): it is already on the stack (\(description)); push another screen or pop back to it")
        }
        return PlannedTransition(operation: .push, fromScreen: top, toScreen: screen)
    }

    /// The transition that pops the top screen.
    /// - Throws: `DriverRefusal` while a transition runs and at the root.
    public func planPop() throws(DriverRefusal) -> PlannedTransition {
        if let running { throw .busy("pop", running: running) }
        guard screens.count > 1 else {
            throw DriverRefusal(.nothingToPop, "cannot pop: \(DisplayText.escape(top)) is the root of the stack; push a screen first")
        }
        return PlannedTransition(operation: .pop, fromScreen: top, toScreen: screens[screens.count - 2])
    }

    /// Starts `transition`, which must be what `planPush` or `planPop` gives now.
    /// - Throws: `DriverRefusal` when it is not (or no longer) the planned transition.
    public mutating func begin(_ transition: PlannedTransition) throws(DriverRefusal) {
        let planned: PlannedTransition
        switch transition.operation {
        case .push: planned = try planPush(transition.toScreen)
        case .pop: planned = try planPop()
        default: throw DriverRefusal(.notPlanned, "a navigation stack runs push and pop, not \(transition.operation)")
        }
        guard planned == transition else {
            throw DriverRefusal(.notPlanned, "\(transition) does not fit the stack \(description); plan it again")
        }
        running = transition
    }

    /// Ends the running transition: commits it when `finished`, leaves the stack as it was when cancelled.
    /// - Returns: the transition that ended, or nil when none was running.
    @discardableResult
    public mutating func end(finished: Bool) -> PlannedTransition? {
        guard let transition = running else { return nil }
        running = nil
        if finished {
            if transition.operation == .push { screens.append(transition.toScreen) } else { screens.removeLast() }
        }
        return transition
    }

    /// The screens joined by ` > `, root first: `home > list > detail`.
    public var description: String { screens.map(DisplayText.escape).joined(separator: " > ") }
}

import TransitionCore

/// A navigation controller: pushes and pops screens with the animators a transitions source
/// picks, plain or driven by a gesture, and keeps its stack and hierarchy as UIKit does (see
/// `NavigationStack`). One transition at a time: another is refused while one runs.
public final class NavigationDriver {
    /// The stack.
    public private(set) var stack: NavigationStack
    /// Picks and runs the animators.
    public let director: TransitionDirector

    /// A navigation controller showing `root`.
    public init(root: String, director: TransitionDirector) {
        stack = NavigationStack(root: root)
        self.director = director
    }

    /// The hierarchy at rest: the top screen.
    public var layers: [ScreenLayer] { stack.layers(in: director.containerBounds) }

    /// Starts pushing `screen`; `matching` lists elements both screens show.
    /// - Throws: `DriverError` when the stack refuses or the animator cannot run it.
    public func beginPush(_ screen: String, interactive: Bool = false, matching: [MatchedElement] = []) throws(DriverError) -> DrivenTransition {
        let planned: PlannedTransition
        do { planned = try stack.planPush(screen) } catch { throw DriverError(error) }
        return try start(planned, interactive: interactive, matching: matching)
    }

    /// Starts popping the top screen; `matching` lists elements both screens show.
    /// - Throws: `DriverError` when the stack refuses or the animator cannot run it.
    public func beginPop(interactive: Bool = false, matching: [MatchedElement] = []) throws(DriverError) -> DrivenTransition {
        let planned: PlannedTransition
        do { planned = try stack.planPop() } catch { throw DriverError(error) }
        return try start(planned, interactive: interactive, matching: matching)
    }

    /// Pushes `screen` to the end: plain, or driven by `scenario`.
    public func push(_ screen: String, scenario: InteractionScenario? = nil, matching: [MatchedElement] = []) throws(DriverError) -> TransitionRecord {
        try Self.finish(beginPush(screen, interactive: scenario != nil, matching: matching), scenario)
    }

    /// Pops the top screen to the end: plain, or driven by `scenario`.
    public func pop(scenario: InteractionScenario? = nil, matching: [MatchedElement] = []) throws(DriverError) -> TransitionRecord {
        try Self.finish(beginPop(interactive: scenario != nil, matching: matching), scenario)
    }

    private func start(_ planned: PlannedTransition, interactive: Bool, matching: [MatchedElement]) throws(DriverError) -> DrivenTransition {
        let chosen = try director.choose(planned, interactive: interactive)
        do { try stack.begin(planned) } catch { throw DriverError(error) }
        return try director.start(planned, interactive: interactive, resolved: chosen.resolved, matching: matching) { [self] finished, _ in
            stack.end(finished: finished)
            return DrivenTransition.Outcome(layers: layers)
        }
    }

    static func finish(_ transition: DrivenTransition, _ scenario: InteractionScenario?) throws(DriverError) -> TransitionRecord {
        if let scenario, transition.interactive { return try transition.play(scenario) }
        return try transition.complete()
    }
}

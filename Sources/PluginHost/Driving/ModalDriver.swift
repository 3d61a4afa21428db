import TransitionCore

/// A modal presenter: presents and dismisses screens full screen or in the custom style with the
/// animators a transitions source picks, plain or driven by a gesture. Custom presentations get a
/// `PresentationController` (from the director's `makePresentation`) whose dimming view is
/// animated alongside the animator and stays until the dismiss; the hierarchy follows UIKit's
/// rules (see `ModalPresenter`). One transition at a time.
public final class ModalDriver {
    /// What is presented.
    public private(set) var presenter: ModalPresenter
    /// Picks and runs the animators.
    public let director: TransitionDirector

    /// A presenter over `presenting`, with nothing presented.
    public init(presenting: String, director: TransitionDirector) {
        presenter = ModalPresenter(presenting: presenting)
        self.director = director
    }

    /// The hierarchy at rest, bottom first.
    public var layers: [ScreenLayer] { presenter.layers(in: director.containerBounds) }

    /// Changes the presenting screen (allowed while nothing is presented).
    public func setPresenting(_ screen: String) throws(DriverError) {
        do { try presenter.setPresenting(screen) } catch { throw DriverError(error) }
    }

    /// Starts presenting `screen`, in the style the source's choice gives (else the animator's
    /// default); a custom presentation rests at the choice's detent when it has one.
    /// - Throws: `DriverError` when the presenter refuses or the animator cannot run it.
    public func beginPresent(_ screen: String, interactive: Bool = false, matching: [MatchedElement] = []) throws(DriverError) -> DrivenTransition {
        let planned: PlannedTransition
        do {
            let probe = try presenter.planPresent(screen, style: .fullScreen)
            let chosen = try director.choose(probe, interactive: interactive)
            planned = try presenter.planPresent(screen, style: chosen.style)
            var presentation = planned.style == .custom ? director.makePresentation(planned) : nil
            if let detent = chosen.resolved?.detent { presentation?.layout = detent.layout }
            try presenter.begin(planned, presentation: presentation)
            return try start(planned, resolved: chosen.resolved, interactive: interactive, matching: matching)
        } catch let error as DriverRefusal {
            throw DriverError(error)
        } catch let error as DriverError {
            throw error
        } catch {
            throw DriverError(.context, "\(error)")
        }
    }

    /// Starts dismissing the top presented screen, in the style it was presented with.
    /// - Throws: `DriverError` when the presenter refuses or the animator cannot run it.
    public func beginDismiss(interactive: Bool = false, matching: [MatchedElement] = []) throws(DriverError) -> DrivenTransition {
        let planned: PlannedTransition
        do { planned = try presenter.planDismiss() } catch { throw DriverError(error) }
        let chosen = try director.choose(planned, interactive: interactive)
        do { try presenter.begin(planned) } catch { throw DriverError(error) }
        return try start(planned, resolved: chosen.resolved, interactive: interactive, matching: matching)
    }

    /// Presents `screen` to the end: plain, or driven by `scenario`.
    public func present(_ screen: String, scenario: InteractionScenario? = nil, matching: [MatchedElement] = []) throws(DriverError) -> TransitionRecord {
        try NavigationDriver.finish(beginPresent(screen, interactive: scenario != nil, matching: matching), scenario)
    }

    /// Dismisses the top presented screen to the end: plain, or driven by `scenario`.
    public func dismiss(scenario: InteractionScenario? = nil, matching: [MatchedElement] = []) throws(DriverError) -> TransitionRecord {
        try NavigationDriver.finish(beginDismiss(interactive: scenario != nil, matching: matching), scenario)
    }

    private func start(_ planned: PlannedTransition, resolved: ResolvedAnimator?, interactive: Bool, matching: [MatchedElement]) throws(DriverError) -> DrivenTransition {
        let bounds = director.containerBounds
        let presentation = presenter.runningPresentation
        return try director.start(
            planned, interactive: interactive, resolved: resolved, backdrop: presenter.backdrop(in: bounds),
            presentation: presentation, presentedFrame: presentation?.presentedFrame(in: bounds), matching: matching
        ) { [self] finished, dimming in
            if let dimming { presenter.setRunningDimming(dimming) }
            presenter.end(finished: finished)
            return DrivenTransition.Outcome(
                layers: layers, presentationEvents: Array((presenter.lastPresentation?.events ?? []).suffix(2)))
        }
    }
}

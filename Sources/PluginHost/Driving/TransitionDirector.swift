import TransitionCore

/// What the drivers share: the plugins, the transitions source, the container, and how
/// transitions are played. A director picks the animator of each transition the way UIKit asks
/// its delegates, prepares the plugin run and hands back a `DrivenTransition`.
///
/// When the source returns nil (the system default), the director uses the animator UIKit's
/// default would look like, from `systemAnimators` (slide for push and pop, cover-vertical for
/// present and dismiss); a tab switch, and any operation whose default is missing or does not
/// serve the presentation style, changes instantly, as UIKit's tab bar does. A request the
/// source asks to change instantly (`TransitionsSource/changesInstantly(for:)`) has no animator.
public final class TransitionDirector {
    /// The animators: loaded plugins, or a `PluginIndex` of scanned ones (then set `isolation`).
    public let catalog: any AnimatorCatalog
    /// Picks the animator of each transition.
    public var source: any TransitionsSource
    /// The container's bounds.
    public var containerBounds: Rect
    /// The sampling rate of the recorded timelines.
    public var framesPerSecond = 60.0
    /// How released gestures pick finish or cancel.
    public var releaseDecision = ReleaseDecision.standard
    /// The completion speed of interactive transitions (UIKit's `completionSpeed`).
    public var completionSpeed = 1.0
    /// The completion curve of interactive transitions (UIKit's `completionCurve`).
    public var completionCurve = TimingCurve.easeInOut
    /// The animator per operation when the source returns nil.
    public var systemAnimators: [TransitionOperation: String] = [
        .push: "slide", .pop: "slide", .present: "cover-vertical", .dismiss: "cover-vertical",
    ]
    /// Where plugin code runs: nil runs it in this process (for plugins the embedder trusts);
    /// a sampler runs each transition's plugin calls in a worker process (`IsolatedSession`),
    /// the default to choose for untrusted plugins.
    public var isolation: IsolatedSampler?
    /// Makes the presentation of each custom-style present.
    public var makePresentation: (PlannedTransition) -> PresentationController = { _ in PresentationController() }

    /// A director for `catalog`'s animators, picked by `source`, in a container of `containerBounds`.
    public init(catalog: any AnimatorCatalog, source: any TransitionsSource, containerBounds: Rect) {
        self.catalog = catalog
        self.source = source
        self.containerBounds = containerBounds
    }

    /// The animator for `transition` and the presentation style it runs in.
    ///
    /// For a present the style is the choice's, else the animator's default; a dismiss keeps the
    /// style its screen was presented with (`transition.style`).
    /// - Throws: `DriverError` of kind `animator` when the source's choice cannot serve it.
    public func choose(_ transition: PlannedTransition, interactive: Bool) throws(DriverError) -> (resolved: ResolvedAnimator?, style: PresentationStyle) {
        let op = transition.operation
        let request = transition.request(interactive: interactive)
        if source.changesInstantly(for: request) {
            return (nil, op == .dismiss ? transition.style : .fullScreen)
        }
        if let choice = source.animator(for: request) {
            let style = style(for: transition, choice: choice)
            do {
                return (try ResolvedAnimator.resolve(choice, for: op, style: style, in: catalog), style)
            } catch {
                throw DriverError(.animator, "\(transition): \(error.description)")
            }
        }
        guard let id = systemAnimators[op], catalog.describedAnimator(id) != nil else {
            return (nil, op == .dismiss ? transition.style : .fullScreen)
        }
        let choice = AnimatorChoice(animatorID: id)
        let style = style(for: transition, choice: choice)
        return ((try? ResolvedAnimator.resolve(choice, for: op, style: style, in: catalog)), style)
    }

    private func style(for transition: PlannedTransition, choice: AnimatorChoice) -> PresentationStyle {
        switch transition.operation {
        case .present: choice.style ?? catalog.describedAnimator(choice.animatorID)?.description.defaultStyle(for: .present) ?? .fullScreen
        case .dismiss: transition.style
        default: .fullScreen
        }
    }

    /// Starts `transition`, already begun in the driver's state: builds the context, sets the
    /// plugin up and returns the running transition. `commit` ends the driver's state with the
    /// outcome (and, for a custom present whose animator drew its own dimming, that dimming's
    /// final look) and returns the hierarchy after it. When the run cannot start, `commit` is
    /// called as cancelled before the error is thrown, so the driver's state stays consistent.
    /// The context's matched elements are the transition's, then `matching`, then the source's,
    /// each id taken from the first that gives it.
    public func start(
        _ transition: PlannedTransition, interactive: Bool, resolved: ResolvedAnimator?,
        backdrop: [ScreenLayer] = [], presentation: PresentationController? = nil, presentedFrame: Rect? = nil,
        matching: [MatchedElement] = [],
        commit: @escaping (_ finished: Bool, _ dimming: Color?) -> DrivenTransition.Outcome
    ) throws(DriverError) -> DrivenTransition {
        let context: TransitionContext
        var transition = transition
        for element in matching + (resolved?.matchedElements ?? []) where !transition.matchedElements.contains(where: { $0.id == element.id }) {
            transition.matchedElements.append(element)
        }
        do {
            context = try transition.context(containerBounds: containerBounds, presentedFrame: presentedFrame, interactive: interactive)
        } catch {
            _ = commit(false, nil)
            throw DriverError(.context, "\(transition): \(error.description)")
        }
        var run: TransitionRun?
        if let resolved {
            do {
                let prepared = try isolation.map { try TransitionRun(resolved, context: context, isolation: $0) }
                    ?? TransitionRun(resolved, context: context)
                try prepared.setup()
                run = prepared
            } catch let refused as TransitionSession.SetupRefused {
                _ = commit(false, nil)
                throw DriverError(.setupRefused, "\(transition): \(refused.description); the transition was cancelled")
            } catch let failed as PluginCallError {
                _ = commit(false, nil)
                throw DriverError(.plugin, "\(transition): \(failed.description); the transition was cancelled")
            } catch {
                _ = commit(false, nil)
                throw DriverError(.context, "\(transition): \(error)")
            }
        }
        return DrivenTransition(
            transition: transition, interactive: interactive, resolved: resolved, context: context, run: run,
            backdrop: backdrop, presentation: presentation, director: self, commit: commit)
    }
}

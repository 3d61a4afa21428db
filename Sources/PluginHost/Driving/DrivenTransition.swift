import TransitionCore

/// A transition a driver started and that has not completed yet: an app feeds it the gesture's
/// events (or lets it play), asks for frames at any time, and completes it; the driver's stack
/// and hierarchy are committed at completion, as UIKit's `completeTransition(_:)` does.
///
/// The frames include what lies outside the plugin's container: for custom presentations the
/// presentation's dimming view, animated alongside with the transition's progress (or hidden
/// while the animator draws a dimming view of its own), and the screens left under the container
/// (the presenting screen of a custom present, what a custom dismiss reveals).
public final class DrivenTransition {
    /// What the driver's commit returns: its hierarchy and the presentation hooks run.
    public struct Outcome {
        /// The hierarchy after the transition, bottom first.
        public var layers: [ScreenLayer]
        /// The presentation hooks run during the transition.
        public var presentationEvents: [PresentationController.Event]

        /// Creates an outcome.
        public init(layers: [ScreenLayer], presentationEvents: [PresentationController.Event] = []) {
            self.layers = layers
            self.presentationEvents = presentationEvents
        }
    }

    /// The operation and its screens.
    public let transition: PlannedTransition
    /// True when a gesture drives it.
    public let interactive: Bool
    /// The animator, or nil for an instant change.
    public let resolved: ResolvedAnimator?
    /// The operation's context.
    public let context: TransitionContext
    /// The layers shown under the container, bottom first.
    public let backdrop: [ScreenLayer]
    /// The clock: a gesture's controller, or a plain run from 0 to 1 starting at time 0.
    public private(set) var controller: InteractionController
    /// The record, once completed.
    public private(set) var record: TransitionRecord?

    let run: TransitionRun?
    private let presentation: PresentationController?
    private let framesPerSecond: Double
    private let decision: ReleaseDecision
    private let completionSpeed: Double
    private let completionCurve: TimingCurve
    private let commit: (Bool, Color?) -> Outcome
    private let animatorDrawsDimming: Bool

    init(
        transition: PlannedTransition, interactive: Bool, resolved: ResolvedAnimator?, context: TransitionContext,
        run: TransitionRun?, backdrop: [ScreenLayer], presentation: PresentationController?, director: TransitionDirector,
        commit: @escaping (Bool, Color?) -> Outcome
    ) {
        self.transition = transition
        self.interactive = interactive && run != nil
        self.resolved = resolved
        self.context = context
        self.run = run
        self.backdrop = backdrop
        self.presentation = presentation
        framesPerSecond = director.framesPerSecond
        decision = director.releaseDecision
        completionSpeed = director.completionSpeed
        completionCurve = director.completionCurve
        self.commit = commit
        let duration = run?.duration ?? 0
        controller = self.interactive
            ? InteractionController(duration: duration, completionSpeed: completionSpeed, completionCurve: completionCurve)
            : .plain(duration: duration)
        animatorDrawsDimming = run?.frame(at: 0).views.contains { $0.role == .dimming } ?? false
    }

    /// A transition dropped before it completed is completed as cancelled, so its driver never
    /// stays busy and its hierarchy stays as it was.
    deinit {
        if record == nil {
            if let run, run.session.phase == .running { run.complete(finished: false) }
            _ = commit(false, nil)
        }
    }

    /// The animator's duration in seconds (0 for an instant change).
    public var duration: Double { run?.duration ?? 0 }

    /// Why the plugin could not go on, once it could not: a crash or hang in its worker, or a
    /// sandboxed (wasm) plugin's fault. Frames after it show the views as the host reset them.
    public var pluginFailure: String? { run?.session.failure }

    /// True once completed.
    public var isComplete: Bool { record != nil }

    // MARK: The gesture

    /// Scrubs to `fraction` at `time` (see `InteractionController.update(_:at:)`).
    public func update(_ fraction: Double, at time: Double) throws(InteractionController.Error) {
        var c = try heldController()
        try c.update(fraction, at: time)
        controller = c
    }

    /// Holds or grabs the transition at `time` (see `InteractionController.pause(at:)`).
    public func pause(at time: Double) throws(InteractionController.Error) {
        var c = try heldController()
        try c.pause(at: time)
        controller = c
    }

    /// Lets it finish from `time`.
    public func finish(at time: Double) throws(InteractionController.Error) {
        var c = try heldController()
        try c.finish(at: time)
        controller = c
    }

    /// Lets it cancel from `time`.
    public func cancel(at time: Double) throws(InteractionController.Error) {
        var c = try heldController()
        try c.cancel(at: time)
        controller = c
    }

    /// Lets go with `velocity` at `time`; the director's release decision picks the end.
    /// - Returns: true when it finishes.
    @discardableResult
    public func release(velocity: Double, at time: Double) throws(InteractionController.Error) -> Bool {
        var c = try heldController()
        let finishes = try c.release(velocity: velocity, at: time, decision: decision)
        controller = c
        return finishes
    }

    /// The frame at `time` on the transition's clock.
    public func frame(at time: Double) -> TransitionFrame {
        guard let run else { return instantFrame() }
        return compose(run.frame(at: controller.progress(at: time)))
    }

    // MARK: Playing and completing

    /// Plays `scenario` as the gesture (the transition must be interactive, with no event yet)
    /// and completes it.
    /// - Throws: `DriverError` of kind `scenario` when the scenario does not fit the transition;
    ///   the transition then stays running.
    public func play(_ scenario: InteractionScenario) throws(DriverError) -> TransitionRecord {
        if run != nil {
            guard interactive, controller.events.isEmpty else {
                throw DriverError(.scenario, "\(transition): a scenario plays only on an interactive transition with no gesture yet")
            }
            do {
                controller = try scenario.controller(
                    duration: duration, completionSpeed: completionSpeed, completionCurve: completionCurve, decision: decision)
            } catch {
                throw DriverError(.scenario, "\(transition): \(error.description)")
            }
        }
        return try complete()
    }

    /// Completes the transition at the end its clock reaches: samples the frames, completes the
    /// plugin as finished or cancelled, and commits the driver's state.
    /// - Throws: `DriverError` of kind `scenario` while the gesture still holds it.
    @discardableResult
    public func complete() throws(DriverError) -> TransitionRecord {
        if let record { return record }
        guard let run else {
            let outcome = commit(true, nil)
            let entry = TransitionTimeline.Entry(time: 0, frame: instantFrame())
            let done = TransitionRecord(
                transition: transition, context: context, animatorID: nil, reversal: .none, interactive: false, duration: 0, finished: true,
                timeline: TransitionTimeline(title: title, containerBounds: context.containerBounds, entries: [entry]),
                phases: [.finished], events: [], completion: nil, misbehaviours: [],
                presentationEvents: outcome.presentationEvents, layersAfter: outcome.layers)
            record = done
            return done
        }
        let played: PlayedTransition
        do {
            played = try TransitionPlayer.play(run, controller: controller, title: title, framesPerSecond: framesPerSecond, compose: compose)
        } catch {
            if run.session.failure != nil {
                // Completed as cancelled in the plugin; the driver's state settles when this ends.
                throw DriverError(.plugin, "\(transition): \(error.description); the transition was cancelled")
            }
            throw DriverError(.scenario, "\(transition): \(error.description)")
        }
        var adopted: Color?
        if played.finished && animatorDrawsDimming && transition.operation == .present && context.style == .custom,
           let dim = played.timeline.entries.last?.frame.views.first(where: { $0.role == .dimming && $0.id.rawValue < run.session.viewCount }) {
            let fill = dim.state.color ?? .black
            adopted = Color(red: fill.red, green: fill.green, blue: fill.blue, alpha: fill.alpha * dim.state.alpha)
        }
        let outcome = commit(played.finished, adopted)
        let done = TransitionRecord(
            transition: transition, context: context, animatorID: resolved?.animator.qualifiedID, reversal: resolved?.reversal ?? .none,
            interactive: interactive, duration: played.duration, finished: played.finished, timeline: played.timeline,
            phases: played.phases, events: played.controller.events, completion: played.completion,
            misbehaviours: played.misbehaviours, presentationEvents: outcome.presentationEvents, layersAfter: outcome.layers,
            printed: (run.session as? IsolatedSession)?.printed)
        record = done
        return done
    }

    // MARK: Private

    private var title: String {
        "\(transition.operation) \(resolved?.animator.id ?? "instant")\(resolved?.reversed == true ? " (reversed)" : "")"
    }

    /// A copy of the controller to apply an event to; refused once completed or when not interactive.
    private func heldController() throws(InteractionController.Error) -> InteractionController {
        guard record == nil else { throw InteractionController.Error(description: "the transition has completed") }
        guard interactive else {
            throw InteractionController.Error(description: "the transition is not interactive; start it with interactive: true")
        }
        return controller
    }

    /// The frame of an instant change: the arriving screen at its final frame over the backdrop.
    private func instantFrame() -> TransitionFrame {
        var views: [SampledView] = []
        if let to = context.toView, let state = context.baseState(of: to) {
            views.append(SampledView(id: ViewID(0), role: .to, containerIndex: 0, state: state))
        }
        return compose(TransitionFrame(progress: 1, views: views))
    }

    /// Adds the views outside the plugin's container under its views: the backdrop, then the
    /// presentation's dimming view.
    private func compose(_ frame: TransitionFrame) -> TransitionFrame {
        var below = Backdrop(backdrop).views(in: context, firstID: Int32(frame.views.count))
        if let presentation, !animatorDrawsDimming,
           var state = presentation.dimmingState(in: context.containerBounds, atProgress: frame.progress) {
            state.zIndex = Backdrop.zIndex
            below.append(SampledView(
                id: ViewID(Int32(frame.views.count + below.count)), role: .dimming, containerIndex: below.count, state: state))
        }
        return frame.placing(below: below)
    }
}

import TransitionCore

/// A completed transition of a driver: what ran, how it ended, the frames it showed and the
/// hierarchy it left.
public struct TransitionRecord: Sendable {
    /// The operation and its screens.
    public var transition: PlannedTransition
    /// The animator's context (the served operation's, even when it ran backwards).
    public var context: TransitionContext
    /// The animator's qualified id; nil for an instant change (no animator).
    public var animatorID: String?
    /// How the animator served the operation (forwards, or backwards by request or automatically).
    public var reversal: ResolvedAnimator.Reversal
    /// True when a gesture drove it.
    public var interactive: Bool
    /// The animator's duration in seconds (0 for an instant change).
    public var duration: Double
    /// True when it finished, false when cancelled.
    public var finished: Bool
    /// The frames, composed with the presentation's chrome and the views left outside the container.
    public var timeline: TransitionTimeline
    /// The phase at each entry of the timeline.
    public var phases: [InteractionController.Phase]
    /// The events of the gesture or of the plain run.
    public var events: [InteractionController.Event]
    /// What the animator's completion left (nil for an instant change).
    public var completion: CompletionReport?
    /// Contract breaches the host saw.
    public var misbehaviours: [Misbehaviour]
    /// The presentation hooks run during the transition, in order.
    public var presentationEvents: [PresentationController.Event]
    /// The driver's hierarchy after the transition, bottom first.
    public var layersAfter: [ScreenLayer]
    /// What the plugin printed while the transition ran in a worker (nil in process, where its
    /// output is the host's own).
    public var printed: IsolatedSampler.Printed?

    /// The screens the transition's container holds once settled, by id: what UIKit's rules
    /// leave (the arriving screen after a finished run, the leaving one after a cancelled run,
    /// none where that view is absent from the context).
    public var settledScreens: [String] {
        let views = completion?.container ?? context.settledContainer(finished: finished)
        return views.compactMap { transition.screen(of: $0, in: context) }
    }
}

import TransitionCore

/// A transition played to its end on an interaction controller's clock.
public struct PlayedTransition: Sendable {
    /// The frames at the sampled times.
    public var timeline: TransitionTimeline
    /// The phase at each entry of the timeline.
    public var phases: [InteractionController.Phase]
    /// The controller that drove it, with its events.
    public var controller: InteractionController
    /// The animator's duration in seconds.
    public var duration: Double
    /// What completion left behind; `finished` says how it ended.
    public var completion: CompletionReport
    /// Contract breaches the host saw.
    public var misbehaviours: [Misbehaviour]
    /// What the plugin logged.
    public var log: [LogEntry]

    /// True when it ended at progress 1.
    public var finished: Bool { completion.finished }
}

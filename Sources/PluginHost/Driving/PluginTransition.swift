import TransitionCore

/// The plugin side of one transition, wherever its code runs: a `TransitionSession` in this
/// process, or an `IsolatedSession` whose plugin runs in a worker process. `TransitionRun`, the
/// drivers and `TransitionPlayer` work the same with either.
public protocol PluginTransition: AnyObject {
    /// The lifecycle phase.
    var phase: TransitionSession.Phase { get }
    /// How many views the transition has (the screens and the views the animator made).
    var viewCount: Int { get }
    /// Contract breaches seen so far.
    var misbehaviours: [Misbehaviour] { get }
    /// What the plugin logged so far.
    var log: [LogEntry] { get }
    /// Why the plugin could not be used after it started: a crash, a hang, an early exit or a value
    /// the host cannot use, in one line naming the animator and the call. Nil while all is well;
    /// once set, steps return frames without views and completion settles as cancelled.
    var failure: String? { get }
    /// The duration the animator gives, in seconds.
    func duration() -> Double
    /// Runs the plugin's setup.
    /// - Throws: `TransitionSession.SetupRefused` when the plugin refuses; `PluginCallError` when
    ///   it could not answer.
    func setup() throws
    /// The views at `progress`.
    func step(_ progress: Double) -> TransitionFrame
    /// Completes the transition and settles the hierarchy.
    @discardableResult
    func complete(finished: Bool) -> CompletionReport
}

/// A plugin call that did not come back with an answer: the plugin crashed, hung or ended its
/// process, or returned a value the host cannot use.
public struct PluginCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line naming the animator, the call and the signal, limit or value.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}

extension TransitionSession: PluginTransition {}

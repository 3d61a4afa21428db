import TransitionABI
import TransitionCore

/// An animator of a loaded plugin: runs transitions through the plugin's C calls.
public final class Animator: @unchecked Sendable {
    /// The plugin library it lives in.
    public unowned let library: PluginLibrary
    /// What it says about itself.
    public let description: AnimatorDescription
    /// The plugin's descriptor of the animator.
    package let pointer: UnsafePointer<tc_animator_t>

    init(library: PluginLibrary, description: AnimatorDescription, pointer: UnsafePointer<tc_animator_t>) {
        self.library = library
        self.description = description
        self.pointer = pointer
    }

    /// The animator's id within its plugin.
    public var id: String { description.id }

    /// `PLUGIN-ID:ANIMATOR-ID`, unique across plugins.
    public var qualifiedID: String { "\(library.info.id):\(description.id)" }

    /// Starts a transition: the session is ready for `setup()`.
    /// - Parameter context: the transition to run.
    /// - Parameter parameters: one value per parameter, in order; nil for the defaults.
    /// - Parameter tracer: when set, the entry points are called through libffi and every call,
    ///   with the host services the plugin uses, is recorded (the validator's path).
    public func begin(_ context: TransitionContext, parameters: [Double]? = nil, tracer: CallTracer? = nil) -> TransitionSession {
        begin(context, parameters: parameters, tracer: tracer, guardingViews: false)
    }

    /// `begin(_:parameters:tracer:)`; with `guardingViews`, untraced steps check the slot after
    /// the views as traced ones do (the validator's and `run(_:parameters:progresses:finished:)`'s
    /// sessions).
    func begin(_ context: TransitionContext, parameters: [Double]? = nil, tracer: CallTracer?, guardingViews: Bool) -> TransitionSession {
        let session = TransitionSession(animator: self, context: context, parameters: parameters ?? description.defaultValues)
        session.guardsDirectSteps = guardingViews
        if let tracer {
            session.tracer = tracer
            _ = tracer.beginSession(session)
        }
        return session
    }

    /// The duration in seconds the animator gives for `context`.
    public func duration(_ context: TransitionContext, parameters: [Double]? = nil, tracer: CallTracer? = nil) -> Double {
        begin(context, parameters: parameters, tracer: tracer).duration()
    }

    /// Runs a whole transition: setup, a step at each progress, then completion with `finished`.
    /// - Throws: `TransitionSession.SetupRefused` when setup returns false; `PluginValueError` when
    ///   the duration or a view state cannot be used, or a step wrote past its views; `PluginCallError` when a sandboxed (wasm)
    ///   plugin ran out of fuel, trapped or handed the host a bad address.
    public func run(
        _ context: TransitionContext, parameters: [Double]? = nil, progresses: [Double], finished: Bool = true
    ) throws -> SampledTransition {
        defer { ProcessState.restore() }
        let session = begin(context, parameters: parameters, tracer: nil, guardingViews: true)
        let duration = session.duration()
        if let failure = session.failure { throw PluginCallError(failure) }
        try PluginValueCheck.duration(duration, animator: qualifiedID, operation: context.operation)
        do {
            try session.setup()
        } catch {
            throw error.reported
        }
        let frames = progresses.map { session.step($0) }
        let completion = session.complete(finished: finished)
        // A sandboxed plugin that faulted in a step leaves that step's views as the host reset them.
        if let failure = session.failure { throw PluginCallError(failure) }
        try PluginValueCheck.frames(frames, animator: qualifiedID)
        try PluginValueCheck.stayedInViews(session.misbehaviours, animator: qualifiedID)
        return SampledTransition(
            animatorID: qualifiedID, context: context, duration: duration, frames: frames,
            completion: completion, misbehaviours: session.misbehaviours, log: session.log)
    }
}

/// A whole transition sampled at chosen progresses.
public struct SampledTransition: Sendable {
    /// The animator's qualified id.
    public var animatorID: String
    /// The context it ran in.
    public var context: TransitionContext
    /// Its duration in seconds.
    public var duration: Double
    /// The sampled frames, in the order they were asked for.
    public var frames: [TransitionFrame]
    /// What completion left behind.
    public var completion: CompletionReport
    /// Contract breaches the host saw while running it.
    public var misbehaviours: [Misbehaviour]
    /// What the plugin logged.
    public var log: [LogEntry]

    /// `count` progresses evenly spaced from 0 to 1, both included (at least 2).
    public static func evenProgresses(_ count: Int) -> [Double] {
        let n = max(2, count)
        return (0..<n).map { $0 == n - 1 ? 1 : Double($0) / Double(n - 1) }
    }
}

import TransitionCore

/// One transition run by a plugin animator, forwards or backwards, seen in the terms of the
/// operation being served: frames come with that operation's view handles and roles, and
/// completion with its meaning of finished.
///
/// Backwards, the plugin runs the reverse operation (push for a pop, present for a dismiss, a
/// tab switch the other way) with from and to swapped, at progress 1 − p; its completion gets
/// the opposite flag (a finished pop is its push cancelled), so the host still settles UIKit's
/// hierarchy. The frames map the plugin's from-view to the operation's to-view and back.
public final class TransitionRun {
    /// The context of the operation being served: the handles and roles the frames report.
    public let context: TransitionContext
    /// The context the plugin sees: `context` itself, or the reverse operation's.
    public let animatorContext: TransitionContext
    /// True when the plugin runs the reverse operation backwards.
    public let reversed: Bool
    /// The plugin side: a session in this process, or an `IsolatedSession` in a worker.
    public let session: any PluginTransition
    /// The duration in seconds, as the animator gives it for `animatorContext`.
    public let duration: Double
    private let handles: [ViewID: ViewID]

    /// Prepares a run of `resolved` for `context` in this process (call `setup()` next); an
    /// animator known only from a scan is loaded here first.
    /// - Throws: `TransitionContext.Error` when the reverse context cannot be built; `PluginError`
    ///   when a scanned plugin cannot be loaded.
    public convenience init(_ resolved: ResolvedAnimator, context: TransitionContext) throws {
        try self.init(resolved, context: context) { animatorContext throws in
            let animator: Animator
            if let loaded = resolved.animator as? Animator {
                animator = loaded
            } else {
                let path = resolved.animator.pluginPath, id = resolved.animator.id
                guard let found = try PluginLibrary.load(path: path).animator(id) else {
                    throw PluginCallError("\(resolved.animator.qualifiedID): the plugin at \(DisplayText.escape(path)) no longer has this animator; run `catalog list --no-cache`")
                }
                animator = found
            }
            return animator.begin(animatorContext, parameters: resolved.parameters)
        }
    }

    /// Prepares a run of `resolved` for `context` with the plugin in a worker process (see
    /// `IsolatedSession`); call `setup()` next.
    /// - Throws: `TransitionContext.Error` when the reverse context cannot be built;
    ///   `PluginCallError` when the plugin cannot be started or its duration is unusable.
    /// A wasm plugin needs no worker: it runs sandboxed in this process whatever `sampler` says.
    public convenience init(_ resolved: ResolvedAnimator, context: TransitionContext, isolation sampler: IsolatedSampler) throws {
        if PluginDoor.of(resolved.animator.pluginPath) == .wasm {
            try self.init(resolved, context: context)
            return
        }
        try self.init(resolved, context: context) { animatorContext throws in
            try IsolatedSession(
                sampler: sampler, path: resolved.animator.pluginPath, animatorID: resolved.animator.id,
                qualifiedID: resolved.animator.qualifiedID, context: animatorContext, parameters: resolved.parameters)
        }
    }

    /// Prepares a run of `resolved` for `context` whose plugin side `begin` starts in the context
    /// the plugin sees (the reverse operation's when running backwards).
    public init(
        _ resolved: ResolvedAnimator, context: TransitionContext, begin: (TransitionContext) throws -> any PluginTransition
    ) throws {
        self.context = context
        reversed = resolved.reversed
        if reversed {
            let presented: Rect? = context.style == .custom
                ? (context.operation == .present ? context.toFinalFrame : context.fromInitialFrame) : nil
            animatorContext = try TransitionContext(
                operation: context.operation.reversed, style: context.style, containerBounds: context.containerBounds,
                presentedFrame: presented, interactive: context.interactive,
                tabFromIndex: context.tabToIndex, tabToIndex: context.tabFromIndex,
                matchedElements: context.matchedElements.map { MatchedElement(id: $0.id, fromFrame: $0.toFrame, toFrame: $0.fromFrame) })
            var map: [ViewID: ViewID] = [:]
            if let from = animatorContext.fromView, let to = context.toView { map[from] = to }
            if let to = animatorContext.toView, let from = context.fromView { map[to] = from }
            // Each element's sides swap too: the reverse's from side is the served operation's to side.
            for (served, run) in zip(context.matchedElements, animatorContext.matchedElements) {
                if let a = run.fromView, let b = served.toView { map[a] = b }
                if let a = run.toView, let b = served.fromView { map[a] = b }
            }
            handles = map
        } else {
            animatorContext = context
            handles = [:]
        }
        session = try begin(animatorContext)
        duration = session.duration()
        if let failure = session.failure { throw PluginCallError(failure) }
    }

    /// Runs the plugin's setup.
    /// - Throws: `TransitionSession.SetupRefused` when the plugin refuses; `PluginCallError` when
    ///   an isolated or sandboxed plugin could not answer.
    public func setup() throws {
        do {
            try session.setup()
        } catch let refused as TransitionSession.SetupRefused {
            throw refused.reported
        }
    }

    /// The views at `progress` of the served operation.
    public func frame(at progress: Double) -> TransitionFrame {
        guard reversed else { return session.step(progress) }
        return served(session.step(1 - progress), at: progress)
    }

    /// The views at each of `progresses` of the served operation, in order: the same steps as
    /// `frame(at:)` one by one, asked of an isolated plugin in one exchange with its worker.
    public func frames(at progresses: [Double]) -> [TransitionFrame] {
        guard let isolated = session as? IsolatedSession else { return progresses.map(frame(at:)) }
        guard reversed else { return isolated.steps(progresses) }
        return zip(progresses, isolated.steps(progresses.map { 1 - $0 })).map { served($1, at: $0) }
    }

    /// A frame of the plugin running backwards, in the served operation's handles and roles.
    private func served(_ frame: TransitionFrame, at progress: Double) -> TransitionFrame {
        let views = frame.views.map { view -> SampledView in
            var v = view
            v.id = handles[view.id] ?? view.id
            v.source = view.source.map { handles[$0] ?? $0 }
            if let content = view.state.content { v.state.content = SnapshotContent(source: handles[content.source] ?? content.source, rect: content.rect) }
            if v.role == .from { v.role = .to } else if v.role == .to { v.role = .from }
            return v
        }.sorted { $0.id < $1.id }
        return TransitionFrame(progress: progress, views: views, camera: frame.camera, matchedElements: context.matchedElements)
    }

    /// Completes the plugin's transition: `finished` is the served operation's (the plugin is told
    /// the opposite when running backwards). The report's container is in the served operation's handles.
    @discardableResult
    public func complete(finished: Bool) -> CompletionReport {
        var report = session.complete(finished: reversed ? !finished : finished)
        report.finished = finished
        report.container = report.container.map { handles[$0] ?? $0 }
        report.leakedViews = report.leakedViews.map { handles[$0] ?? $0 }
        return report
    }
}

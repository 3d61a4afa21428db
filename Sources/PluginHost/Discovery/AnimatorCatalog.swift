import TransitionCore

/// The animators a director can choose from, by id: the loaded plugins of a `PluginCatalog`, or
/// a `PluginIndex` whose plugins were only scanned in a worker process, so that no plugin code
/// runs in the host until a transition runs (in a worker, with `TransitionDirector.isolation`).
public protocol AnimatorCatalog: Sendable {
    /// The animator named `reference`: an id (the winner), or `PLUGIN-ID:ANIMATOR-ID`.
    func describedAnimator(_ reference: String) -> (any DescribedAnimator)?
    /// Every reachable animator: the winner for each id, in precedence order.
    var describedAnimators: [any DescribedAnimator] { get }
}

extension PluginCatalog: AnimatorCatalog {
    /// The loaded animator named `reference`.
    public func describedAnimator(_ reference: String) -> (any DescribedAnimator)? { animator(reference) }
    /// Every reachable loaded animator.
    public var describedAnimators: [any DescribedAnimator] { animators }
}

extension PluginIndex: AnimatorCatalog {
    /// The scanned animator named `reference`.
    public func describedAnimator(_ reference: String) -> (any DescribedAnimator)? {
        locate(reference).map { AnimatorReference(plugin: $0.plugin, description: $0.animator) }
    }

    /// Every reachable scanned animator.
    public var describedAnimators: [any DescribedAnimator] {
        animators.map { AnimatorReference(plugin: $0.plugin, description: $0.animator) }
    }
}

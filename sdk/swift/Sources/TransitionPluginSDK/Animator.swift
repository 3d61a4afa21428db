@_exported import CTransitionCatalog

/// An animator written in Swift: its descriptor and the four calls of the C ABI.
///
/// One value serves every transition, possibly on several threads at once, so it is `Sendable`;
/// everything that belongs to one transition goes in `State`, which `setup` makes and `step` and
/// `completion` receive. Export animators with ``Plugin`` and one `@_cdecl` line.
public protocol Animator: Sendable {
    /// The per-transition state `setup` makes.
    associatedtype State = Void

    /// The animator's identity, operations and parameters.
    static var info: AnimatorInfo { get }

    /// Makes the animator, once, when the plugin is first asked for.
    init()

    /// The transition's duration in seconds: finite, > 0, at most 60, the same for the same context.
    func duration(_ ctx: Context) -> Double

    /// Prepares one transition (adds the to-view where the operation needs it, makes views) and
    /// returns its state, or nil when it cannot run it.
    func setup(_ ctx: Context) -> State?

    /// Writes the views' states at `progress`. Pure in progress; no allocation, no host calls but
    /// the timing services.
    func step(_ ctx: Context, state: State, progress: Double, views: Views)

    /// Ends the transition: removes the views it made.
    func completion(_ ctx: Context, state: State, finished: Bool)
}

extension Animator {
    /// Nothing to undo.
    public func completion(_ ctx: Context, state: State, finished: Bool) {}
}

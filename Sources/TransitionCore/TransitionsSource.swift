/// The question a host asks its transitions source when a transition starts: which operation,
/// between which screens, and whether a gesture drives it.
public struct TransitionRequest: Sendable, Hashable {
    /// The operation.
    public var operation: TransitionOperation
    /// The id of the screen being left, when the host knows it.
    public var fromScreen: String?
    /// The id of the screen arriving, when the host knows it.
    public var toScreen: String?
    /// True when a gesture drives the progress.
    public var interactive: Bool

    /// Creates a request.
    public init(operation: TransitionOperation, fromScreen: String? = nil, toScreen: String? = nil, interactive: Bool = false) {
        self.operation = operation
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.interactive = interactive
    }
}

/// The animator a transitions source picks for a request, and how to run it.
public struct AnimatorChoice: Sendable, Hashable {
    /// The id of the animator.
    public var animatorID: String
    /// Parameter values as text (a source file lists them in the animator's declaration order); unset parameters keep their defaults.
    public var parameters: [ParameterAssignment]
    /// The presentation style for present and dismiss; nil uses the animator's default style.
    public var style: PresentationStyle?
    /// True when the operation is served by running the animation of the reverse operation
    /// backwards (a pop served by a push played from the end).
    public var reversed: Bool
    /// Elements both screens show, given to the animator's context.
    public var matchedElements: [MatchedElement]
    /// Where a custom-style present's sheet rests: the presented frame the host gives the
    /// animator. Nil keeps the presentation's own layout.
    public var detent: SheetDetent?

    /// Creates a choice.
    public init(
        animatorID: String, parameters: [ParameterAssignment] = [], style: PresentationStyle? = nil, reversed: Bool = false,
        matchedElements: [MatchedElement] = [], detent: SheetDetent? = nil
    ) {
        self.animatorID = animatorID
        self.parameters = parameters
        self.style = style
        self.reversed = reversed
        self.matchedElements = matchedElements
        self.detent = detent
    }

    /// The parameters in the form `AnimatorDescription.values(for:)` takes.
    public var assignments: [(key: String, value: String)] {
        parameters.map { (key: $0.key, value: $0.value) }
    }
}

/// Picks the animator of each transition, like UIKit's transitioning and navigation-controller
/// delegates.
public protocol TransitionsSource: Sendable {
    /// The animator to run for `request`, or nil to use the system's default transition.
    func animator(for request: TransitionRequest) -> AnimatorChoice?

    /// True when `request` is to change screens at once, with no animator at all, even where
    /// the system default has one. False unless a source says otherwise.
    func changesInstantly(for request: TransitionRequest) -> Bool
}

extension TransitionsSource {
    /// No instant change unless the source asks for one.
    public func changesInstantly(for request: TransitionRequest) -> Bool { false }
}

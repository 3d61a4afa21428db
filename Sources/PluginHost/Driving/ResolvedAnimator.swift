import TransitionCore

/// The animator that serves one operation, with its parameter values and whether it runs
/// backwards: what a transitions source's choice comes to once checked against the loaded plugins.
///
/// An operation is served backwards (the reverse operation's animation played from its end, with
/// from and to swapped, as Hero's `autoReverse` pairs push with pull) when the source asks for it
/// (`AnimatorChoice.reversed`), or automatically when the animator does not serve the operation
/// itself, declares itself reversible (`TC_ANIMATOR_REVERSIBLE`) and serves the reverse operation.
public struct ResolvedAnimator: Sendable {
    /// How the animator came to serve the operation backwards.
    public enum Reversal: String, Sendable, Hashable, Codable {
        /// It serves the operation itself.
        case none
        /// The transitions source asked for the reverse operation's animation backwards.
        case requested
        /// It lacks the operation, is reversible and serves the reverse: played backwards.
        case automatic
    }

    /// The animator: loaded in this process (`Animator`), or known from an isolated scan
    /// (`AnimatorReference`), which `TransitionRun` loads only when it runs in this process.
    public let animator: any DescribedAnimator
    /// One value per parameter, in descriptor order.
    public let parameters: [Double]
    /// How it serves the operation.
    public let reversal: Reversal
    /// Elements both screens show, from the choice (a transitions file's `match`).
    public var matchedElements: [MatchedElement] = []
    /// Where a custom-style present's sheet rests, from the choice (a transitions file's
    /// `detent`); nil keeps the presentation's layout.
    public var detent: SheetDetent?

    /// True when it runs the reverse operation's animation backwards.
    public var reversed: Bool { reversal != .none }

    /// Creates a resolution without checks.
    public init(animator: any DescribedAnimator, parameters: [Double]? = nil, reversal: Reversal = .none) {
        self.animator = animator
        self.parameters = parameters ?? animator.description.defaultValues
        self.reversal = reversal
    }

    /// Why a choice cannot serve an operation.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong and what to do.
        public let description: String
    }

    /// Resolves `choice` for `operation` in `style` against `catalog`.
    /// - Throws: `Error` for an unknown animator, bad parameters, an animator that serves neither
    ///   the operation nor (being reversible) its reverse, or one that does not serve `style`.
    public static func resolve(
        _ choice: AnimatorChoice, for operation: TransitionOperation, style: PresentationStyle, in catalog: some AnimatorCatalog
    ) throws(Error) -> ResolvedAnimator {
        guard let animator = catalog.describedAnimator(choice.animatorID) else {
            let hint = Suggestions.closest(to: choice.animatorID, in: catalog.describedAnimators.map(\.id)).map { "; did you mean '\($0)'?" } ?? "; run `catalog list` to see them"
            throw Error(description: "unknown animator '\(DisplayText.escape(choice.animatorID))'\(hint)")
        }
        let description = animator.description
        let reversal: Reversal
        if choice.reversed {
            guard description.supports(operation.reversed), description.reversible else {
                throw Error(description: "\(animator.id) cannot serve \(operation) reversed: it needs to serve \(operation.reversed) and be reversible")
            }
            reversal = .requested
        } else if description.supports(operation) {
            reversal = .none
        } else if description.reversible && description.supports(operation.reversed) {
            reversal = .automatic
        } else {
            throw Error(description: "\(animator.id) does not serve \(operation)\(description.reversible ? "" : " and is not reversible"); it serves \(description.operations.map(\.name).joined(separator: ", "))")
        }
        if operation.isModal && !description.styles.contains(style) {
            throw Error(description: "\(animator.id) does not serve the \(style) style of this \(operation); it serves \(description.styles.map(\.name).joined(separator: ", "))")
        }
        let values: [Double]
        do {
            values = try description.values(for: choice.assignments)
        } catch {
            throw Error(description: error.description)
        }
        var resolved = ResolvedAnimator(animator: animator, parameters: values, reversal: reversal)
        resolved.matchedElements = choice.matchedElements
        resolved.detent = choice.detent
        return resolved
    }
}

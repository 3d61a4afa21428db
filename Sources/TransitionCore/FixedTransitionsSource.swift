/// A transitions source that runs one animator for every operation it serves and leaves the
/// other operations to the system.
public struct FixedTransitionsSource: TransitionsSource, Hashable {
    /// The operations the animator serves.
    public let operations: Set<TransitionOperation>
    /// The choice returned for those operations; its style is given for present and dismiss only.
    public let choice: AnimatorChoice

    /// Creates a source that runs `animator` with `parameters` and, on present and dismiss,
    /// `style`. The parameters are checked when the animator's values are computed
    /// (`AnimatorDescription.values(for:)`).
    public init(animator: AnimatorDescription, parameters: [ParameterAssignment] = [], style: PresentationStyle? = nil) {
        operations = Set(animator.operations)
        choice = AnimatorChoice(animatorID: animator.id, parameters: parameters, style: style)
    }

    /// The fixed choice when the animator serves the request's operation, else nil.
    public func animator(for request: TransitionRequest) -> AnimatorChoice? {
        guard operations.contains(request.operation) else { return nil }
        var result = choice
        if !request.operation.isModal { result.style = nil }
        return result
    }
}

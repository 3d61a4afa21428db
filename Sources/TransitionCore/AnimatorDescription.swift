/// What a host knows about an animator without running it: its identity, the operations and
/// styles it serves, and its parameters.
public struct AnimatorDescription: Sendable, Hashable, Codable {
    /// The kebab-case id, unique within its plugin: `slide`.
    public var id: String
    /// The display name.
    public var name: String
    /// One sentence.
    public var summary: String
    /// The operations it serves.
    public var operations: [TransitionOperation]
    /// The presentation styles it serves on present and dismiss.
    public var styles: [PresentationStyle]
    /// True when the reverse operation may be served by running it backwards.
    public var reversible: Bool
    /// Its parameters, in the order their values are passed.
    public var parameters: [ParameterSpec]

    /// Creates a description.
    public init(
        id: String, name: String, summary: String, operations: [TransitionOperation],
        styles: [PresentationStyle] = [.fullScreen], reversible: Bool = false, parameters: [ParameterSpec] = []
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.operations = operations
        self.styles = styles
        self.reversible = reversible
        self.parameters = parameters
    }

    /// True when it serves `operation`.
    public func supports(_ operation: TransitionOperation) -> Bool { operations.contains(operation) }

    /// The style to use for `operation` when none is asked for: full screen when served, else custom.
    public func defaultStyle(for operation: TransitionOperation) -> PresentationStyle {
        guard operation.isModal else { return .fullScreen }
        return styles.contains(.fullScreen) ? .fullScreen : (styles.first ?? .fullScreen)
    }

    /// The default value of every parameter, in order.
    public var defaultValues: [Double] { parameters.map(\.defaultValue) }

    /// The parameter values for `assignments` (id to text), defaults for the rest.
    /// - Throws: `ParameterSpec.Error` naming an unknown parameter (with the known ones) or a bad value.
    public func values(for assignments: [(key: String, value: String)]) throws(ParameterSpec.Error) -> [Double] {
        var values = defaultValues
        for (key, text) in assignments {
            guard let i = parameters.firstIndex(where: { $0.id == key }) else {
                let known = parameters.isEmpty ? "it has none" : "known: " + parameters.map(\.id).joined(separator: ", ")
                throw ParameterSpec.Error(description: "\(id) has no parameter '\(DisplayText.escape(key))' (\(known))")
            }
            values[i] = try parameters[i].parse(text)
        }
        return values
    }
}

/// An animator's identity, what it serves and its parameters.
public struct AnimatorInfo: Sendable {
    /// Kebab-case, unique within the plugin: "card-stack".
    public var id: String
    /// Display name.
    public var name: String
    /// One sentence.
    public var summary: String
    /// The operations it serves; not empty.
    public var operations: Set<Operation>
    /// The presentation styles it serves on present and dismiss; empty is full screen only.
    public var styles: Set<PresentationStyle>
    /// The reverse operation may be served by running it backwards.
    public var reversible: Bool
    /// Its parameters, in the order of ``Context/parameter(_:)``'s indexes.
    public var parameters: [Parameter]

    /// An animator description.
    public init(id: String, name: String, summary: String, operations: Set<Operation>, styles: Set<PresentationStyle> = [],
                reversible: Bool = false, parameters: [Parameter] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.operations = operations
        self.styles = styles
        self.reversible = reversible
        self.parameters = parameters
    }
}

/// A transition operation.
public enum Operation: UInt32, Sendable, Hashable, CaseIterable {
    /// A push onto a navigation stack.
    case push = 0
    /// A pop off a navigation stack.
    case pop = 1
    /// A modal presentation.
    case present = 2
    /// A modal dismissal.
    case dismiss = 3
    /// A tab switch.
    case tab = 4
}

/// How a modal screen is presented.
public enum PresentationStyle: UInt32, Sendable, Hashable {
    /// Both views are in the container.
    case fullScreen = 0
    /// The presenting view stays outside the container.
    case custom = 1
}

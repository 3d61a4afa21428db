/// Why a preview could not be made or written: one sentence for the user.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates an error with a message.
    public init(_ description: String) { self.description = description }
}

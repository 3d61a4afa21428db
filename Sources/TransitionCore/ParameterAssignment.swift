/// One parameter value given as text, as the CLI and transitions files give it: `direction=left`.
public struct ParameterAssignment: Sendable, Hashable, CustomStringConvertible {
    /// The parameter's id: `direction`.
    public var key: String
    /// The value as text that `ParameterSpec.parse` accepts: `left`, `0.4`, `true`.
    public var value: String

    /// Creates an assignment.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// `key=value`.
    public var description: String { "\(key)=\(value)" }
}

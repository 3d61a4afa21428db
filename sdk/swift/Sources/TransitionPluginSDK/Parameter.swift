/// A typed parameter; its value reaches the animator through ``Context/parameter(_:)``.
public struct Parameter: Sendable {
    /// What values the parameter takes.
    public enum Kind: Sendable {
        /// Any finite value in the range.
        case number
        /// A whole number in the range.
        case integer
        /// 0 or 1.
        case bool
        /// An index into these kebab-case names.
        case choice([String])
    }

    /// Kebab-case key, unique within the animator.
    public var id: String
    /// Display name.
    public var name: String
    /// One sentence for users.
    public var doc: String
    /// "s", "pt", "deg", "%" or "".
    public var unit: String
    /// What values it takes.
    public var kind: Kind
    /// The default value.
    public var defaultValue: Double
    /// The allowed values; for a choice, 0 ... count − 1.
    public var range: ClosedRange<Double>

    /// A number parameter.
    public static func number(_ id: String, name: String, doc: String, unit: String = "", default value: Double, range: ClosedRange<Double>) -> Parameter {
        Parameter(id: id, name: name, doc: doc, unit: unit, kind: .number, defaultValue: value, range: range)
    }

    /// An integer parameter.
    public static func integer(_ id: String, name: String, doc: String, unit: String = "", default value: Int, range: ClosedRange<Int>) -> Parameter {
        Parameter(id: id, name: name, doc: doc, unit: unit, kind: .integer, defaultValue: Double(value), range: Double(range.lowerBound)...Double(range.upperBound))
    }

    /// A boolean parameter.
    public static func bool(_ id: String, name: String, doc: String, default value: Bool) -> Parameter {
        Parameter(id: id, name: name, doc: doc, unit: "", kind: .bool, defaultValue: value ? 1 : 0, range: 0...1)
    }

    /// A choice parameter; its maximum is always the number of choices − 1.
    public static func choice(_ id: String, name: String, doc: String, choices: [String], default index: Int) -> Parameter {
        Parameter(id: id, name: name, doc: doc, unit: "", kind: .choice(choices), defaultValue: Double(index), range: 0...Double(max(choices.count - 1, 0)))
    }
}

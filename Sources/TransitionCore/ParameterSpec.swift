/// A typed parameter of an animator: what a host lists, sets and checks.
public struct ParameterSpec: Sendable, Hashable, Codable {
    /// The kind of value a parameter holds. Raw values match `tc_param_type_t`.
    public enum Kind: Int, Sendable, Hashable, CustomStringConvertible {
        /// Any finite number in [min, max].
        case number = 0
        /// A whole number in [min, max].
        case integer = 1
        /// 0 (false) or 1 (true).
        case bool = 2
        /// An index into `choices`.
        case choice = 3

        /// The kind's name.
        public var description: String {
            switch self {
            case .number: "number"
            case .integer: "integer"
            case .bool: "bool"
            case .choice: "choice"
            }
        }
    }

    /// The kebab-case key: `direction`.
    public var id: String
    /// The display name.
    public var name: String
    /// One sentence for users.
    public var doc: String
    /// The unit: `s`, `pt`, `deg`, `%` or empty.
    public var unit: String
    /// The kind of value.
    public var kind: Kind
    /// The default value.
    public var defaultValue: Double
    /// The smallest value allowed.
    public var minimum: Double
    /// The largest value allowed.
    public var maximum: Double
    /// The choices' names, for `.choice`; the value is an index into it.
    public var choices: [String]

    /// Creates a parameter description.
    public init(
        id: String, name: String, doc: String = "", unit: String = "", kind: Kind, defaultValue: Double,
        minimum: Double, maximum: Double, choices: [String] = []
    ) {
        self.id = id
        self.name = name
        self.doc = doc
        self.unit = unit
        self.kind = kind
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.choices = choices
    }

    /// Why a value was refused.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong and what is allowed.
        public let description: String
    }

    /// Checks a numeric value: finite, inside the range, whole for integers and choices, 0 or 1
    /// for booleans. Returns the value.
    @discardableResult
    public func check(_ value: Double) throws(Error) -> Double {
        guard value.isFinite else { throw Error(description: "\(id) must be a finite number") }
        switch kind {
        case .bool where value != 0 && value != 1:
            throw Error(description: "\(id) must be true or false")
        case .integer where value != value.rounded(), .choice where value != value.rounded():
            throw Error(description: "\(id) must be a whole number")
        default: break
        }
        guard value >= minimum && value <= maximum else {
            throw Error(description: "\(id) = \(Format.number(value, decimals: 6)) is out of range; allowed: \(allowedDescription)")
        }
        return value
    }

    /// Parses and checks text as the CLI and files give it: a number, `true`/`false`, or a choice's name.
    public func parse(_ text: String) throws(Error) -> Double {
        let trimmed = text.trimmingWhitespace()
        switch kind {
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return 1
            case "false", "no", "off", "0": return 0
            default: throw Error(description: "\(id) must be true or false, not '\(DisplayText.escape(trimmed))'")
            }
        case .choice:
            if let index = choices.firstIndex(of: trimmed.lowercased()) { return Double(index) }
            if let n = Int(trimmed), choices.indices.contains(n) { return Double(n) }
            throw Error(description: "\(id) must be one of \(choices.joined(separator: ", ")); got '\(DisplayText.escape(trimmed))'")
        case .number, .integer:
            guard let value = Double(trimmed) else {
                throw Error(description: "\(id) must be a number; got '\(DisplayText.escape(trimmed))'")
            }
            return try check(value)
        }
    }

    /// The value as a person reads it: a choice's name, true/false, or the number with its unit.
    public func display(_ value: Double) -> String {
        switch kind {
        case .bool: return value != 0 ? "true" : "false"
        case .choice:
            let i = Int(value)
            return choices.indices.contains(i) ? choices[i] : Format.number(value)
        case .number, .integer: return Format.number(value, decimals: 3) + unit
        }
    }

    /// What values are allowed, for error messages and listings.
    public var allowedDescription: String {
        switch kind {
        case .bool: "true or false"
        case .choice: choices.joined(separator: " | ")
        case .number, .integer: "\(Format.number(minimum, decimals: 3))...\(Format.number(maximum, decimals: 3))\(unit)"
        }
    }
}

extension ParameterSpec.Kind: Codable {
    /// Decodes the kind from its name.
    public init(from decoder: any Decoder) throws {
        let name = try String(from: decoder)
        guard let kind = [ParameterSpec.Kind.number, .integer, .bool, .choice].first(where: { $0.description == name }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown parameter kind '\(name)'"))
        }
        self = kind
    }

    /// Encodes the kind as its name.
    public func encode(to encoder: any Encoder) throws { try description.encode(to: encoder) }
}

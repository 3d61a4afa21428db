/// A transitions source read from a JSON file of rules, checked against a catalog of animators
/// when it is loaded. The first rule matching a request decides:
///
/// ```json
/// {
///   "version": 1,
///   "rules": [
///     { "operation": "push", "animator": "slide", "parameters": { "direction": "left", "duration": 0.4 } },
///     { "operation": "present", "from": "inbox", "to": "compose", "animator": "dimmed-sheet", "style": "custom" },
///     { "operation": ["pop", "dismiss"], "interactive": true, "animator": "slide", "reversed": false },
///     { "operation": "tab", "animator": null },
///     { "operation": "*", "animator": "fade" }
///   ]
/// }
/// ```
///
/// - `operation`: an operation name, a list of names, or `"*"` for any (required).
/// - `from`, `to`: screen ids; `"*"` or absent matches any screen.
/// - `interactive`: true or false; absent matches both.
/// - `animator`: an animator id, or null for the system default (required).
/// - `parameters`: parameter ids to numbers, booleans or choice names.
/// - `style`: `"full-screen"` or `"custom"`, on rules whose operations are all present or dismiss.
/// - `reversed`: true to serve each operation by running the reverse operation's animation backwards.
public struct TransitionsSourceFile: TransitionsSource, Hashable {
    /// The name of the file the rules came from, as given for messages.
    public let fileName: String
    /// The rules, in file order.
    public let rules: [Rule]

    /// The only format version this reader accepts.
    public static let supportedVersion = 1

    /// One rule: which requests it matches and what it picks for them.
    public struct Rule: Sendable, Hashable {
        /// The operations matched; nil matches any.
        public var operations: Set<TransitionOperation>?
        /// The screen being left; nil matches any.
        public var fromScreen: String?
        /// The screen arriving; nil matches any.
        public var toScreen: String?
        /// Whether the transition is interactive; nil matches both.
        public var interactive: Bool?
        /// The animator to run, or nil for the system default.
        public var choice: AnimatorChoice?

        /// Creates a rule.
        public init(
            operations: Set<TransitionOperation>? = nil, fromScreen: String? = nil, toScreen: String? = nil,
            interactive: Bool? = nil, choice: AnimatorChoice?
        ) {
            self.operations = operations
            self.fromScreen = fromScreen
            self.toScreen = toScreen
            self.interactive = interactive
            self.choice = choice
        }

        /// True when every condition of the rule holds for `request`. A rule naming a screen does
        /// not match a request that does not name one.
        public func matches(_ request: TransitionRequest) -> Bool {
            if let operations, !operations.contains(request.operation) { return false }
            if let fromScreen, fromScreen != request.fromScreen { return false }
            if let toScreen, toScreen != request.toScreen { return false }
            if let interactive, interactive != request.interactive { return false }
            return true
        }
    }

    /// Why a transitions file was refused: where, and what is wrong.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// The file's name, as given.
        public let fileName: String
        /// The path of the offending value, such as `rules[2].parameters.direction`; empty for the
        /// file as a whole.
        public let keyPath: String
        /// What is wrong, and what is allowed.
        public let message: String

        /// Creates an error.
        public init(fileName: String, keyPath: String, message: String) {
            self.fileName = fileName
            self.keyPath = keyPath
            self.message = message
        }

        /// `FILE: KEYPATH: MESSAGE`, or `FILE: MESSAGE` when the key path is empty.
        public var description: String {
            let file = DisplayText.escape(fileName)
            return keyPath.isEmpty ? "\(file): \(message)" : "\(file): \(keyPath): \(message)"
        }
    }

    /// Parses and checks a transitions file.
    ///
    /// - Parameters:
    ///   - json: the file's text.
    ///   - fileName: the name used in error messages.
    ///   - catalog: the animators that rules may name.
    /// - Throws: `Error` for malformed JSON, a missing or unsupported version, unknown keys,
    ///   operations, animators or parameters, values of the wrong type or out of range, and
    ///   rules asking an animator for an operation, style or direction it does not serve.
    public init(json: String, fileName: String, catalog: [AnimatorDescription]) throws(Error) {
        let document: JSONValue
        do {
            document = try JSONValue.parse(utf8: Array(json.utf8))
        } catch {
            throw Error(
                fileName: fileName, keyPath: "",
                message: "malformed JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        let loader = Loader(fileName: fileName, catalog: catalog)
        self.fileName = fileName
        self.rules = try loader.document(document)
    }

    /// Parses and checks a transitions file given as UTF-8 bytes (`Data`, `[UInt8]`).
    ///
    /// - Throws: `Error` for bytes that are not UTF-8, and everything `init(json:fileName:catalog:)` refuses.
    public init<Bytes: Collection>(utf8 bytes: Bytes, fileName: String, catalog: [AnimatorDescription]) throws(Error)
    where Bytes.Element == UInt8 {
        let array = Array(bytes)
        guard let text = String(validating: array, as: UTF8.self) else {
            var decoder = UTF8()
            var iterator = array.makeIterator()
            var offset = 0
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .error, .emptyInput: break decoding
                }
            }
            let (line, column) = JSONValue.position(of: offset, in: array)
            throw Error(fileName: fileName, keyPath: "", message: "not UTF-8 text: invalid byte at line \(line), column \(column)")
        }
        try self.init(json: text, fileName: fileName, catalog: catalog)
    }

    /// The choice of the first rule matching `request`; nil when that rule asks for the system
    /// default or no rule matches.
    public func animator(for request: TransitionRequest) -> AnimatorChoice? {
        rules.first { $0.matches(request) }?.choice
    }
}

/// Turns a parsed document into rules, checking each value and naming its key path.
private struct Loader {
    typealias Error = TransitionsSourceFile.Error

    let fileName: String
    let catalog: [AnimatorDescription]

    static let topKeys = ["version", "rules"]
    static let ruleKeys = ["operation", "from", "to", "interactive", "animator", "parameters", "style", "reversed"]

    func fail(_ path: String, _ message: String) -> Error {
        Error(fileName: fileName, keyPath: path, message: message)
    }

    /// `path.key`, with the key made safe to print.
    func join(_ path: String, _ key: String) -> String {
        let safeKey = DisplayText.escape(key)
        return path.isEmpty ? safeKey : "\(path).\(safeKey)"
    }

    /// `'text'`, made safe to print.
    func quoted(_ text: String) -> String { "'\(DisplayText.escape(text))'" }

    /// Text from the file or a plugin, made safe to print.
    func shown(_ text: String) -> String { DisplayText.escape(text) }

    /// The members of an object, refusing duplicate and unknown keys.
    func members(_ members: [JSONValue.Member], at path: String, allowed: [String]) throws(Error) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for member in members {
            let memberPath = join(path, member.key)
            guard allowed.contains(member.key) else {
                let hint = Suggestions.closest(to: member.key, in: allowed).map { "did you mean '\($0)'?" }
                    ?? "known keys: " + allowed.joined(separator: ", ")
                throw fail(memberPath, "unknown key \(quoted(member.key)); \(hint)")
            }
            guard result.updateValue(member.value, forKey: member.key) == nil else {
                throw fail(memberPath, "duplicate key \(quoted(member.key))")
            }
        }
        return result
    }

    func document(_ document: JSONValue) throws(Error) -> [TransitionsSourceFile.Rule] {
        guard case .object(let topMembers) = document else {
            throw fail("", "expected an object with \"version\" and \"rules\" at the top level, got \(document.kindDescription)")
        }
        let top = try members(topMembers, at: "", allowed: Self.topKeys)
        switch top["version"] {
        case nil:
            throw fail("version", "missing; this reader needs \"version\": \(TransitionsSourceFile.supportedVersion)")
        case .number(let text)?:
            guard Double(text) == Double(TransitionsSourceFile.supportedVersion) else {
                throw fail("version", "unsupported version \(DisplayText.escape(text)); only version \(TransitionsSourceFile.supportedVersion) is supported")
            }
        case let other?:
            throw fail("version", "expected a number, got \(other.kindDescription)")
        }
        guard let rulesValue = top["rules"] else { throw fail("rules", "missing; expected an array of rules") }
        guard case .array(let ruleValues) = rulesValue else {
            throw fail("rules", "expected an array of rules, got \(rulesValue.kindDescription)")
        }
        var rules: [TransitionsSourceFile.Rule] = []
        for (i, value) in ruleValues.enumerated() {
            rules.append(try rule(value, at: "rules[\(i)]"))
        }
        return rules
    }

    func rule(_ value: JSONValue, at path: String) throws(Error) -> TransitionsSourceFile.Rule {
        guard case .object(let ruleMembers) = value else {
            throw fail(path, "expected a rule object, got \(value.kindDescription)")
        }
        let fields = try members(ruleMembers, at: path, allowed: Self.ruleKeys)
        let operations = try operations(fields["operation"], at: join(path, "operation"))
        let fromScreen = try screen(fields["from"], at: join(path, "from"))
        let toScreen = try screen(fields["to"], at: join(path, "to"))
        let interactive = try optionalBool(fields["interactive"], at: join(path, "interactive"))

        let animatorPath = join(path, "animator")
        let animator: AnimatorDescription
        switch fields["animator"] {
        case nil:
            throw fail(animatorPath, "missing; expected an animator id, or null for the system default")
        case .null?:
            for key in ["parameters", "style", "reversed"] where fields[key] != nil {
                throw fail(join(path, key), "not allowed when \"animator\" is null (the system default)")
            }
            return TransitionsSourceFile.Rule(
                operations: operations, fromScreen: fromScreen, toScreen: toScreen, interactive: interactive, choice: nil)
        case .string(let id)?:
            animator = try lookUp(id, at: animatorPath)
        case let other?:
            throw fail(animatorPath, "expected an animator id (a string) or null, got \(other.kindDescription)")
        }

        let served = operations ?? Set(TransitionOperation.allCases)
        let ordered = TransitionOperation.allCases.filter(served.contains)
        let reversed = try optionalBool(fields["reversed"], at: join(path, "reversed")) ?? false
        if reversed {
            let missing = ordered.filter { !animator.supports($0.reversed) }
            if !missing.isEmpty {
                throw fail(
                    join(path, "reversed"),
                    "\(shown(animator.id)) cannot serve \(names(missing)) reversed: it does not serve the reverse, \(names(missing.map(\.reversed))) (it serves \(names(animator.operations)))")
            }
            if !animator.reversible {
                throw fail(join(path, "reversed"), "\(shown(animator.id)) cannot be run backwards (it is not reversible)")
            }
        } else {
            let missing = ordered.filter { !animator.supports($0) }
            if !missing.isEmpty {
                throw fail(animatorPath, "\(shown(animator.id)) does not serve \(names(missing)); it serves \(names(animator.operations))")
            }
        }

        let style = try style(fields["style"], at: join(path, "style"), operations: ordered, animator: animator)
        let parameters = try parameters(fields["parameters"], at: join(path, "parameters"), animator: animator)
        return TransitionsSourceFile.Rule(
            operations: operations, fromScreen: fromScreen, toScreen: toScreen, interactive: interactive,
            choice: AnimatorChoice(animatorID: animator.id, parameters: parameters, style: style, reversed: reversed))
    }

    func names(_ operations: [TransitionOperation]) -> String {
        operations.isEmpty ? "no operation" : operations.map(\.name).joined(separator: ", ")
    }

    func operations(_ value: JSONValue?, at path: String) throws(Error) -> Set<TransitionOperation>? {
        let expected = "expected an operation name, a list of names, or \"*\""
        switch value {
        case nil:
            throw fail(path, "missing; \(expected)")
        case .string("*")?:
            return nil
        case .string(let name)?:
            return [try operation(name, at: path)]
        case .array(let elements)?:
            guard !elements.isEmpty else { throw fail(path, "expected at least one operation name") }
            var result: Set<TransitionOperation> = []
            for (i, element) in elements.enumerated() {
                let elementPath = "\(path)[\(i)]"
                switch element {
                case .string("*"): throw fail(elementPath, "\"*\" must stand alone, not inside a list")
                case .string(let name): result.insert(try operation(name, at: elementPath))
                default: throw fail(elementPath, "expected an operation name, got \(element.kindDescription)")
                }
            }
            return result
        case let other?:
            throw fail(path, "\(expected), got \(other.kindDescription)")
        }
    }

    func operation(_ name: String, at path: String) throws(Error) -> TransitionOperation {
        if let operation = TransitionOperation(name: name) { return operation }
        let known = TransitionOperation.allCases.map(\.name)
        let hint = Suggestions.closest(to: name, in: known).map { "did you mean '\($0)'?" }
            ?? "known: " + known.joined(separator: ", ") + ", or \"*\" for any"
        throw fail(path, "unknown operation \(quoted(name)); \(hint)")
    }

    func screen(_ value: JSONValue?, at path: String) throws(Error) -> String? {
        switch value {
        case nil, .string("*")?: return nil
        case .string("")?: throw fail(path, "a screen id must not be empty; use \"*\" or leave it out to match any screen")
        case .string(let id)?: return id
        case let other?: throw fail(path, "expected a screen id (a string), got \(other.kindDescription)")
        }
    }

    func optionalBool(_ value: JSONValue?, at path: String) throws(Error) -> Bool? {
        switch value {
        case nil: return nil
        case .bool(let flag)?: return flag
        case let other?: throw fail(path, "expected true or false, got \(other.kindDescription)")
        }
    }

    func lookUp(_ id: String, at path: String) throws(Error) -> AnimatorDescription {
        if let animator = catalog.first(where: { $0.id == id }) { return animator }
        let ids = catalog.map(\.id)
        let hint: String
        if let suggestion = Suggestions.closest(to: id, in: ids) {
            hint = "did you mean '\(shown(suggestion))'?"
        } else if ids.isEmpty {
            hint = "no animators are available"
        } else if ids.count <= 12 {
            hint = "known: " + ids.map(shown).joined(separator: ", ")
        } else {
            hint = "\(ids.count) animators are available"
        }
        throw fail(path, "unknown animator \(quoted(id)); \(hint)")
    }

    func style(
        _ value: JSONValue?, at path: String, operations: [TransitionOperation], animator: AnimatorDescription
    ) throws(Error) -> PresentationStyle? {
        guard let value else { return nil }
        guard case .string(let name) = value else {
            throw fail(path, "expected \"full-screen\" or \"custom\", got \(value.kindDescription)")
        }
        guard let style = PresentationStyle(name: name) else {
            let known = PresentationStyle.allCases.map(\.name)
            let hint = Suggestions.closest(to: name, in: known).map { "did you mean '\($0)'?" }
                ?? "expected " + known.map { "'\($0)'" }.joined(separator: " or ")
            throw fail(path, "unknown style \(quoted(name)); \(hint)")
        }
        let nonModal = operations.filter { !$0.isModal }
        if !nonModal.isEmpty {
            throw fail(path, "a style applies to present and dismiss only; this rule also matches \(names(nonModal))")
        }
        guard animator.styles.contains(style) else {
            throw fail(
                path,
                "\(shown(animator.id)) does not serve the \(style.name) style; it serves \(animator.styles.map(\.name).joined(separator: ", "))")
        }
        return style
    }

    func parameters(_ value: JSONValue?, at path: String, animator: AnimatorDescription) throws(Error) -> [ParameterAssignment] {
        guard let value else { return [] }
        guard case .object(let entries) = value else {
            throw fail(path, "expected an object of parameter values, got \(value.kindDescription)")
        }
        let known = animator.parameters.map { shown($0.id) }
        var seen: Set<String> = []
        var result: [ParameterAssignment] = []
        for entry in entries {
            let entryPath = join(path, entry.key)
            guard let spec = animator.parameters.first(where: { $0.id == entry.key }) else {
                let hint: String
                if let suggestion = Suggestions.closest(to: entry.key, in: known) {
                    hint = "did you mean '\(suggestion)'?"
                } else {
                    hint = known.isEmpty ? "it has none" : "known: " + known.joined(separator: ", ")
                }
                throw fail(entryPath, "\(shown(animator.id)) has no parameter \(quoted(entry.key)); \(hint)")
            }
            guard seen.insert(entry.key).inserted else { throw fail(entryPath, "duplicate key \(quoted(entry.key))") }
            let text = try parameterText(entry.value, spec: spec, at: entryPath)
            let parsed: Double
            do {
                parsed = try spec.parse(text)
            } catch {
                throw fail(entryPath, error.description)
            }
            let stored = spec.kind == .choice ? spec.choices[Int(parsed)] : text
            result.append(ParameterAssignment(key: spec.id, value: stored))
        }
        return result
    }

    /// The JSON value as the text `ParameterSpec.parse` takes, refusing JSON types that do not fit
    /// the parameter's kind.
    func parameterText(_ value: JSONValue, spec: ParameterSpec, at path: String) throws(Error) -> String {
        switch (spec.kind, value) {
        case (.bool, .bool(let flag)):
            return flag ? "true" : "false"
        case (.number, .number(let text)), (.integer, .number(let text)), (.choice, .number(let text)):
            return Self.roundTripText(text)
        case (.choice, .string(let name)):
            return name
        case (.bool, _):
            throw fail(path, "expected true or false for \(shown(spec.id)), got \(value.kindDescription)")
        case (.choice, _):
            throw fail(path, "expected one of \(spec.choices.map(shown).joined(separator: ", ")) for \(shown(spec.id)), got \(value.kindDescription)")
        case (.number, _), (.integer, _):
            throw fail(path, "expected a number for \(shown(spec.id)), got \(value.kindDescription)")
        }
    }

    /// A JSON number literal as the shortest text that reads back as the same `Double`:
    /// whole numbers without a fraction (`3`), others as Swift prints them (`0.4`, `1e-07`).
    static func roundTripText(_ literal: String) -> String {
        guard let value = Double(literal) else { return literal }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

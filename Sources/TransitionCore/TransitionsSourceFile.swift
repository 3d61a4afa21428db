#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
/// - `match`: elements both screens show, each `"ID:X,Y,WxH->X,Y,WxH"` (its frame in the
///   from-screen, then in the to-screen), for shared-element animators.
/// - `detent`: where a custom-style present's sheet rests, as UIKit's sheet detents: `"medium"`
///   (half the container's height), `"large"` (all of it) or a fraction in (0, 1] such as 0.4;
///   on rules that match present (and perhaps dismiss, which keeps the present's frame) in the
///   custom style.
public struct TransitionsSourceFile: TransitionsSource, Hashable {
    /// The name of the file the rules came from, as given for messages.
    public let fileName: String
    /// The rules, in file order.
    public let rules: [Rule]

    /// The only format version this reader accepts.
    public static let supportedVersion = 1

    /// The largest transitions file a host reads, in bytes (1 MiB): far more than any app's rules.
    public static let largestFile = 1 << 20

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
    /// The text is read with `JSONDecoder`; a syntax error is located to its line and column
    /// against RFC 8259's grammar. When a key appears twice in one object, one of its values is used. Parameter values are listed in the order the
    /// animator declares its parameters.
    ///
    /// - Parameters:
    ///   - json: the file's text.
    ///   - fileName: the name used in error messages.
    ///   - catalog: the animators that rules may name.
    /// - Throws: `Error` for malformed JSON, a missing or unsupported version, unknown keys,
    ///   operations, animators or parameters, values of the wrong type or out of range, and
    ///   rules asking an animator for an operation, style or direction it does not serve.
    public init(json: String, fileName: String, catalog: [AnimatorDescription]) throws(Error) {
        do {
            self.rules = try Loader.rules(in: Data(json.utf8), catalog: catalog)
        } catch {
            throw Error(fileName: fileName, keyPath: error.keyPath, message: error.message)
        }
        self.fileName = fileName
    }

    /// Parses and checks a transitions file given as UTF-8 bytes (`Data`, `[UInt8]`).
    ///
    /// - Throws: `Error` for bytes that are not UTF-8, and everything `init(json:fileName:catalog:)` refuses.
    public init<Bytes: Collection>(utf8 bytes: Bytes, fileName: String, catalog: [AnimatorDescription]) throws(Error)
    where Bytes.Element == UInt8 {
        let array = Array(bytes)
        guard let text = String(validating: array, as: UTF8.self) else {
            let (line, column) = JSONSyntax.invalidUTF8(in: array) ?? (1, 1)
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

/// Why a file was refused, before the file's name is attached.
private struct Problem: Swift.Error {
    /// The path of the offending value; empty for the file as a whole.
    let keyPath: String
    /// What is wrong, and what is allowed.
    let message: String
}

/// Any key of a JSON object, or an index into an array.
private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ key: String) {
        stringValue = key
        intValue = nil
    }

    init(stringValue: String) { self.init(stringValue) }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// What a JSON value is, with its contents when it is not an object or an array.
private enum Value: Decodable {
    case object
    case array
    case string(String)
    case number(Double)
    /// A number that does not convert to a `Double`, such as `1e400`.
    case unrepresentableNumber
    case bool(Bool)
    case null

    /// Asks the decoder for each kind in turn; a value of another kind is a type mismatch.
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
            return
        }
        do {
            self = .bool(try single.decode(Bool.self))
            return
        } catch DecodingError.typeMismatch {}
        do {
            self = .number(try single.decode(Double.self))
            return
        } catch DecodingError.typeMismatch {
        } catch {
            self = .unrepresentableNumber
            return
        }
        do {
            self = .string(try single.decode(String.self))
            return
        } catch DecodingError.typeMismatch {}
        do {
            _ = try decoder.container(keyedBy: AnyKey.self)
            self = .object
        } catch DecodingError.typeMismatch {
            _ = try decoder.unkeyedContainer()
            self = .array
        }
    }

    /// The value's kind with an article, for "expected ..., got ..." messages.
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number, .unrepresentableNumber: "a number"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }
}

/// A value in the file and the decoder positioned on it.
private struct Node {
    let decoder: any Decoder
    let value: Value

    init(_ decoder: any Decoder) throws {
        self.decoder = decoder
        self.value = try Value(from: decoder)
    }

    /// Where the value is, such as `rules[2].parameters.direction`.
    var path: String { Loader.keyPath(decoder.codingPath) }
}

/// The members of a JSON object.
private struct Object {
    let container: KeyedDecodingContainer<AnyKey>
    /// The keys present, sorted so that problems are reported in the same order every time.
    let keys: [String]

    init(_ node: Node) throws {
        container = try node.decoder.container(keyedBy: AnyKey.self)
        keys = container.allKeys.map(\.stringValue).sorted()
    }

    func contains(_ key: String) -> Bool { container.contains(AnyKey(key)) }

    /// The member named `key`, or nil when the object has none.
    func member(_ key: String) throws -> Node? {
        guard contains(key) else { return nil }
        return try Node(container.superDecoder(forKey: AnyKey(key)))
    }

    /// The path of the member named `key`, present or not.
    func path(_ key: String) -> String { Loader.keyPath(container.codingPath + [AnyKey(key)]) }
}

/// The top level of a transitions file, decoded with the catalog from the decoder's `userInfo`.
private struct Document: Decodable {
    static let catalogKey = CodingUserInfoKey(rawValue: "TransitionCore.TransitionsSourceFile.catalog")!

    let rules: [TransitionsSourceFile.Rule]

    init(from decoder: any Decoder) throws {
        let catalog = decoder.userInfo[Self.catalogKey] as? [AnimatorDescription] ?? []
        rules = try Loader(catalog: catalog).document(Node(decoder))
    }
}

/// Reads rules from a decoded document, checking each value and naming its key path.
private struct Loader {
    let catalog: [AnimatorDescription]

    static let topKeys = ["version", "rules"]
    static let ruleKeys = ["operation", "from", "to", "interactive", "animator", "parameters", "style", "reversed", "match", "detent"]

    /// The rules in a file's UTF-8 text. Syntax errors take precedence over every other problem.
    static func rules(in data: Data, catalog: [AnimatorDescription]) throws(Problem) -> [TransitionsSourceFile.Rule] {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        if data.allSatisfy(whitespace.contains) {
            throw Problem(keyPath: "", message: "malformed JSON: the text is empty; expected a JSON object")
        }
        // Syntax first: it locates the error, and the decoder must not see text nested too deep.
        if let syntax = syntaxError(in: data) { throw Problem(keyPath: "", message: syntax) }
        let decoder = JSONDecoder()
        decoder.userInfo[Document.catalogKey] = catalog
        do {
            return try decoder.decode(Document.self, from: data).rules
        } catch {
            if let problem = error as? Problem { throw problem }
            throw unreadable(error)
        }
    }

    /// Why `data` is not well-formed JSON, in a message naming the line and column; nil when it is.
    static func syntaxError(in data: Data) -> String? {
        let bytes = Array(data)
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let failure = JSONSyntax.firstError(in: body) else { return nil }
        return "malformed JSON \(failure.location(in: body)): \(failure.reason)"
    }

    /// A decoding error of text that is well-formed JSON.
    static func unreadable(_ error: any Swift.Error) -> Problem {
        guard let error = error as? DecodingError else {
            return Problem(keyPath: "", message: "malformed JSON: \(DisplayText.escape(String(describing: error)))")
        }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return Problem(keyPath: "", message: "malformed JSON")
        }
        return Problem(keyPath: keyPath(context.codingPath), message: "unreadable value: \(DisplayText.escape(context.debugDescription))")
    }

    /// `rules[2].parameters.direction` for a decoder's coding path, with keys made safe to print.
    static func keyPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + DisplayText.escape(key.stringValue)
            }
        }
        return path
    }

    func fail(_ path: String, _ message: String) -> Problem {
        Problem(keyPath: path, message: message)
    }

    /// `'text'`, made safe to print.
    func quoted(_ text: String) -> String { "'\(DisplayText.escape(text))'" }

    /// Text from the file or a plugin, made safe to print.
    func shown(_ text: String) -> String { DisplayText.escape(text) }

    /// Refuses keys of `object` that are not in `allowed`.
    func checkKeys(_ object: Object, allowed: [String]) throws {
        guard let key = object.keys.first(where: { !allowed.contains($0) }) else { return }
        let hint = Suggestions.closest(to: key, in: allowed).map { "did you mean '\($0)'?" }
            ?? "known keys: " + allowed.joined(separator: ", ")
        throw fail(object.path(key), "unknown key \(quoted(key)); \(hint)")
    }

    func document(_ root: Node) throws -> [TransitionsSourceFile.Rule] {
        guard case .object = root.value else {
            throw fail("", "expected an object with \"version\" and \"rules\" at the top level, got \(root.value.kindDescription)")
        }
        let top = try Object(root)
        try checkKeys(top, allowed: Self.topKeys)
        let supported = TransitionsSourceFile.supportedVersion
        guard let version = try top.member("version") else {
            throw fail(top.path("version"), "missing; this reader needs \"version\": \(supported)")
        }
        switch version.value {
        case .number(let number):
            guard number == Double(supported) else {
                throw fail(version.path, "unsupported version \(Self.roundTripText(number)); only version \(supported) is supported")
            }
        case .unrepresentableNumber:
            throw fail(version.path, "unsupported version (a number out of range); only version \(supported) is supported")
        default:
            throw fail(version.path, "expected a number, got \(version.value.kindDescription)")
        }
        guard let rulesNode = try top.member("rules") else {
            throw fail(top.path("rules"), "missing; expected an array of rules")
        }
        guard case .array = rulesNode.value else {
            throw fail(rulesNode.path, "expected an array of rules, got \(rulesNode.value.kindDescription)")
        }
        var list = try rulesNode.decoder.unkeyedContainer()
        var rules: [TransitionsSourceFile.Rule] = []
        while !list.isAtEnd {
            rules.append(try rule(Node(list.superDecoder())))
        }
        return rules
    }

    func rule(_ node: Node) throws -> TransitionsSourceFile.Rule {
        guard case .object = node.value else {
            throw fail(node.path, "expected a rule object, got \(node.value.kindDescription)")
        }
        let fields = try Object(node)
        try checkKeys(fields, allowed: Self.ruleKeys)
        let operations = try operations(fields.member("operation"), at: fields.path("operation"))
        let fromScreen = try screen(fields.member("from"))
        let toScreen = try screen(fields.member("to"))
        let interactive = try optionalBool(fields.member("interactive"))

        let animator: AnimatorDescription
        guard let animatorNode = try fields.member("animator") else {
            throw fail(fields.path("animator"), "missing; expected an animator id, or null for the system default")
        }
        switch animatorNode.value {
        case .null:
            for key in ["parameters", "style", "reversed", "match", "detent"] where fields.contains(key) {
                throw fail(fields.path(key), "not allowed when \"animator\" is null (the system default)")
            }
            return TransitionsSourceFile.Rule(
                operations: operations, fromScreen: fromScreen, toScreen: toScreen, interactive: interactive, choice: nil)
        case .string(let id):
            animator = try lookUp(id, at: animatorNode.path)
        default:
            throw fail(animatorNode.path, "expected an animator id (a string) or null, got \(animatorNode.value.kindDescription)")
        }

        let served = operations ?? Set(TransitionOperation.allCases)
        let ordered = TransitionOperation.allCases.filter(served.contains)
        let reversedPath = fields.path("reversed")
        let reversed = try optionalBool(fields.member("reversed")) ?? false
        if reversed {
            let missing = ordered.filter { !animator.supports($0.reversed) }
            if !missing.isEmpty {
                throw fail(
                    reversedPath,
                    "\(shown(animator.id)) cannot serve \(names(missing)) reversed: it does not serve the reverse, \(names(missing.map(\.reversed))) (it serves \(names(animator.operations)))")
            }
            if !animator.reversible {
                throw fail(reversedPath, "\(shown(animator.id)) cannot be run backwards (it is not reversible)")
            }
        } else {
            let missing = ordered.filter { !animator.supports($0) }
            if !missing.isEmpty {
                throw fail(animatorNode.path, "\(shown(animator.id)) does not serve \(names(missing)); it serves \(names(animator.operations))")
            }
        }

        let style = try style(fields.member("style"), operations: ordered, animator: animator)
        let parameters = try parameters(fields.member("parameters"), animator: animator)
        let matched = try matchedElements(fields.member("match"))
        let detent = try detent(fields.member("detent"), operations: ordered, style: style ?? animator.defaultStyle(for: .present))
        return TransitionsSourceFile.Rule(
            operations: operations, fromScreen: fromScreen, toScreen: toScreen, interactive: interactive,
            choice: AnimatorChoice(
                animatorID: animator.id, parameters: parameters, style: style, reversed: reversed, matchedElements: matched, detent: detent))
    }

    /// The `match` list: matched elements in the command-line form `ID:X,Y,WxH->X,Y,WxH`.
    func matchedElements(_ node: Node?) throws -> [MatchedElement] {
        guard let node else { return [] }
        guard case .array = node.value else {
            throw fail(node.path, "expected a list of matched elements such as [\"\(MatchedElement.syntax.split(separator: " ").first ?? "")\"], got \(node.value.kindDescription)")
        }
        var list = try node.decoder.unkeyedContainer()
        var result: [MatchedElement] = []
        while !list.isAtEnd {
            let element = try Node(list.superDecoder())
            guard case .string(let text) = element.value else {
                throw fail(element.path, "expected a matched element \(MatchedElement.syntax), got \(element.value.kindDescription)")
            }
            let parsed: MatchedElement
            do { parsed = try MatchedElement(parsing: text) } catch { throw fail(element.path, error.description) }
            if result.contains(where: { $0.id == parsed.id }) {
                throw fail(element.path, "matched element id \(quoted(parsed.id)) is used twice in this rule")
            }
            result.append(parsed)
        }
        return result
    }

    func names(_ operations: [TransitionOperation]) -> String {
        operations.isEmpty ? "no operation" : operations.map(\.name).joined(separator: ", ")
    }

    func operations(_ node: Node?, at path: String) throws -> Set<TransitionOperation>? {
        let expected = "expected an operation name, a list of names, or \"*\""
        guard let node else { throw fail(path, "missing; \(expected)") }
        switch node.value {
        case .string("*"):
            return nil
        case .string(let name):
            return [try operation(name, at: node.path)]
        case .array:
            var list = try node.decoder.unkeyedContainer()
            guard !list.isAtEnd else { throw fail(node.path, "expected at least one operation name") }
            var result: Set<TransitionOperation> = []
            while !list.isAtEnd {
                let element = try Node(list.superDecoder())
                switch element.value {
                case .string("*"): throw fail(element.path, "\"*\" must stand alone, not inside a list")
                case .string(let name): result.insert(try operation(name, at: element.path))
                default: throw fail(element.path, "expected an operation name, got \(element.value.kindDescription)")
                }
            }
            return result
        default:
            throw fail(node.path, "\(expected), got \(node.value.kindDescription)")
        }
    }

    func operation(_ name: String, at path: String) throws -> TransitionOperation {
        if let operation = TransitionOperation(name: name) { return operation }
        let known = TransitionOperation.allCases.map(\.name)
        let hint = Suggestions.closest(to: name, in: known).map { "did you mean '\($0)'?" }
            ?? "known: " + known.joined(separator: ", ") + ", or \"*\" for any"
        throw fail(path, "unknown operation \(quoted(name)); \(hint)")
    }

    func screen(_ node: Node?) throws -> String? {
        guard let node else { return nil }
        switch node.value {
        case .string("*"): return nil
        case .string(""): throw fail(node.path, "a screen id must not be empty; use \"*\" or leave it out to match any screen")
        case .string(let id): return id
        default: throw fail(node.path, "expected a screen id (a string), got \(node.value.kindDescription)")
        }
    }

    func optionalBool(_ node: Node?) throws -> Bool? {
        guard let node else { return nil }
        guard case .bool(let flag) = node.value else {
            throw fail(node.path, "expected true or false, got \(node.value.kindDescription)")
        }
        return flag
    }

    func lookUp(_ id: String, at path: String) throws -> AnimatorDescription {
        if let animator = catalog.first(where: { $0.id == id }) { return animator }
        // A catalog may also hold animators under their qualified ids (PLUGIN-ID:ANIMATOR-ID);
        // the hint names plain ids only.
        let ids = catalog.map(\.id).filter { !$0.contains(":") }
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

    func style(_ node: Node?, operations: [TransitionOperation], animator: AnimatorDescription) throws -> PresentationStyle? {
        guard let node else { return nil }
        guard case .string(let name) = node.value else {
            throw fail(node.path, "expected \"full-screen\" or \"custom\", got \(node.value.kindDescription)")
        }
        guard let style = PresentationStyle(name: name) else {
            let known = PresentationStyle.allCases.map(\.name)
            let hint = Suggestions.closest(to: name, in: known).map { "did you mean '\($0)'?" }
                ?? "expected " + known.map { "'\($0)'" }.joined(separator: " or ")
            throw fail(node.path, "unknown style \(quoted(name)); \(hint)")
        }
        let nonModal = operations.filter { !$0.isModal }
        if !nonModal.isEmpty {
            throw fail(node.path, "a style applies to present and dismiss only; this rule also matches \(names(nonModal))")
        }
        guard animator.styles.contains(style) else {
            throw fail(
                node.path,
                "\(shown(animator.id)) does not serve the \(style.name) style; it serves \(animator.styles.map(\.name).joined(separator: ", "))")
        }
        return style
    }

    /// The `detent` of a custom-style presentation: `"medium"`, `"large"` or a fraction.
    func detent(_ node: Node?, operations: [TransitionOperation], style: PresentationStyle) throws -> SheetDetent? {
        guard let node else { return nil }
        let detent: SheetDetent
        do throws(SheetDetent.Error) {
            switch node.value {
            case .string(let word): detent = try SheetDetent(parsing: word)
            case .number(let fraction): detent = try SheetDetent(fraction: fraction)
            default: throw SheetDetent.Error(description: "expected \(SheetDetent.syntax), got \(node.value.kindDescription)")
            }
        } catch {
            throw fail(node.path, error.description)
        }
        let nonModal = operations.filter { !$0.isModal }
        if !nonModal.isEmpty {
            throw fail(node.path, "a detent applies to present and dismiss only; this rule also matches \(names(nonModal))")
        }
        guard operations.contains(.present) else {
            throw fail(node.path, "a detent is chosen when a screen is presented, and its dismiss keeps it; put it on a rule that matches present")
        }
        guard style == .custom else {
            throw fail(node.path, "a detent applies to the custom style, where the host places the presented screen; add \"style\": \"custom\" or remove the detent")
        }
        return detent
    }

    /// The parameter values, in the order the animator declares its parameters.
    func parameters(_ node: Node?, animator: AnimatorDescription) throws -> [ParameterAssignment] {
        guard let node else { return [] }
        guard case .object = node.value else {
            throw fail(node.path, "expected an object of parameter values, got \(node.value.kindDescription)")
        }
        let entries = try Object(node)
        let ids = animator.parameters.map(\.id)
        if let key = entries.keys.first(where: { !ids.contains($0) }) {
            let known = ids.map(shown)
            let hint: String
            if let suggestion = Suggestions.closest(to: key, in: known) {
                hint = "did you mean '\(suggestion)'?"
            } else {
                hint = known.isEmpty ? "it has none" : "known: " + known.joined(separator: ", ")
            }
            throw fail(entries.path(key), "\(shown(animator.id)) has no parameter \(quoted(key)); \(hint)")
        }
        var seen: Set<String> = []
        var result: [ParameterAssignment] = []
        for spec in animator.parameters where seen.insert(spec.id).inserted {
            guard let entry = try entries.member(spec.id) else { continue }
            let text = try parameterText(entry, spec: spec)
            let parsed: Double
            do {
                parsed = try spec.parse(text)
            } catch {
                throw fail(entry.path, error.description)
            }
            let stored = spec.kind == .choice ? spec.choices[Int(parsed)] : text
            result.append(ParameterAssignment(key: spec.id, value: stored))
        }
        return result
    }

    /// The value as the text `ParameterSpec.parse` takes, refusing JSON types that do not fit
    /// the parameter's kind.
    func parameterText(_ node: Node, spec: ParameterSpec) throws -> String {
        switch (spec.kind, node.value) {
        case (.bool, .bool(let flag)):
            return flag ? "true" : "false"
        case (.number, .number(let number)), (.integer, .number(let number)), (.choice, .number(let number)):
            return Self.roundTripText(number)
        case (.number, .unrepresentableNumber), (.integer, .unrepresentableNumber), (.choice, .unrepresentableNumber):
            throw fail(node.path, "\(shown(spec.id)) must be a finite number that fits in a Double")
        case (.choice, .string(let name)):
            return name
        case (.bool, _):
            throw fail(node.path, "expected true or false for \(shown(spec.id)), got \(node.value.kindDescription)")
        case (.choice, _):
            throw fail(node.path, "expected one of \(spec.choices.map(shown).joined(separator: ", ")) for \(shown(spec.id)), got \(node.value.kindDescription)")
        case (.number, _), (.integer, _):
            throw fail(node.path, "expected a number for \(shown(spec.id)), got \(node.value.kindDescription)")
        }
    }

    /// The shortest text that reads back as `number`: whole numbers without a fraction (`3`),
    /// others as Swift prints them (`0.4`, `1e-07`).
    static func roundTripText(_ number: Double) -> String {
        if number == number.rounded() && abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}

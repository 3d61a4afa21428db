import Testing
import TransitionCore

/// A transitions file that must be refused, where, and with which phrase.
struct BadTransitionsFile: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let keyPath: String
    let phrase: String

    init(_ name: String, _ json: String, at keyPath: String, _ phrase: String) {
        self.name = name
        self.json = json
        self.keyPath = keyPath
        self.phrase = phrase
    }

    /// A file whose only rule is `rule`.
    static func rule(_ name: String, _ rule: String, at keyPath: String, _ phrase: String) -> BadTransitionsFile {
        BadTransitionsFile(name, #"{ "version": 1, "rules": [ \#(rule) ] }"#, at: keyPath, phrase)
    }

    var testDescription: String { name }
}

@Suite struct TransitionsSourceFileTests {
    static let goodFile = #"""
    {
      "version": 1,
      "rules": [
        { "operation": "push", "animator": "slide", "parameters": { "direction": "Left", "duration": 0.4 } },
        { "operation": "present", "from": "inbox", "to": "compose", "animator": "dimmed-sheet", "style": "custom",
          "parameters": { "dim": 0.5 } },
        { "operation": ["pop", "dismiss"], "interactive": true, "animator": "fade", "reversed": false },
        { "operation": "pop", "from": "*", "to": "inbox", "animator": "slide", "reversed": true },
        { "operation": "tab", "animator": null },
        { "operation": "*", "animator": "fade", "parameters": { "crossfade": true, "steps": 3, "duration": 1e-1 } }
      ]
    }
    """#

    static let slideLeft = AnimatorChoice(
        animatorID: "slide",
        parameters: [ParameterAssignment(key: "direction", value: "left"), ParameterAssignment(key: "duration", value: "0.4")])
    static let sheet = AnimatorChoice(
        animatorID: "dimmed-sheet", parameters: [ParameterAssignment(key: "dim", value: "0.5")], style: .custom)
    static let plainFade = AnimatorChoice(animatorID: "fade")
    static let slideBack = AnimatorChoice(animatorID: "slide", reversed: true)
    static let fallbackFade = AnimatorChoice(
        animatorID: "fade",
        parameters: [
            ParameterAssignment(key: "duration", value: "0.1"), ParameterAssignment(key: "crossfade", value: "true"),
            ParameterAssignment(key: "steps", value: "3"),
        ])

    static func load(_ json: String, catalog: [AnimatorDescription] = TestCatalog.all) throws -> TransitionsSourceFile {
        try TransitionsSourceFile(json: json, fileName: "transitions.json", catalog: catalog)
    }

    @Test func loadsEveryRule() throws {
        let file = try Self.load(Self.goodFile)
        #expect(file.fileName == "transitions.json")
        #expect(file.rules.count == 6)
        #expect(file.rules[0].operations == [.push])
        #expect(file.rules[2].operations == [.pop, .dismiss])
        #expect(file.rules[2].interactive == true)
        #expect(file.rules[3].fromScreen == nil)
        #expect(file.rules[3].toScreen == "inbox")
        #expect(file.rules[4].choice == nil)
        #expect(file.rules[5].operations == nil)
        #expect(file.rules[5].interactive == nil)
    }

    @Test(arguments: [
        (TransitionRequest(operation: .push), Optional(slideLeft)),
        (TransitionRequest(operation: .push, interactive: true), slideLeft),
        (TransitionRequest(operation: .present, fromScreen: "inbox", toScreen: "compose"), sheet),
        (TransitionRequest(operation: .present, fromScreen: "inbox", toScreen: "settings"), fallbackFade),
        (TransitionRequest(operation: .present, fromScreen: "feed", toScreen: "compose"), fallbackFade),
        (TransitionRequest(operation: .present), fallbackFade),
        (TransitionRequest(operation: .pop, interactive: true), plainFade),
        (TransitionRequest(operation: .dismiss, interactive: true), plainFade),
        (TransitionRequest(operation: .dismiss), fallbackFade),
        (TransitionRequest(operation: .pop, fromScreen: "detail", toScreen: "inbox"), slideBack),
        (TransitionRequest(operation: .pop, fromScreen: "detail", toScreen: "feed"), fallbackFade),
        (TransitionRequest(operation: .pop, toScreen: "inbox", interactive: true), plainFade),
        (TransitionRequest(operation: .tab), nil),
        (TransitionRequest(operation: .tab, fromScreen: "a", toScreen: "b", interactive: true), nil),
    ])
    func resolvesRequests(request: TransitionRequest, expected: AnimatorChoice?) throws {
        let file = try Self.load(Self.goodFile)
        #expect(file.animator(for: request) == expected)
    }

    @Test func choiceParametersFeedTheAnimatorValues() throws {
        let file = try Self.load(Self.goodFile)
        let choice = try #require(file.animator(for: TransitionRequest(operation: .push)))
        #expect(try TestCatalog.slide.values(for: choice.assignments) == [0, 0.4])
        let fallback = try #require(file.animator(for: TransitionRequest(operation: .present)))
        #expect(try TestCatalog.fade.values(for: fallback.assignments) == [0.1, 1, 3])
    }

    @Test func noMatchingRuleMeansSystemDefault() throws {
        let file = try Self.load(#"{ "version": 1, "rules": [ { "operation": "push", "animator": "slide" } ] }"#)
        #expect(file.animator(for: TransitionRequest(operation: .push)) == AnimatorChoice(animatorID: "slide"))
        #expect(file.animator(for: TransitionRequest(operation: .pop)) == nil)
        #expect(try Self.load(#"{"version":1,"rules":[]}"#).rules.isEmpty)
    }

    @Test(arguments: [
        ("0.30000000000000004", "0.30000000000000004"), ("1.2345678901234567", "1.2345678901234567"),
        ("7e-2", "0.07"), ("0.1", "0.1"), ("4.999999999999999", "4.999999999999999"), ("2.50", "2.5"),
        ("5E0", "5"), ("1.0", "1"), ("1.50e+0", "1.5"),
    ])
    func numbersRoundTrip(literal: String, stored: String) throws {
        let json = #"{ "version": 1, "rules": [ { "operation": "push", "animator": "slide", "parameters": { "duration": \#(literal) } } ] }"#
        let choice = try #require(try Self.load(json).rules.first?.choice)
        let text = try #require(choice.parameters.first?.value)
        #expect(text == stored)
        #expect(Double(text) == Double(literal))
        #expect(try TestCatalog.duration.parse(text) == Double(literal))
    }

    @Test func wholeNumbersAndChoiceIndexesAreStoredPlainly() throws {
        let json = #"{ "version": 1, "rules": [ { "operation": "push", "animator": "slide", "parameters": { "duration": 2, "direction": 3 } } ] }"#
        let choice = try #require(try Self.load(json).rules.first?.choice)
        #expect(choice.parameters == [ParameterAssignment(key: "direction", value: "down"), ParameterAssignment(key: "duration", value: "2")])
    }

    @Test func screenIdsMayUseEscapes() throws {
        let json = "\u{FEFF}" + #"{ "version": 1.0, "rules": [ { "operation": "PUSH", "to": "sm\u00eflé \ud83d\ude00", "animator": "still" } ] }"#
        let file = try Self.load(json)
        #expect(file.animator(for: TransitionRequest(operation: .push, toScreen: "smïlé 😀")) == AnimatorChoice(animatorID: "still"))
        #expect(file.animator(for: TransitionRequest(operation: .push, toScreen: "smile")) == nil)
    }

    @Test func acceptsUTF8Bytes() throws {
        let file = try TransitionsSourceFile(utf8: Array(Self.goodFile.utf8), fileName: "t.json", catalog: TestCatalog.all)
        #expect(file.rules.count == 6)
        let bytes = Array(#"{ "version": 1,"#.utf8) + [0x0A, 0x20, 0x22, 0xFF, 0x22]
        let error = #expect(throws: TransitionsSourceFile.Error.self) {
            try TransitionsSourceFile(utf8: bytes, fileName: "t.json", catalog: TestCatalog.all)
        }
        #expect(error?.keyPath == "")
        #expect(error?.message == "not UTF-8 text: invalid byte at line 2, column 3")
    }

    @Test func ruleMatching() {
        let rule = TransitionsSourceFile.Rule(
            operations: [.present, .dismiss], fromScreen: "a", interactive: false, choice: AnimatorChoice(animatorID: "fade"))
        #expect(rule.matches(TransitionRequest(operation: .present, fromScreen: "a")))
        #expect(rule.matches(TransitionRequest(operation: .dismiss, fromScreen: "a", toScreen: "z")))
        #expect(!rule.matches(TransitionRequest(operation: .push, fromScreen: "a")))
        #expect(!rule.matches(TransitionRequest(operation: .present, fromScreen: "b")))
        #expect(!rule.matches(TransitionRequest(operation: .present)))
        #expect(!rule.matches(TransitionRequest(operation: .present, fromScreen: "a", interactive: true)))
        let any = TransitionsSourceFile.Rule(choice: nil)
        for operation in TransitionOperation.allCases {
            #expect(any.matches(TransitionRequest(operation: operation, fromScreen: "x", interactive: true)))
        }
    }

    @Test func errorDescription() {
        let error = TransitionsSourceFile.Error(fileName: "a.json", keyPath: "rules[2].parameters.direction", message: "bad")
        #expect(error.description == "a.json: rules[2].parameters.direction: bad")
        #expect(TransitionsSourceFile.Error(fileName: "a\u{1B}.json", keyPath: "", message: "bad").description == "a\\e.json: bad")
    }

    @Test func unknownKeysAreShownSafely() {
        let error = #expect(throws: TransitionsSourceFile.Error.self) {
            try Self.load(#"{ "version": 1, "rules": [], "\u001b[2J": 1 }"#)
        }
        #expect(error?.keyPath == "\\e[2J")
        #expect(error?.message.contains("\u{1B}") == false)
        #expect(error?.description.hasPrefix("transitions.json: \\e[2J: unknown key") == true)
    }

    @Test func severalUnknownKeysAreReportedInSortedOrder() {
        let error = #expect(throws: TransitionsSourceFile.Error.self) {
            try Self.load(#"{ "zeta": 1, "version": 1, "rules": [], "alpha": 2, "mid": 3 }"#)
        }
        #expect(error?.keyPath == "alpha")
        let parameterError = #expect(throws: TransitionsSourceFile.Error.self) {
            try Self.load(#"{ "version": 1, "rules": [ { "operation": "push", "animator": "slide", "parameters": { "zz": 1, "aa": 2 } } ] }"#)
        }
        #expect(parameterError?.keyPath == "rules[0].parameters.aa")
    }

    @Test func parametersFollowTheAnimatorsDeclarationOrder() throws {
        for parameters in [#"{ "steps": 2, "crossfade": false, "duration": 1 }"#, #"{ "duration": 1, "steps": 2, "crossfade": false }"#] {
            let json = #"{ "version": 1, "rules": [ { "operation": "push", "animator": "fade", "parameters": \#(parameters) } ] }"#
            let choice = try #require(try Self.load(json).rules.first?.choice)
            #expect(choice.parameters.map(\.key) == ["duration", "crossfade", "steps"])
        }
    }

    @Test func pluginTextIsShownSafely() {
        let odd = AnimatorDescription(id: "odd\u{1B}]0;x", name: "Odd", summary: "", operations: [.push])
        let error = #expect(throws: TransitionsSourceFile.Error.self) {
            try Self.load(#"{ "version": 1, "rules": [ { "operation": "pop", "animator": "odd\u001b]0;x" } ] }"#, catalog: [odd])
        }
        #expect(error?.message == "odd\\e]0;x does not serve pop; it serves push")
    }

    @Test func unknownAnimatorInABigCatalogListsNothing() {
        let big = (0..<20).map { AnimatorDescription(id: "animator-\($0)", name: "A\($0)", summary: "", operations: [.push]) }
        let error = #expect(throws: TransitionsSourceFile.Error.self) {
            try Self.load(#"{ "version": 1, "rules": [ { "operation": "push", "animator": "zzz" } ] }"#, catalog: big)
        }
        #expect(error?.keyPath == "rules[0].animator")
        #expect(error?.message == "unknown animator 'zzz'; 20 animators are available")
    }

    static let badFiles: [BadTransitionsFile] = [
        // Syntax.
        BadTransitionsFile("malformed", "{\n  \"version\": 1,\n  \"rules\": [,]\n}", at: "", "malformed JSON at line 3, column 13"),
        BadTransitionsFile("columns count characters", #"{ "né": x }"#, at: "", "line 1, column 9: invalid value"),
        BadTransitionsFile("unterminated", #"{ "version": 1, "rules": [ "push ] }"#, at: "", "unexpected end of file"),
        BadTransitionsFile("leading zero", #"{ "version": 01, "rules": [] }"#, at: "", "line 1, column 15: number with leading zero"),
        BadTransitionsFile("bad escape", #"{ "version": 1, "rules": [], "\q": 1 }"#, at: "", "invalid escape"),
        BadTransitionsFile("lone surrogate", #"{ "version": 1, "rules": [], "\ud800": 1 }"#, at: "", "surrogate"),
        BadTransitionsFile("bad escape in a value", #"{ "version": 1, "rules": [ { "operation": "push", "to": "a\qb", "animator": "slide" } ] }"#, at: "", "line 1, column 59: invalid escape"),
        BadTransitionsFile("lone surrogate in a value", #"{ "version": 1, "rules": [ { "operation": "push", "to": "\udc00", "animator": "slide" } ] }"#, at: "", "hex escape sequence"),
        BadTransitionsFile("byte order mark", "\u{FEFF}{ x }", at: "", "line 1, column 3: expected a key in double quotes"),
        BadTransitionsFile(
            "syntax before meaning",
            #"{ "version": 1, "rules": [ { "operation": "psuh", "animator": "slide" }, { "operation": "push", "to": 01, "animator": "slide" } ] }"#,
            at: "", "number with leading zero"),
        BadTransitionsFile("raw newline in string", "{ \"version\": 1, \"rules\": [], \"a\nb\": 1 }", at: "", "control character"),
        BadTransitionsFile("text after", #"{ "version": 1, "rules": [] } x"#, at: "", "malformed JSON at line 1, column 31"),
        BadTransitionsFile("empty", "  \n", at: "", "empty"),
        BadTransitionsFile("comment", "// rules\n{}", at: "", "line 1, column 1"),
        BadTransitionsFile("deep", String(repeating: "[", count: 600), at: "", "too many nested"),
        BadTransitionsFile("deep to the last byte", String(repeating: "[", count: 513), at: "", "line 1, column 513: too many nested"),
        // Top level.
        BadTransitionsFile("top-level null", "null", at: "", "expected an object with \"version\" and \"rules\" at the top level, got null"),
        BadTransitionsFile("version too big", #"{ "version": 1e400, "rules": [] }"#, at: "version", "unsupported version"),
        BadTransitionsFile("version 1.5", #"{ "version": 1.5, "rules": [] }"#, at: "version", "unsupported version 1.5"),
        BadTransitionsFile("top-level array", #"[ { "version": 1 } ]"#, at: "", "expected an object"),
        BadTransitionsFile("missing version", #"{ "rules": [] }"#, at: "version", "missing"),
        BadTransitionsFile("version as text", #"{ "version": "1", "rules": [] }"#, at: "version", "expected a number, got a string"),
        BadTransitionsFile("version 2", #"{ "version": 2, "rules": [] }"#, at: "version", "unsupported version 2"),
        BadTransitionsFile("missing rules", #"{ "version": 1 }"#, at: "rules", "missing"),
        BadTransitionsFile("rules object", #"{ "version": 1, "rules": {} }"#, at: "rules", "expected an array of rules, got an object"),
        BadTransitionsFile("typo key", #"{ "verison": 1, "rules": [] }"#, at: "verison", "did you mean 'version'?"),
        BadTransitionsFile("unknown key", #"{ "version": 1, "rules": [], "comment": "x" }"#, at: "comment", "known keys: version, rules"),
        // Rules and their conditions.
        .rule("rule not object", #""push""#, at: "rules[0]", "expected a rule object, got a string"),
        .rule("rule key typo", #"{ "operation": "push", "animatr": "slide" }"#, at: "rules[0].animatr", "did you mean 'animator'?"),
        .rule("missing operation", #"{ "animator": "slide" }"#, at: "rules[0].operation", "missing"),
        .rule("operation number", #"{ "operation": 1, "animator": "slide" }"#, at: "rules[0].operation", "got a number"),
        .rule("operation typo", #"{ "operation": "psuh", "animator": "slide" }"#, at: "rules[0].operation", "unknown operation 'psuh'; did you mean 'push'?"),
        .rule("operation unknown", #"{ "operation": "teleport", "animator": "slide" }"#, at: "rules[0].operation", "known: push, pop, present, dismiss, tab"),
        .rule("operation typo in list", #"{ "operation": ["present", "dismis"], "animator": "fade" }"#, at: "rules[0].operation[1]", "did you mean 'dismiss'?"),
        .rule("operation list item type", #"{ "operation": ["present", true], "animator": "fade" }"#, at: "rules[0].operation[1]", "expected an operation name, got true"),
        .rule("empty operation list", #"{ "operation": [], "animator": "fade" }"#, at: "rules[0].operation", "at least one"),
        .rule("star in list", #"{ "operation": ["push", "*"], "animator": "fade" }"#, at: "rules[0].operation[1]", "must stand alone"),
        .rule("empty screen", #"{ "operation": "push", "from": "", "animator": "slide" }"#, at: "rules[0].from", "must not be empty"),
        .rule("screen number", #"{ "operation": "push", "to": 7, "animator": "slide" }"#, at: "rules[0].to", "expected a screen id (a string), got a number"),
        .rule("screen null", #"{ "operation": "push", "to": null, "animator": "slide" }"#, at: "rules[0].to", "expected a screen id"),
        .rule("interactive text", #"{ "operation": "push", "interactive": "yes", "animator": "slide" }"#, at: "rules[0].interactive", "expected true or false, got a string"),
        // Animators.
        .rule("missing animator", #"{ "operation": "push" }"#, at: "rules[0].animator", "missing"),
        .rule("animator number", #"{ "operation": "push", "animator": 3 }"#, at: "rules[0].animator", "expected an animator id (a string) or null"),
        .rule("animator typo", #"{ "operation": "push", "animator": "slyde" }"#, at: "rules[0].animator", "unknown animator 'slyde'; did you mean 'slide'?"),
        .rule("animator unknown", #"{ "operation": "push", "animator": "kaleidoscope" }"#, at: "rules[0].animator", "known: slide, fade, dimmed-sheet, still"),
        .rule("operation not served", #"{ "operation": "present", "animator": "slide" }"#, at: "rules[0].animator", "slide does not serve present; it serves push, pop"),
        .rule("star not served", #"{ "operation": "*", "animator": "dimmed-sheet" }"#, at: "rules[0].animator", "dimmed-sheet does not serve push, pop, tab; it serves present, dismiss"),
        .rule("list partly served", #"{ "operation": ["pop", "dismiss"], "animator": "slide" }"#, at: "rules[0].animator", "slide does not serve dismiss"),
        // Styles.
        .rule("style on push", #"{ "operation": ["push", "present"], "animator": "fade", "style": "custom" }"#, at: "rules[0].style", "present and dismiss only; this rule also matches push"),
        .rule("style on any", #"{ "operation": "*", "animator": "fade", "style": "full-screen" }"#, at: "rules[0].style", "present and dismiss only"),
        .rule("style typo", #"{ "operation": "present", "animator": "fade", "style": "costum" }"#, at: "rules[0].style", "unknown style 'costum'; did you mean 'custom'?"),
        .rule("style type", #"{ "operation": "present", "animator": "fade", "style": 1 }"#, at: "rules[0].style", #"expected "full-screen" or "custom", got a number"#),
        .rule("style not served", #"{ "operation": "present", "animator": "dimmed-sheet", "style": "full-screen" }"#, at: "rules[0].style", "dimmed-sheet does not serve the full-screen style; it serves custom"),
        // Parameters.
        .rule("parameters array", #"{ "operation": "push", "animator": "slide", "parameters": ["left"] }"#, at: "rules[0].parameters", "expected an object of parameter values, got an array"),
        .rule("parameter typo", #"{ "operation": "push", "animator": "slide", "parameters": { "directon": "left" } }"#, at: "rules[0].parameters.directon", "slide has no parameter 'directon'; did you mean 'direction'?"),
        .rule("parameter unknown", #"{ "operation": "push", "animator": "slide", "parameters": { "speed": 2 } }"#, at: "rules[0].parameters.speed", "known: direction, duration"),
        .rule("parameter on none", #"{ "operation": "push", "animator": "still", "parameters": { "speed": 2 } }"#, at: "rules[0].parameters.speed", "it has none"),
        .rule("number as text", #"{ "operation": "push", "animator": "slide", "parameters": { "duration": "0.4" } }"#, at: "rules[0].parameters.duration", "expected a number for duration, got a string"),
        .rule("choice as bool", #"{ "operation": "push", "animator": "slide", "parameters": { "direction": true } }"#, at: "rules[0].parameters.direction", "expected one of left, right, up, down for direction, got true"),
        .rule("bool as number", #"{ "operation": "push", "animator": "fade", "parameters": { "crossfade": 1 } }"#, at: "rules[0].parameters.crossfade", "expected true or false for crossfade, got a number"),
        .rule("number null", #"{ "operation": "push", "animator": "fade", "parameters": { "steps": null } }"#, at: "rules[0].parameters.steps", "expected a number for steps, got null"),
        .rule("out of range", #"{ "operation": "push", "animator": "slide", "parameters": { "duration": 9 } }"#, at: "rules[0].parameters.duration", "duration = 9 is out of range; allowed: 0.05...5s"),
        .rule("not whole", #"{ "operation": "push", "animator": "fade", "parameters": { "steps": 1.5 } }"#, at: "rules[0].parameters.steps", "steps must be a whole number"),
        .rule("too big", #"{ "operation": "push", "animator": "slide", "parameters": { "duration": 1e400 } }"#, at: "rules[0].parameters.duration", "must be a finite number"),
        .rule("too small", #"{ "operation": "push", "animator": "slide", "parameters": { "duration": 1e-400 } }"#, at: "rules[0].parameters.duration", "must be a finite number"),
        .rule("choice too big", #"{ "operation": "push", "animator": "slide", "parameters": { "direction": -1e999 } }"#, at: "rules[0].parameters.direction", "must be a finite number"),
        .rule("unknown choice", #"{ "operation": "push", "animator": "slide", "parameters": { "direction": "sideways" } }"#, at: "rules[0].parameters.direction", "direction must be one of left, right, up, down; got 'sideways'"),
        .rule("choice index out of range", #"{ "operation": "push", "animator": "slide", "parameters": { "direction": 4 } }"#, at: "rules[0].parameters.direction", "must be one of"),
        // The system default.
        .rule("parameters with null", #"{ "operation": "tab", "animator": null, "parameters": {} }"#, at: "rules[0].parameters", "not allowed when \"animator\" is null"),
        .rule("style with null", #"{ "operation": "present", "animator": null, "style": "custom" }"#, at: "rules[0].style", "not allowed"),
        // Reversed.
        .rule("reversed type", #"{ "operation": "pop", "animator": "slide", "reversed": 1 }"#, at: "rules[0].reversed", "expected true or false, got a number"),
        .rule("reverse not served", #"{ "operation": "present", "animator": "slide", "reversed": true }"#, at: "rules[0].reversed", "slide cannot serve present reversed: it does not serve the reverse, dismiss (it serves push, pop)"),
        .rule("not reversible", #"{ "operation": "dismiss", "animator": "fade", "reversed": true }"#, at: "rules[0].reversed", "fade cannot be run backwards"),
        // Detents.
        .rule("detent word", #"{ "operation": "present", "animator": "dimmed-sheet", "detent": "huge" }"#, at: "rules[0].detent", "'huge' is not a detent; give medium, large"),
        .rule("detent zero", #"{ "operation": "present", "animator": "dimmed-sheet", "detent": 0 }"#, at: "rules[0].detent", "must be in (0, 1]"),
        .rule("detent above one", #"{ "operation": "present", "animator": "dimmed-sheet", "detent": 1.5 }"#, at: "rules[0].detent", "got 1.5"),
        .rule("detent type", #"{ "operation": "present", "animator": "dimmed-sheet", "detent": true }"#, at: "rules[0].detent", "expected medium, large, or a fraction"),
        .rule("detent full-screen", #"{ "operation": "present", "animator": "fade", "detent": "medium" }"#, at: "rules[0].detent", "applies to the custom style"),
        .rule("detent on any", #"{ "operation": "*", "animator": "fade", "detent": "large" }"#, at: "rules[0].detent", "present and dismiss only; this rule also matches push"),
        .rule("detent on dismiss", #"{ "operation": "dismiss", "animator": "dimmed-sheet", "detent": "medium" }"#, at: "rules[0].detent", "rule that matches present"),
        .rule("detent with null", #"{ "operation": "present", "animator": null, "detent": "medium" }"#, at: "rules[0].detent", "not allowed"),
        // Errors name the rule they are in.
        BadTransitionsFile(
            "third rule",
            #"""
            { "version": 1, "rules": [
              { "operation": "push", "animator": "slide" },
              { "operation": "tab", "animator": null },
              { "operation": "push", "animator": "slide", "parameters": { "direction": "diagonal" } }
            ] }
            """#,
            at: "rules[2].parameters.direction", "must be one of left, right, up, down"),
    ]

    @Test func aDetentRestsTheCustomPresentationsSheet() throws {
        let file = try Self.load(#"""
            { "version": 1, "rules": [
              { "operation": ["present", "dismiss"], "animator": "dimmed-sheet", "detent": "medium" },
              { "operation": "present", "from": "inbox", "animator": "fade", "style": "custom", "detent": 0.4 }
            ] }
            """#)
        #expect(file.animator(for: TransitionRequest(operation: .present))?.detent == .medium)
        #expect(file.animator(for: TransitionRequest(operation: .dismiss))?.detent == .medium)
        #expect(file.animator(for: TransitionRequest(operation: .present, fromScreen: "inbox"))?.detent == .medium, "the first rule decides")
        let second = try Self.load(#"{ "version": 1, "rules": [ { "operation": "present", "animator": "fade", "style": "custom", "detent": 0.4 } ] }"#)
        #expect(second.animator(for: TransitionRequest(operation: .present))?.detent == .fraction(0.4))
        #expect(try Self.load(Self.goodFile).rules.allSatisfy { $0.choice?.detent == nil })
    }

    @Test(arguments: badFiles)
    func refusesBadFiles(bad: BadTransitionsFile) {
        let error = #expect(throws: TransitionsSourceFile.Error.self) { try Self.load(bad.json) }
        guard let error else { return }
        #expect(error.fileName == "transitions.json")
        #expect(error.keyPath == bad.keyPath)
        #expect(error.message.contains(bad.phrase), "\(error.message)")
        let prefix = bad.keyPath.isEmpty ? "transitions.json: " : "transitions.json: \(bad.keyPath): "
        #expect(error.description == prefix + error.message)
    }
}

@Suite struct FixedTransitionsSourceTests {
    @Test func servesTheAnimatorsOperationsOnly() {
        let source = FixedTransitionsSource(
            animator: TestCatalog.slide, parameters: [ParameterAssignment(key: "direction", value: "up")])
        let expected = AnimatorChoice(animatorID: "slide", parameters: [ParameterAssignment(key: "direction", value: "up")])
        #expect(source.animator(for: TransitionRequest(operation: .push)) == expected)
        #expect(source.animator(for: TransitionRequest(operation: .pop, fromScreen: "a", interactive: true)) == expected)
        for operation in [TransitionOperation.present, .dismiss, .tab] {
            #expect(source.animator(for: TransitionRequest(operation: operation)) == nil)
        }
    }

    @Test func styleAppliesToPresentAndDismissOnly() {
        let source = FixedTransitionsSource(animator: TestCatalog.fade, style: .custom)
        #expect(source.animator(for: TransitionRequest(operation: .present))?.style == .custom)
        #expect(source.animator(for: TransitionRequest(operation: .dismiss))?.style == .custom)
        #expect(source.animator(for: TransitionRequest(operation: .push)) == AnimatorChoice(animatorID: "fade"))
        #expect(source.animator(for: TransitionRequest(operation: .tab))?.style == nil)
    }

    @Test func worksThroughTheProtocol() {
        let sources: [any TransitionsSource] = [FixedTransitionsSource(animator: TestCatalog.dimmedSheet)]
        #expect(sources[0].animator(for: TransitionRequest(operation: .present))?.animatorID == "dimmed-sheet")
        #expect(sources[0].animator(for: TransitionRequest(operation: .push)) == nil)
    }
}

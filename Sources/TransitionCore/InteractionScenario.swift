/// A scripted gesture for an interactive transition: where the finger drags the transition,
/// when it lets go and how fast, and when it grabs the transition again.
///
/// ```
/// scrub 0.3 @0.2; scrub 0.6 @0.5; release v=0.2 @0.6; grab @0.7; scrub 0.4 @0.9; release v=-1 @1.0
/// ```
///
/// Grammar (steps are separated by `;` or a new line; words by spaces; case-insensitive):
///
/// ```
/// scenario := step { (";" | newline) step } [";"]
/// step     := "scrub" FRACTION TIME
///           | "release" [ "v=" VELOCITY ] [ OPTION ... ] TIME
///           | "finish" [ OPTION ... ] TIME
///           | "cancel" [ OPTION ... ] TIME
///           | ("grab" | "pause") TIME
/// OPTION   := "speed=" NUMBER            completion speed, > 0 (default 1: the rest of the duration)
///           | "curve=" CURVE             completion curve (default ease-in-out), a TimingCurve name
///                                        such as linear, ease-out or cubic-bezier(0.4, 0, 0.2, 1)
/// TIME     := "@" NUMBER [ "s" | "ms" ]  when the step happens, from the start of the gesture
/// FRACTION := NUMBER in 0...1            where the finger has dragged the transition
/// VELOCITY := NUMBER                     progress per second at release, positive towards the
///                                        end (default 0)
/// ```
///
/// Meaning:
/// - The gesture starts at time 0 holding the transition at progress 0.
/// - `scrub F @T`: the finger drags the transition to fraction F, arriving at time T in a
///   straight line from where it was at the previous step (linear timing while scrubbing).
/// - `release v=V @T`: the finger lets go; a `ReleaseDecision` picks finish or cancel from the
///   fraction and the velocity, and the transition animates there.
/// - `finish @T`, `cancel @T`: lets go and finishes or cancels, whatever the position.
/// - `grab @T` (or `pause`): the finger catches a finishing or cancelling transition exactly where
///   it is; the gesture holds it again and later steps scrub it. While the gesture already holds
///   the transition, it is refused as a likely mistake.
/// - Times strictly increase from step to step, the first after 0. The scenario must end with
///   the transition let go (release, finish or cancel), and no step may come after it has ended.
public struct InteractionScenario: Sendable, Hashable, CustomStringConvertible {
    /// One step of a scenario, with where it was written.
    public struct Step: Sendable, Hashable, CustomStringConvertible {
        /// What the step does.
        public enum Action: Sendable, Hashable {
            /// Drag to a fraction.
            case scrub(Double)
            /// Let go with a velocity and let the release decision pick.
            case release(velocity: Double)
            /// Let go and finish.
            case finish
            /// Let go and cancel.
            case cancel
            /// Catch a finishing or cancelling transition.
            case grab
        }

        /// What the step does.
        public var action: Action
        /// When, in seconds from the start of the gesture.
        public var time: Double
        /// The completion speed of the animation this step starts, when given.
        public var completionSpeed: Double?
        /// The completion curve of the animation this step starts, when given.
        public var completionCurve: TimingCurve?
        /// The 1-based column of the step's first character in the scenario text.
        public var column: Int

        /// Creates a step.
        public init(action: Action, time: Double, completionSpeed: Double? = nil, completionCurve: TimingCurve? = nil, column: Int = 1) {
            self.action = action
            self.time = time
            self.completionSpeed = completionSpeed
            self.completionCurve = completionCurve
            self.column = column
        }

        /// The step as the grammar writes it: `release v=0.2 @0.6`.
        public var description: String {
            var words: [String]
            switch action {
            case .scrub(let f): words = ["scrub", Format.number(f, decimals: 4)]
            case .release(let v): words = ["release", "v=" + Format.number(v, decimals: 4)]
            case .finish: words = ["finish"]
            case .cancel: words = ["cancel"]
            case .grab: words = ["grab"]
            }
            if let completionSpeed { words.append("speed=" + Format.number(completionSpeed, decimals: 4)) }
            if let completionCurve { words.append("curve=" + completionCurve.name) }
            words.append("@" + Format.number(time, decimals: 4))
            return words.joined(separator: " ")
        }
    }

    /// Why a scenario was refused: where, and what is wrong.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// The 1-based column in the scenario text.
        public let column: Int
        /// What is wrong, and what is allowed.
        public let message: String

        /// Creates an error.
        public init(column: Int, message: String) {
            self.column = column
            self.message = message
        }

        /// `column 12: MESSAGE`.
        public var description: String { "column \(column): \(message)" }
    }

    /// The steps, in order.
    public var steps: [Step]

    /// Creates a scenario from steps (checked when it is run).
    public init(steps: [Step]) { self.steps = steps }

    /// The steps joined with `; `.
    public var description: String { steps.map(\.description).joined(separator: "; ") }

    /// The verbs a step may start with.
    public static let verbs = ["scrub", "release", "finish", "cancel", "grab", "pause"]

    /// Parses a scenario.
    /// - Throws: `Error` naming the column of the first problem: an unknown verb (with a
    ///   suggestion), a missing or malformed number, a fraction outside 0...1, a missing time, times
    ///   out of order, an option the verb does not take.
    public init(parsing text: String) throws(Error) {
        let characters = Array(text)
        var steps: [Step] = []
        var words: [(text: String, column: Int)] = []
        var word = "", wordColumn = 0, depth = 0
        func endWord() {
            if !word.isEmpty { words.append((word, wordColumn)) }
            word = ""
        }
        var index = 0
        while index <= characters.count {
            let c: Character = index < characters.count ? characters[index] : ";"
            let column = index + 1
            if depth == 0 && (c == ";" || c == "\n" || c == "\r") {
                endWord()
                if !words.isEmpty { steps.append(try Self.step(words, previous: steps.last)) }
                words = []
            } else if depth == 0 && c.isWhitespace {
                endWord()
            } else {
                if word.isEmpty { wordColumn = column }
                if c == "(" { depth += 1 }
                if c == ")" { depth = Swift.max(0, depth - 1) }
                word.append(c)
            }
            index += 1
        }
        guard !steps.isEmpty else {
            throw Error(column: 1, message: "the scenario is empty; write steps such as \"scrub 0.5 @0.3; release v=1 @0.4\"")
        }
        self.steps = steps
    }

    /// Plays the scenario on a controller for a transition of `duration` seconds.
    ///
    /// - Parameters:
    ///   - duration: the transition's duration in seconds.
    ///   - completionSpeed: the completion speed of steps that do not give one.
    ///   - completionCurve: the completion curve of steps that do not give one.
    ///   - decision: how releases pick finish or cancel.
    /// - Throws: `Error` at the step the controller refused (a grab while the gesture already
    ///   holds the transition, a step after the transition ended, a release twice), or at the end
    ///   of the text when the scenario ends with the gesture still holding the transition.
    public func controller(
        duration: Double, completionSpeed: Double = 1, completionCurve: TimingCurve = .easeInOut,
        decision: ReleaseDecision = .standard
    ) throws(Error) -> InteractionController {
        var controller = InteractionController(duration: duration, completionSpeed: completionSpeed, completionCurve: completionCurve)
        for (number, step) in steps.enumerated() {
            controller.completionSpeed = step.completionSpeed ?? completionSpeed
            controller.completionCurve = step.completionCurve ?? completionCurve
            do throws(InteractionController.Error) {
                switch step.action {
                case .scrub(let f): try controller.update(f, at: step.time)
                case .release(let v): try controller.release(velocity: v, at: step.time, decision: decision)
                case .finish: try controller.finish(at: step.time)
                case .cancel: try controller.cancel(at: step.time)
                case .grab:
                    let phase = controller.phase(at: step.time)
                    if phase == .interacting {
                        throw InteractionController.Error(description: "grab at \(Format.number(step.time, decimals: 3)) s: the gesture already holds the transition (it was not let go since the last grab); release it first")
                    }
                    try controller.pause(at: step.time)
                }
            } catch {
                throw Error(column: step.column, message: "step \(number + 1) '\(step)': \(error.description)")
            }
        }
        if controller.currentPhase == .interacting {
            let last = steps[steps.count - 1]
            throw Error(
                column: last.column,
                message: "the scenario ends with the gesture still holding the transition at progress \(Format.number(controller.progress(at: last.time), decimals: 3)); end it with release, finish or cancel")
        }
        return controller
    }

    // MARK: Parsing

    private static func step(_ words: [(text: String, column: Int)], previous: Step?) throws(Error) -> Step {
        let verbWord = words[0]
        let verb = verbWord.text.lowercased()
        guard verbs.contains(verb) else {
            let hint = Suggestions.closest(to: verb, in: verbs).map { "did you mean '\($0)'?" }
                ?? "steps start with " + verbs.joined(separator: ", ")
            throw Error(column: verbWord.column, message: "unknown step '\(DisplayText.escape(verbWord.text))'; \(hint)")
        }
        var fraction: Double?
        var velocity: Double?
        var speed: Double?
        var curve: TimingCurve?
        var time: Double?
        for (text, column) in words.dropFirst() {
            let lower = text.lowercased()
            if lower.hasPrefix("@") {
                guard time == nil else { throw Error(column: column, message: "\(verb) has two times; give one @TIME") }
                time = try Self.time(String(text.dropFirst()), column: column)
            } else if let eq = lower.firstIndex(of: "=") {
                let key = String(lower[..<eq]), value = String(text[text.index(after: eq)...])
                let valueColumn = column + key.count + 1
                let allowed = verb == "release" ? ["v", "speed", "curve"] : (verb == "finish" || verb == "cancel") ? ["speed", "curve"] : []
                guard allowed.contains(key) else {
                    let hint = allowed.isEmpty ? "it takes only a time" : "it takes " + allowed.map { "\($0)=" }.joined(separator: ", ")
                    throw Error(column: column, message: "\(verb) does not take '\(DisplayText.escape(key))='; \(hint)")
                }
                switch key {
                case "v":
                    velocity = try number(value, column: valueColumn, what: "a velocity (progress per second)")
                case "speed":
                    let s = try number(value, column: valueColumn, what: "a completion speed")
                    guard s > 0 else { throw Error(column: valueColumn, message: "the completion speed must be greater than 0; got \(DisplayText.escape(value))") }
                    speed = s
                default:
                    guard let c = TimingCurve(name: value) else {
                        let names = TimingCurve.standard.map(\.name)
                        let hint = Suggestions.closest(to: value, in: names).map { "did you mean '\($0)'?" }
                            ?? "use " + names.joined(separator: ", ") + " or cubic-bezier(x1, y1, x2, y2)"
                        throw Error(column: valueColumn, message: "unknown curve '\(DisplayText.escape(value))'; \(hint)")
                    }
                    curve = c
                }
            } else if verb == "scrub" && fraction == nil {
                let f = try number(text, column: column, what: "a fraction between 0 and 1")
                guard (0...1).contains(f) else {
                    throw Error(column: column, message: "scrub takes a fraction between 0 and 1; got \(DisplayText.escape(text))")
                }
                fraction = f
            } else {
                let expected = verb == "scrub" ? "a fraction and @TIME" : verb == "release" ? "v=VELOCITY, speed=, curve= and @TIME" : verb == "grab" || verb == "pause" ? "@TIME" : "speed=, curve= and @TIME"
                throw Error(column: column, message: "unexpected '\(DisplayText.escape(text))'; \(verb) takes \(expected)")
            }
        }
        let end = words[words.count - 1].column + words[words.count - 1].text.count
        if verb == "scrub" && fraction == nil {
            throw Error(column: end, message: "scrub needs a fraction between 0 and 1, as in \"scrub 0.5 @0.3\"")
        }
        guard let time else {
            throw Error(column: end, message: "\(verb) needs a time, as in \"\(verb == "scrub" ? "scrub 0.5" : verb) @0.3\" (seconds from the start)")
        }
        let previousTime = previous?.time ?? 0
        guard time > previousTime else {
            let column = words.first { $0.text.hasPrefix("@") }?.column ?? verbWord.column
            let what = previous == nil ? "the start (0)" : "the previous step (\(Format.number(previousTime, decimals: 4)) s)"
            throw Error(column: column, message: "times must increase: \(Format.number(time, decimals: 4)) s is not after \(what)")
        }
        let action: Step.Action
        switch verb {
        case "scrub": action = .scrub(fraction!)
        case "release": action = .release(velocity: velocity ?? 0)
        case "finish": action = .finish
        case "cancel": action = .cancel
        default: action = .grab
        }
        return Step(action: action, time: time, completionSpeed: speed, completionCurve: curve, column: verbWord.column)
    }

    private static func time(_ text: String, column: Int) throws(Error) -> Double {
        var body = Substring(text.lowercased()), scale = 1.0
        if body.hasSuffix("ms") {
            body = body.dropLast(2)
            scale = 0.001
        } else if body.hasSuffix("s") {
            body = body.dropLast()
        }
        let seconds = try number(String(body), column: column + 1, what: "a time in seconds after '@'") * scale
        guard seconds >= 0 else { throw Error(column: column + 1, message: "a time must not be negative; got \(DisplayText.escape(text))") }
        return seconds
    }

    private static func number(_ text: String, column: Int, what: String) throws(Error) -> Double {
        guard let value = Double(text), value.isFinite else {
            let shown = text.isEmpty ? "nothing" : "'\(DisplayText.escape(text))'"
            throw Error(column: column, message: "expected \(what), got \(shown)")
        }
        return value
    }
}

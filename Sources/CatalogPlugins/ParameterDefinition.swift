import TransitionABI

/// A parameter of a built-in animator, before it is laid out as a `tc_param_t`.
struct ParameterDefinition: Sendable {
    var id: StaticString
    var name: StaticString
    var doc: StaticString
    var unit: StaticString = ""
    var type: tc_param_type_t = TC_PARAM_NUMBER
    var defaultValue: Double
    var min: Double = 0
    var max: Double = 1
    var choices: [StaticString] = []

    static func duration(_ value: Double) -> ParameterDefinition {
        ParameterDefinition(id: "duration", name: "Duration", doc: "How long the transition lasts.", unit: "s", defaultValue: value, min: 0.05, max: 10)
    }

    static func direction(default value: Int, doc: StaticString) -> ParameterDefinition {
        ParameterDefinition(
            id: "direction", name: "Direction", doc: doc, type: TC_PARAM_CHOICE, defaultValue: Double(value),
            min: 0, max: 3, choices: ["left", "right", "up", "down"])
    }

    static func choice(_ id: StaticString, _ name: StaticString, doc: StaticString, _ choices: [StaticString], default value: Int = 0) -> ParameterDefinition {
        ParameterDefinition(id: id, name: name, doc: doc, type: TC_PARAM_CHOICE, defaultValue: Double(value), min: 0, max: Double(choices.count - 1), choices: choices)
    }

    static func number(_ id: StaticString, _ name: StaticString, doc: StaticString, unit: StaticString = "", _ value: Double, _ range: ClosedRange<Double>) -> ParameterDefinition {
        ParameterDefinition(id: id, name: name, doc: doc, unit: unit, defaultValue: value, min: range.lowerBound, max: range.upperBound)
    }

    /// The curve choice and the four control points `cubic-bezier` uses, in this order: five
    /// parameters that `Situation.easing(at:)` reads back.
    static func curve(default value: tc_curve_t) -> [ParameterDefinition] {
        [
            .choice(
                "curve", "Curve", doc: "The timing curve: a standard one, or cubic-bezier with the four control values below.",
                ["linear", "ease", "ease-in", "ease-out", "ease-in-out", "standard", "decelerate", "accelerate", "sharp", "cubic-bezier"],
                default: Int(value.rawValue)),
            .number("x1", "Bézier x1", doc: "cubic-bezier's first control point, x (used when the curve is cubic-bezier).", 0.25, 0...1),
            .number("y1", "Bézier y1", doc: "cubic-bezier's first control point, y.", 0.1, -1...2),
            .number("x2", "Bézier x2", doc: "cubic-bezier's second control point, x.", 0.25, 0...1),
            .number("y2", "Bézier y2", doc: "cubic-bezier's second control point, y.", 1, -1...2),
        ]
    }

    /// A spring's damping ratio and response, in this order: `Situation.spring(at:)`,
    /// `springDuration(at:)` and `physicalSpring(at:)` read them back.
    static func spring(damping: Double, response: Double) -> [ParameterDefinition] {
        [
            .number("damping", "Damping", doc: "The spring's damping ratio: 1 settles without bouncing, lower values bounce.", damping, 0.1...1),
            .number("response", "Response", doc: "The spring's response, the period of its undamped oscillation (SwiftUI's response): larger is slower.", unit: "s", response, 0.05...2),
        ]
    }
}

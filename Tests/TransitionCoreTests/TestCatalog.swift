import TransitionCore

/// A small catalog of animator descriptions shared by the tests.
enum TestCatalog {
    static let direction = ParameterSpec(
        id: "direction", name: "Direction", kind: .choice, defaultValue: 0, minimum: 0, maximum: 3,
        choices: ["left", "right", "up", "down"])
    static let duration = ParameterSpec(
        id: "duration", name: "Duration", unit: "s", kind: .number, defaultValue: 0.35, minimum: 0.05, maximum: 5)
    static let crossfade = ParameterSpec(
        id: "crossfade", name: "Crossfade", kind: .bool, defaultValue: 0, minimum: 0, maximum: 1)
    static let steps = ParameterSpec(
        id: "steps", name: "Steps", kind: .integer, defaultValue: 1, minimum: 1, maximum: 12)
    static let dim = ParameterSpec(
        id: "dim", name: "Dim", kind: .number, defaultValue: 0.4, minimum: 0, maximum: 1)

    static let slide = AnimatorDescription(
        id: "slide", name: "Slide", summary: "Slides the new screen in.", operations: [.push, .pop],
        reversible: true, parameters: [direction, duration])
    static let fade = AnimatorDescription(
        id: "fade", name: "Fade", summary: "Cross-dissolves.", operations: TransitionOperation.allCases,
        styles: [.fullScreen, .custom], parameters: [duration, crossfade, steps])
    static let dimmedSheet = AnimatorDescription(
        id: "dimmed-sheet", name: "Dimmed sheet", summary: "A card over a dimmed screen.",
        operations: [.present, .dismiss], styles: [.custom], reversible: true, parameters: [dim])
    static let still = AnimatorDescription(
        id: "still", name: "Still", summary: "Nothing moves.", operations: [.push])

    static let all = [slide, fade, dimmedSheet, still]
}

import ArgumentParser
import Foundation
import PluginHost
import TransitionCore

/// `catalog preview OPERATION ANIMATOR`: plays a transition on a terminal, or prints its frames.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one transition: played on a terminal, or as a table of sampled frames.",
        discussion: """
            On a terminal the transition plays in colour at the animator's real duration (use \
            --speed to slow it down, --no-play for the table). Otherwise the sampled frames are \
            printed: progress, and per view its frame, alpha, transform, corner radius and z.
            """)

    @Argument(help: "push, pop, present, dismiss or tab.")
    var operation: String

    @Argument(help: "An animator id, or PLUGIN-ID:ANIMATOR-ID.")
    var animator: String

    @Option(name: .customLong("param"), help: ArgumentHelp("Set a parameter: KEY=VALUE. Repeatable.", valueName: "key=value"))
    var parameters: [String] = []

    @Option(help: "How many evenly spaced frames to print, from progress 0 to 1 (2...1000).")
    var frames = 9

    @Option(help: "The container size in points, WIDTHxHEIGHT.")
    var size = "390x844"

    @Option(help: "text or json.")
    var format = "text"

    @Option(help: "full-screen or custom, for present and dismiss (default: the animator's first style).")
    var style: String?

    @Flag(name: .customLong("no-play"), help: "Print the table even on a terminal.")
    var noPlay = false

    @Option(help: "Playback speed on a terminal: 0.25 plays four times slower.")
    var speed = 1.0

    @Option(help: ArgumentHelp("Drive the transition with a scripted gesture, such as \"scrub 0.6 @0.3; release v=0.5 @0.4; grab @0.5; cancel @0.6\" (see the README).", valueName: "scenario"))
    var interactive: String?

    @Option(help: "Frames per second of an --interactive timeline (1...240).")
    var fps = 30.0

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard (2...1000).contains(frames) else { throw ValidationError("--frames must be between 2 and 1000; got \(frames)") }
        guard ["text", "json"].contains(format) else {
            throw ValidationError("unknown format '\(DisplayText.escape(format))'; formats are text and json")
        }
        guard speed.isFinite, speed > 0.01, speed <= 100 else { throw ValidationError("--speed must be between 0.01 and 100") }
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
    }

    func run() throws {
        if let interactive {
            return try InteractivePreview(
                operation: operation, animator: animator, parameters: parameters, scenario: interactive, size: size,
                style: style, format: format, play: stdoutIsTerminal && !noPlay, speed: speed, framesPerSecond: fps,
                plugins: plugins
            ).run()
        }
        let op = try Resolution.operation(operation)
        let index = plugins.loadIndex()
        let chosen = try Resolution.animator(animator, in: index, for: op)
        let values = try Resolution.parameters(parameters, for: chosen)
        let bounds = try Resolution.size(size)
        let context = try TransitionContext(
            operation: op, style: try Resolution.style(style, for: chosen, operation: op), containerBounds: bounds)
        let progresses = SampledTransition.evenProgresses(frames)
        let sampled: SampledTransition
        do {
            sampled = try chosen.run(context, parameters: values, progresses: progresses)
        } catch {
            throw CLIError("\(error)")
        }
        for m in sampled.misbehaviours { printError("warning: \(chosen.qualifiedID): \(m)") }
        for entry in sampled.log where entry.level != "debug" {
            printError("\(chosen.qualifiedID) [\(entry.level)]: \(entry.message)")
        }
        if format == "json" {
            try PreviewJSON.print(sampled, animator: chosen, parameters: values)
        } else if stdoutIsTerminal && !noPlay {
            try TerminalPlayer.play(animator: chosen, context: context, parameters: values, duration: sampled.duration, speed: speed)
        } else {
            PreviewTable.print(sampled, animator: chosen, parameters: values)
        }
    }
}

/// The table of sampled frames.
enum PreviewTable {
    static func header(_ sampled: SampledTransition, animator: Animator, parameters: [Double]) -> String {
        let c = sampled.context
        var line = "\(c.operation) \(animator.id) (\(animator.description.name)) · \(Format.number(sampled.duration, decimals: 3)) s · \(Format.number(c.containerBounds.width))x\(Format.number(c.containerBounds.height))"
        if c.operation.isModal { line += " · \(c.style)" }
        let params = zip(animator.description.parameters, parameters).map { "\($0.id)=\($0.display($1))" }
        if !params.isEmpty { line += "\nparameters: " + params.joined(separator: " ") }
        return line
    }

    static func print(_ sampled: SampledTransition, animator: Animator, parameters: [Double]) {
        Swift.print(header(sampled, animator: animator, parameters: parameters))
        Swift.print("")
        var rows: [[String]] = [["PROGRESS", "VIEW", "FRAME", "ALPHA", "TRANSFORM", "CORNER", "Z"]]
        for frame in sampled.frames {
            var first = true
            for view in frame.drawOrder.reversed() + frame.views.filter({ !$0.isInContainer }) {
                let s = view.state
                var alpha = Format.number(s.alpha, decimals: 3)
                if s.hidden { alpha += " hidden" }
                if !view.isInContainer { alpha = "-" }
                rows.append([
                    first ? Format.number(frame.progress, decimals: 3) : "",
                    "\(view.id) \(view.role)" + (view.source.map { " of \($0)" } ?? ""),
                    view.isInContainer ? s.frame.description : "(not in container)",
                    alpha, view.isInContainer ? s.transform.summary : "-",
                    view.isInContainer ? Format.number(s.cornerRadius) : "-",
                    view.isInContainer ? String(s.zIndex) : "-",
                ])
                first = false
            }
        }
        Swift.print(TextTable.render(rows))
        let after = sampled.completion.container.map { "\($0) \(sampled.context.role(of: $0)?.name ?? "?")" }
        Swift.print("\nafter completion (finished): container = [\(after.joined(separator: ", "))]")
    }
}

/// A parameter value as JSON shows it: a number, a bool, or a choice's name.
enum ParameterValue: Encodable {
    case number(Double)
    case bool(Bool)
    case choice(String)

    init(spec: ParameterSpec, value: Double) {
        switch spec.kind {
        case .bool: self = .bool(value != 0)
        case .choice: self = .choice(spec.display(value))
        case .number, .integer: self = .number(value)
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let v): try v.encode(to: encoder)
        case .bool(let b): try b.encode(to: encoder)
        case .choice(let c): try c.encode(to: encoder)
        }
    }
}

/// The sampled frames as JSON, for tools.
enum PreviewJSON {
    struct Document: Encodable {
        var animator: String
        var operation: String
        var style: String
        var duration: Double
        var container: Rect
        var parameters: [String: ParameterValue]
        var frames: [TransitionFrame]
        var containerAfterCompletion: [ViewID]
    }

    static func print(_ sampled: SampledTransition, animator: Animator, parameters: [Double]) throws {
        let doc = Document(
            animator: animator.qualifiedID, operation: sampled.context.operation.name, style: sampled.context.style.name,
            duration: sampled.duration, container: sampled.context.containerBounds,
            parameters: Dictionary(uniqueKeysWithValues: zip(animator.description.parameters, parameters).map { ($0.id, ParameterValue(spec: $0, value: $1)) }),
            frames: sampled.frames, containerAfterCompletion: sampled.completion.container)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        Swift.print(String(decoding: try encoder.encode(doc), as: UTF8.self))
    }
}

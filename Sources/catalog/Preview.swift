import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PluginHost
import Renderers
import TransitionCore

/// `catalog preview OPERATION ANIMATOR`: plays a transition on a terminal, prints its frames, or
/// writes it as a PNG filmstrip, a GIF, an HTML page or a Lottie file.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show one transition: played on a terminal, as a table of sampled frames, or as a picture.",
        discussion: """
            On a terminal the transition plays in colour at the animator's real duration (use \
            --speed to slow it down, --no-play for the table). Otherwise the sampled frames are \
            printed: progress, and per view its frame, alpha, transform, corner radius and z.

            --format png writes a filmstrip of --frames frames side by side; gif the animation at \
            its real duration, looping; html a self-contained page that plays it with play and \
            scrub controls (for a .wasm animator, the module itself runs in the page, with a control \
            for each parameter and the values ready to copy as --param arguments); lottie a Lottie (bodymovin) JSON animation; json the sampled view \
            states. Files are written whole or not at all.
            """)

    @Argument(help: "push, pop, present, dismiss or tab.", completion: Completions.operations)
    var operation: String

    @Argument(help: "An animator id, or PLUGIN-ID:ANIMATOR-ID.", completion: Completions.animators)
    var animator: String

    @Option(name: .customLong("param"), help: ArgumentHelp("Set a parameter: KEY=VALUE. Repeatable.", valueName: "key=value"))
    var parameters: [String] = []

    @Option(help: "How many evenly spaced frames, from progress 0 to 1 (2...1000): printed by text and json (default 9), drawn by png (default 8).")
    var frames: Int?

    @Option(help: "The container size in points, WIDTHxHEIGHT.")
    var size = "390x844"

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "text, json, png, gif, html or lottie (default: from the extension of --out, else text).",
        valueName: "format"), completion: Completions.previewFormats)
    var formatOption: String?

    /// The format: --format, else the one the extension of --out names, else text.
    var format: String { OutputFormat.resolve(formatOption, out: out) }

    @Option(help: ArgumentHelp("The file to write; required for png, gif, html and lottie.", valueName: "file"), completion: .file())
    var out: String?

    @Option(help: "Frames a second for gif (default 30, at most 50), html and lottie (default 60), and for sampling an --interactive timeline (default 30, at most 240).")
    var fps: Int?

    @Option(help: "Pixels a point for png and gif (default: png frames 300 pixels high, a gif 480).")
    var scale: Double?

    @Option(name: .customLong("match"), parsing: .singleValue, help: ArgumentHelp("An element both screens show, for shared-element animators: ID:X,Y,WxH->X,Y,WxH (its frame in the from-screen, then in the to-screen). Repeatable.", valueName: "element"))
    var matches: [String] = []

    @Option(help: "full-screen or custom, for present and dismiss (default: the animator's first style).", completion: Completions.styles)
    var style: String?

    @Option(help: ArgumentHelp(Resolution.detentHelp, valueName: "detent"), completion: Completions.detents)
    var detent: String?

    @Option(
        name: .customLong("lottie-for"),
        help: ArgumentHelp("For lottie: the player the file is written for: standard (default; checked in rlottie and python-lottie) or qt (checked in Qt 6.4.2's Lottie player).", valueName: "player"),
        completion: .list(LottiePlayer.allCases.map(\.rawValue)))
    var lottieFor: String?

    @Flag(name: .customLong("no-play"), help: "Print the table even on a terminal.")
    var noPlay = false

    @Option(help: "Playback speed on a terminal: 0.25 plays four times slower.")
    var speed = 1.0

    @Option(help: ArgumentHelp("Drive the transition with a scripted gesture, such as \"scrub 0.6 @0.3; release v=0.5 @0.4; grab @0.5; cancel @0.6\" (see the README).", valueName: "scenario"))
    var interactive: String?

    @Flag(name: .customLong("in-process"), help: "Run plugin code in this process (faster; a crashing plugin takes the command down).")
    var inProcess = false

    @OptionGroup var plugins: PluginOptions

    /// The player --lottie-for names, standard when it is not given.
    var lottiePlayer: LottiePlayer { lottieFor.flatMap(LottiePlayer.init(rawValue:)) ?? .standard }

    func validate() throws {
        try OutputFormat.check(formatOption, out: out)
        try PreviewExport.validate(format: format, out: out, frames: frames, fps: interactive == nil ? fps : nil, scale: scale)
        if let lottieFor {
            guard format == "lottie" else { throw ValidationError("--lottie-for applies to --format lottie") }
            guard LottiePlayer(rawValue: lottieFor) != nil else {
                throw ValidationError("--lottie-for must be \(LottiePlayer.allCases.map(\.rawValue).joined(separator: " or ")); got '\(lottieFor)'")
            }
        }
        guard speed.isFinite, speed >= 0.01, speed <= 100 else { throw ValidationError("--speed must be between 0.01 and 100; got \(speed)") }
        if interactive != nil, frames != nil, format != "png" {
            throw ValidationError("--frames with --interactive applies to png only; text and json show every frame sampled at --fps")
        }
        if interactive != nil, let fps, !(1...240).contains(fps) { throw ValidationError("--fps must be between 1 and 240") }
    }

    func run() throws {
        // A plugin that crashed here is marked in the scan cache, however the command ends.
        defer { plugins.recordCrashes(command: "preview") }
        if let interactive {
            return try InteractivePreview(
                operation: operation, animator: animator, parameters: parameters, scenario: interactive, size: size,
                style: style, detent: try Resolution.detent(detent), format: format, play: TerminalCapabilities.canPlay && !noPlay, speed: speed, framesPerSecond: Double(fps ?? 30), out: out, frames: frames, scale: scale,
                lottiePlayer: lottiePlayer, plugins: plugins, matching: try Resolution.matchedElements(matches), inProcess: inProcess
            ).run()
        }
        let op = try Resolution.operation(operation)
        let index = plugins.loadIndex()
        let chosen = try Resolution.described(animator, in: index, for: op)
        let values = try Resolution.parameters(parameters, for: chosen)
        let bounds = try Resolution.size(size)
        let resolvedStyle = try Resolution.style(style, for: chosen, operation: op)
        let presented = try Resolution.presentedFrame(Resolution.detent(detent), operation: op, style: resolvedStyle, in: bounds)
        let context: TransitionContext
        do {
            context = try TransitionContext(
                operation: op, style: resolvedStyle, containerBounds: bounds, presentedFrame: presented,
                matchedElements: try Resolution.matchedElements(matches))
        } catch let error as TransitionContext.Error {
            throw CLIError.usage(error.description)
        }
        let playing = TerminalCapabilities.canPlay && !noPlay && out == nil && !["json"].contains(format) && !PreviewExport.fileFormats.contains(format)
        let sampled = try IsolatedSampling.sample(chosen, context: context, parameters: values, inProcess: inProcess) { [speed] duration in
            playing ? TerminalPlayer.progresses(duration: duration, speed: speed)
                : PreviewExport.progresses(format: format, frames: frames, fps: fps, duration: duration)
        }
        for m in sampled.misbehaviours { printError("warning: \(chosen.qualifiedID): \(m)") }
        for entry in sampled.log where entry.level != "debug" {
            printError("\(chosen.qualifiedID) [\(entry.level)]: \(entry.message)")
        }
        if let out, format == "html" {
            var arguments = style.map { ["--style", $0] } ?? []
            if let detent { arguments += ["--detent", detent] }
            if size != "390x844" { arguments += ["--size", size] }
            arguments += matches.flatMap { ["--match", $0] }
            try PreviewExport.writeHTML(sampled, animator: chosen, parameters: values, arguments: arguments, detent: detent, to: out)
        } else if let out, PreviewExport.fileFormats.contains(format) {
            try PreviewExport.write(sampled, animator: chosen, format: format, to: out, fps: fps, scale: scale, lottiePlayer: lottiePlayer)
        } else if format == "json" {
            try emit(PreviewJSON.render(sampled, animator: chosen, parameters: values))
        } else if playing {
            try TerminalPlayer.play(sampled, animatorID: chosen.id, speed: speed)
        } else {
            try emit(PreviewTable.render(sampled, animator: chosen, parameters: values))
        }
    }

    /// Prints `text`, or writes it to --out whole or not at all.
    private func emit(_ text: String) throws {
        if let out {
            try PreviewExport.writeFile(Array((text + "\n").utf8), to: out)
        } else {
            Swift.print(text)
        }
    }
}

/// The table of sampled frames.
enum PreviewTable {
    static func header(_ sampled: SampledTransition, animator: some DescribedAnimator, parameters: [Double]) -> String {
        let c = sampled.context
        var line = "\(c.operation) \(animator.id) (\(animator.description.name)) · \(Format.number(sampled.duration, decimals: 3)) s · \(Format.number(c.containerBounds.width))x\(Format.number(c.containerBounds.height))"
        if c.operation.isModal { line += " · \(c.style)" }
        let params = zip(animator.description.parameters, parameters).map { "\($0.id)=\($0.display($1))" }
        if !params.isEmpty { line += "\nparameters: " + params.joined(separator: " ") }
        return line
    }

    static func render(_ sampled: SampledTransition, animator: some DescribedAnimator, parameters: [Double]) -> String {
        var text = header(sampled, animator: animator, parameters: parameters) + "\n\n"
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
        text += TextTable.render(rows) + "\n"
        let after = sampled.completion.container.map { "\($0) \(sampled.context.role(of: $0)?.name ?? "?")" }
        text += "\nafter completion (finished): container = [\(after.joined(separator: ", "))]"
        return text
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
    /// docs/schemas/preview.schema.json.
    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var interactive = false
        var animator: String
        var operation: String
        var style: String
        var duration: Double
        var container: Rect
        var parameters: [String: ParameterValue]
        var frames: [FrameJSON]
        var containerAfterCompletion: [ViewID]
    }

    static func render(_ sampled: SampledTransition, animator: some DescribedAnimator, parameters: [Double]) throws -> String {
        let doc = Document(
            animator: animator.qualifiedID, operation: sampled.context.operation.name, style: sampled.context.style.name,
            duration: sampled.duration, container: sampled.context.containerBounds,
            parameters: ParameterValue.named(animator.description.parameters, parameters),
            frames: sampled.frames.map { FrameJSON(time: $0.progress * sampled.duration, frame: $0) },
            containerAfterCompletion: sampled.completion.container)
        return try JSONOutput.encode(doc)
    }
}

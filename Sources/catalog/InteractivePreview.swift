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

/// `catalog preview OPERATION ANIMATOR --interactive SCENARIO`: plays a scripted gesture on a
/// transition and shows the resulting timeline (time, progress, phase and views), played on a
/// terminal or printed as text or JSON.
struct InteractivePreview {
    var operation: String
    var animator: String
    var parameters: [String]
    var scenario: String
    var size: String
    var style: String?
    var detent: SheetDetent?
    var format: String
    var play: Bool
    var speed: Double
    var framesPerSecond: Double
    var out: String?
    var frames: Int?
    var scale: Double?
    var lottiePlayer: LottiePlayer
    var plugins: PluginOptions
    var matching: [MatchedElement] = []
    var inProcess = false

    func run() throws {
        let op = try Resolution.operation(operation)
        let index = plugins.loadIndex()
        let chosen = try Resolution.described(animator, in: index)
        // The choice is resolved against the scan: no plugin code runs in this process.
        let catalog = index
        let bounds = try Resolution.size(size)
        let styleChoice = try style.map { name -> PresentationStyle in
            guard let s = PresentationStyle(name: name) else {
                throw CLIError.usage("unknown style '\(DisplayText.escape(name))'; styles are full-screen and custom")
            }
            return s
        }
        let resolvedStyle = op.isModal ? (styleChoice ?? chosen.description.defaultStyle(for: op)) : .fullScreen
        if styleChoice == .custom && !op.isModal { throw CLIError.usage("the custom style applies to present and dismiss only") }
        let pairs = try Resolution.assignments(parameters)
        try Resolution.checkKeys(pairs, for: chosen.description)
        let resolved: ResolvedAnimator
        do {
            resolved = try ResolvedAnimator.resolve(
                AnimatorChoice(animatorID: animator, parameters: pairs), for: op, style: resolvedStyle, in: catalog)
        } catch {
            let others = catalog.describedAnimators.filter { $0.description.supports(op) }.map(\.id)
            throw CLIError.usage("\(error.description). Animators for \(op): \(others.isEmpty ? "none" : others.joined(separator: ", "))")
        }
        let script: InteractionScenario
        try InputLimits.checkText(scenario, place: "--interactive")
        do {
            script = try InteractionScenario(parsing: scenario)
        } catch {
            throw CLIError.usage("--interactive: \(error.description)")
        }
        try InputLimits.check(script, place: "--interactive")
        let presented = try Resolution.presentedFrame(detent, operation: op, style: resolvedStyle, in: bounds)
        let context = try TransitionContext(
            operation: op, style: resolvedStyle, containerBounds: bounds, presentedFrame: presented, interactive: true, matchedElements: matching)
        let run: TransitionRun
        do {
            run = inProcess
                ? try TransitionRun(resolved, context: context)
                : try TransitionRun(resolved, context: context, isolation: IsolatedSampler(executable: WorkerExecutable.current()))
        } catch let error as PluginCallError {
            throw CLIError(error.description)
        } catch let error as PluginError {
            throw CLIError(error.description)
        }
        do {
            try PluginValueCheck.duration(run.duration, animator: chosen.qualifiedID, operation: run.animatorContext.operation)
        } catch {
            throw CLIError(error.description)
        }
        let controller: InteractionController
        do {
            controller = try script.controller(duration: run.duration)
        } catch {
            throw CLIError.usage("--interactive: \(error.description)")
        }
        let played: PlayedTransition
        do {
            played = try TransitionPlayer.play(
                run, controller: controller, title: "\(op) \(chosen.id) (interactive)", framesPerSecond: framesPerSecond)
        } catch {
            throw CLIError(error.description)
        }
        if let session = run.session as? IsolatedSession {
            if let text = session.printed.stdout { printError("warning: \(chosen.qualifiedID) wrote to stdout, which belongs to the host: \(text)") }
            if let text = session.printed.stderr { printError("\(chosen.qualifiedID) stderr: \(text)") }
            for line in session.printed.sandbox { printError("warning: \(chosen.qualifiedID): \(line)") }
        }
        do {
            try PluginValueCheck.stayedInViews(played.misbehaviours, animator: chosen.qualifiedID)
        } catch {
            throw CLIError(error.description)
        }
        for m in played.misbehaviours { printError("warning: \(chosen.qualifiedID): \(m)") }
        for entry in played.log where entry.level != "debug" {
            printError("\(chosen.qualifiedID) [\(entry.level)]: \(entry.message)")
        }
        // Pictures show the container over what it is drawn over, as the previews of a plain run do.
        let pictured = Backdrop.standalone(for: context).compose(played.timeline, context: context)
        if PreviewExport.fileFormats.contains(format), let out {
            var timeline = pictured
            if format == "png" {
                // A filmstrip shows a few frames evenly spaced in time.
                let count = min(frames ?? 8, timeline.entries.count)
                let last = timeline.entries.count - 1
                timeline.entries = (0..<count).map { timeline.entries[count == 1 ? 0 : $0 * last / (count - 1)] }
            }
            try PreviewExport.write(timeline, subtitle: "\(chosen.description.name) · \(script)", format: format, to: out, fps: nil, scale: scale, lottiePlayer: lottiePlayer)
        } else if format == "json" {
            let text = try InteractiveJSON.text(played, resolved: resolved, context: context, scenario: script)
            if let out { try PreviewExport.writeFile(Array((text + "\n").utf8), to: out) } else { print(text) }
        } else if play && out == nil {
            try TimelinePlayer.play(pictured, phases: played.phases, speed: speed)
            print("\(op) \(chosen.id) · interactive · \(played.finished ? "finished" : "cancelled") · \(script)")
        } else {
            let text = InteractiveTable.render(played, resolved: resolved, context: context, scenario: script)
            if let out { try PreviewExport.writeFile(Array((text + "\n").utf8), to: out) } else { print(text) }
        }
    }
}

/// The text form: a header, the timeline as a table, the gesture's events and the hierarchy after.
enum InteractiveTable {
    static func render(_ played: PlayedTransition, resolved: ResolvedAnimator, context: TransitionContext, scenario: InteractionScenario) -> String {
        var lines: [String] = []
        let a = resolved.animator
        var head = "\(context.operation) \(a.id) (\(a.description.name)) · interactive · \(Format.number(played.duration, decimals: 3)) s · \(Format.number(context.containerBounds.width))x\(Format.number(context.containerBounds.height))"
        if context.operation.isModal { head += " · \(context.style)" }
        if resolved.reversed { head += " · reversed (\(context.operation.reversed) backwards)" }
        lines.append(head)
        let params = zip(a.description.parameters, resolved.parameters).map { "\($0.id)=\($0.display($1))" }
        if !params.isEmpty { lines.append("parameters: " + params.joined(separator: " ")) }
        lines.append("scenario: \(scenario)")
        lines.append("")
        var rows: [[String]] = [["TIME", "PROGRESS", "PHASE", "VIEW", "FRAME", "ALPHA", "TRANSFORM", "CORNER", "Z"]]
        for (entry, phase) in zip(played.timeline.entries, played.phases) {
            var first = true
            let frame = entry.frame
            for view in frame.drawOrder.reversed() + frame.views.filter({ !$0.isInContainer }) {
                let s = view.state
                var alpha = Format.number(s.alpha, decimals: 3)
                if s.hidden { alpha += " hidden" }
                rows.append([
                    first ? Format.number(entry.time, decimals: 3) : "",
                    first ? Format.number(frame.progress, decimals: 4) : "",
                    first ? phase.rawValue : "",
                    "\(view.id) \(view.role)" + (view.source.map { " of \($0)" } ?? ""),
                    view.isInContainer ? s.frame.description : "(not in container)",
                    view.isInContainer ? alpha : "-",
                    view.isInContainer ? s.transform.summary : "-",
                    view.isInContainer ? Format.number(s.cornerRadius) : "-",
                    view.isInContainer ? String(s.zIndex) : "-",
                ])
                first = false
            }
        }
        lines.append(TextTable.render(rows))
        lines.append("")
        lines.append("events:")
        for event in played.controller.events {
            lines.append("  \(Format.number(event.time, decimals: 3)) s  \(EventText.describe(event))  progress \(Format.number(event.progress, decimals: 4))")
        }
        let outcome = played.finished ? "finished" : "cancelled"
        let end = played.controller.completionTime.map { " at \(Format.number($0, decimals: 3)) s" } ?? ""
        let after = played.completion.container.map { "\($0) \(context.role(of: $0)?.name ?? "?")" }
        lines.append("\nafter completion (\(outcome)\(end)): container = [\(after.joined(separator: ", "))]")
        return lines.joined(separator: "\n")
    }
}

/// Words for a gesture's events.
enum EventText {
    /// The event in words; a release that may surprise also says why it finished or cancelled.
    static func describe(_ event: InteractionController.Event) -> String {
        let text = describe(event.kind)
        guard case .release(let v, _) = event.kind, let why = event.decision?.nearMiss(fraction: event.progress, velocity: v) else { return text }
        return text + " (" + why + ")"
    }

    static func describe(_ kind: InteractionController.Event.Kind) -> String {
        switch kind {
        case .update(let f): "scrub \(Format.number(f, decimals: 4))"
        case .pause: "grab"
        case .finish: "finish"
        case .cancel: "cancel"
        case .release(let v, let finishes): "release v=\(Format.number(v, decimals: 4)) → \(finishes ? "finish" : "cancel")"
        }
    }
}

/// The JSON form, for tools.
enum InteractiveJSON {
    struct Event: Encodable {
        var time: Double
        var event: String
        var progress: Double
    }

    /// docs/schemas/preview.schema.json, with `interactive` true.
    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var animator: String
        var operation: String
        var style: String
        var interactive = true
        var reversed: Bool
        var scenario: String
        var duration: Double
        var container: Rect
        var parameters: [String: ParameterValue]
        var finished: Bool
        var completionTime: Double?
        var events: [Event]
        var frames: [FrameJSON]
        var containerAfterCompletion: [ViewID]
    }

    static func document(_ played: PlayedTransition, resolved: ResolvedAnimator, context: TransitionContext, scenario: InteractionScenario) -> Document {
        Document(
            animator: resolved.animator.qualifiedID, operation: context.operation.name, style: context.style.name,
            reversed: resolved.reversed, scenario: scenario.description, duration: played.duration,
            container: context.containerBounds,
            parameters: ParameterValue.named(resolved.animator.description.parameters, resolved.parameters),
            finished: played.finished, completionTime: played.controller.completionTime,
            events: played.controller.events.map { Event(time: $0.time, event: EventText.describe($0), progress: $0.progress) },
            frames: frames(played.timeline, phases: played.phases),
            containerAfterCompletion: played.completion.container)
    }

    /// The timeline's frames with their phases.
    static func frames(_ timeline: TransitionTimeline, phases: [InteractionController.Phase]) -> [FrameJSON] {
        zip(timeline.entries, phases).map {
            FrameJSON(time: $0.time, phase: $1.rawValue, frame: $0.frame)
        }
    }

    /// The JSON text of the document.
    static func text(_ played: PlayedTransition, resolved: ResolvedAnimator, context: TransitionContext, scenario: InteractionScenario) throws -> String {
        try JSONOutput.encode(document(played, resolved: resolved, context: context, scenario: scenario))
    }
}

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
import TransitionCore

/// `catalog run --source FILE OPERATIONS...`: plays a sequence of operations through the
/// navigation, tab and modal drivers of a small app and shows each transition.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play push, pop, present, dismiss and tab operations through the drivers of a small app.",
        discussion: """
            The app is a tab bar (one tab per --tabs name) whose tabs each hold a navigation \
            stack, with modal screens presented over everything. Each operation asks the \
            transitions source for its animator (the system default when it has none) and runs \
            it; the output shows the animator chosen, its duration, whether it finished or was \
            cancelled, and the stack and hierarchy after it.

            OPERATIONS: push[:SCREEN], pop, present[:SCREEN], dismiss, tab:INDEX. Screens \
            without a name are called screen-1, screen-2, ... (pushed) and modal-1, ... \
            (presented). Append {SCENARIO} to drive an operation with a gesture, as in \
            'pop{scrub 0.4 @0.2; release v=-2 @0.3}' (the scenario language of `catalog preview \
            --interactive`).
            """)

    @Option(help: ArgumentHelp("A transitions file (JSON, at most 1 MiB; see docs/schemas/transitions.schema.json) mapping operations to animators; without one, the system defaults run.", valueName: "file"), completion: .file(extensions: ["json"]))
    var source: String?

    @Argument(help: "The operations, in order.", completion: .list(["push", "pop", "present", "dismiss", "tab:"]))
    var operations: [String]

    @Option(help: ArgumentHelp("The tabs' root screens, comma-separated.", valueName: "names"))
    var tabs = "home"

    @Option(help: "The container size in points, WIDTHxHEIGHT.")
    var size = "390x844"

    @Option(name: .customLong("match"), parsing: .singleValue, help: ArgumentHelp("An element both screens of every transition show: ID:X,Y,WxH->X,Y,WxH (its frame in the from-screen, then in the to-screen). Repeatable.", valueName: "element"))
    var matches: [String] = []

    @Option(help: ArgumentHelp("Where custom presentations rest, as UIKit's sheet detents: medium (a sheet half the container's height), large (all of it) or a height fraction in (0, 1]; a transitions file's rule may choose its own (default: a card inset 16 pt, from 15% of the height).", valueName: "detent"), completion: Completions.detents)
    var detent: String?

    @Option(help: "text or json.", completion: .list(["text", "json"]))
    var format = "text"

    @Option(help: "Frames per second of the recorded timelines (json output).")
    var fps = 30.0

    @Flag(name: .customLong("in-process"), help: "Run plugin code in this process (faster; a crashing plugin takes the command down).")
    var inProcess = false

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard ["text", "json"].contains(format) else {
            throw ValidationError("unknown format '\(DisplayText.escape(format))'; formats are text and json")
        }
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
        guard !operations.isEmpty else { throw ValidationError("give at least one operation, such as: push pop") }
    }

    func run() throws {
        // A plugin that crashed here is marked in the scan cache, however the command ends.
        defer { plugins.recordCrashes(command: "run") }
        let steps = try RunScript.parse(operations)
        let index = plugins.loadIndex()
        let bounds = try Resolution.size(size)
        let transitions: any TransitionsSource
        var needed: Set<String> = ["slide", "cover-vertical"]
        if let source {
            let data = try InputLimits.readTransitionsFile(source)
            do {
                let file = try TransitionsSourceFile(utf8: data, fileName: source, catalog: index.animators.map(\.animator))
                needed.formUnion(file.rules.compactMap { $0.choice?.animatorID })
                transitions = file
            } catch {
                throw CLIError(error.description, status: .dataError)
            }
        } else {
            transitions = FixedChoices()
        }
        let roots = tabs.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !roots.isEmpty, Set(roots).count == roots.count else {
            throw CLIError.usage("--tabs takes distinct, non-empty names separated by commas, such as home,search,profile")
        }
        // Isolated, no plugin code runs in this process: the director chooses from the scan and
        // each transition runs in a worker. In process, only the plugins that hold the animators
        // this run can use are loaded.
        let catalog: any AnimatorCatalog = inProcess ? index.loadCatalog { p in p.animators.contains { needed.contains($0.id) } } : index
        let director = TransitionDirector(catalog: catalog, source: transitions, containerBounds: bounds)
        director.framesPerSecond = fps
        if let detent = try Resolution.detent(detent) {
            director.makePresentation = { _ in PresentationController(layout: detent.layout) }
        }
        // One worker per plugin file serves every transition of the run; a worker that failed
        // is replaced by a new one for the plugin's next transition.
        let pool = WorkerPool()
        defer { pool.close() }
        if !inProcess { director.isolation = IsolatedSampler(executable: WorkerExecutable.current(), pool: pool) }
        let scene = SceneDriver(tabRoots: roots, director: director)
        let matching = try Resolution.matchedElements(matches)
        var records: [(record: TransitionRecord, scene: RunJSON.Scene)] = []
        var failure: CLIError?
        for (i, step) in steps.enumerated() {
            do {
                let record = try scene.perform(step.operation, scenario: step.scenario, matching: matching)
                records.append((record, RunJSON.Scene(scene)))
                for line in RunText.printedWarnings(index: i + 1, record: record, plugin: record.animatorID.flatMap { index.locate($0)?.plugin.path }) {
                    printError(line)
                }
                if format == "text" { RunText.print(index: i + 1, record: record, scene: scene) }
            } catch {
                failure = CLIError(
                    "operation \(i + 1) '\(step.text)': \(error.description)",
                    status: [.setupRefused, .plugin].contains(error.kind) ? .failure : .usage)
                break
            }
        }
        for line in pool.restarts { printError("note: \(DisplayText.escape(line))") }
        if format == "json" {
            Swift.print(try JSONOutput.encode(RunJSON.document(records, error: failure?.description)))
        }
        if let failure { throw failure }
    }
}

/// The system defaults for every operation (no transitions file).
private struct FixedChoices: TransitionsSource {
    func animator(for request: TransitionRequest) -> AnimatorChoice? { nil }
}

/// The operations of `catalog run` as written on the command line.
enum RunScript {
    struct Step {
        var text: String
        var operation: SceneOperation
        var scenario: InteractionScenario?
    }

    static func parse(_ words: [String]) throws -> [Step] {
        var pushed = 0, presented = 0
        return try words.enumerated().map { index, word in
            var head = Substring(word)
            var scenario: InteractionScenario?
            if let brace = word.firstIndex(of: "{") {
                guard word.hasSuffix("}") else {
                    throw CLIError.usage("operation \(index + 1) '\(DisplayText.escape(word))': a scenario goes in braces at the end, as in 'pop{scrub 0.5 @0.2; release @0.3}'")
                }
                head = word[..<brace]
                let text = String(word[word.index(after: brace)..<word.index(before: word.endIndex)])
                let place = "operation \(index + 1) '\(DisplayText.escape(String(word[..<brace])))'"
                try InputLimits.checkText(text, place: place)
                do throws(InteractionScenario.Error) {
                    scenario = try InteractionScenario(parsing: text)
                } catch {
                    throw CLIError.usage("\(place): scenario \(error.description)")
                }
                if let scenario { try InputLimits.check(scenario, place: place + ": scenario") }
            }
            let parts = head.split(separator: ":", maxSplits: 1).map(String.init)
            let name = parts.first?.lowercased() ?? ""
            let argument = parts.count > 1 ? parts[1] : nil
            let operation: SceneOperation
            switch name {
            case "push":
                if argument == nil { pushed += 1 }
                operation = .push(argument ?? "screen-\(pushed)")
            case "present":
                if argument == nil { presented += 1 }
                operation = .present(argument ?? "modal-\(presented)")
            case "pop", "dismiss":
                if argument != nil {
                    throw CLIError.usage("operation \(index + 1) '\(DisplayText.escape(word))': \(name) takes no screen (it acts on the top one); write \(name)")
                }
                operation = name == "pop" ? .pop : .dismiss
            case "tab":
                guard let argument, let tab = Int(argument), tab >= 0 else {
                    throw CLIError.usage("operation \(index + 1) '\(DisplayText.escape(word))': tab needs a tab index, as in tab:1")
                }
                operation = .tab(tab)
            default:
                let names = ["push", "pop", "present", "dismiss", "tab"]
                let hint = Suggestions.closest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
                throw CLIError.usage("operation \(index + 1) '\(DisplayText.escape(word))' is unknown; \(hint)operations are push[:SCREEN], pop, present[:SCREEN], dismiss, tab:INDEX")
            }
            return Step(text: DisplayText.escape(word), operation: operation, scenario: scenario)
        }
    }
}

/// The text form: one block per transition.
enum RunText {
    static func print(index: Int, record: TransitionRecord, scene: SceneDriver) {
        let t = record.transition
        var line = "\(index). \(t)"
        line += " · " + (record.animatorID.map { shortID($0) } ?? "instant (no animator)")
        switch record.reversal {
        case .none: break
        case .requested: line += " (reversed: \(t.operation.reversed) backwards, as the source asks)"
        case .automatic: line += " (auto-reversed: \(t.operation.reversed) backwards)"
        }
        if record.interactive { line += " · interactive" }
        line += " · \(Format.number(record.duration, decimals: 3)) s · \(record.finished ? "finished" : "cancelled")"
        Swift.print(line)
        if record.interactive {
            let events = record.events.map { "\(EventText.describe($0)) @\(Format.number($0.time, decimals: 3))" }
            Swift.print("   gesture: " + events.joined(separator: "; "))
        }
        if !record.presentationEvents.isEmpty {
            Swift.print("   presentation: " + record.presentationEvents.map(\.description).joined(separator: ", "))
        }
        for m in record.misbehaviours { printError("warning: operation \(index): \(m)") }
        Swift.print("   stack: \(scene.summary)")
        Swift.print("   hierarchy: " + record.layersAfter.map(layerText).joined(separator: " | "))
    }

    /// One warning per stream a plugin wrote to while its transition ran in a worker (the plugin
    /// file, the byte count and the first line, escaped), and one per line the worker's sandbox
    /// reported (a refused system call, a missing protection).
    static func printedWarnings(index: Int, record: TransitionRecord, plugin: String?) -> [String] {
        guard let printed = record.printed else { return [] }
        let who = (record.animatorID ?? "the plugin") + (plugin.map { " (\(DisplayText.escape($0)))" } ?? "")
        var lines: [String] = []
        for (name, bytes, first) in [("stdout", printed.stdoutBytes, printed.stdoutFirstLine), ("stderr", printed.stderrBytes, printed.stderrFirstLine)] {
            guard bytes > 0, let first else { continue }
            let owner = name == "stdout" ? ", which belongs to the host" : ""
            lines.append("warning: operation \(index): \(who) wrote \(bytes) byte\(bytes == 1 ? "" : "s") to \(name)\(owner); the first line: \(first)")
        }
        return lines + printed.sandbox.map { "warning: operation \(index): \(who): \($0)" }
    }

    static func shortID(_ qualified: String) -> String {
        qualified.hasPrefix("org.transitioncatalog.builtins:") ? String(qualified.dropFirst("org.transitioncatalog.builtins:".count)) : qualified
    }

    static func layerText(_ layer: ScreenLayer) -> String {
        switch layer.content {
        case .screen(let id):
            return DisplayText.escape(id) + (layer.frame.x == 0 && layer.frame.y == 0 ? "" : " at \(layer.frame)")
        case .dimming:
            return layer.description
        }
    }
}

/// The JSON form: every transition with its timeline.
enum RunJSON {
    struct Transition: Encodable {
        var operation: String
        var from: String
        var to: String
        var style: String
        var animator: String?
        var reversal: String
        var interactive: Bool
        var duration: Double
        var finished: Bool
        var events: [InteractiveJSON.Event]
        var presentationEvents: [String]
        var tab: Int
        var stack: [String]
        var presented: [String]
        var hierarchy: [String]
        var frames: [FrameJSON]
    }

    /// Where the app is after a transition: the selected tab, its navigation stack (root first)
    /// and the screens presented over it (bottom first).
    struct Scene {
        var tab: Int
        var stack: [String]
        var presented: [String]

        init(_ scene: SceneDriver) {
            tab = scene.tabs.tabs.selectedIndex
            stack = scene.selectedNavigation.stack.screens
            presented = scene.modal.presenter.presented.map(\.screen)
        }
    }

    /// docs/schemas/run.schema.json.
    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var transitions: [Transition]
        var error: String?
    }

    static func document(_ records: [(record: TransitionRecord, scene: Scene)], error: String?) -> Document {
        Document(transitions: records.map { r, scene in
            Transition(
                operation: r.transition.operation.name, from: r.transition.fromScreen, to: r.transition.toScreen,
                style: r.transition.style.name, animator: r.animatorID, reversal: r.reversal.rawValue,
                interactive: r.interactive, duration: r.duration, finished: r.finished,
                events: r.events.map { InteractiveJSON.Event(time: $0.time, event: EventText.describe($0), progress: $0.progress) },
                presentationEvents: r.presentationEvents.map(\.description),
                tab: scene.tab, stack: scene.stack, presented: scene.presented,
                hierarchy: r.layersAfter.map(RunText.layerText),
                frames: InteractiveJSON.frames(r.timeline, phases: r.phases))
        }, error: error)
    }
}

import ArgumentParser
import PluginHost
import Renderers
import TransitionCore

/// `catalog export`: an animator in a format another platform plays.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an animator's transitions for another platform to play.",
        discussion: "catalog export web writes CSS for the browser's View Transitions API.",
        subcommands: [ExportWeb.self])
}

/// `catalog export web ANIMATOR [OPERATION ...]`: the animator as CSS View Transitions.
struct ExportWeb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Write an animator as CSS for the browser's View Transitions API.",
        discussion: """
            The style sheet has @keyframes for ::view-transition-old(root) and \
            ::view-transition-new(root) per operation, selected by the view-transition type of \
            the same name: start one with document.startViewTransition({ update, types: ['push'] }). \
            The keyframes carry the sampled view states (matrix3d, opacity, z-index, the corner \
            radius as a clip, dimming as a colour filter) at the animator's duration with \
            linear timing, and each --match element is a named group whose old and new images \
            follow the animator's snapshots of it (give the element that view-transition-name), \
            all close enough that no screen corner strays more than a quarter of a \
            pixel from the sampled motion. They are made for a page of --size CSS pixels. What \
            the web cannot show is described in docs/web-export.md. Without --out the CSS goes to \
            standard output; a file is written whole or not at all.
            """)

    @Argument(help: "An animator id, or PLUGIN-ID:ANIMATOR-ID.", completion: Completions.animators)
    var animator: String

    @Argument(help: "push, pop, present, dismiss or tab (default: every operation the animator supports).", completion: Completions.operations)
    var operations: [String] = []

    @Option(help: ArgumentHelp("The CSS file to write.", valueName: "file"), completion: .file(extensions: ["css"]))
    var out: String?

    @Option(name: .customLong("param"), help: ArgumentHelp("Set a parameter: KEY=VALUE. Repeatable.", valueName: "key=value"))
    var parameters: [String] = []

    @Option(help: "The page size in CSS pixels (one point a pixel), WIDTHxHEIGHT.")
    var size = "390x844"

    @Option(help: "full-screen or custom, for present and dismiss (default: the animator's first style).", completion: Completions.styles)
    var style: String?

    @Option(help: ArgumentHelp(Resolution.detentHelp, valueName: "detent"), completion: Completions.detents)
    var detent: String?

    @Option(help: "Samples a second the motion is measured at before keyframes are chosen (30...480).")
    var fps = 120

    @Option(name: .customLong("match"), parsing: .singleValue, help: ArgumentHelp("An element both screens show, written as a named group: ID:X,Y,WxH->X,Y,WxH (its frame in the from-screen, then in the to-screen). Repeatable.", valueName: "element"))
    var matches: [String] = []

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard out?.isEmpty != true else { throw ValidationError("--out needs a file path") }
        guard (30...480).contains(fps) else { throw ValidationError("--fps must be between 30 and 480; got \(fps)") }
    }

    func run() throws {
        var ops: [TransitionOperation] = []
        for name in operations {
            let op = try Resolution.operation(name)
            if !ops.contains(op) { ops.append(op) }
        }
        let index = plugins.loadIndex()
        for op in ops { _ = try Resolution.described(animator, in: index, for: op) }
        let chosen = try Resolution.described(animator, in: index)
        if ops.isEmpty { ops = chosen.description.operations }
        let values = try Resolution.parameters(parameters, for: chosen)
        let bounds = try Resolution.size(size)
        let css = try Self.styleSheet(
            chosen, operations: ops, parameters: values, style: style, detent: try Resolution.detent(detent), bounds: bounds, fps: fps,
            matchedElements: try Resolution.matchedElements(matches))
        if let out {
            try PreviewExport.writeFile(Array(css.utf8), to: out)
        } else {
            print(css, terminator: "")
        }
    }

    /// The style sheet of `animator`'s `operations`, each sampled in a worker process at `fps`;
    /// custom presents and dismisses rest at `detent` when it is given; `matchedElements` become
    /// named groups.
    /// - Throws: `CLIError` with one line when the plugin fails, the style does not apply, or a
    ///   detent is given and no operation is a custom present or dismiss.
    static func styleSheet(
        _ animator: AnimatorReference, operations: [TransitionOperation], parameters: [Double]? = nil, style: String? = nil,
        detent: SheetDetent? = nil, bounds: Rect, fps: Int = 120, matchedElements: [MatchedElement] = []
    ) throws -> String {
        // The operations are transitions of one plugin: one worker serves them all.
        let pool = WorkerPool()
        defer { pool.close() }
        var transitions: [WebTransitionCSS.Transition] = []
        let styles = try operations.map { op in try Resolution.style(op.isModal ? style : nil, for: animator, operation: op) }
        if detent != nil, !zip(operations, styles).contains(where: { $0.isModal && $1 == .custom }) {
            throw Resolution.detentDoesNotApply(to: operations.first ?? .push, style: styles.first ?? .fullScreen)
        }
        for (op, opStyle) in zip(operations, styles) {
            let context: TransitionContext
            do {
                let presented = op.isModal && opStyle == .custom ? detent?.presentedFrame(in: bounds) : nil
                context = try TransitionContext(
                    operation: op, style: opStyle, containerBounds: bounds, presentedFrame: presented, matchedElements: matchedElements)
            } catch let error as TransitionContext.Error {
                throw CLIError.usage(error.description)
            }
            let sampled = try IsolatedSampling.sample(animator, context: context, parameters: parameters, pool: pool) { duration in
                FrameTimes.progresses(duration: duration, fps: Double(fps))
            }
            for m in sampled.misbehaviours { printError("warning: \(animator.qualifiedID) \(op): \(m)") }
            transitions.append(.init(
                operation: op, timeline: PreviewExport.timeline(sampled, animator: animator), matchedElements: context.matchedElements,
                fromRest: context.fromInitialFrame, toRest: context.toFinalFrame))
        }
        do {
            return try WebTransitionCSS().render(animatorID: animator.id, transitions: transitions)
        } catch {
            throw CLIError.usage(error.description)
        }
    }
}

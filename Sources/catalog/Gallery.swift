import ArgumentParser
import PluginHost
import Renderers
import TransitionCore

/// `catalog gallery --out DIR`: one HTML page of every animator and operation it supports.
struct Gallery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write an HTML gallery of every animator and operation it supports.",
        discussion: """
            DIR/index.html is one self-contained page: a section per animator, a card per \
            operation (in the animator's default style, with default parameters) that plays while \
            the pointer is over it and has a slider to scrub, and the animator's CSS for the \
            browser's View Transitions API (as catalog export web writes it, from samples at \
            --fps) to copy. The cards of animators from .wasm plugins run the module itself in \
            the page (each module embedded once, with web/transition-catalog.js), and their \
            section has a control per parameter that re-times and re-shapes its cards live. The \
            directory is created when missing; the page is written whole or not at all.
            """)

    @Option(help: ArgumentHelp("The directory to write index.html into.", valueName: "dir"), completion: .directory)
    var out: String?

    @Option(help: ArgumentHelp("Also (or instead) write the catalogue as a Markdown page, with a PNG filmstrip per animator in images/catalog/ beside it.", valueName: "file"), completion: .file(extensions: ["md"]))
    var markdown: String?

    @Option(help: "The container size in points, WIDTHxHEIGHT.")
    var size = "390x844"

    @Option(help: "Frames a second the cards are sampled at (1...120).")
    var fps = 60

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard out != nil || markdown != nil else { throw ValidationError("give --out DIR for the HTML gallery, --markdown FILE for the Markdown page, or both") }
        guard out?.isEmpty != true else { throw ValidationError("--out needs a directory path") }
        guard markdown?.isEmpty != true else { throw ValidationError("--markdown needs a file path") }
        guard (1...120).contains(fps) else { throw ValidationError("--fps must be between 1 and 120; got \(fps)") }
    }

    func run() throws {
        let bounds = try Resolution.size(size)
        let index = plugins.loadIndex()
        for error in index.errors { printError("warning: \(error)") }
        var items: [GalleryRenderer.Item] = []
        let animators = index.animators.map { AnimatorReference(plugin: $0.plugin, description: $0.animator) }
        // Every transition of one plugin file runs in the same worker.
        let pool = WorkerPool()
        defer {
            pool.close()
            for line in pool.restarts { printError("note: \(DisplayText.escape(line))") }
        }
        if let markdown { try CatalogPage.write(animators, bounds: bounds, to: markdown, pool: pool) }
        guard let out else { return }
        let total = animators.reduce(0) { $0 + $1.description.operations.count }
        let progress = StderrProgress("gallery", total: total)
        defer { progress.finish() }
        var started = 0
        var styleSheets: [String: String] = [:]
        // Animators of .wasm plugins play live: each module is embedded once, with the web host.
        // Native animators whose plugin has a .wasm build beside it (WasmTwin) play it live too.
        var modules: [(name: String, bytes: [UInt8])] = [], moduleIndex: [String: Int] = [:]
        let host = WebHost.text(), twins = WasmTwin()
        func liveModule(_ animator: AnimatorReference) -> Int? {
            guard host != nil, let path = PluginDoor.of(animator.pluginPath) == .wasm ? animator.pluginPath : twins.module(for: animator) else { return nil }
            if let n = moduleIndex[path] { return n }
            guard let bytes = try? InputLimits.readInput(path, what: "the plugin", limit: 64 << 20) else { return nil }
            modules.append((baseName(path), bytes))
            moduleIndex[path] = modules.count - 1
            return modules.count - 1
        }
        if host == nil && animators.contains(where: { PluginDoor.of($0.pluginPath) == .wasm }) {
            printError("warning: web/transition-catalog.js was not found beside this catalog; the .wasm animators' cards play frames sampled once")
        }
        for animator in animators {
            var webTransitions: [WebTransitionCSS.Transition] = []
            defer {
                // The CSS comes from the same samples as the cards, --fps a second.
                if !webTransitions.isEmpty {
                    do {
                        styleSheets[animator.id] = try WebTransitionCSS().render(animatorID: animator.id, transitions: webTransitions)
                    } catch {
                        printError("warning: \(animator.qualifiedID): \(error); its CSS is left out of the gallery")
                    }
                }
            }
            for operation in animator.description.operations {
                progress.update(started, "\(animator.id) \(operation)")
                started += 1
                let style = animator.description.defaultStyle(for: operation)
                let context = try TransitionContext(operation: operation, style: style, containerBounds: bounds)
                let sampled: SampledTransition
                do {
                    sampled = try IsolatedSampling.sample(animator, context: context, pool: pool) { duration in
                        FrameTimes.progresses(duration: duration, fps: Double(fps))
                    }
                } catch {
                    printError("warning: \(animator.qualifiedID): \(error); left out of the gallery")
                    continue
                }
                for m in sampled.misbehaviours { printError("warning: \(animator.qualifiedID) \(operation): \(m)") }
                var caption = operation.name
                if operation.isModal && style == .custom { caption += " (custom)" }
                let timeline = PreviewExport.timeline(sampled, animator: animator)
                let source = AnimatorSources.of(plugin: animator.pluginID, animator: animator.description.id).map { " Source: " + $0.text } ?? ""
                items.append(GalleryRenderer.Item(
                    group: animator.id, groupTitle: animator.description.name, groupSummary: animator.description.summary + source,
                    caption: caption, timeline: timeline,
                    live: liveModule(animator).map { GalleryRenderer.LiveCard(module: $0, animatorID: animator.id, context: sampled.context) }))
                webTransitions.append(.init(operation: operation, timeline: timeline))
            }
        }
        guard !items.isEmpty else { throw CLIError("no animator could be loaded, so the gallery would be empty") }
        progress.update(started, "writing the page")
        let page = try GalleryRenderer().render(
            items, styleSheets: styleSheets, live: host.map { GalleryRenderer.LiveModules(host: $0, modules: modules) })
        progress.finish()
        do {
            try AtomicFile.makeDirectory(out)
        } catch {
            throw CLIError(error.description, status: .cannotCreate)
        }
        let path = (out.hasSuffix("/") ? String(out.dropLast()) : out) + "/index.html"
        try PreviewExport.writeFile(Array(page.utf8), to: path)
        printError("\(Set(items.map(\.group)).count) animators, \(items.count) transitions")
    }
}

import PluginHost
import Renderers
import TransitionCore

/// `catalog gallery --markdown FILE`: the catalogue as a Markdown page, with a PNG filmstrip per
/// animator in `images/catalog/` beside the page.
enum CatalogPage {
    /// Samples each animator's first operation (six frames, default parameters) in `bounds`, in a
    /// worker process (`pool`'s, when given), writes its filmstrip, then the page. Animators that fail to run are left out with a warning.
    static func write(_ animators: [AnimatorReference], bounds: Rect, to path: String, pool: WorkerPool? = nil) throws {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let imageDirectory = "images/catalog"
        do {
            try AtomicFile.makeDirectory(directory + "/" + imageDirectory)
        } catch {
            throw CLIError(error.description, status: .cannotCreate)
        }
        let filmstrip = FilmstripRenderer(options: .init(frameHeight: 170))
        var entries: [CatalogPageRenderer.Entry] = []
        for animator in animators {
            guard let operation = animator.description.operations.first else { continue }
            let style = animator.description.defaultStyle(for: operation)
            let context = try TransitionContext(operation: operation, style: style, containerBounds: bounds)
            let image = "\(imageDirectory)/\(CatalogPageRenderer.anchor(animator.id)).png"
            do {
                let sampled = try IsolatedSampling.sample(animator, context: context, pool: pool) { _ in FrameTimes.even(6) }
                let bytes = try filmstrip.render(PreviewExport.timeline(sampled, animator: animator))
                try AtomicFile.write(bytes, to: directory + "/" + image)
            } catch {
                printError("warning: \(animator.qualifiedID): \(error); left out of the page")
                continue
            }
            let file = baseName(animator.pluginPath)
            entries.append(CatalogPageRenderer.Entry(
                description: animator.description, pluginFile: file, image: image,
                imageCaption: operation.name + (style == .custom ? " (custom)" : ""),
                source: AnimatorSources.of(plugin: animator.pluginID, animator: animator.description.id)))
        }
        guard !entries.isEmpty else { throw CLIError("no animator could be loaded, so the page would be empty") }
        try PreviewExport.writeFile(Array(CatalogPageRenderer().render(entries).utf8), to: path)
    }
}

import ArgumentParser
import PluginHost
import Renderers
import TransitionCore

/// The preview formats written to files (png, gif, html, lottie), and the sampling each needs.
enum PreviewExport {
    /// Formats that print text (to standard output unless --out is given).
    static let textFormats = ["text", "json"]
    /// Formats that need --out.
    static let fileFormats = ["png", "gif", "html", "lottie"]
    /// Every format, in the order the help lists them.
    static var allFormats: [String] { textFormats + fileFormats }

    /// The frames a second a format is sampled at when --fps is not given.
    static func defaultFPS(_ format: String) -> Int { format == "gif" ? 30 : 60 }

    /// The largest frames a second a format can play.
    static func maximumFPS(_ format: String) -> Int { format == "gif" ? 50 : 120 }

    /// Checks the options that only some formats take.
    static func validate(format: String, out: String?, frames: Int?, fps: Int?, scale: Double?) throws {
        guard allFormats.contains(format) else {
            let hint = Suggestions.closest(to: format, in: allFormats).map { "did you mean '\($0)'? " } ?? ""
            throw ValidationError(
                "unknown format '\(DisplayText.escape(format))'; \(hint)formats are \(allFormats.joined(separator: ", "))")
        }
        if fileFormats.contains(format) && out == nil {
            throw ValidationError("--format \(format) writes a file: give it with --out FILE")
        }
        if let out, out.isEmpty { throw ValidationError("--out needs a file path") }
        if let frames, !(2...1000).contains(frames) {
            throw ValidationError("--frames must be between 2 and 1000; got \(frames)")
        }
        if frames != nil && ["gif", "html", "lottie"].contains(format) {
            throw ValidationError("--frames applies to text, json and png; \(format) is sampled at --fps")
        }
        if let fps {
            guard ["gif", "html", "lottie"].contains(format) else {
                throw ValidationError("--fps applies to gif, html and lottie")
            }
            let top = maximumFPS(format)
            guard (1...top).contains(fps) else {
                let why = format == "gif" ? " (GIF delays are whole hundredths of a second and browsers slow down shorter ones)" : ""
                throw ValidationError("--fps for \(format) must be between 1 and \(top)\(why); got \(fps)")
            }
        }
        if let scale {
            guard ["png", "gif"].contains(format) else { throw ValidationError("--scale applies to png and gif") }
            guard scale.isFinite, scale >= 0.05, scale <= 8 else {
                throw ValidationError("--scale must be between 0.05 and 8 pixels a point; got \(scale)")
            }
        }
    }

    /// The progresses to sample for a format.
    static func progresses(format: String, frames: Int?, fps: Int?, duration: Double) -> [Double] {
        switch format {
        case "png": FrameTimes.even(frames ?? 8)
        case "gif", "html", "lottie": FrameTimes.progresses(duration: duration, fps: Double(fps ?? defaultFPS(format)))
        default: FrameTimes.even(frames ?? 9)
        }
    }

    /// The title previews show: `push · slide`.
    static func title(_ sampled: SampledTransition, animator: some DescribedAnimator) -> String {
        var title = "\(sampled.context.operation) · \(animator.id)"
        if sampled.context.operation.isModal && sampled.context.style == .custom { title += " (custom)" }
        return title
    }

    /// The sampled transition as the timeline the renderers draw: its frames over what the
    /// container is drawn over (the presenting screen of a custom present or dismiss).
    static func timeline(_ sampled: SampledTransition, animator: some DescribedAnimator) -> TransitionTimeline {
        let backdrop = Backdrop.standalone(for: sampled.context)
        return .even(
            title: title(sampled, animator: animator), containerBounds: sampled.context.containerBounds,
            duration: sampled.duration, frames: sampled.frames.map { backdrop.compose($0, context: sampled.context) })
    }

    /// Renders a file format and writes it to `path`, whole or not at all.
    static func write(
        _ sampled: SampledTransition, animator: some DescribedAnimator, format: String, to path: String, fps: Int?, scale: Double?,
        lottiePlayer: LottiePlayer = .standard
    ) throws {
        try write(
            timeline(sampled, animator: animator), subtitle: animator.description.name, format: format, to: path, fps: fps, scale: scale,
            lottiePlayer: lottiePlayer)
    }

    /// The pixels a point of a png or gif when --scale is not given: frames 300 (png) or 480
    /// (gif) pixels high, kept within the scales --scale accepts so that a tiny or huge --size
    /// is drawn rather than refused for a scale the user never gave.
    static func defaultScale(format: String, bounds: Rect) -> Double {
        let height = format == "gif" ? 480.0 : 300.0
        return min(8, max(0.05, height / bounds.height))
    }

    /// Renders a timeline in a file format and writes it to `path`, whole or not at all, then
    /// says so on standard error. A picture that cannot be made (too many pixels) is a usage
    /// error; a file that cannot be written exits 73.
    static func write(
        _ timeline: TransitionTimeline, subtitle: String, format: String, to path: String, fps: Int?, scale: Double?,
        lottiePlayer: LottiePlayer = .standard
    ) throws {
        let bytes: [UInt8]
        let progress = StderrProgress("writing \(baseName(path))")
        defer { progress.finish() }
        do {
            bytes = try render(timeline, subtitle: subtitle, format: format, fps: fps, scale: scale, lottiePlayer: lottiePlayer)
        } catch {
            throw CLIError.usage(error.description)
        }
        progress.finish()
        try writeFile(bytes, to: path)
    }

    /// Writes `bytes` to `path` whole or not at all and prints `wrote PATH` on standard error;
    /// a file that cannot be written exits 73.
    static func writeFile(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw CLIError(error.description, status: .cannotCreate)
        }
        printError("wrote \(path)")
    }

    /// The bytes of a timeline in a file format.
    static func render(
        _ timeline: TransitionTimeline, subtitle: String, format: String, fps: Int?, scale: Double?, lottiePlayer: LottiePlayer = .standard
    ) throws(RenderError) -> [UInt8] {
        let bytes: [UInt8]
        let scale = scale ?? defaultScale(format: format, bounds: timeline.containerBounds)
        switch format {
        case "png":
            bytes = try FilmstripRenderer(options: .init(scale: scale)).render(timeline)
        case "gif":
            bytes = try GIFRenderer(options: .init(scale: scale)).render(timeline)
        case "html":
            bytes = Array(try HTMLRenderer().render(timeline, subtitle: subtitle).utf8)
        case "lottie":
            bytes = Array(try LottieRenderer(frameRate: Double(fps ?? defaultFPS(format)), player: lottiePlayer).render(timeline).utf8)
        default:
            throw RenderError("unknown format '\(format)'")
        }
        return bytes
    }
}

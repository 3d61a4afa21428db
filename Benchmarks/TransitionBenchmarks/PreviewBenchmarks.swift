import Foundation
import Benchmark
import PluginHost
import Renderers
import TransitionCore

/// A push with the slide animator sampled at `frames` even progresses over one second: the two
/// screens, every frame moving.
func slideTimeline(frames: Int) throws -> TransitionTimeline {
    let slide = try builtinAnimator("slide")
    let context = try TransitionContext(operation: .push, containerBounds: benchContainer)
    var parameters = slide.description.defaultValues
    parameters[0] = 1
    let sampled = try slide.run(context, parameters: parameters, progresses: SampledTransition.evenProgresses(frames))
    return .even(title: "push · slide", containerBounds: benchContainer, duration: sampled.duration, frames: sampled.frames)
}

/// Preview: each renderer over a sampled two-view transition, its frames counted in the name
/// (`Preview/RENDERER/FRAMES`): the filmstrip at its usual 8 frames, the animated formats at 60.
func registerPreviewBenchmarks() {
    let renderers: [(name: String, frames: Int, render: (TransitionTimeline) throws -> Int)] = [
        ("png-filmstrip", 8, { try FilmstripRenderer().render($0).count }),
        ("gif", 60, { try GIFRenderer().render($0).count }),
        ("html", 60, { try HTMLRenderer().render($0, subtitle: "Slide").utf8.count }),
        ("lottie", 60, { try LottieRenderer(frameRate: 60).render($0).utf8.count }),
    ]
    for renderer in renderers {
        let timeline = Prepared<TransitionTimeline>()
        Benchmark("Preview/\(renderer.name)/\(renderer.frames)", configuration: Configurations.program(iterations: 50, seconds: 5)) { benchmark in
            do { blackHole(try renderer.render(timeline.value)) } catch { fail(benchmark, "\(error)") }
        } setup: {
            try timeline.prepare { try slideTimeline(frames: renderer.frames) }
        } teardown: {
            timeline.reset()
        }
    }

    // The whole command, as a user runs it: the same push with slide written as a PNG filmstrip (8
    // frames) and as an HTML page (the animation at its default rate), the PNG read against the HTML.
    let outs = Prepared<(png: String, html: String)>()
    let order = Alternation()
    Benchmark("Command/preview-png-html/paired", configuration: Configurations.pairedProcess(iterations: 30, seconds: 20, metric: pngHTMLMetric)) { benchmark in
        func preview(_ format: String, _ out: String) throws {
            let status = try BenchEnvironment.run(BenchEnvironment.catalogExecutable, ["preview", "push", "slide", "--format", format, "--out", out])
            if status != 0 { throw BenchError("catalog preview --format \(format) ended with status \(status)") }
        }
        measuringPairedCPU(
            benchmark, metric: pngHTMLMetric, alternation: order,
            subject: { try preview("png", outs.value.png) }, anchor: { try preview("html", outs.value.html) })
    } setup: {
        try outs.prepare {
            try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable)
            let base = BenchEnvironment.fixturesDirectory + "/preview-paired-\(getpid())"
            return (base + ".png", base + ".html")
        }
    } teardown: {
        try? FileManager.default.removeItem(atPath: outs.value.png)
        try? FileManager.default.removeItem(atPath: outs.value.html)
    }

    for format in ["png", "html"] {
        let out = Prepared<String>()
        Benchmark("Command/preview-\(format)/run", configuration: Configurations.process(iterations: 30, seconds: 10)) { benchmark in
            measuringProcessCPU(benchmark) {
                let status = try BenchEnvironment.run(
                    BenchEnvironment.catalogExecutable, ["preview", "push", "slide", "--format", format, "--out", out.value])
                if status != 0 { throw BenchError("catalog preview --format \(format) ended with status \(status)") }
            }
        } setup: {
            try out.prepare {
                try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable)
                return BenchEnvironment.fixturesDirectory + "/preview-\(getpid()).\(format)"
            }
        } teardown: {
            try? FileManager.default.removeItem(atPath: out.value)
        }
    }
}

/// `Command/preview-png-html/paired`: the PNG command's CPU time ÷ the HTML command's, each pair
/// run back to back.
let pngHTMLMetric = pairedProcessMetric("png ÷ html (‰)")

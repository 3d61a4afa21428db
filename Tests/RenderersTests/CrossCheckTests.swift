import Foundation
import Renderers
import Testing
import TestSupport
import TransitionCore

/// The previews checked by programs that share no code with the renderers: a real browser for
/// the HTML pages, the official Lottie schema and rlottie for the Lottie files.
///
/// Pictures are compared pixel by pixel with Pillow; the measure is the fraction of pixels
/// whose worst channel differs by more than 48 of 255 levels (a card against the screen, or a
/// block against its card, differ by far more; antialiasing and font hinting mostly by less).
@Suite("Independent consumers")
struct CrossCheckTests {
    static let backdrop = "17181c"

    /// The entry of a timeline at about `fraction` of its entries, and its time as a fraction
    /// of the duration.
    static func moment(_ timeline: TransitionTimeline, _ fraction: Double) -> (index: Int, position: Double) {
        let k = Int((fraction * Double(timeline.entries.count - 1)).rounded())
        return (k, timeline.duration > 0 ? timeline.entries[k].time / timeline.duration : 0)
    }

    /// For each pair of images, the fraction of pixels that differ by more than 48 levels.
    static func fractionsOver48(_ pairs: [(String, String)]) throws -> [Double] {
        let report = try ExternalTools.consumer(["compare"] + pairs.flatMap { [$0.0, $0.1] })
        let results = try #require(report["pairs"] as? [[String: Any]])
        return try results.map { diff in
            #expect(diff["sameSize"] as? Bool == true, "the images differ in size: \(diff)")
            return try #require(diff["fractionOver48"] as? Double, "\(diff)")
        }
    }

    /// Chromium's screenshot of an HTML page parked at a moment, against the PNG renderer's
    /// picture of the same entry. Tolerance: 0.5% of the pixels. A card edge one pixel off
    /// along the full 844-pixel height would already cost 0.26%; what differs is glyph
    /// rasterization of the labels and antialiasing (measured 0.03% to 0.25%).
    @Test(
        "the HTML page loads in Chromium without console errors, and a screenshot matches the PNG renderer",
        arguments: [("slide", TransitionOperation.push, 0.4), ("flip", .push, 0.3), ("dimmed-sheet", .present, 0.45), ("zoom", .present, 0.5)])
    func browser(_ id: String, _ operation: TransitionOperation, _ fraction: Double) throws {
        let dir = try Fixtures.temporaryDirectory()
        let timeline = try Fixtures.timeline(try Fixtures.animator(id), operation, fps: 60)
        let page = try Fixtures.write(Array(try HTMLRenderer().render(timeline).utf8), "page.html", in: dir)
        let (k, position) = Self.moment(timeline, fraction)
        let shot = dir + "/browser.png"
        let run = try ExternalTools.browse(url: "file://\(page)#p=\(position)&bare", width: 390, height: 844, screenshot: shot)
        #expect(run.consoleMessages.isEmpty, "the page logged: \(run.consoleMessages)")
        let painter = FramePainter(timeline: timeline)
        let ours = try Fixtures.write(try painter.png(timeline.entries[k].frame), "ours.png", in: dir)
        // The comparison must notice a moment a sixth of the transition away.
        let later = min(timeline.entries.count - 1, k + max(2, timeline.entries.count / 6))
        let other = try Fixtures.write(try painter.png(timeline.entries[later].frame), "later.png", in: dir)
        let fractions = try Self.fractionsOver48([(shot, ours), (shot, other)])
        #expect(fractions[0] < 0.005, "\(operation) \(id) at \(position): \(fractions[0] * 100)% of the pixels differ")
        #expect(fractions[1] > 0.02, "a later moment should differ clearly; \(fractions[1] * 100)% of the pixels do")
    }

    @Test("the gallery loads in Chromium without console errors, every card in place")
    func galleryInBrowser() throws {
        let dir = try Fixtures.temporaryDirectory()
        let cases = try Fixtures.builtinCases()
        let items = try cases.map { animator, op in
            GalleryRenderer.Item(
                group: animator.id, groupTitle: animator.description.name, groupSummary: animator.description.summary,
                caption: op.name, timeline: try Fixtures.timeline(animator, op, fps: 60))
        }
        let page = try Fixtures.write(Array(try GalleryRenderer().render(items).utf8), "index.html", in: dir)
        let run = try ExternalTools.browse(url: "file://\(page)", width: 1280, height: 900)
        #expect(run.consoleMessages.isEmpty, "the gallery logged: \(run.consoleMessages)")
        let dom = run.process.stdout
        #expect(dom.contains("data-ready=\"1\""), "the gallery's script ran to its end")
        #expect(dom.components(separatedBy: "<figure class=\"tile\"").count - 1 == cases.count)
    }

    @Test("a page opened without a fragment plays, with no console output")
    func playingPage() throws {
        let dir = try Fixtures.temporaryDirectory()
        let timeline = try Fixtures.timeline(try Fixtures.animator("dimmed-sheet"), .present, fps: 60)
        let page = try Fixtures.write(Array(try HTMLRenderer().render(timeline, subtitle: "Dimmed Sheet").utf8), "page.html", in: dir)
        let run = try ExternalTools.browse(url: "file://\(page)", width: 800, height: 1000)
        #expect(run.consoleMessages.isEmpty, "the page logged: \(run.consoleMessages)")
        #expect(run.process.stdout.contains("data-ready=\"1\""), "the page's script ran to its end")
        #expect(run.process.stdout.contains(">Pause</button>"), "it is playing")
    }

    @Test("the console check catches a page that throws")
    func consoleCheck() throws {
        let dir = try Fixtures.temporaryDirectory()
        let page = try Fixtures.write(Array("<!DOCTYPE html><html><body><script>missing();</script></body></html>".utf8), "bad.html", in: dir)
        let run = try ExternalTools.browse(url: "file://\(page)", width: 200, height: 200)
        #expect(run.consoleMessages.contains { $0.contains("missing") })
    }

    @Test("every built-in animator's Lottie file validates against the official Lottie schema")
    func lottieSchema() throws {
        let dir = try Fixtures.temporaryDirectory()
        var files: [String] = []
        for (animator, op) in try Fixtures.builtinCases() {
            let lottie = try LottieRenderer().render(try Fixtures.timeline(animator, op, fps: 60))
            files.append(try Fixtures.write(Array(lottie.utf8), "\(op)-\(animator.id).json", in: dir))
        }
        // Controls the schema must refuse: an easing handle outside 0...1, a width that is a string.
        let good = try String(contentsOfFile: files[0], encoding: .utf8)
        var controls: [String] = []
        for (n, (from, to)) in [("\"o\":{\"x\":0,", "\"o\":{\"x\":1.5,"), ("\"w\":390", "\"w\":\"390\"")].enumerated() {
            let broken = good.replacingOccurrences(of: from, with: to)
            #expect(broken != good)
            controls.append(try Fixtures.write(Array(broken.utf8), "broken-\(n).json", in: dir))
        }
        let report = try ExternalTools.consumer(["validate-lottie"] + files + controls)
        let results = try #require(report["files"] as? [String: [String: Any]])
        for file in files {
            let errors = results[file]?["errors"] as? [String] ?? ["no result"]
            #expect(errors.isEmpty, "\(file): \(errors.prefix(5))")
        }
        for file in controls { #expect((results[file]?["errorCount"] as? Int ?? 0) > 0, "the schema refuses \(file)") }
    }

    /// rlottie's frame against the PNG renderer's picture of the same moment, with each view
    /// placed as the Lottie file places it (the affine fit of its projected corners), so the
    /// check is that the file says what it means to. Tolerance: 1% of the pixels. The Lottie
    /// file has no role labels (about 0.3% of the screen), and rlottie applies a translucent
    /// layer's opacity to each shape in turn rather than to the layer as a whole, which shifts
    /// the colour of blocks on a fading card by less than 48 levels (measured 0.1% to 0.3%).
    /// A card turning in perspective is drawn as strips, each with a fit of its own, so there
    /// rlottie's frame is checked against the true picture: within 2%, and far closer than one
    /// affine fit of the whole card draws it.
    @Test(
        "rlottie renders our Lottie files like the PNG renderer draws the same moments",
        arguments: [
            ("slide", TransitionOperation.push, 0.4), ("zoom", .present, 0.5), ("dimmed-sheet", .present, 0.5), ("flip", .push, 0.25),
            ("halfway-spring", .present, 0.3), ("fade", .push, 1), ("dimmed-sheet", .present, 1), ("zoom", .dismiss, 1),
        ])
    func rlottie(_ id: String, _ operation: TransitionOperation, _ fraction: Double) throws {
        let dir = try Fixtures.temporaryDirectory()
        let timeline = try Fixtures.timeline(try Fixtures.animator(id), operation, fps: 60)
        let file = try Fixtures.write(Array(try LottieRenderer(frameRate: 60).render(timeline).utf8), "anim.json", in: dir)
        let (k, _) = Self.moment(timeline, fraction)
        let frameNumber = Int((timeline.entries[k].time * 60).rounded())
        #expect(abs(timeline.entries[k].time * 60 - Double(frameNumber)) < 1e-6, "the sample falls on a Lottie frame")
        let theirs = dir + "/rlottie.png"
        let info = try ExternalTools.consumer(["rlottie-render", file, String(frameNumber), theirs, "--backdrop", Self.backdrop])
        #expect(jsonNumber(info["width"]) == 390 && jsonNumber(info["height"]) == 844)
        #expect(jsonNumber(info["totalFrames"]) == LottieRenderer(frameRate: 60).lastFrame(duration: timeline.duration) + 1)

        let painter = FramePainter(timeline: timeline)
        let frame = timeline.entries[k].frame
        let placed = try Fixtures.write(try painter.png(Self.affinePlaced(frame, timeline: timeline)), "placed.png", in: dir)
        let ours = try Fixtures.write(try painter.png(frame), "ours.png", in: dir)
        let fractions = try Self.fractionsOver48([(theirs, placed), (theirs, ours), (ours, placed)])
        let (sameMeaning, truth, approximation) = (fractions[0], fractions[1], fractions[2])
        if LottiePlayersTests.inPerspective(timeline) {
            #expect(truth < 0.02 && truth < approximation / 3, "\(operation) \(id) frame \(frameNumber): \(truth * 100)% differ; one fit a card: \(approximation * 100)%")
            return
        }
        #expect(sameMeaning < 0.01, "\(operation) \(id) frame \(frameNumber): \(sameMeaning * 100)% of the pixels differ")
        // Against the true 4x4 picture the difference is the documented affine approximation,
        // whose cost in pixels our own renderer measures (true picture against affine-placed one).
        #expect(truth < approximation + 0.01, "\(operation) \(id): \(truth * 100)% differ; the approximation alone costs \(approximation * 100)%")
    }

    @Test(
        "rlottie draws the file written for Qt like the standard one",
        arguments: [("dimmed-sheet", TransitionOperation.present, 0.5), ("flip", .push, 0.3), ("zoom", .dismiss, 1)])
    func rlottieQtFile(_ id: String, _ operation: TransitionOperation, _ fraction: Double) throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let timeline = try Fixtures.timeline(try Fixtures.animator(id), operation, fps: 60)
        let nested = try Fixtures.write(Array(try LottieRenderer().render(timeline).utf8), "standard.json", in: dir)
        let flat = try Fixtures.write(Array(try LottieRenderer(player: .qt).render(timeline).utf8), "qt.json", in: dir)
        let (k, _) = Self.moment(timeline, fraction)
        let frameNumber = String(Int((timeline.entries[k].time * 60).rounded()))
        let other = String(Int((timeline.entries[max(0, k - timeline.entries.count / 4)].time * 60).rounded()))
        for (file, out, frame) in [(nested, "nested.png", frameNumber), (flat, "flat.png", frameNumber), (flat, "other.png", other)] {
            _ = try ExternalTools.consumer(["rlottie-render", file, frame, dir + "/" + out, "--backdrop", Self.backdrop])
        }
        let fractions = try Self.fractionsOver48([(dir + "/nested.png", dir + "/flat.png"), (dir + "/nested.png", dir + "/other.png")])
        // The standard file cuts the blocks out of the card's body, which rlottie draws differently
        // on a translucent card (the file for Qt does not).
        #expect(fractions[0] < 0.01, "\(operation) \(id): \(fractions[0] * 100)% of the pixels differ")
        #expect(fractions[1] > 0.01, "another moment differs clearly: \(fractions[1] * 100)%")
    }

    /// The frame with every view placed by its affine fit: frame centred on the fit, the
    /// reference size, and a transform of rotation and scale only.
    static func affinePlaced(_ frame: TransitionFrame, timeline: TransitionTimeline) -> TransitionFrame {
        let sizes = referenceSizes(timeline)
        var result = frame
        for i in result.views.indices {
            let view = result.views[i]
            guard let size = sizes[view.id], let fit = AffineFit(state: view.state, referenceWidth: size.width, referenceHeight: size.height) else { continue }
            result.views[i].state.frame = Rect(x: fit.x - size.width / 2, y: fit.y - size.height / 2, width: size.width, height: size.height)
            result.views[i].state.transform = Transform3D.rotationZ(fit.rotation * .pi / 180).concatenating(.scale(x: fit.scaleX, y: fit.scaleY))
        }
        return result
    }

    /// The size each view first has in a timeline: the size its card face is laid out for.
    static func referenceSizes(_ timeline: TransitionTimeline) -> [ViewID: (width: Double, height: Double)] {
        var sizes: [ViewID: (width: Double, height: Double)] = [:]
        for entry in timeline.entries {
            for view in entry.frame.views where view.isInContainer && sizes[view.id] == nil {
                sizes[view.id] = (view.state.frame.width, view.state.frame.height)
            }
        }
        return sizes
    }
}

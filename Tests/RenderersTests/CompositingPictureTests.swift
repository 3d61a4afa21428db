import Foundation
import PluginHost
@testable import Renderers
import Testing
import TestSupport
import TransitionCore

/// ABI 1.1's compositing model in the pictures: the container's camera, one-sided views facing
/// away, and snapshots that show their part of their source, drawn by the fixture plugins a
/// plugin author would write (a cube, and doors made of two half snapshots).
@Suite("Compositing in the pictures")
struct CompositingPictureTests {
    static let style = CardStyle.standard

    static func animator(_ fixture: String, _ id: String) throws -> Animator {
        try #require(try PluginLibrary.load(path: try FixturePlugins.path(fixture)).animator(id))
    }

    /// A push of a fixture animator sampled at `progresses`.
    static func timeline(_ fixture: String, _ id: String, parameters: [Double]? = nil, progresses: [Double]) throws -> TransitionTimeline {
        let animator = try animator(fixture, id)
        let context = try TransitionContext(operation: .push, containerBounds: Fixtures.bounds)
        let run = try animator.run(context, parameters: parameters, progresses: progresses)
        return .even(title: "push · \(id)", containerBounds: Fixtures.bounds, duration: run.duration, frames: run.frames)
    }

    /// Pixels of the from-screen's blue family (its body and lighter blocks): blue well above red.
    static func bluish(_ p: UInt32) -> Bool {
        Int(p & 0xFF) - Int(p >> 16 & 0xFF) > 60
    }

    /// How many pixels of `image` in the columns `columns` are bluish.
    static func bluishCount(_ image: DecodedPNG, columns: Range<Int>) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in columns where bluish(image.pixels[y * image.width + x]) { n += 1 }
        }
        return n
    }

    /// The fraction of pixels whose worst channel differs by more than 48 levels.
    static func fractionDiffering(_ a: DecodedPNG, _ b: DecodedPNG) -> Double {
        var n = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            var worst = 0
            for shift: UInt32 in [0, 8, 16] {
                let a = Int((p >> shift) & 0xFF), b = Int((q >> shift) & 0xFF)
                worst = max(worst, abs(a - b))
            }
            if worst > 48 { n += 1 }
        }
        return Double(n) / Double(a.pixels.count)
    }

    @Test("a cube's one-sided face never draws over the front face once it turns away; double-sided, its back shows")
    func cube() throws {
        let progresses = FrameTimes.even(11)
        let oneSided = try Self.timeline("cube_back_face", "cube", parameters: [1], progresses: progresses)
        let painter = FramePainter(timeline: oneSided)
        var checked = 0
        for entry in oneSided.entries {
            let from = try #require(entry.frame[ViewID(0)])
            guard from.state.facesAway(camera: entry.frame.camera) else { continue }
            checked += 1
            let image = try DecodedPNG(try painter.png(entry.frame))
            #expect(Self.bluishCount(image, columns: 0..<image.width) == 0, "at \(entry.frame.progress) the turned-away from face shows")
        }
        #expect(checked >= 2, "the from face turns away during the cube")
        // The same cube with double-sided faces: at the end the back of the from face is a strip
        // over the to-view at the left edge, so the check above can fail.
        let doubleSided = try Self.timeline("cube_back_face", "cube", parameters: [0], progresses: [1])
        let end = try DecodedPNG(try FramePainter(timeline: doubleSided).png(doubleSided.entries[0].frame))
        #expect(Self.bluishCount(end, columns: 0..<60) > 1000, "the back of the from face shows at the left edge")
    }

    @Test("doors made of two half snapshots show the from-screen's face, each its own half")
    func doors() throws {
        let timeline = try Self.timeline("compositing_doors", "doors", progresses: [0, 0.1])
        let painter = FramePainter(timeline: timeline)
        // At progress 0 the doors stand in for the hidden from-screen: together they draw it whole.
        let closed = try DecodedPNG(try painter.png(timeline.entries[0].frame))
        var whole = timeline.entries[0].frame
        for i in whole.views.indices { whole.views[i].state.hidden = whole.views[i].id != ViewID(0) }
        whole.views[0].state.hidden = false
        let screen = try DecodedPNG(try painter.png(whole))
        #expect(Self.bluishCount(screen, columns: 0..<screen.width) > screen.width * screen.height / 2, "the from-screen is blue")
        let differing = Self.fractionDiffering(closed, screen)
        #expect(differing < 0.003, "the closed doors differ from the from-screen in \(differing * 100)% of the pixels")

        // Opening, each door keeps its half of the face: the left one the label, both the blocks.
        let open = try DecodedPNG(try painter.png(timeline.entries[1].frame))
        let left = try #require(timeline.entries[1].frame[ViewID(2)]?.state.projectedBounds(camera: timeline.entries[1].frame.camera))
        let right = try #require(timeline.entries[1].frame[ViewID(3)]?.state.projectedBounds(camera: timeline.entries[1].frame.camera))
        let leftColumns = Int(left.x.rounded(.up))..<Int(left.maxX.rounded(.down)), rightColumns = Int(right.x.rounded(.up))..<Int(right.maxX.rounded(.down))
        #expect(Self.bluishCount(open, columns: leftColumns) > leftColumns.count * 300)
        #expect(Self.bluishCount(open, columns: rightColumns) > rightColumns.count * 300)
        var labelInk = 0
        for y in 10..<60 {
            for x in leftColumns where close(open.rgb(x, y), (255, 255, 255), 40) { labelInk += 1 }
        }
        #expect(labelInk > 20, "the left door carries the from-screen's label")
    }

    /// The pixels of `a` and `b` whose worst channel differs by more than `levels`.
    static func countDiffering(_ a: DecodedPNG, _ b: DecodedPNG, levels: Int) -> Int {
        var n = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift: UInt32 in [0, 8, 16] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > levels {
                n += 1
                break
            }
        }
        return n
    }

    /// Strips, tiles and halves of a screen that stand in for it at progress 0 draw it without the
    /// antialiased seams two abutting edges leave (the background showing through a quarter).
    @Test("pieces that stand in for their screen show no seam", arguments: ["fold", "explode", "portal"])
    func noSeams(_ id: String) throws {
        let animator = try #require(try PluginLibrary.load(path: TestEnvironment.builtinPlugin).animator(id))
        let context = try TransitionContext(operation: .push, containerBounds: Fixtures.bounds)
        let run = try animator.run(context, parameters: nil, progresses: [0])
        let timeline = TransitionTimeline.even(title: id, containerBounds: Fixtures.bounds, duration: run.duration, frames: run.frames)
        // The pieces alone, against the from-screen alone (the views beneath them are left out of
        // both, so that only the pieces are compared with what they stand in for).
        var start = timeline.entries[0].frame
        let pieces = start.views.filter { $0.role == .snapshot || $0.role == .tile }.filter { !$0.state.isInvisible }
        try #require(pieces.count >= 2, "\(id) stands in for the from-screen with pieces at progress 0")
        var screen = start
        for i in start.views.indices where start.views[i].role != .snapshot && start.views[i].role != .tile {
            start.views[i].state.hidden = true
        }
        for i in screen.views.indices { screen.views[i].state.hidden = screen.views[i].role != .from }
        let painter = FramePainter(timeline: timeline)
        for scale in [1.0, 0.37] {
            let drawn = try DecodedPNG(try painter.png(start, scale: scale))
            let whole = try DecodedPNG(try painter.png(screen, scale: scale))
            let seams = Self.countDiffering(drawn, whole, levels: 12)
            #expect(seams == 0, "\(id) at scale \(scale): \(seams) pixels differ from the from-screen")
        }
    }

    @Test("only pieces that meet on screen are joined: apart, each shows exactly its own rectangle")
    func joinedOnlyWhereTheyMeet() throws {
        let timeline = try Self.timeline("compositing_doors", "doors", progresses: [0, 0.3])
        let painter = FramePainter(timeline: timeline)
        let closed = painter.drawn(timeline.entries[0].frame), open = painter.drawn(timeline.entries[1].frame)
        let joinedClosed = PieceSeams.joinedSides(closed, tolerance: 0.25)
        let joinedOpen = PieceSeams.joinedSides(open, tolerance: 0.25)
        #expect(joinedClosed.values.sorted { $0.rawValue < $1.rawValue } == [.left, .right], "closed doors meet at the middle: \(joinedClosed)")
        #expect(joinedOpen.isEmpty, "open doors are apart: \(joinedOpen)")
    }

    /// Chromium's screenshot of the HTML page against the PNG renderer's picture of the same
    /// entry, as in the cross-checks: the camera, the culling and the snapshot faces must agree.
    @Test(
        "Chromium draws the camera, one-sided faces and snapshot faces as the PNG renderer does",
        arguments: [("compositing_doors", "doors", [Double](), 0.2), ("compositing_doors", "doors", [], 0.7), ("cube_back_face", "cube", [1], 0.6), ("cube_back_face", "cube", [0], 1)])
    func browser(_ fixture: String, _ id: String, _ parameters: [Double], _ fraction: Double) throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let timeline = try Self.timeline(fixture, id, parameters: parameters.isEmpty ? nil : parameters, progresses: FrameTimes.progresses(duration: 0.5, fps: 60))
        let page = try Fixtures.write(Array(try HTMLRenderer().render(timeline).utf8), "page.html", in: dir)
        let (k, position) = CrossCheckTests.moment(timeline, fraction)
        let shot = dir + "/browser.png"
        let run = try ExternalTools.browse(url: "file://\(page)#p=\(position)&bare", width: 390, height: 844, screenshot: shot)
        #expect(run.consoleMessages.isEmpty, "the page logged: \(run.consoleMessages)")
        let ours = try Fixtures.write(try FramePainter(timeline: timeline).png(timeline.entries[k].frame), "ours.png", in: dir)
        let fractions = try CrossCheckTests.fractionsOver48([(shot, ours)])
        #expect(fractions[0] < 0.005, "\(id) \(parameters) at \(position): \(fractions[0] * 100)% of the pixels differ")
    }

    @Test("Lottie: a one-sided face is hidden while it faces away, and snapshot layers carry their source's face")
    func lottie() throws {
        let lottie = LottieTests()
        // The cube: the from face's opacity is 0 wherever it faces away, and 100 at the end when double-sided.
        for (parameter, hidden) in [(1.0, true), (0.0, false)] {
            let timeline = try Self.timeline("cube_back_face", "cube", parameters: [parameter], progresses: FrameTimes.progresses(duration: 0.5, fps: 60))
            let doc = try lottie.document(timeline)
            // The turning face is drawn as strips, which share its opacity.
            let from = try #require(try lottie.viewLayers(doc).first { ($0["nm"] as? String)?.hasPrefix("#0 from") == true })
            let opacity = try lottie.transformProperty(from, "o")
            var away = 0
            for entry in timeline.entries where try #require(entry.frame[ViewID(0)]).state.facesAway(camera: entry.frame.camera) {
                away += 1
                #expect(try lottie.value(opacity, at: entry.time * 60) == [hidden ? 0 : 100], "one-sided \(parameter) at \(entry.frame.progress)")
            }
            #expect(away > 0)
        }

        // The doors: rlottie draws the closed doors as the from-screen, as the PNG renderer does.
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doors = try Self.timeline("compositing_doors", "doors", progresses: FrameTimes.progresses(duration: 0.6, fps: 60))
        let doc = try lottie.document(doors)
        let snapshot = try #require(try lottie.viewLayers(doc).first { ($0["nm"] as? String)?.hasPrefix("#2 snapshot") == true })
        let card = try #require((snapshot["shapes"] as? [[String: Any]])?.last)
        let fill = try #require((card["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "fl" })
        let color = ((fill["c"] as? [String: Any])?["k"] as? [Any] ?? []).compactMap(jsonNumber)
        #expect(color.count == 4 && abs(color[2] - Self.style.from.blue) < 1e-3, "the left door is the from-screen's blue: \(color)")
        let file = try Fixtures.write(Array(try LottieRenderer(frameRate: 60).render(doors).utf8), "doors.json", in: dir)
        _ = try ExternalTools.consumer(["rlottie-render", file, "0", dir + "/rlottie.png", "--backdrop", CrossCheckTests.backdrop])
        let ours = try Fixtures.write(try FramePainter(timeline: doors).png(doors.entries[0].frame), "ours.png", in: dir)
        let fractions = try CrossCheckTests.fractionsOver48([(dir + "/rlottie.png", ours)])
        #expect(fractions[0] < 0.01, "rlottie's closed doors differ from the PNG in \(fractions[0] * 100)% of the pixels")
    }

    @Test("a matched element's view shows its rectangle of the from-screen, where the from-screen has it")
    func matchedElement() throws {
        let animator = try Self.animator("compositing_doors", "doors")
        let element = try MatchedElement(parsing: "card:16,200,358x120->0,0,390x300")
        let context = try TransitionContext(operation: .push, containerBounds: Fixtures.bounds, matchedElements: [element])
        let run = try animator.run(context, progresses: [0, 0.5])
        let timeline = TransitionTimeline.even(title: "push · doors", containerBounds: Fixtures.bounds, duration: run.duration, frames: run.frames)
        let painter = FramePainter(timeline: timeline)
        let elementView = try #require(context.matchedElements.first?.fromView)
        func only(_ id: ViewID, in frame: TransitionFrame) -> TransitionFrame {
            var f = frame
            for i in f.views.indices { f.views[i].state.hidden = f.views[i].id != id }
            return f
        }
        let screen = try DecodedPNG(try painter.png(only(ViewID(0), in: timeline.entries[0].frame)))
        let alone = try DecodedPNG(try painter.png(only(elementView, in: timeline.entries[0].frame)))
        var same = 0, outside = 0, total = 0
        for y in 0..<alone.height {
            for x in 0..<alone.width {
                let inside = x >= 18 && x < 372 && y >= 202 && y < 318
                // The element's antialiased edge, and the device's rounded corners.
                let border = (x >= 14 && x < 376 && y >= 198 && y < 322) || ((x < 45 || x >= 345) && (y < 45 || y >= 799))
                if inside {
                    total += 1
                    if close(alone.rgb(x, y), screen.rgb(x, y), 3) { same += 1 }
                } else if !border, !close(alone.rgb(x, y), bytes(Self.style.screen), 3) && !close(alone.rgb(x, y), bytes(Self.style.backdrop), 3) {
                    outside += 1
                }
            }
        }
        #expect(Double(same) / Double(total) > 0.99, "inside its rectangle the element is the from-screen: \(same) of \(total)")
        #expect(outside == 0, "nothing of it lies outside its rectangle: \(outside) pixels")
        // Moving to its to-frame it stretches: at 0.5 it covers the lerped frame, its blue body included.
        let moving = try DecodedPNG(try painter.png(only(elementView, in: timeline.entries[1].frame)))
        let frame = try #require(timeline.entries[1].frame[elementView]).state.frame
        #expect(Self.bluishCount(moving, columns: Int(frame.x) + 4..<Int(frame.maxX) - 4) > 0)
    }

    @Test("flip at its minimum perspective: Chromium's page and the PNG renderer draw the same picture", arguments: [0.3, 0.43, 0.6])
    func flipInBrowser(_ fraction: Double) throws {
        let flip = try Fixtures.animator("flip")
        var values = flip.description.defaultValues
        let k = try #require(flip.description.parameters.firstIndex { $0.id == "perspective" })
        values[k] = flip.description.parameters[k].minimum
        let context = try TransitionContext(operation: .push, containerBounds: Fixtures.bounds)
        let duration = flip.duration(context, parameters: values)
        let run = try flip.run(context, parameters: values, progresses: FrameTimes.progresses(duration: duration, fps: 60))
        let timeline = TransitionTimeline.even(title: "push · flip", containerBounds: Fixtures.bounds, duration: duration, frames: run.frames)
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = try Fixtures.write(Array(try HTMLRenderer().render(timeline).utf8), "page.html", in: dir)
        let (i, position) = CrossCheckTests.moment(timeline, fraction)
        let shot = dir + "/browser.png"
        _ = try ExternalTools.browse(url: "file://\(page)#p=\(position)&bare", width: 390, height: 844, screenshot: shot)
        let ours = try Fixtures.write(try FramePainter(timeline: timeline).png(timeline.entries[i].frame), "ours.png", in: dir)
        let fractions = try CrossCheckTests.fractionsOver48([(shot, ours)])
        #expect(fractions[0] < 0.005, "flip at perspective 200, \(position): \(fractions[0] * 100)% of the pixels differ")
    }
}

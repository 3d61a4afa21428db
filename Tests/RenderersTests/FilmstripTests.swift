@testable import Renderers
import Testing
import TransitionCore

@Suite("PNG filmstrip")
struct FilmstripTests {
    let style = CardStyle.standard

    @Test("the image is as large as its layout: frames side by side, captions above and below")
    func size() throws {
        let timeline = Fixtures.linearPush(frames: 5)
        let renderer = FilmstripRenderer()
        let layout = try renderer.layout(frameCount: 5, bounds: timeline.containerBounds)
        let png = try DecodedPNG(try renderer.render(timeline))
        #expect(png.width == layout.width && png.height == layout.height)
        #expect(layout.frameHeight == 300, "the default fits each frame to 300 pixels")
        #expect(layout.frameOrigins.count == 5)
        for (a, b) in zip(layout.frameOrigins, layout.frameOrigins.dropFirst()) {
            #expect(b.x - a.x > layout.frameWidth, "frames do not overlap")
            #expect(a.y == b.y)
        }
        #expect(layout.frameOrigins.last!.x + layout.frameWidth < Double(layout.width))
    }

    @Test("each frame shows the views where the timeline puts them, in their roles' colours")
    func content() throws {
        let timeline = Fixtures.linearPush(frames: 3)
        let renderer = FilmstripRenderer(options: .init(scale: 0.25))
        let layout = try renderer.layout(frameCount: 3, bounds: timeline.containerBounds)
        let png = try DecodedPNG(try renderer.render(timeline))
        // A point low in the left and right thirds of each frame, clear of the card's blocks.
        func sample(_ frame: Int, _ fx: Double) -> (Int, Int, Int) {
            let o = layout.frameOrigins[frame]
            return png.rgb(Int(o.x + layout.frameWidth * fx), Int(o.y + layout.frameHeight * 0.92))
        }
        #expect(close(sample(0, 0.25), bytes(style.from)), "progress 0: the from-view fills the screen")
        #expect(close(sample(0, 0.75), bytes(style.from)))
        #expect(close(sample(1, 0.25), bytes(style.from)), "progress 0.5: from on the left")
        #expect(close(sample(1, 0.75), bytes(style.to)), "progress 0.5: to on the right half")
        #expect(close(sample(2, 0.25), bytes(style.to)), "progress 1: the to-view fills the screen")
        // Outside the frames: the backdrop.
        #expect(close(png.rgb(2, 2), bytes(style.backdrop)))
    }

    @Test("a page revealed from the bottom edge, its frame growing from zero height, is drawn as it grows")
    func revealFromNothing() throws {
        // As Android's open upwards: the to-view's frame grows up from the bottom edge.
        let b = Fixtures.bounds
        let frames = FrameTimes.even(3).map { p in
            TransitionFrame(progress: p, views: [
                Fixtures.view(0, .from, b),
                Fixtures.view(1, .to, Rect(x: 0, y: b.height * (1 - p), width: b.width, height: b.height * p)),
            ])
        }
        let timeline = TransitionTimeline.even(title: "push · reveal", containerBounds: b, duration: 0.3, frames: frames)
        let renderer = FilmstripRenderer(options: .init(scale: 0.25))
        let layout = try renderer.layout(frameCount: 3, bounds: b)
        let png = try DecodedPNG(try renderer.render(timeline))
        // Points near the left edge, clear of the cards' blocks.
        func sample(_ frame: Int, _ fy: Double) -> (Int, Int, Int) {
            let o = layout.frameOrigins[frame]
            return png.rgb(Int(o.x + layout.frameWidth * 0.02), Int(o.y + layout.frameHeight * fy))
        }
        #expect(close(sample(0, 0.92), bytes(style.from)), "progress 0: nothing of the to-view shows")
        #expect(close(sample(1, 0.92), bytes(style.to)), "progress 0.5: the lower half is the to-view")
        #expect(close(sample(1, 0.3), bytes(style.from)), "progress 0.5: the upper half is still the from-view")
        #expect(close(sample(2, 0.92), bytes(style.to)), "progress 1: the to-view fills the screen")
        let face = FramePainter(timeline: timeline).face(of: frames[0].views[1])
        #expect(face.width == b.width && face.height == b.height, "the face is laid out for the size the page ends with")
    }

    @Test("a progress label is drawn under every frame, and a caption above")
    func labels() throws {
        let timeline = Fixtures.linearPush(frames: 4)
        let renderer = FilmstripRenderer()
        let layout = try renderer.layout(frameCount: 4, bounds: timeline.containerBounds)
        let png = try DecodedPNG(try renderer.render(timeline))
        let backdrop = bytes(style.backdrop)
        func inked(x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
            var n = 0
            for yy in y { for xx in x where !close(png.rgb(xx, yy), backdrop, 8) { n += 1 } }
            return n
        }
        for o in layout.frameOrigins {
            let top = Int(o.y + layout.frameHeight) + 4
            #expect(inked(x: Int(o.x)...Int(o.x + layout.frameWidth) - 1, y: top...min(png.height - 1, top + 22)) > 20)
        }
        #expect(inked(x: 24...300, y: 10...Int(layout.frameOrigins[0].y) - 4) > 50)
        let bare = try FilmstripRenderer(options: .init(captions: false)).layout(frameCount: 4, bounds: timeline.containerBounds)
        #expect(bare.height < layout.height)
    }

    @Test("a card turned edge-on draws nothing, and a card in perspective is a trapezoid")
    func perspective() throws {
        let edgeOn = Transform3D.perspective(distance: 1000).concatenating(.rotationY(.pi / 2))
        let frame = TransitionFrame(progress: 0.5, views: [Fixtures.view(0, .from, Fixtures.bounds, transform: edgeOn)])
        let painter = FramePainter(bounds: Fixtures.bounds, frames: [frame])
        let png = try DecodedPNG(try painter.png(frame, scale: 0.5))
        var blue = 0
        for p in png.pixels where close((Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)), bytes(style.from), 30) { blue += 1 }
        #expect(blue < png.width * png.height / 200, "an edge-on card is at most a sliver")

        let turned = Transform3D.perspective(distance: 800).concatenating(.rotationY(0.6))
        let tilted = TransitionFrame(progress: 0.3, views: [Fixtures.view(0, .from, Fixtures.bounds.insetBy(dx: 60, dy: 120), transform: turned)])
        let image = try DecodedPNG(try FramePainter(bounds: Fixtures.bounds, frames: [tilted]).png(tilted, scale: 0.5))
        func height(atX x: Int) -> Int {
            (0..<image.height).filter { !close(image.rgb(x, $0), bytes(style.screen), 3) && !close(image.rgb(x, $0), bytes(style.backdrop), 3) }.count
        }
        let state = tilted.views[0].state
        let corners = try #require(state.projectedCorners)
        let leftX = Int((max(corners[0].x, corners[3].x) + 4) * 0.5), rightX = Int((min(corners[1].x, corners[2].x) - 4) * 0.5)
        #expect(abs(height(atX: leftX) - height(atX: rightX)) > 10, "the near and far edges differ in height")
    }

    @Test("every frame's card carries its label, wherever the frame lies in the strip and whatever the card's alpha")
    func cardLabels() throws {
        let frames = (0..<8).map { i in
            TransitionFrame(progress: Double(i) / 7, views: [Fixtures.view(0, .to, Fixtures.bounds, alpha: i % 2 == 0 ? 1 : 0.8)])
        }
        let timeline = TransitionTimeline.even(title: "labels", containerBounds: Fixtures.bounds, duration: 0.4, frames: frames)
        let renderer = FilmstripRenderer(options: .init(scale: 0.5))
        let layout = try renderer.layout(frameCount: frames.count, bounds: Fixtures.bounds)
        let png = try DecodedPNG(try renderer.render(timeline))
        let label = try #require(FramePainter(timeline: timeline).face(of: frames[0].views[0]).label)
        for (i, o) in layout.frameOrigins.enumerated() {
            var ink = 0
            let y0 = Int(o.y + (label.centerY - label.lineHeight / 2) * 0.5), y1 = Int(o.y + (label.centerY + label.lineHeight / 2) * 0.5)
            for y in y0...y1 {
                for x in Int(o.x + label.x * 0.5)..<Int(o.x + (label.x + 40) * 0.5) {
                    let (r, g, b) = png.rgb(x, y)
                    if min(r, g, b) > 150 { ink += 1 }
                }
            }
            #expect(ink > 5, "frame \(i) at x \(o.x) has no label")
        }
    }

    /// The pixels of `image` (drawn at `scale`) that show something other than the screen or
    /// the backdrop more than 1.5 points outside every one of `outlines`.
    static func strays(_ image: DecodedPNG, scale: Double, outlines: [[(x: Double, y: Double)]], style: CardStyle) -> Int {
        func distanceOutside(_ q: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Double {
            var worst = -Double.infinity
            for i in q.indices {
                let a = q[i], b = q[(i + 1) % q.count]
                let ex = b.x - a.x, ey = b.y - a.y
                let length = (ex * ex + ey * ey).squareRoot()
                guard length > 1e-9 else { continue }
                // Positive outside a clockwise polygon's edge.
                worst = max(worst, -(ex * (y - a.y) - ey * (x - a.x)) / length)
            }
            return worst
        }
        var n = 0
        for py in 0..<image.height {
            for px in 0..<image.width {
                let c = image.rgb(px, py)
                // The screen, the backdrop, and the antialiased mix of them at the device's corners.
                let lo = bytes(style.backdrop), hi = bytes(style.screen)
                if (lo.0 - 6...hi.0 + 6).contains(c.0) && (lo.1 - 6...hi.1 + 6).contains(c.1) && (lo.2 - 6...hi.2 + 6).contains(c.2) { continue }
                let x = (Double(px) + 0.5) / scale, y = (Double(py) + 0.5) / scale
                if !outlines.contains(where: { distanceOutside($0, x, y) <= 1.5 }) { n += 1 }
            }
        }
        return n
    }

    @Test("flip at its minimum perspective draws nothing outside its cards' true outlines: no slivers")
    func noSlivers() throws {
        let flip = try Fixtures.animator("flip")
        var values = flip.description.defaultValues
        let k = try #require(flip.description.parameters.firstIndex { $0.id == "perspective" })
        values[k] = flip.description.parameters[k].minimum
        #expect(values[k] == 200)
        let context = try TransitionContext(operation: .push, containerBounds: Fixtures.bounds)
        let run = try flip.run(context, parameters: values, progresses: [0.3, 0.4, 0.43, 0.5, 0.57, 0.7])
        let painter = FramePainter(bounds: Fixtures.bounds, frames: run.frames)
        var images: [DecodedPNG] = []
        for frame in run.frames {
            let image = try DecodedPNG(try painter.png(frame, scale: 0.5))
            images.append(image)
            let outlines = painter.drawnViews(frame).map(\.outline)
            let n = Self.strays(image, scale: 0.5, outlines: outlines, style: style)
            #expect(n == 0, "at progress \(frame.progress), \(n) pixels lie outside the cards")
        }
        // The check sees a card where it should not be: against another moment's outlines it fails.
        let elsewhere = painter.drawnViews(run.frames[5]).map(\.outline)
        #expect(Self.strays(images[0], scale: 0.5, outlines: elsewhere, style: style) > 1000)
    }

    @Test("bad sizes are refused with a clear message")
    func badSizes() {
        let timeline = Fixtures.linearPush(frames: 3)
        #expect(throws: RenderError.self) { try FilmstripRenderer(options: .init(scale: 0)).render(timeline) }
        #expect(throws: RenderError.self) { try FilmstripRenderer(options: .init(scale: .nan)).render(timeline) }
        do {
            _ = try FilmstripRenderer(options: .init(scale: 8)).layout(frameCount: 400, bounds: Fixtures.bounds)
            Issue.record("a strip wider than the limit was accepted")
        } catch {
            #expect(error.description.contains("pixels"))
        }
        let empty = TransitionTimeline(title: "empty", containerBounds: Fixtures.bounds, entries: [])
        #expect(throws: RenderError.self) { try FilmstripRenderer().render(empty) }
    }
}

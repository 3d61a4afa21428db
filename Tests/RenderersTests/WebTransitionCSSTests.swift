import Foundation
@testable import Renderers
import Testing
import TransitionCore

/// The CSS View Transitions export without a browser: where the keyframes put each screen, how
/// few keyframes a motion needs within the stated bound, and the errors for bad input.
@Suite("CSS View Transitions export")
struct WebTransitionCSSTests {
    /// A screen image's corners under a sample's matrix.
    static func corners(_ s: WebScreenSample) throws -> [(x: Double, y: Double)] {
        try #require(s.corners)
    }

    @Test("a screen's image lands on the corners the PNG renderer draws its card at, in 2D and under a 3D camera")
    func imageLandsOnTheCard() throws {
        for (id, operation, k) in [("slide", TransitionOperation.push, 7), ("cube", .push, 12), ("dimmed-sheet", .present, 9)] {
            let timeline = try Fixtures.timeline(try Fixtures.animator(id), operation, fps: 60)
            let frame = timeline.entries[k].frame
            let painter = FramePainter(timeline: timeline)
            for role in [ViewRole.from, .to] {
                let samples = WebScreenSample.samples(of: role, in: timeline)
                let sample = samples[k]
                guard sample.visible, let view = WebScreenSample.standIn(for: role, in: frame) else { continue }
                let outline = try #require(painter.drawnViews(frame).first { $0.view.id == view.id }?.outline)
                // The card's outline, without rounded corners here, has the four corners first of each side.
                let xs = outline.map(\.x), ys = outline.map(\.y)
                for corner in try Self.corners(sample) {
                    let nearest = outline.map { hypot($0.x - corner.x, $0.y - corner.y) }.min() ?? .infinity
                    #expect(nearest < 0.01 || view.state.cornerRadius > 0, "\(id) \(role): corner \(corner) is \(nearest) from the card")
                    #expect(corner.x >= xs.min()! - 0.01 && corner.x <= xs.max()! + 0.01 && corner.y >= ys.min()! - 0.01 && corner.y <= ys.max()! + 0.01)
                }
            }
        }
    }

    @Test("a linear motion needs only its two ends; an eased one keeps keyframes, and every sample stays within the bound")
    func keyframesWithinTheBound() throws {
        let linear = Fixtures.linearPush(frames: 41, duration: 0.4)
        let css = try WebTransitionCSS().render(animatorID: "test", transitions: [.init(operation: .push, timeline: linear)])
        let newBlock = try #require(css.components(separatedBy: "@keyframes tc-test-push-new{").last?.components(separatedBy: "}\n}").first)
        #expect(newBlock.components(separatedBy: "%{").count - 1 == 2, "0% and 100% only: \(newBlock)")
        #expect(newBlock.contains("0%{transform:matrix3d(1,0,0,0,0,1,0,0,0,0,1,0,390,0,0,1)"))

        let eased = try Fixtures.timeline(try Fixtures.animator("push"), .push, fps: 240)
        let samples = WebScreenSample.samples(of: .to, in: eased)
        let times = eased.entries.map(\.time)
        let exporter = WebTransitionCSS()
        let rules = exporter.keyframeRules(samples, times: times, duration: eased.duration)
        let count = rules.components(separatedBy: "%{").count - 1
        #expect(count > 4 && count < samples.count / 2, "\(count) keyframes for \(samples.count) samples")
        // Rebuild the kept keyframes and measure every sample against their interpolation.
        let kept = KeyframeReducer.keep(count: samples.count) { a, b, i in
            samples[i].isWithin(exporter.tolerance, ofInterpolating: samples[a], samples[b], at: (times[i] - times[a]) / (times[b] - times[a]))
        }
        var worst = 0.0
        for (a, b) in zip(kept, kept.dropFirst()) {
            for i in a...b {
                let f = (times[i] - times[a]) / (times[b] - times[a])
                for (p, (ca, cb)) in zip(try Self.corners(samples[i]), zip(try Self.corners(samples[a]), try Self.corners(samples[b]))) {
                    worst = max(worst, abs(ca.x + (cb.x - ca.x) * f - p.x), abs(ca.y + (cb.y - ca.y) * f - p.y))
                }
            }
        }
        #expect(worst <= 0.25 && worst > 0.01, "the worst corner is \(worst) pt off")
        // A tighter bound needs more keyframes.
        let tight = WebTransitionCSS(tolerance: .init(position: 0.01, opacity: 0.001)).keyframeRules(samples, times: times, duration: eased.duration)
        #expect(tight.components(separatedBy: "%{").count - 1 > count)
    }

    @Test("a matched element is a named group whose image keyframes carry it onto the snapshot's frame, or with its screen")
    func namedGroupsFollowTheSnapshots() throws {
        let animator = try Fixtures.animator("ios-zoom")
        let card = try MatchedElement(parsing: "card:16,200,358x120->0,0,390x300")
        let context = try TransitionContext(operation: .push, containerBounds: Fixtures.bounds, matchedElements: [card])
        let run = try animator.run(context, progresses: FrameTimes.progresses(duration: animator.duration(context), fps: 60))
        let timeline = TransitionTimeline.even(title: "push", containerBounds: Fixtures.bounds, duration: run.duration, frames: run.frames)
        let element = try #require(context.matchedElements.first)
        let old = try #require(element.fromView)
        let samples = WebScreenSample.samples(ofImage: old, image: (element.fromFrame.width, element.fromFrame.height), z: 1, in: timeline)
        var compared = 0
        for (k, entry) in timeline.entries.enumerated() {
            guard let view = entry.frame.drawnViews.first(where: { $0.id == old }), let rect = view.state.projectedBounds(camera: entry.frame.camera) else {
                #expect(!samples[k].visible, "sample \(k) shows an image the animator does not draw")
                continue
            }
            let corners = try Self.corners(samples[k])
            let xs = corners.map(\.x), ys = corners.map(\.y)
            #expect(abs(xs.min()! - rect.x) < 0.01 && abs(xs.max()! - rect.maxX) < 0.01, "sample \(k): \(xs) against \(rect)")
            #expect(abs(ys.min()! - rect.y) < 0.01 && abs(ys.max()! - rect.maxY) < 0.01, "sample \(k): \(ys) against \(rect)")
            #expect(abs(samples[k].opacity - view.state.alpha) < 1e-9)
            compared += 1
        }
        #expect(compared > 10)
        compared = 0
        // ios-zoom draws no snapshot of the element in the new screen: that image follows the
        // element inside the to-screen, which the browser leaves out of the root's picture.
        let new = try #require(element.toView)
        let followed = WebScreenSample.samples(
            ofImage: new, image: (element.toFrame.width, element.toFrame.height), z: 2,
            screen: .init(role: .to, rest: context.toFinalFrame, element: element.toFrame), in: timeline)
        for (k, entry) in timeline.entries.enumerated() {
            guard let screen = entry.frame.drawnViews.first(where: { $0.role == .to }) else {
                #expect(!followed[k].visible, "sample \(k) shows the element of a screen that is not drawn")
                continue
            }
            // The element's rectangle carried from the screen's rest frame onto the screen as
            // drawn now (ios-zoom only moves and scales it).
            let f = try #require(screen.state.projectedBounds(camera: entry.frame.camera)), r = context.toFinalFrame
            compared += 1
            let sx = f.width / r.width, sy = f.height / r.height
            let want = Rect(
                x: f.x + (element.toFrame.x - r.x) * sx, y: f.y + (element.toFrame.y - r.y) * sy,
                width: element.toFrame.width * sx, height: element.toFrame.height * sy)
            let corners = try Self.corners(followed[k])
            #expect(followed[k].visible && abs(followed[k].opacity - screen.state.alpha) < 1e-9)
            #expect(abs(corners.map(\.x).min()! - want.x) < 0.01 && abs(corners.map(\.y).max()! - want.maxY) < 0.01, "sample \(k): \(corners) against \(want)")
        }
        #expect(compared > 10)
        let css = try WebTransitionCSS().render(
            animatorID: "ios-zoom",
            transitions: [.init(operation: .push, timeline: timeline, matchedElements: context.matchedElements, toRest: context.toFinalFrame)])
        #expect(css.contains("html:active-view-transition-type(push)::view-transition-group(card){animation:none;transform:none;top:0;left:0}"))
        #expect(css.contains("::view-transition-old(card){animation-name:tc-ios-zoom-push-old-card;"))
        #expect(css.contains("inline-size:358px;block-size:120px}"))
        #expect(css.contains("@keyframes tc-ios-zoom-push-new-card{"))
        #expect(css.contains("view-transition-name: card"))
    }

    @Test("dimming over a screen becomes a filter that maps each level as the veil does")
    func dimmingFilter() throws {
        let timeline = try Fixtures.timeline(try Fixtures.animator("dimmed-sheet"), .present, fps: 60)
        let last = WebScreenSample.samples(of: .from, in: timeline).last!
        // dim=0.5 of black: half the level, nothing added.
        #expect(abs(last.veilScale - 0.5) < 1e-6 && abs(last.veilOffset) < 1e-9)
        for (scale, offset) in [(0.5, 0.0), (0.4, 0.6), (1.0, 0.0), (0.25, 0.3)] {
            var s = last
            s.veilScale = scale
            s.veilOffset = offset
            let numbers = s.veilFilter.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
            let (k, b) = (numbers[0], numbers[1])
            for x in [0.0, 0.3, 1.0] {
                let contrasted = k * x + (1 - k) / 2
                #expect(contrasted >= 0 && contrasted <= 1)
                #expect(abs(b * contrasted - (x * scale + offset)) < 1e-3, "\(s.veilFilter) at \(x)")
            }
        }
    }

    @Test("bad input is refused with a message naming it")
    func refusals() throws {
        let t = Fixtures.linearPush()
        #expect(throws: RenderError.self) { try WebTransitionCSS().render(animatorID: "x", transitions: []) }
        let twice = #expect(throws: RenderError.self) {
            try WebTransitionCSS().render(animatorID: "x", transitions: [.init(operation: .push, timeline: t), .init(operation: .push, timeline: t)])
        }
        #expect(twice?.description.contains("push") == true)
        var empty = t
        empty.entries = []
        #expect(throws: RenderError.self) { try WebTransitionCSS().render(animatorID: "x", transitions: [.init(operation: .push, timeline: empty)]) }
        #expect(WebTransitionCSS.identifier("org.example:my anim*/") == "org_example_my_anim__")
        let css = try WebTransitionCSS().render(animatorID: "a*/b", transitions: [.init(operation: .push, timeline: t)])
        #expect(!css.contains("a*/b"), "the id cannot end the comment")
    }

    @Test("the gallery offers a section's style sheet to copy, escaped, and only where there is one")
    func galleryOffersTheCSS() throws {
        let t = Fixtures.linearPush()
        let items = [
            GalleryRenderer.Item(group: "a", groupTitle: "A", groupSummary: "", caption: "push", timeline: t),
            GalleryRenderer.Item(group: "b", groupTitle: "B", groupSummary: "", caption: "push", timeline: t),
        ]
        let page = try GalleryRenderer().render(items, styleSheets: ["a": "html > x{}"])
        #expect(page.components(separatedBy: "<details class=\"css\">").count - 1 == 1)
        #expect(page.contains("<pre><code>html &gt; x{}</code></pre>"))
        #expect(page.contains("class=\"copy\""))
    }
}

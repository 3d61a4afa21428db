import Foundation
import Renderers
import Testing
import TransitionCore

@Suite("Lottie")
struct LottieTests {
    func document(_ timeline: TransitionTimeline, frameRate: Double = 60) throws -> [String: Any] {
        let text = try LottieRenderer(frameRate: frameRate).render(timeline)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func viewLayers(_ doc: [String: Any]) throws -> [[String: Any]] {
        let assets = try #require(doc["assets"] as? [[String: Any]])
        let layers = try #require(assets.first?["layers"] as? [[String: Any]])
        return layers.filter { ($0["nm"] as? String) != "screen" }
    }

    @Test("the root: size, frame rate, duration in frames, the device as a masked precomposition")
    func root() throws {
        let doc = try document(Fixtures.linearPush(frames: 25, duration: 0.4))
        #expect(jsonNumber(doc["w"]) == 390 && jsonNumber(doc["h"]) == 844)
        #expect(jsonNumber(doc["fr"]) == 60 && jsonNumber(doc["ip"]) == 0 && jsonNumber(doc["op"]) == 24)
        let layers = try #require(doc["layers"] as? [[String: Any]])
        #expect(layers.count == 1)
        #expect(jsonNumber(layers[0]["ty"]) == 0 && layers[0]["refId"] as? String == "screen")
        #expect((layers[0]["masksProperties"] as? [Any])?.count == 1)
        let assetLayers = try #require((doc["assets"] as? [[String: Any]])?.first?["layers"] as? [[String: Any]])
        #expect(assetLayers.last?["nm"] as? String == "screen", "the screen colour is the bottom layer")
    }

    @Test("a shape layer per view, topmost first, with keyframed position, scale, rotation and opacity")
    func layers() throws {
        let doc = try document(Fixtures.linearPush(frames: 25, duration: 0.4))
        let views = try viewLayers(doc)
        #expect(views.map { $0["nm"] as? String } == ["#1 to", "#0 from"])
        for layer in views {
            #expect(jsonNumber(layer["ty"]) == 4)
            let ks = try #require(layer["ks"] as? [String: Any])
            for key in ["p", "s", "r", "o", "a"] { #expect(ks[key] != nil, "ks.\(key)") }
            let shapes = try #require(layer["shapes"] as? [[String: Any]])
            #expect(shapes.last?["nm"] as? String == "card", "the card's body is the bottom shape")
        }
        // A linear slide is one straight segment: two position keyframes, not 25.
        let p = try #require((views[0]["ks"] as? [String: Any])?["p"] as? [String: Any])
        #expect(jsonNumber(p["a"]) == 1)
        let keys = try #require(p["k"] as? [[String: Any]])
        #expect(keys.count == 2)
        #expect((keys[0]["s"] as? [Any]).map { $0.compactMap(jsonNumber) } == [390 + 195, 422])
        #expect((keys[1]["s"] as? [Any]).map { $0.compactMap(jsonNumber) } == [195, 422])
        #expect(keys[1]["o"] == nil && keys[1]["i"] == nil, "the last keyframe has no easing")
    }

    @Test("eased and 3D motion keeps keyframes where it bends; times ascend; opacity stays in 0...100")
    func builtins() throws {
        for (id, op) in [("flip", TransitionOperation.push), ("halfway-spring", .present), ("zoom", .present), ("dimmed-sheet", .present)] {
            let timeline = try Fixtures.timeline(try Fixtures.animator(id), op)
            let doc = try document(timeline)
            for layer in try viewLayers(doc) {
                let ks = try #require(layer["ks"] as? [String: Any])
                for key in ["p", "s", "r", "o"] {
                    let property = try #require(ks[key] as? [String: Any])
                    guard jsonNumber(property["a"]) == 1, let keys = property["k"] as? [[String: Any]] else { continue }
                    let times = keys.compactMap { jsonNumber($0["t"]) }
                    #expect(times == times.sorted() && Set(times).count == times.count, "\(id) \(key): ascending times")
                    #expect(keys.count <= timeline.entries.count)
                    if key == "o" {
                        for k in keys {
                            for v in (k["s"] as? [Any] ?? []).compactMap(jsonNumber) { #expect((0...100).contains(v)) }
                        }
                    }
                }
            }
        }
        // The flip hides each card while it faces away: a hold keyframe, not a fade.
        let flip = try document(try Fixtures.timeline(try Fixtures.animator("flip"), .push))
        let from = try #require(try viewLayers(flip).first { ($0["nm"] as? String)?.hasSuffix("from") == true })
        let opacity = try #require(((from["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(opacity.contains { jsonNumber($0["h"]) == 1 })
        // A turn in perspective narrows the card: its horizontal scale drops towards 0.
        let scales = try #require(((from["ks"] as? [String: Any])?["s"] as? [String: Any])?["k"] as? [[String: Any]])
        let sx = scales.compactMap { ($0["s"] as? [Any])?.first.flatMap(jsonNumber) }
        #expect(sx.min()! < 20 && sx.max()! > 99)
    }

    @Test("the affine fit is exact without perspective, and narrows a card turning in perspective")
    func affineFit() throws {
        let frame = Rect(x: 10, y: 20, width: 200, height: 100)
        let moved = try #require(AffineFit(state: ViewState(frame: frame, transform: .translation(x: 5, y: -7)), referenceWidth: 200, referenceHeight: 100))
        #expect(abs(moved.x - 115) < 1e-9 && abs(moved.y - 63) < 1e-9 && abs(moved.scaleX - 1) < 1e-9 && abs(moved.rotation) < 1e-9)
        let turned = try #require(AffineFit(
            state: ViewState(frame: frame, transform: Transform3D.rotationZ(.pi / 6).concatenating(.scale(x: 2, y: 0.5))),
            referenceWidth: 100, referenceHeight: 100))
        #expect(abs(turned.rotation - 30) < 1e-9 && abs(turned.scaleX - 4) < 1e-9 && abs(turned.scaleY - 0.5) < 1e-9)
        let flipped = try #require(AffineFit(
            state: ViewState(frame: frame, transform: Transform3D.perspective(distance: 500).concatenating(.rotationY(1))),
            referenceWidth: 200, referenceHeight: 100))
        #expect(flipped.scaleX < 0.7 && flipped.scaleX > 0.3)
        let behind = ViewState(frame: frame, transform: Transform3D.perspective(distance: 50).concatenating(.rotationY(1.4)))
        #expect(AffineFit(state: behind, referenceWidth: 200, referenceHeight: 100) == nil)
    }

    @Test("a change in stacking order starts new layers at that moment")
    func reorder() throws {
        let frames = FrameTimes.even(7).map { p in
            TransitionFrame(progress: p, views: [
                Fixtures.view(0, .from, Fixtures.bounds.insetBy(dx: 40, dy: 40), z: p < 0.5 ? 1 : 0),
                Fixtures.view(1, .to, Fixtures.bounds.offsetBy(dx: 100 * (1 - p), dy: 0)),
            ])
        }
        let doc = try document(.even(title: "swap", containerBounds: Fixtures.bounds, duration: 0.1, frames: frames))
        let views = try viewLayers(doc)
        #expect(views.map { $0["nm"] as? String } == ["#0 from", "#1 to", "#1 to", "#0 from"])
        #expect(jsonNumber(views[0]["op"]) == jsonNumber(views[2]["ip"]))
    }

    @Test("bad input is refused")
    func bad() {
        #expect(throws: RenderError.self) { try LottieRenderer(frameRate: 0).render(Fixtures.linearPush()) }
        #expect(throws: RenderError.self) {
            try LottieRenderer().render(TransitionTimeline(title: "", containerBounds: Fixtures.bounds, entries: []))
        }
    }
}

/// A number from JSONSerialization, or nil.
func jsonNumber(_ value: Any?) -> Double? {
    switch value {
    case let d as Double: d
    case let i as Int: Double(i)
    case let n as NSNumber: n.doubleValue
    default: nil
    }
}

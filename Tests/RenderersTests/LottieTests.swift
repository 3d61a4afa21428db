import Foundation
@testable import Renderers
import Testing
import TransitionCore

@Suite("Lottie")
struct LottieTests {
    func document(_ timeline: TransitionTimeline, frameRate: Double = 60, player: LottiePlayer = .standard) throws -> [String: Any] {
        let text = try LottieRenderer(frameRate: frameRate, player: player).render(timeline)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func viewLayers(_ doc: [String: Any]) throws -> [[String: Any]] {
        let layers = try #require(doc["layers"] as? [[String: Any]])
        return layers.filter { !["screen", "screen corners"].contains($0["nm"] as? String) }
    }

    @Test("the root: size, frame rate, duration in frames, shape layers only, the corners on top and the screen at the bottom")
    func root() throws {
        let doc = try document(Fixtures.linearPush(frames: 25, duration: 0.4))
        #expect(jsonNumber(doc["w"]) == 390 && jsonNumber(doc["h"]) == 844)
        #expect(jsonNumber(doc["fr"]) == 60 && jsonNumber(doc["ip"]) == 0 && jsonNumber(doc["op"]) == 25, "frames 0 to 24, the end state included")
        #expect((doc["assets"] as? [Any])?.isEmpty == true, "no precomposition")
        let layers = try #require(doc["layers"] as? [[String: Any]])
        #expect(!layers.contains { jsonNumber($0["ty"]) != 4 }, "shape layers only")
        #expect(layers.first?["nm"] as? String == "screen corners", "the corners lie over everything")
        #expect(layers.last?["nm"] as? String == "screen", "the screen colour is the bottom layer")
        #expect(layers.compactMap { jsonNumber($0["ind"]) } == (1...layers.count).map(Double.init), "unique indexes, top first")
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
        let from = try #require(try viewLayers(flip).first { ($0["nm"] as? String)?.hasPrefix("#0 from") == true })
        let opacity = try #require(((from["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(opacity.contains { jsonNumber($0["h"]) == 1 })
        // A turn in perspective narrows the card (here its first strip): its horizontal scale drops towards 0.
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

    @Test(
        "a card turning in perspective is drawn as strips cut across the way it foreshortens, each placed near its own projected corners",
        arguments: [("flip", TransitionOperation.push, true), ("cube", .pop, true), ("cards", .present, false)])
    func strips(_ id: String, _ operation: TransitionOperation, vertical: Bool) throws {
        let timeline = try Fixtures.timeline(try Fixtures.animator(id), operation)
        let painter = FramePainter(timeline: timeline)
        let layers = try viewLayers(try document(timeline))
        var checked = 0, bent = 0
        for entry in timeline.entries {
            for view in entry.frame.views where view.isInContainer && !view.state.hidden {
                let camera = entry.frame.camera(for: view)
                guard !view.state.facesAway(camera: camera) || view.state.doubleSided, let whole = view.state.projectedCorners(camera: camera) else { continue }
                // Only a view drawn as a trapezoid at this moment, by more than a point.
                guard abs(whole[0].x + whole[2].x - whole[1].x - whole[3].x) > 2 || abs(whole[0].y + whole[2].y - whole[1].y - whole[3].y) > 2 else { continue }
                let card = painter.content(of: view).card
                let strips = layers.filter { ($0["nm"] as? String)?.hasPrefix("\(view.id) \(view.role), strip ") == true }
                    .filter { (jsonNumber($0["ip"]) ?? .infinity) <= entry.time * 60 && entry.time * 60 < (jsonNumber($0["op"]) ?? 0) }
                try #require(strips.count >= 2, "\(id): \(view.id) at \(entry.time) s is drawn in strips")
                // The error of one affine fit for the whole card, against which the strips are measured.
                let single = try #require(AffineFit(corners: whole, referenceWidth: card.width, referenceHeight: card.height))
                let singleError = zip(whole, PerspectiveStrips.fittedCorners(single, width: card.width, height: card.height))
                    .map { hypot($0.x - $1.x, $0.y - $1.y) }.max()!
                var worst = 0.0
                for layer in strips {
                    // "#0 from, strip 3 of 8": the third of eight.
                    let words = try #require((layer["nm"] as? String)?.split(separator: " ").suffix(3).map(String.init))
                    let i = Double(try #require(Int(words[0]))) - 1, count = Double(try #require(Int(words[2])))
                    #expect(Int(count) == strips.count, "every strip of the view is drawn")
                    let region = vertical
                        ? Rect(x: card.width * i / count, y: 0, width: card.width / count, height: card.height)
                        : Rect(x: 0, y: card.height * i / count, width: card.width, height: card.height / count)
                    let frame = view.state.frame
                    let projected = [(region.x, region.y), (region.maxX, region.y), (region.maxX, region.maxY), (region.x, region.maxY)].map { u, v in
                        let p = view.state.project(x: (u - card.width / 2) * frame.width / card.width, y: (v - card.height / 2) * frame.height / card.height, camera: camera)
                        return (x: p.x, y: p.y)
                    }
                    // Where a player puts the strip's corners, from the file's keyframes.
                    let f = entry.time * 60
                    let p = try value(try transformProperty(layer, "p"), at: f), sc = try value(try transformProperty(layer, "s"), at: f)
                    let r = try value(try transformProperty(layer, "r"), at: f)[0]
                    let placed = PerspectiveStrips.fittedCorners(
                        AffineFit(x: p[0], y: p[1], scaleX: sc[0] / 100, scaleY: sc[1] / 100, rotation: r), width: region.width, height: region.height)
                    worst = max(worst, zip(projected, placed).map { hypot($0.x - $1.x, $0.y - $1.y) }.max()!)
                }
                #expect(worst <= 1 + singleError / 4, "\(id) \(view.id) at \(entry.time) s: a strip's corner \(worst) pt off; one layer's \(singleError) pt")
                checked += 1
                if singleError > 10 { bent += 1 }
            }
        }
        #expect(checked > 10 && bent > 3, "\(id): \(checked) samples in perspective, \(bent) far from a parallelogram")
    }

    @Test("a view in 2D motion stays one layer")
    func flatViewsStayWhole() throws {
        for (id, operation) in [("slide", TransitionOperation.push), ("fade", .present), ("bottom-sheet", .present)] {
            let names = try viewLayers(try document(try Fixtures.timeline(try Fixtures.animator(id), operation))).compactMap { $0["nm"] as? String }
            #expect(!names.isEmpty && !names.contains { $0.contains("strip") }, "\(id): \(names)")
        }
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

    /// The value of a keyframed property at frame `f` as a player computes it: linear between
    /// keyframes (the renderer's easing handles are all linear), held after a hold keyframe, the
    /// first or last value outside them.
    func value(_ property: [String: Any], at f: Double) throws -> [Double] {
        func numbers(_ v: Any?) -> [Double] {
            if let n = jsonNumber(v) { return [n] }
            return (v as? [Any] ?? []).compactMap(jsonNumber)
        }
        guard jsonNumber(property["a"]) == 1 else { return numbers(property["k"]) }
        let keys = try #require(property["k"] as? [[String: Any]])
        let times = keys.compactMap { jsonNumber($0["t"]) }
        guard let after = times.firstIndex(where: { $0 > f }) else { return numbers(keys.last?["s"]) }
        guard after > 0 else { return numbers(keys[0]["s"]) }
        let a = numbers(keys[after - 1]["s"]), b = numbers(keys[after]["s"])
        if jsonNumber(keys[after - 1]["h"]) == 1 { return a }
        let t = (f - times[after - 1]) / (times[after] - times[after - 1])
        return zip(a, b).map { $0 + ($1 - $0) * t }
    }

    func transformProperty(_ layer: [String: Any], _ key: String) throws -> [String: Any] {
        try #require((layer["ks"] as? [String: Any])?[key] as? [String: Any])
    }

    @Test("the last frame a player renders lies inside every layer that lasts to the end, and shows the end state", arguments: [0.4, 0.41, 0.3333])
    func lastFrame(duration: Double) throws {
        let timeline = Fixtures.linearPush(frames: 25, duration: duration)
        let renderer = LottieRenderer(frameRate: 60)
        let last = renderer.lastFrame(duration: duration)
        #expect(last >= duration * 60 - 1e-6 && last < duration * 60 + 1, "the first whole frame at or after the end")
        let doc = try document(timeline)
        #expect(jsonNumber(doc["op"]) == last + 1, "a player's frames run from ip to op - 1")
        let corners = try #require((doc["layers"] as? [[String: Any]])?.first)
        #expect(jsonNumber(corners["op"]) == last + 1)
        for layer in try viewLayers(doc) {
            let ip = try #require(jsonNumber(layer["ip"])), op = try #require(jsonNumber(layer["op"]))
            #expect(ip <= last && last < op, "\(layer["nm"] ?? "?"): frame \(last) in [\(ip), \(op))")
        }
        let to = try #require(try viewLayers(doc).first { $0["nm"] as? String == "#1 to" })
        #expect(try value(try transformProperty(to, "p"), at: last) == [195, 422], "the to-view has arrived")
    }

    @Test("a view fading to nothing fades to the last frame, with no hold keyframe; a hidden one jumps")
    func fadeToNothing() throws {
        func timeline(hiddenAtEnd: Bool) -> TransitionTimeline {
            let frames = FrameTimes.even(19).map { p in
                TransitionFrame(progress: p, views: [
                    Fixtures.view(0, .from, Fixtures.bounds, alpha: hiddenAtEnd ? 1 : 1 - p, hidden: hiddenAtEnd && p == 1),
                    Fixtures.view(1, .to, Fixtures.bounds.insetBy(dx: 40, dy: 80), z: 1),
                ])
            }
            return .even(title: "fade", containerBounds: Fixtures.bounds, duration: 0.3, frames: frames)
        }
        let fading = try #require(try viewLayers(try document(timeline(hiddenAtEnd: false))).first { $0["nm"] as? String == "#0 from" })
        let opacity = try transformProperty(fading, "o")
        let keys = try #require(opacity["k"] as? [[String: Any]])
        #expect(!keys.contains { jsonNumber($0["h"]) == 1 }, "no hold keyframe in a fade")
        #expect(try value(opacity, at: 18) == [0], "nothing of the old screen shows at the last frame")
        let nearEnd = try value(opacity, at: 17.5)[0]
        #expect(abs(nearEnd - 100 * 0.5 / 18) < 0.35, "between the last two samples the opacity is on its way down: \(nearEnd)")

        let hidden = try #require(try viewLayers(try document(timeline(hiddenAtEnd: true))).first { $0["nm"] as? String == "#0 from" })
        let jump = try #require(try transformProperty(hidden, "o")["k"] as? [[String: Any]])
        #expect(jump.contains { jsonNumber($0["h"]) == 1 }, "a view hidden at the end jumps")
        #expect(try value(try transformProperty(hidden, "o"), at: 18) == [0])

        // The built-in cross-fade: the old screen's layer ends at opacity 0 on the last frame.
        let fade = try Fixtures.timeline(try Fixtures.animator("fade"), .push)
        let last = LottieRenderer().lastFrame(duration: fade.duration)
        let from = try #require(try viewLayers(try document(fade)).first { ($0["nm"] as? String)?.hasSuffix("from") == true })
        #expect(try value(try transformProperty(from, "o"), at: last) == [0])
        #expect(!((try transformProperty(from, "o")["k"] as? [[String: Any]]) ?? []).contains { jsonNumber($0["h"]) == 1 })
    }

    /// Every fill colour in a document, as its components.
    func fillColors(_ value: Any) -> [[Double]] {
        if let object = value as? [String: Any] {
            var found: [[Double]] = []
            if object["ty"] as? String == "fl" { found.append(((object["c"] as? [String: Any])?["k"] as? [Any] ?? []).compactMap(jsonNumber)) }
            return found + object.values.flatMap(fillColors)
        }
        return (value as? [Any])?.flatMap(fillColors) ?? []
    }

    @Test("colours have four components, the alpha 1; the corners are painted in the backdrop colour")
    func colors() throws {
        let doc = try document(try Fixtures.timeline(try Fixtures.animator("dimmed-sheet"), .present))
        let colors = fillColors(doc)
        #expect(colors.count > 10 && colors.allSatisfy { $0.count == 4 && $0[3] == 1 }, "\(colors.filter { $0.count != 4 || $0[3] != 1 })")
        let layers = try #require(doc["layers"] as? [[String: Any]])
        let corners = fillColors(layers[0])
        let backdrop = CardStyle.standard.backdrop
        #expect(corners.count == 1 && zip(corners[0], [backdrop.red, backdrop.green, backdrop.blue]).allSatisfy { abs($0 - $1) < 1e-3 }, "\(corners)")
    }

    /// The value of a property at whole frame `f` as Qt's player (6.4) computes it: each keyframe's
    /// segment runs from its time to the frame before the next keyframe's, from `s` to `e`, and
    /// a frame past the last keyframe of time only shows the last value.
    func qtValue(_ property: [String: Any], at f: Int) throws -> [Double] {
        func numbers(_ v: Any?) -> [Double] { jsonNumber(v).map { [$0] } ?? (v as? [Any] ?? []).compactMap(jsonNumber) }
        guard jsonNumber(property["a"]) == 1 else { return numbers(property["k"]) }
        let keys = try #require(property["k"] as? [[String: Any]])
        try #require(keys.last?["s"] == nil && keys.count >= 2, "a last keyframe of time only")
        let times = keys.compactMap { jsonNumber($0["t"]).map(Int.init) }
        let frame = min(max(f, times[0]), times[times.count - 1])
        let k = try #require(times.lastIndex { $0 <= frame })
        let segment = k == keys.count - 1 ? keys[k - 1] : keys[k]
        let start = times[k], end = k == keys.count - 1 ? times[k] : times[k + 1] - 1
        let (a, b) = (numbers(segment["s"]), numbers(segment["e"]))
        #expect(a.count == b.count && !b.isEmpty, "every keyframe has an end value")
        let p = end == start ? 1 : Double(frame - start) / Double(end - start)
        return zip(a, b).map { $0 + ($1 - $0) * p }
    }

    @Test(
        "for Qt: at every frame, Qt's reading of each property gives the standard file's value; position split into x and y",
        arguments: [("flip", TransitionOperation.push), ("halfway-spring", .present), ("zoom", .dismiss), ("dimmed-sheet", .present)])
    func qt(_ id: String, _ operation: TransitionOperation) throws {
        let timeline = try Fixtures.timeline(try Fixtures.animator(id), operation)
        let standard = try viewLayers(try document(timeline)), qt = try viewLayers(try document(timeline, player: .qt))
        #expect(standard.map { $0["nm"] as? String } == qt.map { $0["nm"] as? String })
        let last = Int(LottieRenderer().lastFrame(duration: timeline.duration))
        var compared = 0
        for (ours, theirs) in zip(standard, qt) {
            let position = try transformProperty(theirs, "p")
            #expect(position["s"] as? Bool == true, "split position")
            let x = try #require(position["x"] as? [String: Any]), y = try #require(position["y"] as? [String: Any])
            for f in 0...last {
                let p = try value(try transformProperty(ours, "p"), at: Double(f))
                let q = [try qtValue(x, at: f)[0], try qtValue(y, at: f)[0]]
                #expect(zip(p, q).allSatisfy { abs($0 - $1) <= 0.25 }, "\(id) \(ours["nm"] ?? "") frame \(f): position \(q), not \(p)")
                for (key, tolerance) in [("s", 0.15), ("r", 0.1), ("o", 0.35)] {
                    let a = try value(try transformProperty(ours, key), at: Double(f)), b = try qtValue(try transformProperty(theirs, key), at: f)
                    #expect(a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(id) \(ours["nm"] ?? "") frame \(f): \(key) \(b), not \(a)")
                }
                compared += 1
            }
        }
        #expect(compared > 20)
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

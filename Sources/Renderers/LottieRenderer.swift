#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

/// The Lottie player a file is written for.
public enum LottiePlayer: String, Sendable, CaseIterable {
    /// Players that follow the Lottie format as lottie-web writes and reads it (rlottie and
    /// python-lottie are checked by the tests): linear keyframes where the motion bends.
    case standard
    /// Qt's Lottie player (checked with Qt 6.4.2). It moves a layer's position along the whole
    /// path of its keyframes at an even speed, ends each keyframe's segment one frame before the
    /// next keyframe and reads keyframe times as whole frames, so the file gives it a held
    /// keyframe on every frame where a value changes, each with its end value (`e`) and a last
    /// keyframe of time only, and the position as separate x and y properties.
    case qt
}

/// A Lottie (bodymovin) JSON animation of a timeline, for Lottie players on iOS, Android and
/// the web, and for Qt's.
///
/// Every layer is a top-level shape layer (no precomposition, which Qt's player skips): the
/// screen colour is the bottom layer, each view a shape layer with its card's blocks (the role
/// label, which needs a font, is left out), and the topmost layer paints the device screen's
/// rounded corners in the backdrop colour. Colours have four components, as Qt's player reads
/// them. Each layer's position, scale, rotation and opacity
/// are keyframed with linear segments, keyframes kept only where the motion is not a straight
/// line between its neighbours. A view that is hidden or leaves the container jumps, with a
/// hold keyframe; one that fades to nothing fades. A change in stacking order starts a new set
/// of layers from that moment. The last frame a player renders lies inside every layer that
/// lasts to the end and shows the end state (see `lastFrame(duration:)`).
///
/// Lottie has no 4x4 transform, so each view is placed by the affine fit of its projected
/// corners (`AffineFit`): exact for moves, scales and turns in the screen plane. A card turning
/// in perspective is cut into strips across the way it foreshortens (`PerspectiveStrips`), each
/// a layer placed by the affine fit of its own corners, with the card's shapes cut to it, so the
/// card follows the true trapezoid in steps rather than as one parallelogram.
public struct LottieRenderer: Sendable {
    /// The look.
    public var style: CardStyle
    /// Frames a second of the animation.
    public var frameRate: Double
    /// The player the keyframes are written for.
    public var player: LottiePlayer
    /// For a card turning in perspective, the share of the view's area its strips' affine fits
    /// may misplace at any frame (the area between each strip's fitted and true outline): the
    /// card is cut into the fewest strips that keep it under this, up to `maximumStrips`.
    public var stripTolerance: Double
    /// The most strips a card turning in perspective is cut into; 1 draws every view as one
    /// layer placed by the affine fit of its corners. A card whose corner radius changes while it
    /// turns stays one layer.
    public var maximumStrips: Int

    /// Creates a renderer.
    public init(
        style: CardStyle = .standard, frameRate: Double = 60, player: LottiePlayer = .standard,
        stripTolerance: Double = 0.01, maximumStrips: Int = 8
    ) {
        self.style = style
        self.frameRate = frameRate
        self.player = player
        self.stripTolerance = stripTolerance
        self.maximumStrips = maximumStrips
    }

    /// The frame the animation ends on, for a timeline of `duration` seconds: the first whole
    /// frame at or after the last sample, so the last frame a player renders shows the end state.
    /// The animation and the layers that last to the end run to the frame after it, since a
    /// layer shows from its in point up to, but not including, its out point.
    public func lastFrame(duration: Double) -> Double {
        max(1, (duration * frameRate - 1e-6).rounded(.up))
    }

    /// The Lottie JSON text of `timeline`.
    public func render(_ timeline: TransitionTimeline) throws(RenderError) -> String {
        guard frameRate.isFinite, frameRate > 0, frameRate <= 1000 else {
            throw RenderError("the frame rate must be between 0 and 1000; got \(frameRate)")
        }
        guard !timeline.entries.isEmpty else { throw RenderError("the timeline has no frames") }
        let bounds = timeline.containerBounds
        guard bounds.isFinite, bounds.width >= 1, bounds.height >= 1, bounds.width <= 100_000, bounds.height <= 100_000 else {
            throw RenderError("the container must have a positive size; got \(bounds)")
        }
        let painter = FramePainter(timeline: timeline, style: style)
        let entries = timeline.entries
        let frames = entries.map { $0.time * frameRate }
        let end = lastFrame(duration: timeline.duration) + 1

        var layers: [JSONValue] = []
        // The corners layer is the topmost, index 1.
        var index = 2
        var start = 0
        while start < entries.count {
            let order = entries[start].frame.drawOrder.map(\.id)
            var last = start
            while last + 1 < entries.count && entries[last + 1].frame.drawOrder.map(\.id) == order { last += 1 }
            let inPoint = start == 0 ? 0 : frames[start]
            let outPoint = last == entries.count - 1 ? end : frames[last + 1]
            let span = Array(start...min(last + 1, entries.count - 1))
            for id in order.reversed() {
                let samples = span.map { i in entries[i].frame[id].map { (view: $0, camera: entries[i].frame.camera(for: $0)) } }
                guard let first = samples.compactMap({ $0?.view }).first else { continue }
                let drawn = viewLayers(
                    first: first, samples: samples, frames: span.map { frames[$0] }, content: painter.content(of: first),
                    bounds: bounds, index: index, inPoint: inPoint, outPoint: outPoint)
                layers += drawn
                index += drawn.count
            }
            start = last + 1
        }
        let w = Double(Int(bounds.width.rounded())), h = Double(Int(bounds.height.rounded()))
        layers.append(shapeLayer(
            name: "screen", index: index, inPoint: 0, outPoint: end, transform: Self.staticTransform(),
            shapes: [Self.group("screen", rect: Rect(x: 0, y: 0, width: w, height: h), radius: .object([("a", .integer(0)), ("k", .number(0))]), color: style.screen)]))
        let screenRect = Rect(x: 0, y: 0, width: w, height: h)
        let cornerRadius = style.deviceCornerRadius(for: bounds)

        var root: [(String, JSONValue)] = [
            ("v", .string("5.7.0")), ("ver", .integer(10000)), ("nm", .string(timeline.title)), ("ddd", .integer(0)),
            ("fr", .number(frameRate)), ("ip", .integer(0)), ("op", .number(end)),
            ("w", .integer(Int(w))), ("h", .integer(Int(h))),
        ]
        let corners = shapeLayer(
            name: "screen corners", index: 1, inPoint: 0, outPoint: end, transform: Self.staticTransform(),
            shapes: [Self.cornersGroup(screenRect, radius: cornerRadius, color: style.backdrop)])
        root += [("assets", .array([])), ("layers", .array([corners] + layers))]
        root.append(("markers", .array([])))
        return JSONValue.object(root).text
    }

    // MARK: Views

    /// The placement of a view at one sample.
    private struct Pose {
        var fit: AffineFit
        var opacity: Double
        var radius: Double
        var visible: Bool
    }

    /// The placements of a view (or, with `region`, of that rectangle of its card, in the card's
    /// own coordinates) at each sample.
    private func poses(samples: [(view: SampledView, camera: Camera)?], face: CardFace, bounds: Rect, region: Rect?) -> [Pose] {
        var poses: [Pose] = []
        var previous: AffineFit?
        for sample in samples {
            var pose: Pose?
            // A transparent view keeps its pose at opacity 0, so a fade to nothing stays a fade;
            // only a view that is hidden, leaves the container, faces away while one-sided or
            // cannot be placed jumps.
            if let (view, camera) = sample, view.isInContainer, !view.state.hidden, view.state.isFinite, camera.isValid,
                view.state.doubleSided || !view.state.facesAway(camera: camera),
                let corners = view.state.projectedCorners(camera: camera),
                var fit = region.map({ region in
                    PerspectiveStrips.projectedCorners(of: region, sample: .init(state: view.state, camera: camera), width: face.width, height: face.height)
                        .flatMap { AffineFit(corners: $0, referenceWidth: region.width, referenceHeight: region.height) }
                }) ?? AffineFit(corners: corners, referenceWidth: face.width, referenceHeight: face.height)
            {
                fit.x -= bounds.x
                fit.y -= bounds.y
                if let previous {
                    // Keep the angle continuous so interpolation turns the short way.
                    var delta = (fit.rotation - previous.rotation).truncatingRemainder(dividingBy: 360)
                    if delta > 180 { delta -= 360 }
                    if delta < -180 { delta += 360 }
                    fit.rotation = previous.rotation + delta
                }
                let toReference = view.state.frame.width > 0 ? face.width / view.state.frame.width : 1
                pose = Pose(
                    fit: fit, opacity: min(max(view.state.alpha, 0), 1) * 100,
                    radius: RoundedRect.clampedRadius(Rect(x: 0, y: 0, width: face.width, height: face.height), view.state.cornerRadius * toReference),
                    visible: true)
                previous = fit
            }
            poses.append(pose ?? Pose(fit: previous ?? AffineFit(x: 0, y: 0, scaleX: 1, scaleY: 1, rotation: 0), opacity: 0, radius: poses.last?.radius ?? 0, visible: false))
        }
        // Samples before the first visible one take its placement.
        if let firstVisible = poses.firstIndex(where: \.visible) {
            for i in 0..<firstVisible {
                poses[i].fit = poses[firstVisible].fit
                poses[i].radius = poses[firstVisible].radius
            }
        }
        return poses
    }

    /// A layer's transform: the poses' position, scale, rotation and opacity, keyframed.
    private func transform(_ poses: [Pose], frames: [Double], jumps: Set<Int>) -> JSONValue {
        .object([
            ("a", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("p", player == .qt
                ? .object([
                    ("s", .bool(true)),
                    ("x", property(frames, jumps: [], tolerance: 0.2) { [poses[$0].fit.x] }),
                    ("y", property(frames, jumps: [], tolerance: 0.2) { [poses[$0].fit.y] }),
                ])
                : property(frames, jumps: [], tolerance: 0.2) { [poses[$0].fit.x, poses[$0].fit.y] }),
            ("s", property(frames, jumps: [], tolerance: 0.1) { [poses[$0].fit.scaleX * 100, poses[$0].fit.scaleY * 100] }),
            ("r", property(frames, jumps: [], tolerance: 0.05) { [poses[$0].fit.rotation] }),
            ("o", property(frames, jumps: jumps, tolerance: 0.3) { [poses[$0].opacity] }),
        ])
    }

    /// The layers of one view: one, or for a card turning in perspective one a strip
    /// (`PerspectiveStrips`).
    private func viewLayers(
        first: SampledView, samples: [(view: SampledView, camera: Camera)?], frames: [Double], content: ViewContent, bounds: Rect,
        index: Int, inPoint: Double, outPoint: Double
    ) -> [JSONValue] {
        let face = content.card
        let poses = poses(samples: samples, face: face, bounds: bounds, region: nil)
        let jumps = Set((0..<max(0, poses.count - 1)).filter { poses[$0].visible != poses[$0 + 1].visible })
        let drawn = zip(samples, poses).compactMap { sample, pose in
            pose.visible ? sample.map { PerspectiveStrips.Sample(state: $0.view.state, camera: $0.camera) } : nil
        }
        let radii = poses.filter(\.visible).map(\.radius)
        // Strips carry the corner radius in their outlines, so a card whose radius changes stays whole.
        if let radius = radii.first, radii.allSatisfy({ abs($0 - radius) <= 1e-9 }),
            let strips = PerspectiveStrips.plan(samples: drawn, width: face.width, height: face.height, tolerance: stripTolerance, maximum: maximumStrips)
        {
            let regions = strips.regions(width: face.width, height: face.height)
            // The cut-outs under the blocks matter only while the layer is translucent.
            let translucent = player != .qt && poses.contains { $0.visible && $0.opacity > 0 && $0.opacity < 100 }
            return regions.indices.map { i in
                let region = regions[i]
                let shapeRegion = strips.shapeRegion(i, width: face.width, height: face.height, bleed: Self.stripBleed)
                let blockRegion = strips.shapeRegion(i, width: face.width, height: face.height, bleed: 2 * Self.stripBleed)
                return shapeLayer(
                    name: "\(first.id) \(first.role), strip \(i + 1) of \(regions.count)", index: index + i, inPoint: inPoint, outPoint: outPoint,
                    transform: self.transform(self.poses(samples: samples, face: face, bounds: bounds, region: region), frames: frames, jumps: jumps),
                    shapes: stripShapes(first: first, content: content, radius: radius, region: region, cutTo: shapeRegion, blocksTo: blockRegion, holes: translucent))
            }
        }
        let transform = self.transform(poses, frames: frames, jumps: jumps)
        let radius = property(frames, jumps: [], tolerance: 0.2) { [poses[$0].radius] }
        var shapes: [JSONValue] = []
        if content.crops {
            // A snapshot: its source's face, cut to the card, in the card's centred coordinates.
            let card = content.cardOutline(cornerRadius: first.state.cornerRadius, frameWidth: first.state.frame.width)
            func cut(_ points: [(Double, Double)]) -> [(x: Double, y: Double)] {
                PolygonClipping.clip(points.map { content.mapping.apply((x: $0.0, y: $0.1)) }, toConvex: card)
                    .map { (x: $0.x - face.width / 2, y: $0.y - face.height / 2) }
            }
            let source = content.face
            for (i, block) in source.blocks.enumerated().reversed() {
                let polygon = cut(RoundedRect.points(block.rect, radius: block.radius))
                if !polygon.isEmpty { shapes.append(Self.polygonGroup("block \(i + 1)", polygon, color: block.color)) }
            }
            let body = cut(RoundedRect.points(Rect(x: 0, y: 0, width: source.width, height: source.height), radius: 0))
            let holes = source.blocks.map { cut(RoundedRect.points($0.rect, radius: $0.radius)) }.filter { !$0.isEmpty }
            if !body.isEmpty { shapes.append(Self.polygonGroup("card", body, holes: player == .qt ? [] : holes, color: source.body)) }
            return [shapeLayer(
                name: "\(first.id) \(first.role)", index: index, inPoint: inPoint, outPoint: outPoint, transform: transform, shapes: shapes)]
        }
        for (i, block) in face.blocks.enumerated().reversed() {
            shapes.append(Self.group(
                "block \(i + 1)", rect: block.rect.offsetBy(dx: -face.width / 2, dy: -face.height / 2),
                radius: .object([("a", .integer(0)), ("k", .number(block.radius))]), color: block.color))
        }
        shapes.append(Self.group(
            "card", rect: Rect(x: -face.width / 2, y: -face.height / 2, width: face.width, height: face.height),
            radius: radius, color: style.fill(for: first),
            holes: player == .qt ? [] : face.blocks.map { (rect: $0.rect.offsetBy(dx: -face.width / 2, dy: -face.height / 2), radius: $0.radius) }))
        return [shapeLayer(
            name: "\(first.id) \(first.role)", index: index, inPoint: inPoint, outPoint: outPoint, transform: transform, shapes: shapes)]
    }

    /// How far, in the card's own points, a strip's shapes reach into its neighbours'.
    static let stripBleed = 1.0
    /// How far, in the face's own points, a strip's holes for its blocks lie inside the blocks.
    static let holeInset = 0.5

    /// The shapes of one strip of a view: the view's card and blocks (or a snapshot's content),
    /// as polygons cut to `cutTo` (the strip's region with its bleed; the blocks to `blocksTo`,
    /// a little wider, so the card's antialiased edge in the neighbour's blocks lies under
    /// blocks), in coordinates centred on the strip's `region`, which its placement is fitted
    /// to; the card has cut-outs under the blocks when `holes` is true.
    private func stripShapes(
        first: SampledView, content: ViewContent, radius: Double, region: Rect, cutTo: Rect, blocksTo: Rect, holes withHoles: Bool
    ) -> [JSONValue] {
        let face = content.card
        func corners(_ r: Rect) -> [(x: Double, y: Double)] { [(x: r.x, y: r.y), (x: r.maxX, y: r.y), (x: r.maxX, y: r.maxY), (x: r.x, y: r.maxY)] }
        let window = corners(cutTo)
        let card: [(x: Double, y: Double)]
        let source: CardFace
        let mapping: ViewContent.Mapping
        let body: Color
        if content.crops {
            card = content.cardOutline(cornerRadius: first.state.cornerRadius, frameWidth: first.state.frame.width)
            (source, mapping, body) = (content.face, content.mapping, content.face.body)
        } else {
            card = RoundedRect.points(Rect(x: 0, y: 0, width: face.width, height: face.height), radius: radius).map { (x: $0.0, y: $0.1) }
            (source, mapping, body) = (face, .identity, style.fill(for: first))
        }
        let outline = PolygonClipping.clip(card, toConvex: window)
        let blockOutline = PolygonClipping.clip(card, toConvex: corners(blocksTo))
        let ownOutline = PolygonClipping.clip(card, toConvex: corners(region))
        func cut(_ points: [(Double, Double)], to limit: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
            PolygonClipping.clip(points.map { mapping.apply((x: $0.0, y: $0.1)) }, toConvex: limit)
                .map { (x: $0.x - region.midX, y: $0.y - region.midY) }
        }
        var shapes: [JSONValue] = []
        guard outline.count >= 3 else { return shapes }
        for (i, block) in source.blocks.enumerated().reversed() {
            let polygon = cut(RoundedRect.points(block.rect, radius: block.radius), to: blockOutline)
            if polygon.count >= 3 { shapes.append(Self.polygonGroup("block \(i + 1)", polygon, color: block.color)) }
        }
        let whole = cut(RoundedRect.points(Rect(x: 0, y: 0, width: source.width, height: source.height), radius: content.crops ? 0 : radius), to: outline)
        // The holes stay inside the strip's own region, so where it overlaps its neighbour the
        // card lies whole under the blocks, and a hair inside each block, so the card's edge
        // does not show through the block's antialiased one.
        let holes: [[(x: Double, y: Double)]] = !withHoles ? [] : source.blocks.map { block in
            let inset = min(Self.holeInset, block.rect.width / 2, block.rect.height / 2)
            return cut(RoundedRect.points(block.rect.insetBy(dx: inset, dy: inset), radius: max(0, block.radius - inset)), to: ownOutline)
        }.filter { $0.count >= 3 }
        if whole.count >= 3 { shapes.append(Self.polygonGroup("card", whole, holes: holes, color: body)) }
        return shapes
    }

    /// A keyframed property of `frames.count` samples: static when every sample is the same,
    /// else linear keyframes where the motion bends, and a hold before each jump (for Qt's
    /// player, held keyframes on every frame: `heldEveryFrame`).
    private func property(_ frames: [Double], jumps: Set<Int>, tolerance: Double, _ value: (Int) -> [Double]) -> JSONValue {
        let values = frames.indices.map(value)
        if values.allSatisfy({ zip($0, values[0]).allSatisfy { abs($0 - $1) <= 1e-9 } }) {
            let v = values[0]
            return .object([("a", .integer(0)), ("k", v.count == 1 ? .number(v[0]) : .numbers(v))])
        }
        if player == .qt { return .object([("a", .integer(1)), ("k", .array(Self.heldEveryFrame(frames, jumps: jumps, values: values)))]) }
        let kept = KeyframeReducer.keep(
            count: values.count, mustKeep: { jumps.contains($0) || jumps.contains($0 - 1) },
            fits: { a, b, i in
                let span = frames[b] - frames[a]
                let f = span > 0 ? (frames[i] - frames[a]) / span : 0
                return values[i].indices.allSatisfy { k in
                    abs(values[a][k] + (values[b][k] - values[a][k]) * f - values[i][k]) <= tolerance
                }
            })
        var keyframes: [JSONValue] = []
        for (n, i) in kept.enumerated() {
            // The keyframe after a jump lies a quarter of a frame before its sample, so a player
            // that shows, at a keyframe's exact time, the end of the segment before it
            // (python-lottie) draws the jump on the sample's frame too.
            var time = frames[i]
            if n > 0, jumps.contains(kept[n - 1]) { time -= min(0.25, (frames[i] - frames[kept[n - 1]]) / 2) }
            var pairs: [(String, JSONValue)] = [("t", .number(time)), ("s", .numbers(values[i]))]
            if n < kept.count - 1 {
                if jumps.contains(i) {
                    pairs.append(("h", .integer(1)))
                } else {
                    pairs.append(("o", .object([("x", .number(0)), ("y", .number(0))])))
                    pairs.append(("i", .object([("x", .number(1)), ("y", .number(1))])))
                }
            }
            keyframes.append(.object(pairs))
        }
        return .object([("a", .integer(1)), ("k", .array(keyframes))])
    }

    /// Keyframes for Qt's player: a held keyframe at each whole frame where the value changes,
    /// with its end value equal to its start (Qt reads `e` and shows it through the frame before
    /// the next keyframe), the value there being the linear one between the samples (or the
    /// held one before a jump), and a last keyframe of time only, one frame after the last
    /// sample, which Qt needs to find the property's end. Players that follow the format draw
    /// the same value at each whole frame.
    private static func heldEveryFrame(_ frames: [Double], jumps: Set<Int>, values: [[Double]]) -> [JSONValue] {
        let first = Int(frames[0].rounded(.down)), last = Int(frames[frames.count - 1].rounded(.up))
        var keyframes: [JSONValue] = []
        var previous: [Double]?
        var i = 0
        for f in first...last {
            let t = Double(f)
            while i + 1 < frames.count && frames[i + 1] <= t { i += 1 }
            var v = values[i]
            if i + 1 < frames.count, !jumps.contains(i), t > frames[i], frames[i + 1] > frames[i] {
                let p = (t - frames[i]) / (frames[i + 1] - frames[i])
                v = zip(values[i], values[i + 1]).map { $0 + ($1 - $0) * p }
            }
            if let previous, zip(v, previous).allSatisfy({ abs($0 - $1) <= 1e-9 }) { continue }
            keyframes.append(.object([("t", .integer(f)), ("s", .numbers(v)), ("e", .numbers(v)), ("h", .integer(1))]))
            previous = v
        }
        keyframes.append(.object([("t", .integer(last + 1))]))
        return keyframes
    }

    // MARK: JSON pieces

    /// A colour as Lottie's four components, 0 to 1; the alpha is 1, since the fill's opacity
    /// carries the colour's.
    private static func rgba(_ color: Color) -> [Double] { [color.red, color.green, color.blue, 1] }

    /// A shape layer. For Qt's player, which shows a layer on its out point too and reads it as a
    /// whole frame, the out point is half a frame earlier: the same whole frames show the layer in
    /// every player.
    private func shapeLayer(name: String, index: Int, inPoint: Double, outPoint: Double, transform: JSONValue, shapes: [JSONValue]) -> JSONValue {
        .object([
            ("ty", .integer(4)), ("nm", .string(name)), ("ind", .integer(index)),
            ("ip", .number(inPoint)), ("op", .number(player == .qt ? outPoint - 0.5 : outPoint)), ("st", .integer(0)), ("sr", .integer(1)),
            ("ao", .integer(0)), ("ddd", .integer(0)), ("bm", .integer(0)),
            ("ks", transform), ("shapes", .array(shapes)),
        ])
    }

    /// A group holding one filled polygon, with `holes` (polygons inside it, such as the blocks
    /// drawn over a card) left out by the even-odd rule: a translucent layer then shows each
    /// point's colour once, even in a player that applies the layer's opacity to each shape in
    /// turn (rlottie), rather than the blocks over the card. Qt's player draws such holes
    /// differently, so its file has none.
    private static func polygonGroup(_ name: String, _ points: [(x: Double, y: Double)], holes: [[(x: Double, y: Double)]] = [], color: Color) -> JSONValue {
        func item(_ name: String, _ points: [(x: Double, y: Double)]) -> JSONValue {
            let zeros = JSONValue.array(points.map { _ in .numbers([0, 0]) })
            let path: JSONValue = .object([
                ("c", .bool(true)), ("v", .array(points.map { .numbers([$0.x, $0.y]) })), ("i", zeros), ("o", zeros),
            ])
            return .object([("ty", .string("sh")), ("nm", .string(name)), ("ks", .object([("a", .integer(0)), ("k", path)]))])
        }
        return .object([
            ("ty", .string("gr")), ("nm", .string(name)),
            ("it", .array([item("shape", points)] + holes.map { item("hole", $0) } + [
                .object([
                    ("ty", .string("fl")), ("nm", .string("fill")),
                    ("c", .object([("a", .integer(0)), ("k", .numbers(Self.rgba(color)))])),
                    ("o", .object([("a", .integer(0)), ("k", .number(min(max(color.alpha, 0), 1) * 100))])),
                    ("r", .integer(holes.isEmpty ? 1 : 2)),
                ]),
                staticGroupTransform(),
            ])),
        ])
    }

    /// The transform every group ends with: none.
    private static func staticGroupTransform() -> JSONValue {
        .object([
            ("ty", .string("tr")), ("nm", .string("transform")),
            ("p", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("a", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("s", .object([("a", .integer(0)), ("k", .numbers([100, 100]))])),
            ("r", .object([("a", .integer(0)), ("k", .number(0))])),
            ("o", .object([("a", .integer(0)), ("k", .number(100))])),
        ])
    }

    /// A group holding one filled rounded rectangle, with `holes` (rounded rectangles inside it)
    /// left out by the even-odd rule, as in `polygonGroup`.
    private static func group(_ name: String, rect: Rect, radius: JSONValue, color: Color, holes: [(rect: Rect, radius: Double)] = []) -> JSONValue {
        func item(_ name: String, _ rect: Rect, _ radius: JSONValue) -> JSONValue {
            .object([
                ("ty", .string("rc")), ("nm", .string(name)), ("d", .integer(1)),
                ("p", .object([("a", .integer(0)), ("k", .numbers([rect.midX, rect.midY]))])),
                ("s", .object([("a", .integer(0)), ("k", .numbers([rect.width, rect.height]))])),
                ("r", radius),
            ])
        }
        return .object([
            ("ty", .string("gr")), ("nm", .string(name)),
            ("it", .array([item("shape", rect, radius)] + holes.map { item("hole", $0.rect, .object([("a", .integer(0)), ("k", .number($0.radius))])) } + [
                .object([
                    ("ty", .string("fl")), ("nm", .string("fill")),
                    ("c", .object([("a", .integer(0)), ("k", .numbers(Self.rgba(color)))])),
                    ("o", .object([("a", .integer(0)), ("k", .number(min(max(color.alpha, 0), 1) * 100))])),
                    ("r", .integer(holes.isEmpty ? 1 : 2)),
                ]),
                .object([
                    ("ty", .string("tr")), ("nm", .string("transform")),
                    ("p", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
                    ("a", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
                    ("s", .object([("a", .integer(0)), ("k", .numbers([100, 100]))])),
                    ("r", .object([("a", .integer(0)), ("k", .number(0))])),
                    ("o", .object([("a", .integer(0)), ("k", .number(100))])),
                ]),
            ])),
        ])
    }

    private static func staticTransform() -> JSONValue {
        .object([
            ("a", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("p", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("s", .object([("a", .integer(0)), ("k", .numbers([100, 100]))])),
            ("r", .object([("a", .integer(0)), ("k", .number(0))])),
            ("o", .object([("a", .integer(0)), ("k", .number(100))])),
        ])
    }

    /// A group filling, in `color`, the four corners of `rect` that rounding by `radius` cuts
    /// away: each corner a closed path from the corner point along one edge and back along the
    /// arc, so no fill rule or mask is needed.
    private static func cornersGroup(_ rect: Rect, radius: Double, color: Color) -> JSONValue {
        let r = RoundedRect.clampedRadius(rect, radius)
        let k = r * 0.5523
        var items: [JSONValue] = []
        for (cx, cy, dx, dy) in [(rect.x, rect.y, 1.0, 1.0), (rect.maxX, rect.y, -1, 1), (rect.maxX, rect.maxY, -1, -1), (rect.x, rect.maxY, 1, -1)] {
            let path: JSONValue = .object([
                ("c", .bool(true)),
                ("v", .array([.numbers([cx, cy]), .numbers([cx + dx * r, cy]), .numbers([cx, cy + dy * r])])),
                ("i", .array([.numbers([0, 0]), .numbers([0, 0]), .numbers([0, -dy * k])])),
                ("o", .array([.numbers([0, 0]), .numbers([-dx * k, 0]), .numbers([0, 0])])),
            ])
            items.append(.object([("ty", .string("sh")), ("nm", .string("corner")), ("ks", .object([("a", .integer(0)), ("k", path)]))]))
        }
        items.append(.object([
            ("ty", .string("fl")), ("nm", .string("fill")),
            ("c", .object([("a", .integer(0)), ("k", .numbers(Self.rgba(color)))])),
            ("o", .object([("a", .integer(0)), ("k", .number(min(max(color.alpha, 0), 1) * 100))])),
            ("r", .integer(1)),
        ]))
        items.append(.object([
            ("ty", .string("tr")), ("nm", .string("transform")),
            ("p", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("a", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("s", .object([("a", .integer(0)), ("k", .numbers([100, 100]))])),
            ("r", .object([("a", .integer(0)), ("k", .number(0))])),
            ("o", .object([("a", .integer(0)), ("k", .number(100))])),
        ]))
        return .object([("ty", .string("gr")), ("nm", .string("screen corners")), ("it", .array(items))])
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

/// A Lottie (bodymovin) JSON animation of a timeline, for Lottie players on iOS, Android and
/// the web.
///
/// The device screen is a precomposition clipped by a mask to the screen's rounded corners
/// (or, with `flat`, top-level layers under a layer painting the corners); in it the screen
/// colour is the bottom layer and each view is a shape layer with its card's blocks (the role
/// label, which needs a font, is left out). Each layer's position, scale, rotation and opacity
/// are keyframed with linear segments, keyframes kept only where the motion is not a straight
/// line between its neighbours. A view that is hidden or leaves the container jumps, with a
/// hold keyframe; one that fades to nothing fades. A change in stacking order starts a new set
/// of layers from that moment. The last frame a player renders lies inside every layer that
/// lasts to the end and shows the end state (see `lastFrame(duration:)`).
///
/// Lottie has no 4x4 transform, so each view is placed by the affine fit of its projected
/// corners (`AffineFit`): exact for moves, scales and turns in the screen plane, and for a card
/// turning in perspective the parallelogram nearest the true trapezoid, so the near edge of a
/// flipping card is drawn a little shorter and the far edge a little longer than in the PNG,
/// GIF and HTML previews.
public struct LottieRenderer: Sendable {
    /// The look.
    public var style: CardStyle
    /// Frames a second of the animation.
    public var frameRate: Double
    /// Writes every layer at the top level, with no precomposition, for players that skip
    /// precompositions (Qt's says "Unsupported layer type: 0" and draws nothing). The device
    /// screen's rounded corners are then painted in the backdrop colour by a top layer instead of
    /// masked, so the file's corners are opaque rather than transparent.
    public var flat: Bool

    /// Creates a renderer.
    public init(style: CardStyle = .standard, frameRate: Double = 60, flat: Bool = false) {
        self.style = style
        self.frameRate = frameRate
        self.flat = flat
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
        // In the flat form the corners layer is the topmost, index 1.
        var index = flat ? 2 : 1
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
                layers.append(viewLayer(
                    first: first, samples: samples, frames: span.map { frames[$0] }, content: painter.content(of: first),
                    bounds: bounds, index: index, inPoint: inPoint, outPoint: outPoint))
                index += 1
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
        if flat {
            let corners = shapeLayer(
                name: "screen corners", index: 1, inPoint: 0, outPoint: end, transform: Self.staticTransform(),
                shapes: [Self.cornersGroup(screenRect, radius: cornerRadius, color: style.backdrop)])
            root += [("assets", .array([])), ("layers", .array([corners] + layers))]
        } else {
            root += [
                ("assets", .array([.object([("id", .string("screen")), ("nm", .string("screen")), ("layers", .array(layers))])])),
                ("layers", .array([.object([
                    ("ty", .integer(0)), ("nm", .string("device")), ("refId", .string("screen")), ("ind", .integer(1)),
                    ("ip", .integer(0)), ("op", .number(end)), ("st", .integer(0)), ("sr", .integer(1)), ("ao", .integer(0)),
                    ("ddd", .integer(0)), ("bm", .integer(0)), ("w", .integer(Int(w))), ("h", .integer(Int(h))),
                    ("ks", Self.staticTransform()), ("hasMask", .bool(true)),
                    ("masksProperties", .array([.object([
                        ("nm", .string("screen corners")), ("mode", .string("a")), ("inv", .bool(false)),
                        ("pt", .object([("a", .integer(0)), ("k", Self.roundedRectPath(screenRect, radius: cornerRadius))])),
                        ("o", .object([("a", .integer(0)), ("k", .number(100))])),
                        ("x", .object([("a", .integer(0)), ("k", .number(0))])),
                    ])])),
                ])])),
            ]
        }
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

    private func viewLayer(
        first: SampledView, samples: [(view: SampledView, camera: Camera)?], frames: [Double], content: ViewContent, bounds: Rect,
        index: Int, inPoint: Double, outPoint: Double
    ) -> JSONValue {
        let face = content.card
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
                var fit = AffineFit(corners: corners, referenceWidth: face.width, referenceHeight: face.height)
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
        let jumps = Set((0..<max(0, poses.count - 1)).filter { poses[$0].visible != poses[$0 + 1].visible })
        let transform: JSONValue = .object([
            ("a", .object([("a", .integer(0)), ("k", .numbers([0, 0]))])),
            ("p", property(frames, jumps: [], tolerance: 0.2) { [poses[$0].fit.x, poses[$0].fit.y] }),
            ("s", property(frames, jumps: [], tolerance: 0.1) { [poses[$0].fit.scaleX * 100, poses[$0].fit.scaleY * 100] }),
            ("r", property(frames, jumps: [], tolerance: 0.05) { [poses[$0].fit.rotation] }),
            ("o", property(frames, jumps: jumps, tolerance: 0.3) { [poses[$0].opacity] }),
        ])
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
            if !body.isEmpty { shapes.append(Self.polygonGroup("card", body, color: source.body)) }
            return shapeLayer(
                name: "\(first.id) \(first.role)", index: index, inPoint: inPoint, outPoint: outPoint, transform: transform, shapes: shapes)
        }
        for (i, block) in face.blocks.enumerated().reversed() {
            shapes.append(Self.group(
                "block \(i + 1)", rect: block.rect.offsetBy(dx: -face.width / 2, dy: -face.height / 2),
                radius: .object([("a", .integer(0)), ("k", .number(block.radius))]), color: block.color))
        }
        shapes.append(Self.group(
            "card", rect: Rect(x: -face.width / 2, y: -face.height / 2, width: face.width, height: face.height),
            radius: radius, color: style.fill(for: first)))
        return shapeLayer(
            name: "\(first.id) \(first.role)", index: index, inPoint: inPoint, outPoint: outPoint, transform: transform, shapes: shapes)
    }

    /// A keyframed property of `frames.count` samples: static when every sample is the same,
    /// else linear keyframes where the motion bends, and a hold before each jump.
    private func property(_ frames: [Double], jumps: Set<Int>, tolerance: Double, _ value: (Int) -> [Double]) -> JSONValue {
        let values = frames.indices.map(value)
        if values.allSatisfy({ zip($0, values[0]).allSatisfy { abs($0 - $1) <= 1e-9 } }) {
            let v = values[0]
            return .object([("a", .integer(0)), ("k", v.count == 1 ? .number(v[0]) : .numbers(v))])
        }
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
            var pairs: [(String, JSONValue)] = [("t", .number(frames[i])), ("s", .numbers(values[i]))]
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

    // MARK: JSON pieces

    private func shapeLayer(name: String, index: Int, inPoint: Double, outPoint: Double, transform: JSONValue, shapes: [JSONValue]) -> JSONValue {
        .object([
            ("ty", .integer(4)), ("nm", .string(name)), ("ind", .integer(index)),
            ("ip", .number(inPoint)), ("op", .number(outPoint)), ("st", .integer(0)), ("sr", .integer(1)),
            ("ao", .integer(0)), ("ddd", .integer(0)), ("bm", .integer(0)),
            ("ks", transform), ("shapes", .array(shapes)),
        ])
    }

    /// A group holding one filled polygon.
    private static func polygonGroup(_ name: String, _ points: [(x: Double, y: Double)], color: Color) -> JSONValue {
        let zeros = JSONValue.array(points.map { _ in .numbers([0, 0]) })
        let path: JSONValue = .object([
            ("c", .bool(true)), ("v", .array(points.map { .numbers([$0.x, $0.y]) })), ("i", zeros), ("o", zeros),
        ])
        return .object([
            ("ty", .string("gr")), ("nm", .string(name)),
            ("it", .array([
                .object([("ty", .string("sh")), ("nm", .string("shape")), ("ks", .object([("a", .integer(0)), ("k", path)]))]),
                .object([
                    ("ty", .string("fl")), ("nm", .string("fill")),
                    ("c", .object([("a", .integer(0)), ("k", .numbers([color.red, color.green, color.blue]))])),
                    ("o", .object([("a", .integer(0)), ("k", .number(min(max(color.alpha, 0), 1) * 100))])),
                    ("r", .integer(1)),
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

    /// A group holding one filled rounded rectangle.
    private static func group(_ name: String, rect: Rect, radius: JSONValue, color: Color) -> JSONValue {
        .object([
            ("ty", .string("gr")), ("nm", .string(name)),
            ("it", .array([
                .object([
                    ("ty", .string("rc")), ("nm", .string("shape")), ("d", .integer(1)),
                    ("p", .object([("a", .integer(0)), ("k", .numbers([rect.midX, rect.midY]))])),
                    ("s", .object([("a", .integer(0)), ("k", .numbers([rect.width, rect.height]))])),
                    ("r", radius),
                ]),
                .object([
                    ("ty", .string("fl")), ("nm", .string("fill")),
                    ("c", .object([("a", .integer(0)), ("k", .numbers([color.red, color.green, color.blue]))])),
                    ("o", .object([("a", .integer(0)), ("k", .number(min(max(color.alpha, 0), 1) * 100))])),
                    ("r", .integer(1)),
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
            ("c", .object([("a", .integer(0)), ("k", .numbers([color.red, color.green, color.blue]))])),
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

    /// A closed bezier path of a rounded rectangle, clockwise from the top edge.
    private static func roundedRectPath(_ rect: Rect, radius: Double) -> JSONValue {
        let r = RoundedRect.clampedRadius(rect, radius)
        let k = r * 0.5523
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.maxX, rect.maxY)
        let points: [(v: (Double, Double), i: (Double, Double), o: (Double, Double))] = [
            ((x0 + r, y0), (-k, 0), (0, 0)), ((x1 - r, y0), (0, 0), (k, 0)),
            ((x1, y0 + r), (0, -k), (0, 0)), ((x1, y1 - r), (0, 0), (0, k)),
            ((x1 - r, y1), (k, 0), (0, 0)), ((x0 + r, y1), (0, 0), (-k, 0)),
            ((x0, y1 - r), (0, k), (0, 0)), ((x0, y0 + r), (0, 0), (0, -k)),
        ]
        return .object([
            ("c", .bool(true)),
            ("v", .array(points.map { .numbers([$0.v.0, $0.v.1]) })),
            ("i", .array(points.map { .numbers([$0.i.0, $0.i.1]) })),
            ("o", .array(points.map { .numbers([$0.o.0, $0.o.1]) })),
        ])
    }
}

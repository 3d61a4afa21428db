import TransitionCore

/// Where one screen's snapshot image (`::view-transition-old(root)` or `-new(root)`, the page at
/// the container's size) is at one sample, as CSS: the matrix from the image's top-left corner
/// to the container, the clip that crops it to the view's rounded card, its opacity, what
/// dimming drawn over it does to its colours, its stacking order and whether it shows.
struct WebScreenSample: Equatable {
    /// The image's transform with `transform-origin: 0 0`, column-major.
    var matrix: Transform3D
    /// The clip in image pixels: top, right, bottom and left insets, then the corner radii
    /// across and down.
    var clip: [Double]
    /// Opacity, 0...1.
    var opacity: Double
    /// Dimming drawn over the image maps each colour channel x to `x · veilScale + veilOffset`
    /// (a veil of grey level c and alpha a gives 1 - a and c · a).
    var veilScale: Double
    /// See `veilScale`.
    var veilOffset: Double
    /// 1 below the other screen, 2 above it.
    var z: Int
    /// False when the screen draws nothing at this sample.
    var visible: Bool
    /// The image's size: the container's.
    var width: Double, height: Double

    /// False when a corner of the image lands at or behind the eye, where linear interpolation
    /// of corners means nothing.
    var projects: Bool { corners != nil }

    /// The image's corners on screen after the perspective divide, or nil when one is behind the eye.
    var corners: [(x: Double, y: Double)]? {
        let m = matrix.m
        var result: [(x: Double, y: Double)] = []
        for (x, y) in [(0.0, 0.0), (width, 0), (width, height), (0, height)] {
            let w = m[3] * x + m[7] * y + m[15]
            guard w > 1e-9 else { return nil }
            result.append(((m[0] * x + m[4] * y + m[12]) / w, (m[1] * x + m[5] * y + m[13]) / w))
        }
        return result
    }

    /// Whether this sample lies within `tolerance` of the linear interpolation at `f` between
    /// `a` and `b`, comparing projected corners, clip, opacity and the veil.
    func isWithin(_ tolerance: WebTransitionCSS.Tolerance, ofInterpolating a: WebScreenSample, _ b: WebScreenSample, at f: Double) -> Bool {
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        guard abs(lerp(a.opacity, b.opacity) - opacity) <= tolerance.opacity,
            abs(lerp(a.veilScale, b.veilScale) - veilScale) <= tolerance.opacity,
            abs(lerp(a.veilOffset, b.veilOffset) - veilOffset) <= tolerance.opacity,
            zip(clip, zip(a.clip, b.clip)).allSatisfy({ abs(lerp($1.0, $1.1) - $0) <= tolerance.position })
        else { return false }
        // A screen that shows nothing needs no accurate position.
        if !visible && !a.visible && !b.visible { return true }
        guard let mine = corners, let ca = a.corners, let cb = b.corners else { return false }
        return zip(mine, zip(ca, cb)).allSatisfy { p, ends in
            abs(lerp(ends.0.x, ends.1.x) - p.x) <= tolerance.position && abs(lerp(ends.0.y, ends.1.y) - p.y) <= tolerance.position
        }
    }

    /// The keyframe's declarations.
    var css: String {
        func n(_ v: Double, _ d: Int = 3) -> String { Format.number(abs(v) < 1e-12 ? 0 : v, decimals: d) }
        let m = matrix.columnMajor.map { n($0, 8) }.joined(separator: ",")
        let c = clip
        return "transform:matrix3d(\(m));opacity:\(n(visible ? opacity : 0, 4));"
            + "clip-path:inset(\(n(c[0]))px \(n(c[1]))px \(n(c[2]))px \(n(c[3]))px round \(n(c[4]))px / \(n(c[5]))px);"
            + "filter:\(veilFilter);z-index:\(z);visibility:\(visible ? "visible" : "hidden")"
    }

    /// The veil as a CSS filter: `contrast(k)` maps x to k·x + (1 - k)/2 and `brightness(b)`
    /// multiplies, so with b = scale + 2·offset and k = scale / b the two give
    /// x · scale + offset, with no value leaving 0...1 on the way.
    var veilFilter: String {
        let b = veilScale + 2 * veilOffset
        let k = b > 0 ? veilScale / b : 1
        return "contrast(\(Format.number(k, decimals: 4))) brightness(\(Format.number(b, decimals: 4)))"
    }

    /// The samples of the screen with `role` (`.from` or `.to`) at each entry of `timeline`.
    /// Where the screen is absent or draws nothing, a sample borrows its neighbour's place,
    /// hidden.
    static func samples(of role: ViewRole, in timeline: TransitionTimeline) -> [WebScreenSample] {
        let bounds = timeline.containerBounds
        let frames = timeline.entries.map(\.frame)
        // The size each view's face is laid out for, as the PNG renderer lays it out.
        let sizes = FramePainter.layoutSizes(frames)
        let found: [WebScreenSample?] = frames.map { frame in
            let drawn = frame.drawnViews
            guard var s = sample(of: role, in: frame, drawn: drawn, bounds: bounds, sizes: sizes) else { return nil }
            let rank = { (r: ViewRole) in standIn(for: r, in: frame, drawn: drawn).flatMap { v in drawn.firstIndex { $0.id == v.id } } }
            let mine = rank(role) ?? 0
            s.z = (rank(role == .from ? .to : .from).map { mine > $0 } ?? (role == .to)) ? 2 : 1
            return s
        }
        return carried(found, z: role == .to ? 2 : 1, width: bounds.width, height: bounds.height)
    }

    /// `found` with each missing sample replaced by the last one found before it (the first one
    /// found, before any), hidden: a screen keeps its place while it is not drawn, so the
    /// keyframes around the gap do not move it. All hidden at rest, with `z` and the size given,
    /// when none was found.
    private static func carried(_ found: [WebScreenSample?], z: Int, width: Double, height: Double) -> [WebScreenSample] {
        guard let firstFound = found.firstIndex(where: { $0 != nil }) else {
            let rest = WebScreenSample(
                matrix: .identity, clip: [0, 0, 0, 0, 0, 0], opacity: 0, veilScale: 1, veilOffset: 0, z: z, visible: false,
                width: width, height: height)
            return Array(repeating: rest, count: found.count)
        }
        var carry = found[firstFound]!
        carry.visible = false
        return found.map { s in
            if let s {
                carry = s
                carry.visible = false
                return s
            }
            return carry
        }
    }

    /// The view that shows the screen with `role` in `frame`: the screen itself when it is
    /// drawn, else the largest snapshot or tile of it that is drawn.
    static func standIn(for role: ViewRole, in frame: TransitionFrame, drawn: [SampledView]? = nil) -> SampledView? {
        let drawn = drawn ?? frame.drawnViews
        if let screen = drawn.last(where: { $0.role == role }) { return screen }
        let screens = Set(frame.views.filter { $0.role == role }.map(\.id))
        return drawn.filter { v in ViewContent.source(of: v).map(screens.contains) ?? false }
            .max { $0.state.frame.width * $0.state.frame.height < $1.state.frame.width * $1.state.frame.height }
    }

    /// The sample of one frame, or nil when the screen draws nothing.
    static func sample(
        of role: ViewRole, in frame: TransitionFrame, drawn: [SampledView], bounds: Rect, sizes: [ViewID: (width: Double, height: Double)]
    ) -> WebScreenSample? {
        guard let view = standIn(for: role, in: frame, drawn: drawn) else { return nil }
        let s = view.state, f = s.frame
        let W = bounds.width, H = bounds.height
        // The region of the screen's face the view shows, in face coordinates, and the face's size.
        let source = ViewContent.source(of: view) ?? view.id
        guard let face = sizes[source] ?? sizes[view.id], face.width > 0, face.height > 0 else { return nil }
        let region = view.id == source ? Rect(x: 0, y: 0, width: face.width, height: face.height)
            : (s.content?.rect ?? Rect(x: 0, y: 0, width: face.width, height: face.height))
        guard region.width > 0, region.height > 0, f.width > 0, f.height > 0 else { return nil }
        // Image pixels -> face -> the view's region -> view coordinates about its centre -> screen.
        let imageToFace = Transform3D.scale(x: face.width / W, y: face.height / H)
        let faceToView = Transform3D.translation(x: -f.width / 2, y: -f.height / 2)
            .concatenating(.scale(x: f.width / region.width, y: f.height / region.height))
            .concatenating(.translation(x: -region.x, y: -region.y))
        let matrix = Transform3D.translation(x: -bounds.x, y: -bounds.y)
            .concatenating(s.screenTransform(camera: frame.camera(for: view)))
            .concatenating(faceToView)
            .concatenating(imageToFace)
        guard matrix.isFinite else { return nil }
        // The region, and the card's rounded corners, in image pixels.
        let kx = W / face.width, ky = H / face.height
        let radius = RoundedRect.clampedRadius(f, s.cornerRadius)
        let clip = [
            region.y * ky, W - region.maxX * kx, H - region.maxY * ky, region.x * kx,
            radius * region.width / f.width * kx, radius * region.height / f.height * ky,
        ]
        let (veilScale, veilOffset) = veil(over: view, drawn: drawn)
        let sample = WebScreenSample(
            matrix: matrix, clip: clip, opacity: min(max(s.alpha, 0), 1), veilScale: veilScale, veilOffset: veilOffset, z: 1, visible: true, width: W, height: H)
        return sample.projects ? sample : nil
    }

    /// Dimming drawn above `view`: a veil of grey level c and alpha a takes x to x · (1 - a) + c · a;
    /// a coloured veil counts as the grey of its mean level. The scale and offset of all of them.
    static func veil(over view: SampledView, drawn: [SampledView]) -> (scale: Double, offset: Double) {
        var veilScale = 1.0, veilOffset = 0.0
        if let rank = drawn.firstIndex(where: { $0.id == view.id }) {
            for veil in drawn[(rank + 1)...] where veil.role == .dimming {
                let color = veil.state.color ?? Color(red: 0, green: 0, blue: 0)
                let a = min(max(veil.state.alpha * color.alpha, 0), 1)
                let grey = min(max((color.red + color.green + color.blue) / 3, 0), 1)
                veilScale *= 1 - a
                veilOffset = veilOffset * (1 - a) + grey * a
            }
        }
        return (veilScale, veilOffset)
    }

    /// Where a named element sits in its screen: the screen's role, the frame the screen rests
    /// at and the element's frame, both in container coordinates.
    struct ElementInScreen {
        var role: ViewRole
        var rest: Rect
        var element: Rect
    }

    /// The samples of a named group's image, `::view-transition-old(name)` or `-new(name)`: the
    /// element's picture at `image` pixels, laid out by the exported style sheet at the top-left
    /// corner of a group with no transform, carried onto the frame of the snapshot view `view`
    /// at each entry of `timeline`. The browser leaves a named element out of the root's
    /// pictures, so where the animator does not draw the snapshot the image follows the element
    /// inside its screen (`screen`) instead, while that screen is drawn above the other one (a
    /// group is drawn above both root pictures, so an element of the screen beneath would show
    /// through the one on top); otherwise a sample borrows its neighbour's place, hidden. `z`
    /// stacks the image in its pair.
    static func samples(
        ofImage view: ViewID, image: (width: Double, height: Double), z: Int, screen: ElementInScreen? = nil, in timeline: TransitionTimeline
    ) -> [WebScreenSample] {
        let bounds = timeline.containerBounds
        let found: [WebScreenSample?] = timeline.entries.map { entry in
            let frame = entry.frame, drawn = frame.drawnViews
            guard image.width > 0, image.height > 0 else { return nil }
            // The view the image follows, and where in that view's rest frame the image lies.
            let shown: SampledView, placed: Rect
            if let snapshot = drawn.first(where: { $0.id == view }) {
                shown = snapshot
                placed = Rect(x: 0, y: 0, width: image.width, height: image.height)
            } else if let screen, let at = drawn.lastIndex(where: { $0.role == screen.role }), screen.rest.width > 0, screen.rest.height > 0,
                !drawn[(at + 1)...].contains(where: { $0.role == (screen.role == .from ? .to : .from) })
            {
                let host = drawn[at]
                shown = host
                placed = Rect(
                    x: (screen.element.x - screen.rest.x) * image.width / screen.element.width,
                    y: (screen.element.y - screen.rest.y) * image.height / screen.element.height,
                    width: screen.rest.width * image.width / screen.element.width, height: screen.rest.height * image.height / screen.element.height)
            } else {
                return nil
            }
            let s = shown.state, f = s.frame
            guard f.width > 0, f.height > 0, placed.width > 0, placed.height > 0 else { return nil }
            // Image pixels -> the view's rest frame, in image pixels -> view coordinates about its
            // centre -> screen.
            let matrix = Transform3D.translation(x: -bounds.x, y: -bounds.y)
                .concatenating(s.screenTransform(camera: frame.camera(for: shown)))
                .concatenating(.translation(x: -f.width / 2, y: -f.height / 2))
                .concatenating(.scale(x: f.width / placed.width, y: f.height / placed.height))
                .concatenating(.translation(x: placed.x, y: placed.y))
            guard matrix.isFinite else { return nil }
            let radius = shown.id == view ? RoundedRect.clampedRadius(f, s.cornerRadius) : 0
            let clip = [0, 0, 0, 0, radius * image.width / f.width, radius * image.height / f.height]
            let (veilScale, veilOffset) = veil(over: shown, drawn: drawn)
            let sample = WebScreenSample(
                matrix: matrix, clip: clip, opacity: min(max(s.alpha, 0), 1), veilScale: veilScale, veilOffset: veilOffset, z: z, visible: true,
                width: image.width, height: image.height)
            return sample.projects ? sample : nil
        }
        return carried(found, z: z, width: image.width, height: image.height)
    }
}

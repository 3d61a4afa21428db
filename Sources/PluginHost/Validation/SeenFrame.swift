import TransitionCore

/// What one sampled frame shows under the compositing model, as the validator judges it: every
/// view that paints something inside the container, projected through its transform and the
/// container's camera, with one-sided views facing away left out.
struct SeenFrame {
    /// A view that paints something, with where it lands.
    struct Drawn {
        /// The view.
        var view: SampledView
        /// Its corners on screen, clockwise from the top-left when it faces the viewer.
        var corners: [(x: Double, y: Double)]
        /// The bounding box of its corners.
        var bounds: Rect
        /// True when its back is towards the viewer (it is double-sided, or it would not be drawn).
        var facesAway: Bool
    }

    /// The frame.
    let frame: TransitionFrame
    /// The container's bounds.
    let container: Rect
    /// The views that paint something inside the container, bottom first.
    let drawn: [Drawn]

    /// Tolerance for "exactly where", in points.
    static let tolerance = 1e-6

    /// Projects every view of `frame`.
    init(_ frame: TransitionFrame, container: Rect) {
        self.frame = frame
        self.container = container
        var drawn: [Drawn] = []
        for view in frame.drawOrder where view.isDrawn(camera: frame.camera) {
            guard let corners = view.state.projectedCorners(camera: frame.camera), let bounds = view.state.projectedBounds(camera: frame.camera),
                bounds.intersects(container), bounds.width > 1e-6 || bounds.height > 1e-6,
                let area = view.state.facingArea(camera: frame.camera), abs(area) > 1e-9
            else { continue }
            drawn.append(Drawn(view: view, corners: corners, bounds: bounds, facesAway: area < 0))
        }
        self.drawn = drawn
    }

    /// The drawn entry of view `id`, or nil when it paints nothing.
    func drawn(_ id: ViewID) -> Drawn? { drawn.first { $0.view.id == id } }

    /// The position of view `id` among the drawn views, bottom first.
    func position(_ id: ViewID) -> Int? { drawn.firstIndex { $0.view.id == id } }

    /// The rectangle `d` covers with opaque paint when it is an untilted, unrounded, fully opaque
    /// rectangle on screen; nil otherwise.
    func opaqueRect(_ d: Drawn) -> Rect? {
        let s = d.view.state
        guard s.alpha >= 1, s.cornerRadius <= 0, Self.isAxisAligned(d.corners, d.bounds) else { return nil }
        let opaqueFill = d.view.role.isScreen || s.content != nil || (s.color?.alpha ?? 0) >= 1
        return opaqueFill ? d.bounds : nil
    }

    /// True when opaque views drawn above `d` together hide all of it that lies in the container.
    func isCovered(_ d: Drawn) -> Bool {
        guard let i = position(d.view.id) else { return true }
        let above = drawn[(i + 1)...].compactMap(opaqueRect)
        guard !above.isEmpty else { return false }
        return isPainted(d.bounds, by: above)
    }

    /// True when `d` is a snapshot or tile of `screen` lying exactly where its part of the screen
    /// is when the screen has frame `screenFrame` (its initial frame at progress 0, its final frame
    /// at 1), unscaled, untilted and fully opaque: it may stand in for that part of the screen.
    func standsIn(_ d: Drawn, for screen: ViewID, at screenFrame: Rect) -> Bool {
        let s = d.view.state
        guard let content = s.content, content.source == screen, s.alpha >= 1 - Self.tolerance, !d.facesAway else { return false }
        let expected = content.rect.offsetBy(dx: screenFrame.x, dy: screenFrame.y)
        return Self.isAxisAligned(d.corners, d.bounds) && d.bounds.distance(to: expected) <= Self.tolerance
    }

    /// True when the visible part of `region` (inside the container) is painted by the views
    /// `painters` give, sampled on a grid of cells.
    func isPainted(_ region: Rect, by painters: [Rect]) -> Bool {
        let r = Self.clip(region, to: container)
        guard r.width > 0, r.height > 0 else { return true }
        let n = 24
        for i in 0..<n {
            for j in 0..<n {
                let x = r.x + (Double(i) + 0.5) * r.width / Double(n), y = r.y + (Double(j) + 0.5) * r.height / Double(n)
                if !painters.contains(where: { x >= $0.x && x <= $0.maxX && y >= $0.y && y <= $0.maxY }) { return false }
            }
        }
        return true
    }

    /// `projects to x A…B, y C…D, N pt²`: the view's box on screen, clipped to nothing, and the
    /// area of the shape it projects to.
    static func box(_ d: Drawn) -> String {
        let b = d.bounds
        return "projects to x \(Format.number(b.x, decimals: 0))…\(Format.number(b.maxX, decimals: 0)), y \(Format.number(b.y, decimals: 0))…\(Format.number(b.maxY, decimals: 0)), \(Format.number(area(d.corners), decimals: 0)) pt²"
    }

    /// The topmost drawn view beneath `d` whose box on screen overlaps `d`'s: the view `d` is
    /// seen over; nil when nothing drawn lies under it.
    func beneath(_ d: Drawn) -> Drawn? {
        guard let i = position(d.view.id) else { return nil }
        return drawn[..<i].last { $0.bounds.intersects(d.bounds) && Self.clip($0.bounds, to: d.bounds).width * Self.clip($0.bounds, to: d.bounds).height > 0 }
    }

    /// The area of a polygon on screen.
    static func area(_ q: [(x: Double, y: Double)]) -> Double {
        var sum = 0.0
        for i in q.indices {
            let a = q[i], b = q[(i + 1) % q.count]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// The area, in pt², that the shapes `a` and `b` both cover inside the container, estimated on a grid
    /// over the overlap of their boxes. Both must be convex (projected rectangles are).
    /// Also gives the point of the overlap nearest its middle, nil when there is no overlap.
    func overlap(_ a: Drawn, _ b: Drawn) -> (area: Double, point: (x: Double, y: Double)?) {
        let r = Self.clip(Self.clip(a.bounds, to: b.bounds), to: container)
        guard r.width > 0, r.height > 0 else { return (0, nil) }
        let n = 24
        var inside = 0
        var sum = (x: 0.0, y: 0.0)
        var points: [(x: Double, y: Double)] = []
        for i in 0..<n {
            for j in 0..<n {
                let p = (x: r.x + (Double(i) + 0.5) * r.width / Double(n), y: r.y + (Double(j) + 0.5) * r.height / Double(n))
                if Self.contains(a.corners, p) && Self.contains(b.corners, p) {
                    inside += 1
                    sum = (sum.x + p.x, sum.y + p.y)
                    points.append(p)
                }
            }
        }
        guard inside > 0 else { return (0, nil) }
        let middle = (x: sum.x / Double(inside), y: sum.y / Double(inside))
        let point = points.min { ($0.x - middle.x) * ($0.x - middle.x) + ($0.y - middle.y) * ($0.y - middle.y) < ($1.x - middle.x) * ($1.x - middle.x) + ($1.y - middle.y) * ($1.y - middle.y) }
        return (r.width * r.height * Double(inside) / Double(n * n), point)
    }

    /// How near the viewer `d`'s plane is where it covers the screen point `p`: the depth z / w
    /// under the container's camera, larger nearer (+z points towards the viewer); nil when the
    /// view is edge-on there.
    func depth(of d: Drawn, at p: (x: Double, y: Double)) -> Double? {
        let m = d.view.state.screenTransform(camera: frame.camera).m
        // The plane z = 0 of the view maps to the screen by the homography of rows x, y, w and
        // columns x, y, translation; invert it to find the view point under p.
        let h = [m[0], m[4], m[12], m[1], m[5], m[13], m[3], m[7], m[15]]
        let c0 = h[4] * h[8] - h[5] * h[7], c1 = h[5] * h[6] - h[3] * h[8], c2 = h[3] * h[7] - h[4] * h[6]
        let det = h[0] * c0 + h[1] * c1 + h[2] * c2
        guard abs(det) > 1e-12 else { return nil }
        let inverse = [
            c0, h[2] * h[7] - h[1] * h[8], h[1] * h[5] - h[2] * h[4],
            c1, h[0] * h[8] - h[2] * h[6], h[2] * h[3] - h[0] * h[5],
            c2, h[1] * h[6] - h[0] * h[7], h[0] * h[4] - h[1] * h[3],
        ].map { $0 / det }
        let su = inverse[0] * p.x + inverse[1] * p.y + inverse[2]
        let sv = inverse[3] * p.x + inverse[4] * p.y + inverse[5]
        let s = inverse[6] * p.x + inverse[7] * p.y + inverse[8]
        guard abs(s) > 1e-12 else { return nil }
        let u = su / s, v = sv / s
        let z = m[2] * u + m[6] * v + m[14], w = m[3] * u + m[7] * v + m[15]
        guard w > 0 else { return nil }
        return z / w
    }

    /// True when `p` lies inside the convex polygon `q`, whichever way it runs.
    static func contains(_ q: [(x: Double, y: Double)], _ p: (x: Double, y: Double)) -> Bool {
        var sign = 0.0
        for i in q.indices {
            let a = q[i], b = q[(i + 1) % q.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }

    static func clip(_ r: Rect, to c: Rect) -> Rect {
        let x0 = max(r.x, c.x), y0 = max(r.y, c.y), x1 = min(r.maxX, c.maxX), y1 = min(r.maxY, c.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    static func isAxisAligned(_ q: [(x: Double, y: Double)], _ b: Rect) -> Bool {
        let t = tolerance * max(1, b.width, b.height)
        return q.allSatisfy { p in
            (abs(p.x - b.x) <= t || abs(p.x - b.maxX) <= t) && (abs(p.y - b.y) <= t || abs(p.y - b.maxY) <= t)
        }
    }
}

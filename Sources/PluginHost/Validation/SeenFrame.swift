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

    /// `projects to x A…B, y C…D`, the view's box on screen, clipped to nothing.
    static func box(_ d: Drawn) -> String {
        let b = d.bounds
        return "projects to x \(Format.number(b.x, decimals: 0))…\(Format.number(b.maxX, decimals: 0)), y \(Format.number(b.y, decimals: 0))…\(Format.number(b.maxY, decimals: 0))"
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

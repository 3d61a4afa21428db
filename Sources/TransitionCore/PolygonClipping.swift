/// Polygon clipping (Sutherland–Hodgman), shared by the renderers and the validator's seen-content
/// check: a polygon cut by a convex region, edge by edge. The
/// subject may be concave (a glyph's outline); the result then fills the same area with the
/// nonzero rule, with at most some zero-width edges along the region's border.
package enum PolygonClipping {
    /// A point in homogeneous 2D coordinates: (x / w, y / w) on screen when w > 0.
    package typealias Homogeneous = (x: Double, y: Double, w: Double)

    /// The part of `subject` inside the convex polygon `region`, which must run clockwise on
    /// screen (y down), as card outlines do; empty when they do not overlap.
    package static func clip(_ subject: [(x: Double, y: Double)], toConvex region: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        var points = subject
        guard region.count >= 3 else { return [] }
        for i in region.indices where !points.isEmpty {
            let a = region[i], b = region[(i + 1) % region.count]
            let ex = b.x - a.x, ey = b.y - a.y
            guard ex * ex + ey * ey > 1e-18 else { continue }
            // Inside is to the right of a → b on screen: the side a clockwise region lies on.
            points = cut(points) { p in ex * (p.y - a.y) - ey * (p.x - a.x) } mix: { p, q, t in
                (p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t)
            }
        }
        return points
    }

    /// The part of a polygon of homogeneous points in front of the eye (w ≥ `nearest`) and
    /// within `limit` on screen, divided through: what a projective map with a true perspective
    /// divide draws. Clipping happens before the divide, so a polygon crossing the eye's plane
    /// keeps only its part in front and never wraps around through infinity.
    package static func project(_ subject: [Homogeneous], within limit: Rect, nearest: Double = 1e-6) -> [(x: Double, y: Double)] {
        // Most polygons lie wholly in front of the eye and inside the limit: every pass below would
        // keep every point, so they are divided through at once, to the same values.
        if subject.count >= 3,
            subject.allSatisfy({
                $0.w - nearest >= 0 && $0.x - limit.x * $0.w >= 0 && limit.maxX * $0.w - $0.x >= 0
                    && $0.y - limit.y * $0.w >= 0 && limit.maxY * $0.w - $0.y >= 0
            })
        {
            return subject.map { ($0.x / $0.w, $0.y / $0.w) }
        }
        var points = subject
        let planes: [(Homogeneous) -> Double] = [
            { $0.w - nearest },
            { $0.x - limit.x * $0.w }, { limit.maxX * $0.w - $0.x },
            { $0.y - limit.y * $0.w }, { limit.maxY * $0.w - $0.y },
        ]
        for plane in planes where !points.isEmpty {
            points = cut(points, plane) { p, q, t in
                (p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, p.w + (q.w - p.w) * t)
            }
        }
        return points.map { ($0.x / $0.w, $0.y / $0.w) }
    }

    /// Twice the signed area of a polygon: positive when it runs clockwise on screen (y down).
    package static func signedArea(_ polygon: [(x: Double, y: Double)]) -> Double {
        var sum = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// One Sutherland–Hodgman pass: keeps the points where `side` ≥ 0 and adds the crossings.
    private static func cut<P>(_ points: [P], _ side: (P) -> Double, mix: (P, P, Double) -> P) -> [P] {
        var out: [P] = []
        out.reserveCapacity(points.count + 4)
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            let sp = side(p), sq = side(q)
            if sp >= 0 { out.append(p) }
            if (sp >= 0) != (sq >= 0) {
                out.append(mix(p, q, sp / (sp - sq)))
            }
        }
        return out.count >= 3 ? out : []
    }
}

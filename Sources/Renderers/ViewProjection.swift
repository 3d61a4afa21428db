import Foundation
import TransitionCore

/// Where a view's card lands on screen: points of the card, given in the coordinates its face
/// was laid out in, taken through the view's current frame and 4x4 transform.
struct ViewProjection {
    /// The view's state.
    var state: ViewState
    /// The card size the face coordinates refer to.
    var referenceWidth: Double
    /// The card size the face coordinates refer to.
    var referenceHeight: Double

    /// A card point in container coordinates after the perspective divide, and its homogeneous w
    /// (<= 0 behind the viewer).
    func project(_ u: Double, _ v: Double) -> (x: Double, y: Double, w: Double) {
        let f = state.frame
        let x = (referenceWidth > 0 ? u * f.width / referenceWidth : 0) - f.width / 2
        let y = (referenceHeight > 0 ? v * f.height / referenceHeight : 0) - f.height / 2
        let p = state.transform.project(x: x, y: y)
        return (f.midX + p.x, f.midY + p.y, p.w)
    }

    /// The outline of a rounded rectangle of card coordinates, projected; nil when a point falls
    /// behind the viewer.
    func outline(_ rect: Rect, radius: Double) -> [(x: Double, y: Double)]? {
        var points: [(x: Double, y: Double)] = []
        for (u, v) in RoundedRect.points(rect, radius: radius) {
            let p = project(u, v)
            guard p.w > 0 else { return nil }
            points.append((p.x, p.y))
        }
        return points
    }

    /// The affine map that best matches the projection near the card point (u, v): its
    /// derivatives along u and v and the projected point, or nil behind the viewer or edge-on.
    func localAffine(at u: Double, _ v: Double) -> (origin: (x: Double, y: Double), du: (x: Double, y: Double), dv: (x: Double, y: Double))? {
        let h = 0.5
        let p = project(u, v), pu = project(u + h, v), pv = project(u, v + h)
        guard p.w > 0, pu.w > 0, pv.w > 0 else { return nil }
        let du = ((pu.x - p.x) / h, (pu.y - p.y) / h), dv = ((pv.x - p.x) / h, (pv.y - p.y) / h)
        guard abs(du.0 * dv.1 - du.1 * dv.0) > 1e-4 else { return nil }
        return ((p.x, p.y), du, dv)
    }
}

/// Rounded rectangles as polygons.
enum RoundedRect {
    /// The corner radius a rounded rectangle can actually have: at most half its shorter side.
    static func clampedRadius(_ rect: Rect, _ radius: Double) -> Double {
        max(0, min(radius, rect.width / 2, rect.height / 2))
    }

    /// The outline of `rect` with corners of `radius`, clockwise from the top-left, with each
    /// corner's arc cut into a few straight segments.
    static func points(_ rect: Rect, radius: Double) -> [(Double, Double)] {
        let r = clampedRadius(rect, radius)
        if r <= 0 {
            return [(rect.x, rect.y), (rect.maxX, rect.y), (rect.maxX, rect.maxY), (rect.x, rect.maxY)]
        }
        let segments = r < 4 ? 3 : r < 16 ? 6 : 10
        var result: [(Double, Double)] = []
        result.reserveCapacity(4 * (segments + 1))
        let centres = [
            (rect.maxX - r, rect.y + r, -Double.pi / 2), (rect.maxX - r, rect.maxY - r, 0.0),
            (rect.x + r, rect.maxY - r, Double.pi / 2), (rect.x + r, rect.y + r, Double.pi),
        ]
        for (cx, cy, start) in centres {
            for i in 0...segments {
                let a = start + Double.pi / 2 * Double(i) / Double(segments)
                result.append((cx + r * cos(a), cy + r * sin(a)))
            }
        }
        return result
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where a view's card lands on screen: points of the card, given in the coordinates its face
/// was laid out in, taken through the view's current frame, its 4x4 transform and the
/// container's camera, with a true perspective divide (a polygon is clipped before the divide,
/// at the eye's plane and at `limit`, so each point lands exactly where it projects).
package struct ViewProjection: Sendable {
    /// View coordinates (relative to the frame's centre) to container coordinates, before the divide.
    package let matrix: Transform3D
    /// Card coordinates to view coordinates.
    package let scaleX: Double, scaleY: Double
    package let halfWidth: Double, halfHeight: Double
    /// The region of the screen a projected polygon is clipped to, in container coordinates.
    package let limit: Rect

    /// The projection of a view in `state` seen through `camera`, for a face laid out at
    /// `referenceWidth` x `referenceHeight`; polygons are clipped to `limit`.
    package init(state: ViewState, camera: Camera, referenceWidth: Double, referenceHeight: Double, limit: Rect) {
        let f = state.frame
        matrix = state.screenTransform(camera: camera)
        scaleX = referenceWidth > 0 ? f.width / referenceWidth : 0
        scaleY = referenceHeight > 0 ? f.height / referenceHeight : 0
        halfWidth = f.width / 2
        halfHeight = f.height / 2
        self.limit = limit
    }

    /// A card point in container coordinates before the divide.
    package func homogeneous(_ u: Double, _ v: Double) -> PolygonClipping.Homogeneous {
        let x = u * scaleX - halfWidth, y = v * scaleY - halfHeight
        let m = matrix.m
        return (m[0] * x + m[4] * y + m[12], m[1] * x + m[5] * y + m[13], m[3] * x + m[7] * y + m[15])
    }

    /// A card point on screen, or nil when it lies at or behind the eye.
    package func point(_ u: Double, _ v: Double) -> (x: Double, y: Double)? {
        let h = homogeneous(u, v)
        guard h.w > 1e-9 else { return nil }
        return (h.x / h.w, h.y / h.w)
    }

    /// A polygon of card points as drawn: clipped in front of the eye and to the limit, divided
    /// through; empty when none of it shows.
    package func project(_ polygon: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        PolygonClipping.project(polygon.map { homogeneous($0.x, $0.y) }, within: limit)
    }
}

/// Rounded rectangles as polygons.
package enum RoundedRect {
    /// The corner radius a rounded rectangle can actually have: at most half its shorter side.
    package static func clampedRadius(_ rect: Rect, _ radius: Double) -> Double {
        max(0, min(radius, rect.width / 2, rect.height / 2))
    }

    /// The outline of `rect` with corners of `radius`, clockwise from the top-left, with each
    /// corner's arc cut into a few straight segments.
    package static func points(_ rect: Rect, radius: Double) -> [(Double, Double)] {
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

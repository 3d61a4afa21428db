@testable import Renderers
import Testing
import TransitionCore

/// Projection clips a polygon of homogeneous points to the eye's plane and the limit before the
/// divide; a polygon wholly inside is only divided through.
@Suite("Polygon clipping")
struct PolygonClippingTests {
    let limit = Rect(x: -100, y: -50, width: 300, height: 200)

    @Test("a polygon wholly inside is divided through, point for point")
    func inside() {
        let square: [PolygonClipping.Homogeneous] = [(0, 0, 1), (20, 0, 2), (40, 40, 2), (0, 30, 0.5)]
        let projected = PolygonClipping.project(square, within: limit)
        #expect(projected.map(\.x) == [0, 10, 20, 0])
        #expect(projected.map(\.y) == [0, 0, 20, 60])
    }

    @Test("a polygon with one point past each side of the limit is cut on that side", arguments: [
        (300.0, 50.0), (50.0, -80.0), (50.0, 200.0), (-150.0, 50.0),
    ])
    func cut(_ outside: (x: Double, y: Double)) {
        let polygon: [PolygonClipping.Homogeneous] = [(0, 0, 1), (outside.x, outside.y, 1), (100, 100, 1), (0, 100, 1)]
        let projected = PolygonClipping.project(polygon, within: limit)
        #expect(projected.count == 5, "\(projected)")
        #expect(projected.allSatisfy { limit.holds($0) }, "\(projected)")
        #expect(!projected.contains { $0.x == outside.x && $0.y == outside.y })
    }

    @Test("a polygon crossing the eye's plane keeps only its part in front")
    func behind() {
        let polygon: [PolygonClipping.Homogeneous] = [(0, 0, 1), (10, 0, 1), (10, 10, -1), (0, 10, -1)]
        let projected = PolygonClipping.project(polygon, within: limit)
        #expect(projected.count >= 3)
        #expect(projected.contains { $0 == (0, 0) } && projected.contains { $0 == (10, 0) }, "\(projected)")
        #expect(projected.allSatisfy { $0.x.isFinite && $0.y >= 0 && limit.holds($0) }, "\(projected)")
    }

    @Test("fewer than three points, or none in front, is nothing")
    func empty() {
        #expect(PolygonClipping.project([], within: limit).isEmpty)
        #expect(PolygonClipping.project([(0, 0, 1), (1, 1, 1)], within: limit).isEmpty)
        #expect(PolygonClipping.project([(0, 0, -1), (10, 0, -1), (10, 10, -1)], within: limit).isEmpty)
    }
}

extension Rect {
    /// True when `point` is inside or on the edge, allowing for rounding in the last bits.
    fileprivate func holds(_ point: (x: Double, y: Double)) -> Bool {
        let slack = 1e-9
        return point.x >= x - slack && point.x <= maxX + slack && point.y >= y - slack && point.y <= maxY + slack
    }
}

import TransitionCore

/// The cubic Bézier curves a session has asked the host to evaluate, so a step does not build the
/// same solver (and its table of guesses) again on every call.
struct BezierCache {
    private var entries: [(points: SIMD4<Double>, curve: CubicBezier)] = []

    /// The curve with these control points; throws as ``CubicBezier/init(_:_:_:_:)`` does.
    mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(CubicBezier.Error) -> CubicBezier {
        let points = SIMD4(x1, y1, x2, y2)
        if let hit = entries.first(where: { $0.points == points }) {
            return hit.curve
        }
        let curve = try CubicBezier(x1, y1, x2, y2)
        if entries.count < 8 { entries.append((points, curve)) }
        return curve
    }
}

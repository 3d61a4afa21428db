@testable import PluginHost
import Testing
import TransitionCore

/// The session's cache of curves for the `cubic_bezier` host service.
@Suite("Bézier cache")
struct BezierCacheTests {
    @Test("a cached curve gives what a new one gives, for more curves than the cache keeps")
    func sameValues() throws {
        var cache = BezierCache()
        let curves = (0..<12).map { i in (0.05 * Double(i), 0.1, 0.25 + 0.05 * Double(i), 1.0) }
        for _ in 0..<2 {
            for c in curves {
                let cached = try cache.curve(c.0, c.1, c.2, c.3)
                let fresh = try CubicBezier(c.0, c.1, c.2, c.3)
                #expect(cached == fresh)
                for x in stride(from: 0.0, through: 1.0, by: 0.125) {
                    #expect(cached.value(at: x) == fresh.value(at: x), "\(c) at \(x)")
                }
            }
        }
    }

    @Test("invalid control points are refused, also after a valid curve was cached")
    func refuses() throws {
        var cache = BezierCache()
        _ = try cache.curve(0.25, 0.1, 0.25, 1)
        #expect(throws: CubicBezier.Error.self) { try cache.curve(1.5, 0, 0.5, 1) }
        #expect(throws: CubicBezier.Error.self) { try cache.curve(.nan, 0, 0.5, 1) }
    }
}

import TestSupport
import Testing
import TransitionCore

/// Control points of a curve under test.
private struct ControlPoints: Sendable, CustomTestStringConvertible {
    let x1: Double
    let y1: Double
    let x2: Double
    let y2: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    var testDescription: String { "(\(x1), \(y1), \(x2), \(y2))" }

    var curve: CubicBezier {
        get throws { try CubicBezier(x1, y1, x2, y2) }
    }

    /// True when y stays in [0, 1], so y(x) is nondecreasing.
    var isMonotone: Bool { (0...1).contains(y1) && (0...1).contains(y2) }
}

private let standardCurves: [ControlPoints] = [
    ControlPoints(0, 0, 1, 1),
    ControlPoints(0.25, 0.1, 0.25, 1),
    ControlPoints(0.42, 0, 1, 1),
    ControlPoints(0, 0, 0.58, 1),
    ControlPoints(0.42, 0, 0.58, 1),
    ControlPoints(0.4, 0, 0.2, 1),
    ControlPoints(0, 0, 0.2, 1),
    ControlPoints(0.4, 0, 1, 1),
    ControlPoints(0.4, 0, 0.6, 1),
    ControlPoints(0.34, 1.56, 0.64, 1),
]

private let pathologicalCurves: [ControlPoints] = [
    ControlPoints(0, 1, 0, 1),
    ControlPoints(1, 0, 0, 1),
    ControlPoints(0, 0, 0, 1),
    ControlPoints(1, 1, 0, 0),
    ControlPoints(1, 0, 1, 0),
    ControlPoints(1, 0, 1, 1),
    ControlPoints(0, 0, 1, 0),
    ControlPoints(0, 1, 1, 0),
    ControlPoints(0.5, -2, 0.5, 3),
    ControlPoints(0.01, 0.99, 0.01, 0.99),
    ControlPoints(0.99, 0.01, 0.99, 0.01),
    ControlPoints(0.9999999999, 0, 1e-10, 1),
    ControlPoints(1e-9, 1, 1 - 1e-9, 0),
    ControlPoints(0.3, 2.5, 0.7, -1.5),
]

/// Inputs spread over [0, 1]: an even grid, pseudo-random points and points next to the spots
/// where some curves are flat in x (0, 1/2 and 1).
private let sampleInputs: [Double] = {
    var inputs = (0...10_000).map { Double($0) / 10_000 }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2_000 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        inputs.append(Double(state >> 11) / Double(1 << 53))
    }
    inputs += [
        .leastNonzeroMagnitude, 1e-300, 1e-20, 1e-12, 1e-9, 1e-7,
        0.5.nextDown, 0.5.nextUp, 0.5 - 1e-15, 0.5 + 1e-15, 0.5 - 1e-9, 0.5 + 1e-9,
        1.0.nextDown, 1 - 1e-15, 1 - 1e-12, 1 - 1e-9,
    ]
    return inputs
}()

// MARK: - Tests

@Suite struct CubicBezierTests {
    @Test("matches an exact solver within 1e-9", arguments: standardCurves + pathologicalCurves)
    fileprivate func accuracy(_ points: ControlPoints) throws {
        let curve = try points.curve
        var worst = 0.0
        var worstInput = 0.0
        for x in sampleInputs {
            let error = abs(curve.value(at: x) - ReferenceBezier(points.x1, points.y1, points.x2, points.y2).value(at: x))
            if !(error <= worst) {
                worst = error
                worstInput = x
            }
        }
        #expect(worst <= 1e-9, "max error \(worst) at x = \(worstInput)")
    }

    @Test("is exactly 0 at 0 and 1 at 1", arguments: standardCurves + pathologicalCurves)
    fileprivate func endpoints(_ points: ControlPoints) throws {
        let curve = try points.curve
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: -0.0) == 0)
        #expect(curve.value(at: 1) == 1)
    }

    @Test("never decreases when y stays in [0, 1]",
          arguments: (standardCurves + pathologicalCurves).filter(\.isMonotone))
    fileprivate func monotone(_ points: ControlPoints) throws {
        let curve = try points.curve
        var previous = curve.value(at: 0)
        for i in 1...20_000 {
            let value = curve.value(at: Double(i) / 20_000)
            #expect(value >= previous, "decreases at x = \(Double(i) / 20_000)")
            if value < previous { return }
            previous = value
        }
    }

    @Test("an identity curve returns its input exactly",
          arguments: [ControlPoints(0, 0, 1, 1), ControlPoints(0.3, 0.3, 0.7, 0.7), ControlPoints(1, 1, 0, 0)])
    fileprivate func identity(_ points: ControlPoints) throws {
        let curve = try points.curve
        for x in [-3, -0.25, 0.1, 1.0 / 3, 0.5, 0.9, 1.5, 42] {
            #expect(curve.value(at: x) == x)
        }
    }

    @Test("continues along the end tangents outside [0, 1]", arguments: standardCurves + [
        ControlPoints(0.5, -2, 0.5, 3), ControlPoints(0.3, 2.5, 0.7, -1.5), ControlPoints(1, 0, 0, 1),
    ])
    fileprivate func extrapolation(_ points: ControlPoints) throws {
        let curve = try points.curve
        let h = 1e-5
        // Slope just inside each end, measured on the curve itself.
        let insideStart = (curve.value(at: h) - curve.value(at: 0)) / h
        let insideEnd = (curve.value(at: 1) - curve.value(at: 1 - h)) / h
        let outsideStart = curve.value(at: -0.5) / -0.5
        let outsideEnd = (curve.value(at: 1.5) - 1) / 0.5
        #expect(abs(outsideStart - insideStart) <= 0.01 * max(1, abs(insideStart)))
        #expect(abs(outsideEnd - insideEnd) <= 0.01 * max(1, abs(insideEnd)))
        // Straight lines through the end points.
        #expect(abs(curve.value(at: -2) - 4 * curve.value(at: -0.5)) <= 1e-12)
        #expect(abs((curve.value(at: 3) - 1) - 4 * (curve.value(at: 1.5) - 1)) <= 1e-12)
    }

    @Test("uses Chromium's slopes where an end tangent is degenerate")
    func degenerateTangents() throws {
        // x1 = 0 and y1 ≠ 0: the start slope is 0.
        #expect(try CubicBezier(0, 1, 0, 1).value(at: -1) == 0)
        // x1 = 0, y1 = 0, x2 > 0: the slope towards the second control point, y2 / x2.
        #expect(abs(try CubicBezier(0, 0, 0.5, 0.8).value(at: -1) + 1.6) <= 1e-15)
        // x2 = 1 and y2 = 1: the end slope points back to the first control point.
        #expect(abs(try CubicBezier(0.5, 0.2, 1, 1).value(at: 2) - (1 + 0.8 / 0.5)) <= 1e-15)
        // x2 = 1 and y2 ≠ 1: the end slope is 0.
        #expect(try CubicBezier(0.2, 0.1, 1, 0.5).value(at: 3) == 1)
    }

    @Test("rejects x outside [0, 1], naming the value",
          arguments: [(1.5, 0.5, "x1"), (-0.1, 0.5, "x1"), (0.5, 1.0000001, "x2"), (0.5, -2, "x2")])
    func rejectsOutOfRange(x1: Double, x2: Double, name: String) {
        let bad = name == "x1" ? x1 : x2
        #expect(throws: CubicBezier.Error.xOutOfRange(coordinate: name, value: bad)) {
            try CubicBezier(x1, 0, x2, 1)
        }
        do {
            _ = try CubicBezier(x1, 0, x2, 1)
        } catch {
            #expect(error.description.contains(name))
            #expect(error.description.contains("\(bad)"))
        }
    }

    @Test("rejects NaN and infinities")
    func rejectsNonFinite() {
        #expect(throws: CubicBezier.Error.self) { try CubicBezier(.nan, 0, 1, 1) }
        #expect(throws: CubicBezier.Error.self) { try CubicBezier(0, 0, .infinity, 1) }
        do {
            _ = try CubicBezier(0.2, .nan, 0.8, 1)
            Issue.record("NaN y1 accepted")
        } catch {
            guard case let .nonFinite(coordinate, value) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(coordinate == "y1")
            #expect(value.isNaN)
            #expect(error.description.contains("y1"))
            #expect(error.description.contains("nan"))
        }
        #expect(throws: CubicBezier.Error.nonFinite(coordinate: "y2", value: -.infinity)) {
            try CubicBezier(0.2, 0, 0.8, -.infinity)
        }
    }

    @Test("accepts y outside [0, 1] and overshoots")
    func overshoot() throws {
        let curve = try CubicBezier(0.5, -2, 0.5, 3)
        let values = (0...1000).map { curve.value(at: Double($0) / 1000) }
        #expect(values.min()! < -0.1)
        #expect(values.max()! > 1.1)
    }

    @Test("describes itself as CSS")
    func description() throws {
        #expect(try CubicBezier(0.25, 0.1, 0.25, 1).description == "cubic-bezier(0.25, 0.1, 0.25, 1)")
        #expect(try CubicBezier(0, -2, 1, 3.5).description == "cubic-bezier(0, -2, 1, 3.5)")
    }

    @Test("equality and hashing follow the control points")
    func equality() throws {
        let a = try CubicBezier(0.1, 0.2, 0.3, 0.4)
        #expect(a == (try CubicBezier(0.1, 0.2, 0.3, 0.4)))
        #expect(a != (try CubicBezier(0.1, 0.2, 0.3, 0.5)))
        #expect(Set([a, try CubicBezier(0.1, 0.2, 0.3, 0.4)]).count == 1)
    }

    @Test("NaN input gives NaN")
    func nanInput() throws {
        #expect(try CubicBezier(0.25, 0.1, 0.25, 1).value(at: .nan).isNaN)
    }
}

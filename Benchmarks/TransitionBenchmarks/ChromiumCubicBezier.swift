// A Swift port of Chromium's cubic Bézier solver, `gfx::CubicBezier` (ui/gfx/geometry/cubic_bezier.cc
// and cubic_bezier.h), the yardstick of the Timing/bezier benchmarks: same coefficients, the same
// 11-sample spline for the first guess, at most 4 Newton steps, then bisection, with Chromium's
// default epsilon of 1e-7 on x.
//
// Copyright 2014 The Chromium Authors. Use of this source code is governed by a BSD-style
// license: Chromium's LICENSE file (BSD 3-Clause), https://chromium.googlesource.com/chromium/src/+/main/LICENSE

/// Chromium's `gfx::CubicBezier`, ported for comparison; only what `Solve(x)` needs.
struct ChromiumCubicBezier {
    private let ax, bx, cx, ay, by, cy: Double
    private let startGradient, endGradient: Double
    /// x at t = i / 10, i = 0...10 (`CUBIC_BEZIER_SPLINE_SAMPLES`), held inline as Chromium's array is.
    private let splineSamples: SIMD16<Double>

    static let splineSampleCount = 11
    static let maxNewtonIterations = 4
    static let epsilon = 1e-7

    /// The curve `cubic-bezier(p1x, p1y, p2x, p2y)`.
    init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        cx = 3.0 * p1x
        bx = 3.0 * (p2x - p1x) - cx
        ax = 1.0 - cx - bx
        cy = 3.0 * p1y
        by = 3.0 * (p2y - p1y) - cy
        ay = 1.0 - cy - by

        startGradient = p1x > 0 ? p1y / p1x : (p1y == 0 && p2x > 0 ? p2y / p2x : (p1y == 0 && p2y == 0 ? 1 : 0))
        endGradient = p2x < 1 ? (p2y - 1) / (p2x - 1) : (p2y == 1 && p1x < 1 ? (p1y - 1) / (p1x - 1) : (p2y == 1 && p1y == 1 ? 1 : 0))

        let deltaT = 1.0 / Double(Self.splineSampleCount - 1)
        var samples = SIMD16<Double>(repeating: 1)
        for i in 0..<Self.splineSampleCount {
            let t = Double(i) * deltaT
            samples[i] = ((ax * t + bx) * t + cx) * t
        }
        splineSamples = samples
    }

    @inline(__always) private func sampleCurveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) private func sampleCurveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) private func sampleCurveDerivativeX(_ t: Double) -> Double { (3.0 * ax * t + 2.0 * bx) * t + cx }

    /// `CubicBezier::SolveCurveX(x, epsilon)`.
    func solveCurveX(_ x: Double, epsilon: Double) -> Double {
        var t0 = 0.0
        var t1 = 0.0
        var t2 = x
        var x2 = 0.0
        let deltaT = 1.0 / Double(Self.splineSampleCount - 1)
        for i in 1..<Self.splineSampleCount where x <= splineSamples[i] {
            t1 = deltaT * Double(i)
            t0 = t1 - deltaT
            t2 = t0 + (t1 - t0) * (x - splineSamples[i - 1]) / (splineSamples[i] - splineSamples[i - 1])
            break
        }
        let newtonEpsilon = min(Self.epsilon, epsilon)
        for _ in 0..<Self.maxNewtonIterations {
            x2 = sampleCurveX(t2) - x
            if abs(x2) < newtonEpsilon { return t2 }
            let d2 = sampleCurveDerivativeX(t2)
            if abs(d2) < Self.epsilon { break }
            t2 = t2 - x2 / d2
        }
        if abs(x2) < epsilon { return t2 }
        while t0 < t1 {
            x2 = sampleCurveX(t2)
            if abs(x2 - x) < epsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 + t0) * 0.5
        }
        return t2
    }

    /// `CubicBezier::Solve(x)`: y for input x, with Chromium's default epsilon.
    func solve(_ x: Double) -> Double {
        if x < 0.0 { return 0.0 + startGradient * x }
        if x > 1.0 { return 1.0 + endGradient * (x - 1.0) }
        return sampleCurveY(solveCurveX(x, epsilon: Self.epsilon))
    }
}

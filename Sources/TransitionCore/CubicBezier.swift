/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function.
///
/// The curve runs from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2). For an input
/// x in [0, 1], ``value(at:)`` finds the curve parameter t with x(t) = x and returns y(t), with an
/// error below 1e-9 for every valid curve, including ones whose x(t) is flat somewhere (such as
/// `cubic-bezier(0, 1, 0, 1)` or `cubic-bezier(1, 0, 0, 1)`). Outside [0, 1] the curve continues
/// along its end tangents, as in CSS.
///
/// Both x coordinates must lie in [0, 1] so that the curve is a function of x; the y coordinates
/// may be any finite number (values outside [0, 1] overshoot). Two curves are equal when their
/// control points are equal.
public struct CubicBezier: Sendable, Hashable, CustomStringConvertible {
    /// Why a set of control points was rejected.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The named coordinate (`"x1"`, `"y1"`, `"x2"` or `"y2"`) is NaN or infinite.
        case nonFinite(coordinate: String, value: Double)
        /// The named x coordinate (`"x1"` or `"x2"`) lies outside [0, 1].
        case xOutOfRange(coordinate: String, value: Double)

        /// A message naming the offending coordinate and its value.
        public var description: String {
            switch self {
            case let .nonFinite(coordinate, value):
                return "cubic-bezier \(coordinate) must be a finite number, got \(value)"
            case let .xOutOfRange(coordinate, value):
                return "cubic-bezier \(coordinate) must be in [0, 1], got \(value)"
            }
        }
    }

    /// The x coordinate of the first control point, in [0, 1].
    public let x1: Double
    /// The y coordinate of the first control point.
    public let y1: Double
    /// The x coordinate of the second control point, in [0, 1].
    public let x2: Double
    /// The y coordinate of the second control point.
    public let y2: Double

    // x(t) = ((ax t + bx) t + cx) t and y(t) = ((ay t + by) t + cy) t.
    private let ax: Double
    private let bx: Double
    private let cx: Double
    private let ay: Double
    private let by: Double
    private let cy: Double
    // Coefficients of x'(t) = (dax t + dbx) t + cx.
    private let dax: Double
    private let dbx: Double
    // The x polynomial with coefficients held exactly, for the precise fallback.
    private let axExact: DoubleDouble
    private let bxExact: DoubleDouble
    private let cxExact: DoubleDouble
    /// The slope dy/dx used for x < 0.
    let startSlope: Double
    /// The slope dy/dx used for x > 1.
    let endSlope: Double
    /// True when y(t) = x(t), so the curve is the identity.
    private let isIdentity: Bool
    /// Largest error in t that keeps the error in y below 1e-9.
    private let parameterTolerance: Double
    /// The smallest x'(t) at which a double-precision Newton step is trusted.
    private let minimumFastSlope: Double
    /// A guess whose residual |x(t) - x| is at most this is final without a Newton step: it is the
    /// tolerance times the least slope of x(t) on [0, 1], less the residual's rounding error
    /// (negative, so never met, where x(t) is flat somewhere).
    private let directAcceptance: Double
    /// A Newton step `s` at slope `d` is final when `s * s * stepAcceptance <= d`.
    private let stepAcceptance: Double
    /// The table of initial guesses: t(x) and its slope at x = i / 16.
    private let guesses: BezierGuessTable

    /// The number of equal x intervals in the table of initial guesses.
    static let guessSegments = 16
    /// The accuracy in y that the solver aims for.
    static let valueTolerance = 1e-9

    /// Creates the timing function `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// - Throws: ``Error/nonFinite(coordinate:value:)`` when a coordinate is NaN or infinite, and
    ///   ``Error/xOutOfRange(coordinate:value:)`` when `x1` or `x2` lies outside [0, 1].
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(Error) {
        try Self.requireFinite("x1", x1)
        try Self.requireFinite("y1", y1)
        try Self.requireFinite("x2", x2)
        try Self.requireFinite("y2", y2)
        try Self.requireUnitInterval("x1", x1)
        try Self.requireUnitInterval("x2", x2)
        self.init(validated: x1, y1, x2, y2)
    }

    /// Creates a curve from control points already known to be valid.
    init(validated x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2

        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        dax = 3 * ax
        dbx = 2 * bx

        let threeX1 = DoubleDouble.product(3, x1)
        let threeX2 = DoubleDouble.product(3, x2)
        cxExact = threeX1
        bxExact = threeX2 - threeX1 * 2
        axExact = DoubleDouble(1) + threeX1 - threeX2

        startSlope = Self.startGradient(x1, y1, x2, y2)
        endSlope = Self.endGradient(x1, y1, x2, y2)
        isIdentity = x1 == y1 && x2 == y2

        // |y'(t)| is bounded by 3 times the largest Bernstein coefficient of y'.
        let yDerivativeBound = 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2))
        let tolerance = Self.valueTolerance / yDerivativeBound
        parameterTolerance = tolerance
        // Rounding in x(t) - x (coefficients and Horner steps) stays below this bound.
        let residualError = 16 * Double.ulpOfOne * (1 + abs(ax) + abs(bx) + abs(cx))
        minimumFastSlope = 2 * residualError / tolerance
        // x'(t) = 3 ax t² + 2 bx t + cx is least at an end or at its vertex.
        var leastSlope = min(cx, 3 * ax + 2 * bx + cx)
        if ax != 0 {
            let vertex = -bx / (3 * ax)
            if vertex > 0 && vertex < 1 { leastSlope = min(leastSlope, (3 * ax * vertex + 2 * bx) * vertex + cx) }
        }
        directAcceptance = tolerance * leastSlope * 0.5 - residualError
        // |x''(t)| is largest at an end, where it is 6 (x2 - 2 x1) or 6 (1 - 2 x2 + x1).
        let curvatureBound = 6 * max(abs(x2 - 2 * x1), abs(1 - 2 * x2 + x1), 1e-3)
        stepAcceptance = 4 * curvatureBound / tolerance

        guesses = BezierGuessTable(ax: ax, bx: bx, cx: cx, segments: Self.guessSegments)
    }

    /// `cubic-bezier(x1, y1, x2, y2)` with the coordinates written as short as they round-trip.
    public var description: String {
        "cubic-bezier(\(Self.format(x1)), \(Self.format(y1)), \(Self.format(x2)), \(Self.format(y2)))"
    }

    /// The output of the timing function for input `x`.
    ///
    /// In [0, 1] this is y(t) for the t with x(t) = x; it is exactly 0 at 0 and exactly 1 at 1.
    /// Below 0 and above 1 the result follows a straight line through the nearer end, with
    /// Chromium's slopes: at the start y1/x1 when x1 > 0, else y2/x2 when y1 = 0 and x2 > 0,
    /// else 1 when y1 = y2 = 0, else 0; at the end (y2 − 1)/(x2 − 1) when x2 < 1, else
    /// (y1 − 1)/(x1 − 1) when y2 = 1 and x1 < 1, else 1 when y1 = y2 = 1, else 0. A curve with
    /// x1 = y1 and x2 = y2 is the identity everywhere. NaN gives NaN.
    public func value(at x: Double) -> Double {
        if isIdentity { return x }
        if x > 0 && x < 1 {
            let t = solveParameter(forX: x)
            return ((ay * t + by) * t + cy) * t
        }
        if x <= 0 {
            return x == 0 || startSlope == 0 ? 0 : startSlope * x
        }
        if x >= 1 {
            return x == 1 || endSlope == 0 ? 1 : 1 + endSlope * (x - 1)
        }
        return x
    }

    /// The curve parameter t in [0, 1] with x(t) = x, for x in [0, 1], to within a tolerance that
    /// keeps the error in y(t) below 1e-9.
    ///
    /// Newton steps from a tabulated guess, kept inside a bracket, settle typical inputs in two
    /// steps. Where x(t) is nearly flat a double cannot locate t well enough, so the remaining
    /// bracket is bisected with x(t) evaluated in double-double precision.
    func solveParameter(forX x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let scaled = x * Double(Self.guessSegments)
        let index = Int(scaled)
        let u = scaled - Double(index)
        let g = guesses.entries
        let t0 = g[2 * index], m0 = g[2 * index + 1], t1 = g[2 * index + 2], m1 = g[2 * index + 3]
        // The cubic Hermite interpolant of t(x) on the interval: within about 1e-6 of the solution
        // on smooth curves, so that one Newton step is usually final.
        let d = t1 - t0
        var t = t0 + u * (m0 + u * ((3 * d - 2 * m0 - m1) + u * (m0 + m1 - 2 * d)))
        var low = 0.0
        var high = 1.0
        for _ in 0..<12 {
            let residual = ((ax * t + bx) * t + cx) * t - x
            if abs(residual) <= directAcceptance { return t }
            let slope = (dax * t + dbx) * t + cx
            guard slope >= minimumFastSlope else {
                if residual < 0 { low = t } else { high = t }
                break
            }
            let step = residual / slope
            // With |x''| <= M the error after this step is at most 2 M step² / slope, and rounding
            // in the residual adds at most residualError / slope; each is below half the tolerance.
            if step * step * stepAcceptance <= slope {
                return t - step
            }
            if residual < 0 { low = t } else { high = t }
            let next = t - step
            t = next > low && next < high ? next : 0.5 * (low + high)
        }
        return refineParameter(forX: x, low: low, high: high)
    }

    /// Bisection on a bracket of the solution, with x(t) - x evaluated in double-double.
    private func refineParameter(forX x: Double, low: Double, high: Double) -> Double {
        var low = low
        var high = high
        // The double-precision bracket may be off by rounding near flat spots; check it.
        if preciseResidual(low, x) > 0 { low = 0 }
        if preciseResidual(high, x) < 0 { high = 1 }
        while high - low > parameterTolerance {
            let middle = 0.5 * (low + high)
            guard middle > low && middle < high else { break }
            let residual = preciseResidual(middle, x)
            if residual < 0 {
                low = middle
            } else if residual > 0 {
                high = middle
            } else {
                return middle
            }
        }
        return 0.5 * (low + high)
    }

    /// The sign-accurate value of x(t) - x.
    private func preciseResidual(_ t: Double, _ x: Double) -> Double {
        var p = axExact * t + bxExact
        p = p * t + cxExact
        p = p * t - DoubleDouble(x)
        return p.hi
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    /// Curves are equal when their control points are equal.
    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    /// Throws unless `value` is finite.
    private static func requireFinite(_ name: String, _ value: Double) throws(Error) {
        if !value.isFinite { throw .nonFinite(coordinate: name, value: value) }
    }

    /// Throws unless `value` lies in [0, 1].
    private static func requireUnitInterval(_ name: String, _ value: Double) throws(Error) {
        if !(value >= 0 && value <= 1) { throw .xOutOfRange(coordinate: name, value: value) }
    }

    /// Chromium's slope at the start: the direction to the first control point that differs
    /// from (0, 0), 1 when the curve is flat there in both coordinates, otherwise 0.
    static func startGradient(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x1 > 0 { return y1 / x1 }
        if y1 == 0 && x2 > 0 { return y2 / x2 }
        if y1 == 0 && y2 == 0 { return 1 }
        return 0
    }

    /// Chromium's slope at the end, the mirror image of ``startGradient(_:_:_:_:)``.
    static func endGradient(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x2 < 1 { return (y2 - 1) / (x2 - 1) }
        if y2 == 1 && x1 < 1 { return (y1 - 1) / (x1 - 1) }
        if y2 == 1 && y1 == 1 { return 1 }
        return 0
    }

    /// A coordinate as CSS would write it: integers without a fraction, others round-tripping.
    static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }
}

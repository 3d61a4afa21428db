import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

/// Two cubic Béziers joined at a point, as Flutter's `ThreePointCubic` and the Material 3
/// emphasized path: the first runs from (0, 0) to the joint, the second from the joint to (1, 1),
/// each given by its control points normalised to its own box.
struct TwoCubics: Sendable {
    var jointX: Double
    var jointY: Double
    var first: (Double, Double, Double, Double)
    var second: (Double, Double, Double, Double)

    /// The Material 3 emphasized path `M0,0 C0.05,0 0.133333,0.06 0.166666,0.4 C0.208333,0.82
    /// 0.25,1 1,1`: normalised, (0.3, 0, 0.8, 0.15) then (0.05, 0.7, 0.1, 1).
    /// Source: research/modern_anchors.md §1 (MDC tokens.xml, Flutter Easing, Compose MotionTokens).
    static let emphasized = TwoCubics(jointX: 0.166666, jointY: 0.4, first: (0.3, 0, 0.8, 0.15), second: (0.05, 0.7, 0.1, 1))

    /// Flutter's `fastOutExtraSlowIn` scale sequence of the zoom page transition: 0.4 of the way
    /// by cubic(0.05, 0, 0.133333, 0.06) over the first 0.166666, then cubic(0.208333, 0.82, 0.25, 1).
    /// Source: research/modern_anchors.md §3 (page_transitions_theme.dart).
    static let fastOutExtraSlowIn = TwoCubics(jointX: 0.166666, jointY: 0.4, first: (0.05, 0, 0.133333, 0.06), second: (0.208333, 0.82, 0.25, 1))

    /// Flutter's `fastEaseInToSlowEaseOut`: a1 (0.056, 0.024), b1 (0.108, 0.3085), mid (0.198,
    /// 0.541), a2 (0.3655, 1.0), b2 (0.5465, 0.989), normalised to each segment's box.
    /// Source: research/modern_anchors.md §1 (curves.dart, fitted to iOS 16.3 frames).
    static let fastEaseInToSlowEaseOut = TwoCubics(
        jointX: 0.198, jointY: 0.541,
        first: (0.056 / 0.198, 0.024 / 0.541, 0.108 / 0.198, 0.3085 / 0.541),
        second: ((0.3655 - 0.198) / 0.802, (1.0 - 0.541) / 0.459, (0.5465 - 0.198) / 0.802, (0.989 - 0.541) / 0.459))
}

/// A damped spring of mass 1 in physical time, from 0 to 1 with no initial velocity, as Material's
/// spring tokens give it: a damping ratio ζ and a stiffness k (1/s²).
struct PhysicalSpring: Sendable, Equatable {
    var dampingRatio: Double
    var stiffness: Double

    /// The band around the target that ends the motion, as a fraction of the travel.
    static let settlingEpsilon = 1e-3

    /// The spring's position `time` seconds after its start: 1 + x(t), where x is the closed-form
    /// displacement of x'' + 2ζω x' + ω² x = 0 from x(0) = −1, x'(0) = 0, ω = √k.
    func value(at time: Double) -> Double {
        let omega = stiffness.squareRoot(), zeta = dampingRatio
        if zeta < 1 {
            let decay = zeta * omega, frequency = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-decay * time) * (cos(frequency * time) + decay / frequency * sin(frequency * time))
        }
        if zeta == 1 { return 1 - exp(-omega * time) * (1 + omega * time) }
        let root = (zeta * zeta - 1).squareRoot()
        let fast = -omega * (zeta + root), slow = -omega / (zeta + root)
        // x = c1 e^(slow t) + c2 e^(fast t), with c1 + c2 = −1 and slow c1 + fast c2 = 0.
        let c2 = slow / (fast - slow)
        return 1 + (-1 - c2) * exp(slow * time) + c2 * exp(fast * time)
    }

    /// The time in seconds after which the spring stays within ``settlingEpsilon`` of its target,
    /// by the rule of the host's `Spring.settlingDuration` (TransitionCore/Spring.swift): for
    /// ζ < 1 the decay envelope's, T = ln((1 + |B|) / ε) / (ζω) with |B| = ζ / √(1 − ζ²); for
    /// ζ ≥ 1 the last time the distance to the target is ε.
    var settlingDuration: Double {
        let omega = stiffness.squareRoot(), zeta = dampingRatio, epsilon = Self.settlingEpsilon
        if zeta < 1 {
            let b = zeta / (1 - zeta * zeta).squareRoot()
            return log((1 + b) / epsilon) / (zeta * omega)
        }
        // The distance decreases monotonically: bisect 1 − value(t) = ε.
        var low = 0.0, high = 1.0 / omega
        while 1 - value(at: high) > epsilon { high *= 2 }
        for _ in 0..<200 {
            let middle = 0.5 * (low + high)
            if middle <= low || middle >= high { break }
            if 1 - value(at: middle) > epsilon { low = middle } else { high = middle }
        }
        return high
    }
}

/// An easing, evaluated through the host's timing services.
indirect enum Easing: Sendable {
    case curve(tc_curve_t)
    case bezier(Double, Double, Double, Double)
    case twoCubics(TwoCubics)
    /// The host's spring fitted to the transition, with an initial velocity in units of the
    /// whole distance per duration.
    case spring(dampingRatio: Double, velocity: Double = 0)
    /// An exponential approach reaching 1 exactly at the end: 1/e every `timeConstant` of the
    /// transition's length.
    case decay(timeConstant: Double)
    /// A spring in physical time over a transition of `seconds`: the spring's own position at
    /// progress × seconds, and 1 from progress 1 on (the spring is then within its settling
    /// band of the target, as an Android `SpringAnimation` ends on its target).
    case physicalSpring(PhysicalSpring, seconds: Double)
    /// Android's `AccelerateDecelerateInterpolator`, the default of every `ValueAnimator`:
    /// cos((t + 1)π) / 2 + 0.5.
    case accelerateDecelerate
    /// Two easings one after the other, joined at (`at`, `at`): `first` takes the value from 0 to
    /// `at` over the time 0…`at`, `second` from `at` to 1 over the rest, each on its own time
    /// fraction. A gesture phase followed by a commit phase, each with its own curve.
    case phases(at: Double, first: Easing, second: Easing)
    /// One easing applied to the value of another: `outer(inner(t))`, as Flutter's CurveTween
    /// driven by an already curved animation.
    case composed(outer: Easing, inner: Easing)

    static let linear = Easing.curve(TC_CURVE_LINEAR)

    /// Flutter's `Curves.linearToEaseOut`, cubic(0.35, 0.91, 0.33, 0.97) (curves.dart).
    static let linearToEaseOut = Easing.bezier(0.35, 0.91, 0.33, 0.97)

    /// Flutter's `Curves.easeInToLinear`, cubic(0.67, 0.03, 0.65, 0.09) (curves.dart): the flip of
    /// `linearToEaseOut`, the curve a falling route value plays it with.
    static let easeInToLinear = Easing.bezier(0.67, 0.03, 0.65, 0.09)

    /// True when this easing and `other` give the same value at every time.
    func isSame(as other: Easing) -> Bool {
        switch (self, other) {
        case (.curve(let a), .curve(let b)): return a == b
        case (.bezier(let a1, let b1, let c1, let d1), .bezier(let a2, let b2, let c2, let d2)): return a1 == a2 && b1 == b2 && c1 == c2 && d1 == d2
        case (.twoCubics(let a), .twoCubics(let b)):
            return a.jointX == b.jointX && a.jointY == b.jointY && a.first == b.first && a.second == b.second
        case (.spring(let z1, let v1), .spring(let z2, let v2)): return z1 == z2 && v1 == v2
        case (.decay(let a), .decay(let b)): return a == b
        case (.physicalSpring(let a, let s1), .physicalSpring(let b, let s2)): return a == b && s1 == s2
        case (.accelerateDecelerate, .accelerateDecelerate): return true
        case (.phases(let a1, let f1, let s1), .phases(let a2, let f2, let s2)): return a1 == a2 && f1.isSame(as: f2) && s1.isSame(as: s2)
        case (.composed(let o1, let i1), .composed(let o2, let i2)): return o1.isSame(as: o2) && i1.isSame(as: i2)
        default: return false
        }
    }

    func value(_ ctx: UnsafePointer<tc_context_t>, _ t: Double) -> Double {
        // The services are read from the table in place: a copy of the table costs more than a call.
        switch self {
        case .curve(let c): return ctx.pointee.host.pointee.timing_curve(ctx, c.rawValue, t)
        case .bezier(let x1, let y1, let x2, let y2): return ctx.pointee.host.pointee.cubic_bezier(ctx, x1, y1, x2, y2, t)
        case .spring(let zeta, let v): return ctx.pointee.host.pointee.spring(ctx, zeta, v, t)
        case .decay(let tau):
            if t >= 1 { return 1 + (t - 1) * exp(-1 / tau) / (tau * (1 - exp(-1 / tau))) }
            return (1 - exp(-t / tau)) / (1 - exp(-1 / tau))
        case .physicalSpring(let spring, let seconds):
            if t <= 0 { return 0 }
            if t >= 1 { return 1 }
            return spring.value(at: t * seconds)
        case .accelerateDecelerate:
            return cos((t + 1) * Double.pi) / 2 + 0.5
        case .phases(let at, let first, let second):
            if t < at { return at * first.value(ctx, t / at) }
            return at + (1 - at) * second.value(ctx, (t - at) / (1 - at))
        case .composed(let outer, let inner):
            return outer.value(ctx, inner.value(ctx, t))
        case .twoCubics(let c):
            let host = ctx.pointee.host.pointee
            if t < c.jointX {
                let (x1, y1, x2, y2) = c.first
                return c.jointY * host.cubic_bezier(ctx, x1, y1, x2, y2, t / c.jointX)
            }
            let (x1, y1, x2, y2) = c.second
            return c.jointY + (1 - c.jointY) * host.cubic_bezier(ctx, x1, y1, x2, y2, (t - c.jointX) / (1 - c.jointX))
        }
    }
}

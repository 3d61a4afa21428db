#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A spring from 0 to 1 stretched over a whole transition, in the manner of UIKit's
/// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`, in normalised
/// time: progress 0 is the start and progress 1 the end of the transition.
///
/// The natural frequency is chosen so that the spring's settling duration (see
/// ``Spring/settlingDuration(initialVelocity:epsilon:)``, ε = 1e-3) is exactly one unit of
/// normalised time. The spring has then come within 1e-3 of its target at progress 1; the
/// remaining gap is spread linearly over the transition so that the curve ends exactly at 1.
///
/// The damping ratio is clamped to [0.05, 1000] (NaN counts as 1), since a spring with less
/// damping would still oscillate visibly for most of the transition. The initial velocity is
/// clamped to [−1000, 1000] (NaN and infinities count as 0).
public struct FittedSpring: Sendable, Hashable {
    /// The damping ratio ζ in use, after clamping: 1 is critical, below 1 bounces.
    public let dampingRatio: Double
    /// The initial velocity in use, after clamping, in units of the whole distance per whole
    /// duration (1 would cover the distance in the duration at constant speed).
    public let initialVelocity: Double
    /// The natural frequency ω0 of the fitted spring, in radians per unit of normalised time.
    public let naturalFrequency: Double
    /// The displacement from 1 of the unnormalised spring.
    private let motion: DampedOscillator
    /// 1 − s(1): how far the spring is from its target at progress 1.
    private let endGap: Double

    /// The smallest damping ratio used.
    static let minimumDampingRatio = 0.05
    /// The largest damping ratio used.
    static let maximumDampingRatio = 1000.0
    /// The largest initial speed used.
    static let velocityLimit = 1000.0
    /// The band around the target that defines the settling duration.
    static let settlingEpsilon = 1e-3

    /// A spring with damping ratio `dampingRatio` and initial velocity `initialVelocity` (in
    /// units of the whole distance per whole duration), fitted to settle in exactly one unit of
    /// normalised time.
    public init(dampingRatio: Double, initialVelocity: Double = 0) {
        let zeta = dampingRatio.isNaN
            ? 1
            : min(max(dampingRatio, Self.minimumDampingRatio), Self.maximumDampingRatio)
        let velocity = initialVelocity.isFinite
            ? min(max(initialVelocity, -Self.velocityLimit), Self.velocityLimit)
            : 0
        self.dampingRatio = zeta
        self.initialVelocity = velocity
        let omega = Self.fittedFrequency(dampingRatio: zeta, initialVelocity: velocity)
        naturalFrequency = omega
        motion = DampedOscillator(naturalFrequency: omega, dampingRatio: zeta, displacement: -1, velocity: velocity)
        endGap = -motion.displacement(at: 1)
    }

    /// The unnormalised spring (mass 1) whose motion the curve follows, with one second standing
    /// for the whole duration.
    public var spring: Spring {
        Spring(mass: 1, stiffness: naturalFrequency * naturalFrequency, damping: 2 * dampingRatio * naturalFrequency)
    }

    /// The position at `progress`: s(p) + p (1 − s(1)), where s is the spring's value. Exactly 0
    /// at progress 0 and exactly 1 at progress 1; progress outside [0, 1] is clamped.
    public func value(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        return 1 + motion.displacement(at: progress) + progress * endGap
    }

    /// Hashes the damping ratio and initial velocity in use.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dampingRatio)
        hasher.combine(initialVelocity)
    }

    /// Fitted springs are equal when their damping ratios and initial velocities in use are.
    public static func == (a: FittedSpring, b: FittedSpring) -> Bool {
        a.dampingRatio == b.dampingRatio && a.initialVelocity == b.initialVelocity
    }

    /// The natural frequency at which the settling time is 1: a root of h(u) = ln T(e^u), where
    /// T is the settling time at natural frequency e^u. Without initial velocity T scales as
    /// 1/ω0, so h is linear with slope −1 and the first guess is exact; otherwise a bracket is
    /// found by stepping along that model and narrowed by the Illinois false-position method.
    static func fittedFrequency(dampingRatio zeta: Double, initialVelocity velocity: Double) -> Double {
        func h(_ u: Double) -> Double {
            let motion = DampedOscillator(
                naturalFrequency: exp(u), dampingRatio: zeta, displacement: -1, velocity: velocity
            )
            return log(motion.settlingTime(epsilon: settlingEpsilon))
        }
        var a = h(0)
        var ha = h(a)
        if ha == 0 { return exp(a) }
        var b = a + ha
        var hb = h(b)
        var expansions = 0
        while ha.sign == hb.sign && hb != 0 && expansions < 200 {
            let step = max(abs(hb), 0.5) * Double(1 << min(expansions, 10))
            a = b
            ha = hb
            b += hb > 0 ? step : -step
            hb = h(b)
            expansions += 1
        }
        if hb == 0 { return exp(b) }
        var side = 0
        for _ in 0..<200 {
            let u = (a * hb - b * ha) / (hb - ha)
            let hu = h(u)
            if hu == 0 || abs(b - a) <= 1e-15 * max(1, abs(u)) { return exp(u) }
            if hu.sign == hb.sign {
                b = u
                hb = hu
                if side == -1 { ha *= 0.5 }
                side = -1
            } else {
                a = u
                ha = hu
                if side == 1 { hb *= 0.5 }
                side = 1
            }
            if abs(hu) < 1e-15 { return exp(u) }
        }
        return exp(0.5 * (a + b))
    }
}

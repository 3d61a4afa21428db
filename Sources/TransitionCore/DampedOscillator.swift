#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The closed-form motion of a damped harmonic oscillator x'' + 2ζω0 x' + ω0² x = 0, where x is
/// the displacement from the rest position.
///
/// Underdamped: x(t) = e^(−ζω0 t) (A cos ωd t + B sin ωd t), ωd = ω0 √(1 − ζ²).
/// Critically damped (|ζ − 1| < 1e-9): x(t) = e^(−ω0 t) (A + B t).
/// Overdamped: x(t) = C1 e^(r1 t) + C2 e^(r2 t) with r1, r2 = −ω0 (ζ ∓ √(ζ² − 1)), written with
/// exponentials only so that large times cannot overflow.
struct DampedOscillator: Sendable, Hashable {
    /// The form of the solution and its coefficients.
    enum Motion: Sendable, Hashable {
        /// e^(−decay t) (a cos(frequency t) + b sin(frequency t)).
        case underdamped(decay: Double, frequency: Double, a: Double, b: Double)
        /// e^(−rate t) (a + b t).
        case critical(rate: Double, a: Double, b: Double)
        /// c1 e^(r1 t) + c2 e^(r2 t), with r2 < r1 < 0 (r1 is the slow mode).
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    /// The coefficients of the motion.
    let motion: Motion

    /// The motion with natural frequency `omega` (ω0 > 0, radians per unit time), damping ratio
    /// `zeta` (ζ ≥ 0), initial displacement `x0` and initial velocity `v0`.
    init(naturalFrequency omega: Double, dampingRatio zeta: Double, displacement x0: Double, velocity v0: Double) {
        if abs(zeta - 1) < 1e-9 {
            motion = .critical(rate: omega, a: x0, b: v0 + omega * x0)
        } else if zeta < 1 {
            let decay = zeta * omega
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            motion = .underdamped(decay: decay, frequency: frequency, a: x0, b: (v0 + decay * x0) / frequency)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            // r1 r2 = ω0², which gives the slow root without cancellation.
            let r2 = -omega * (zeta + root)
            let r1 = -omega / (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            motion = .overdamped(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
        }
    }

    /// The displacement at time `t`.
    func displacement(at t: Double) -> Double {
        switch motion {
        case let .underdamped(decay, frequency, a, b):
            let phase = frequency * t
            return exp(-decay * t) * (a * cos(phase) + b * sin(phase))
        case let .critical(rate, a, b):
            return exp(-rate * t) * (a + b * t)
        case let .overdamped(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The velocity (time derivative of the displacement) at time `t`.
    func velocity(at t: Double) -> Double {
        switch motion {
        case let .underdamped(decay, frequency, a, b):
            let phase = frequency * t
            let cosine = cos(phase)
            let sine = sin(phase)
            return exp(-decay * t) * ((b * frequency - decay * a) * cosine - (a * frequency + decay * b) * sine)
        case let .critical(rate, a, b):
            return exp(-rate * t) * (b - rate * (a + b * t))
        case let .overdamped(r1, r2, c1, c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// The time after which the displacement stays within `epsilon` of rest (0 when it never
    /// leaves that band; infinity without damping).
    ///
    /// Underdamped motion uses the envelope rule T = ln((|A| + |B|) / ε) / (ζω0): the envelope
    /// e^(−ζω0 t) (|A| + |B|) bounds |x(t)|, so the motion stays in the band after T (Apple's
    /// documented settling durations follow this rule). Critically damped and overdamped motion
    /// has at most one extremum and one zero crossing, after which |x| decreases monotonically;
    /// for those the result is the last time at which |x(t)| = ε, found by a bracketed root
    /// search on the monotone piece that contains it.
    func settlingTime(epsilon: Double) -> Double {
        switch motion {
        case let .underdamped(decay, _, a, b):
            guard decay > 0 else { return .infinity }
            return max(0, log((abs(a) + abs(b)) / epsilon) / decay)
        case let .critical(rate, a, b):
            let extremum = b != 0 ? 1 / rate - a / b : nil
            let crossing = b != 0 ? -a / b : nil
            return lastCrossing(of: epsilon, extremum: extremum, zero: crossing, scale: 1 / rate)
        case let .overdamped(r1, r2, c1, c2):
            var extremum: Double?
            var crossing: Double?
            if c1 != 0 {
                let ratio = -(c2 * r2) / (c1 * r1)
                if ratio > 0 { extremum = log(ratio) / (r1 - r2) }
                let zeroRatio = -c2 / c1
                if zeroRatio > 0 { crossing = log(zeroRatio) / (r1 - r2) }
            }
            return lastCrossing(of: epsilon, extremum: extremum, zero: crossing, scale: -1 / r1)
        }
    }

    /// The last time |x(t)| equals `epsilon`, for motion with at most one extremum (at
    /// `extremum`) and at most one zero crossing (at `zero`); `scale` is the slow time constant.
    private func lastCrossing(of epsilon: Double, extremum: Double?, zero: Double?, scale: Double) -> Double {
        let start = abs(displacement(at: 0))
        if let extremum, extremum > 0 {
            if abs(displacement(at: extremum)) > epsilon {
                // After the extremum |x| decreases monotonically to 0.
                return decreasingCrossing(of: epsilon, after: extremum, scale: scale)
            }
            // The motion never leaves the band after the extremum; before it, |x| decreases
            // from its start to the zero crossing (or to the extremum if it does not cross).
            guard start > epsilon else { return 0 }
            var end = extremum
            if let zero, zero > 0, zero < extremum { end = zero }
            return root(of: epsilon, low: 0, high: end)
        }
        guard start > epsilon else { return 0 }
        return decreasingCrossing(of: epsilon, after: 0, scale: scale)
    }

    /// The time after `start` at which |x|, decreasing from above `epsilon`, reaches it.
    private func decreasingCrossing(of epsilon: Double, after start: Double, scale: Double) -> Double {
        var step = scale
        var high = start + step
        var count = 0
        while abs(displacement(at: high)) > epsilon && count < 2000 {
            step *= 2
            high = start + step
            count += 1
        }
        return root(of: epsilon, low: start, high: high)
    }

    /// The solution of |x(t)| = `epsilon` in [low, high], where |x| decreases monotonically from
    /// above `epsilon` at `low` to at most `epsilon` at `high`: Newton steps on ln|x| (nearly
    /// linear in t for exponential decay), kept inside the bracket, bisecting when they leave it.
    private func root(of epsilon: Double, low: Double, high: Double) -> Double {
        var low = low
        var high = high
        let target = log(epsilon)
        var t = 0.5 * (low + high)
        for _ in 0..<200 {
            let x = displacement(at: t)
            let magnitude = abs(x)
            if magnitude > epsilon { low = t } else { high = t }
            if high - low <= 4 * high.ulp { return 0.5 * (low + high) }
            if magnitude > 0 {
                // d/dt ln|x| = x'/x.
                let slope = velocity(at: t) / x
                if slope < 0 {
                    let candidate = t - (log(magnitude) - target) / slope
                    if candidate > low && candidate < high {
                        if abs(candidate - t) <= 1e-14 * candidate { return candidate }
                        t = candidate
                        continue
                    }
                }
            }
            t = 0.5 * (low + high)
        }
        return 0.5 * (low + high)
    }
}

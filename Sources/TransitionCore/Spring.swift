/// A damped spring, m·x'' + c·x' + k·(x − target) = 0, animating a value from 0 to 1.
///
/// The three parameters can be given directly (as for `CASpringAnimation`) or in SwiftUI's terms
/// (response and damping fraction, or duration and bounce). The motion is evaluated in closed
/// form. Parameters must satisfy mass > 0, stiffness > 0 and damping ≥ 0, all finite; otherwise
/// every result is NaN.
public struct Spring: Sendable, Hashable {
    /// The mass m attached to the spring.
    public var mass: Double
    /// The spring constant k.
    public var stiffness: Double
    /// The damping coefficient c.
    public var damping: Double

    /// A spring with the given physical parameters.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring in SwiftUI's terms: `response` is the period of the undamped oscillation in
    /// seconds and `dampingFraction` the damping ratio ζ (1 is critical, below 1 bounces).
    ///
    /// k = m (2π / response)² and c = 2 ζ √(k m).
    public init(response: Double, dampingFraction: Double, mass: Double = 1) {
        let omega = 2 * Double.pi / response
        self.init(mass: mass, stiffness: mass * omega * omega, damping: 2 * dampingFraction * mass * omega)
    }

    /// A spring in SwiftUI's `Spring(duration:bounce:)` terms: `duration` is the response and
    /// `bounce` in (−1, 1] sets the damping ratio, ζ = 1 − bounce for bounce ≥ 0 and
    /// ζ = 1 / (1 + bounce) below 0. `Spring(duration: 0.5, bounce: 0.3)` has stiffness 157.91
    /// and damping 17.59.
    public init(duration: Double, bounce: Double) {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingFraction: zeta)
    }

    /// The undamped angular frequency ω0 = √(k / m), in radians per second.
    public var naturalFrequency: Double {
        (stiffness / mass).squareRoot()
    }

    /// The damping ratio ζ = c / (2 √(k m)): 1 is critical damping, below 1 bounces.
    public var dampingRatio: Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// The period of the undamped oscillation, 2π / ω0, in seconds (SwiftUI's response).
    public var response: Double {
        2 * Double.pi / naturalFrequency
    }

    /// The animated value at `time` seconds, starting at 0 with velocity `initialVelocity` (in
    /// units of the whole distance per second) and coming to rest at 1. Times before 0 give the
    /// start value 0.
    public func value(at time: Double, initialVelocity: Double = 0) -> Double {
        guard let motion = motion(initialVelocity: initialVelocity) else { return .nan }
        return 1 + motion.displacement(at: max(time, 0))
    }

    /// The velocity of the value at `time` seconds, in units of the whole distance per second.
    /// Times before 0 give `initialVelocity`.
    public func velocity(at time: Double, initialVelocity: Double = 0) -> Double {
        guard let motion = motion(initialVelocity: initialVelocity) else { return .nan }
        return motion.velocity(at: max(time, 0))
    }

    /// The time in seconds after which the value stays within `epsilon` of 1.
    ///
    /// For a bouncing spring (ζ < 1) this is T = ln((1 + |B|) / ε) / (ζ ω0) with
    /// B = (ζ ω0 − v0) / ωd and ωd = ω0 √(1 − ζ²): the time at which the decay envelope of the
    /// oscillation reaches ε, so the value never leaves the band afterwards. With mass 1,
    /// stiffness 100 and damping 5 this is 2.855 s. For critically damped and overdamped springs
    /// (|ζ − 1| < 1e-9 counts as critical) it is the exact last time at which |1 − value| = ε.
    /// An undamped spring never settles (infinity); 0 means the value never leaves the band.
    public func settlingDuration(initialVelocity: Double = 0, epsilon: Double = 1e-3) -> Double {
        guard let motion = motion(initialVelocity: initialVelocity), epsilon > 0 else { return .nan }
        return motion.settlingTime(epsilon: epsilon)
    }

    /// The displacement from the target, which starts at −1; nil for invalid parameters.
    private func motion(initialVelocity: Double) -> DampedOscillator? {
        guard mass > 0, stiffness > 0, damping >= 0,
              mass.isFinite, stiffness.isFinite, damping.isFinite, initialVelocity.isFinite
        else { return nil }
        return DampedOscillator(
            naturalFrequency: naturalFrequency,
            dampingRatio: dampingRatio,
            displacement: -1,
            velocity: initialVelocity
        )
    }
}

import Foundation
import Testing
import TransitionCore

/// A spring with an initial velocity, as a test argument.
private struct Launch: Sendable, CustomTestStringConvertible {
    let spring: Spring
    let velocity: Double

    init(mass: Double = 1, stiffness: Double, damping: Double, velocity: Double = 0) {
        spring = Spring(mass: mass, stiffness: stiffness, damping: damping)
        self.velocity = velocity
    }

    var testDescription: String {
        "m \(spring.mass), k \(spring.stiffness), c \(spring.damping), v0 \(velocity) (ζ \(spring.dampingRatio))"
    }
}

/// Under-, critically and overdamped springs, with and without initial velocity.
private let launches: [Launch] = [
    Launch(stiffness: 100, damping: 5),
    Launch(stiffness: 100, damping: 10, velocity: 3),
    Launch(mass: 2, stiffness: 50, damping: 3, velocity: -4),
    Launch(stiffness: 40, damping: 0),
    Launch(stiffness: 100, damping: 20),
    Launch(stiffness: 100, damping: 20, velocity: 7),
    Launch(mass: 0.5, stiffness: 200, damping: 20, velocity: -3),
    Launch(stiffness: 100, damping: 50),
    Launch(stiffness: 100, damping: 30, velocity: 10),
    Launch(mass: 3, stiffness: 10, damping: 40, velocity: -2),
]

/// Springs with ω0 = 10 over a range of damping ratios and launch velocities.
private let settlingCases: [Launch] = [0.1, 0.25, 0.5, 0.7, 0.9, 1, 1.5, 3].flatMap { zeta in
    [0, 5, -5, 20].map { v in Launch(stiffness: 100, damping: 20 * zeta, velocity: v) }
}

@Suite struct SpringTests {
    @Test("the closed form satisfies m x'' + c x' + k (x − 1) = 0", arguments: launches)
    fileprivate func satisfiesEquation(_ launch: Launch) {
        let s = launch.spring
        let v0 = launch.velocity
        let omega = s.naturalFrequency
        let zeta = s.dampingRatio
        // The fastest rate in the motion: ω0 (ζ + √(ζ² − 1)) when overdamped, else ω0.
        let fastest = omega * max(1, zeta + max(zeta * zeta - 1, 0).squareRoot())
        let h = 1e-3 / fastest
        for i in 1...400 {
            let t = Double(i) * 0.02 / omega
            let x = s.value(at: t, initialVelocity: v0)
            let before = s.value(at: t - h, initialVelocity: v0)
            let after = s.value(at: t + h, initialVelocity: v0)
            let acceleration = (after - 2 * x + before) / (h * h)
            let velocity = (after - before) / (2 * h)
            let terms = [s.mass * acceleration, s.damping * velocity, s.stiffness * (x - 1)]
            let residual = terms.reduce(0, +)
            let scale = terms.map(abs).reduce(0, +)
            #expect(abs(residual) <= 1e-5 * scale, "residual \(residual) of \(scale) at t = \(t)")
            let reported = s.velocity(at: t, initialVelocity: v0)
            #expect(abs(reported - velocity) <= 1e-5 * (abs(velocity) + fastest * abs(x - 1)), "velocity at t = \(t)")
            if !(abs(residual) <= 1e-5 * scale) { return }
        }
    }

    @Test("starts at 0 with the given velocity", arguments: launches)
    fileprivate func initialConditions(_ launch: Launch) {
        let s = launch.spring
        #expect(abs(s.value(at: 0, initialVelocity: launch.velocity)) <= 1e-12)
        #expect(abs(s.velocity(at: 0, initialVelocity: launch.velocity) - launch.velocity) <= 1e-12 * max(1, s.naturalFrequency))
        #expect(s.value(at: -1, initialVelocity: launch.velocity) == s.value(at: 0, initialVelocity: launch.velocity))
    }

    @Test("comes to rest at 1", arguments: launches.filter { $0.spring.damping > 0 })
    fileprivate func restsAtTarget(_ launch: Launch) {
        let s = launch.spring
        let late = 200 / s.naturalFrequency * max(1, s.dampingRatio * s.dampingRatio)
        #expect(abs(s.value(at: late, initialVelocity: launch.velocity) - 1) <= 1e-9)
    }

    @Test("stays within ε after the settling duration and not long before", arguments: settlingCases)
    fileprivate func settling(_ launch: Launch) {
        let s = launch.spring
        let v0 = launch.velocity
        let epsilon = 1e-3
        let duration = s.settlingDuration(initialVelocity: v0, epsilon: epsilon)
        #expect(duration > 0 && duration.isFinite)
        for i in 0...6_000 {
            let t = duration * (1 + 2 * Double(i) / 6_000)
            let gap = abs(1 - s.value(at: t, initialVelocity: v0))
            #expect(gap <= epsilon * (1 + 1e-6), "gap \(gap) at t = \(t), duration \(duration)")
            if gap > epsilon * (1 + 1e-6) { return }
        }
        let largestBefore = (0...6_000).map { i in
            abs(1 - s.value(at: duration * (0.5 + 0.5 * Double(i) / 6_000), initialVelocity: v0))
        }.max()!
        #expect(largestBefore > 0.5 * epsilon, "largest gap in the second half: \(largestBefore)")
    }

    @Test("critical and overdamped settling is the last crossing of ε",
          arguments: settlingCases.filter { $0.spring.dampingRatio >= 1 })
    fileprivate func exactCrossing(_ launch: Launch) {
        let s = launch.spring
        let duration = s.settlingDuration(initialVelocity: launch.velocity)
        let gap = abs(1 - s.value(at: duration, initialVelocity: launch.velocity))
        #expect(abs(gap - 1e-3) <= 1e-12)
    }

    @Test("matches Apple's documented CASpringAnimation settling durations")
    func appleDurations() {
        let bouncy = Spring(mass: 1, stiffness: 100, damping: 5).settlingDuration()
        #expect(abs(bouncy - 2.85) <= 0.01)
        let firm = Spring(mass: 1, stiffness: 100, damping: 15).settlingDuration()
        #expect(firm > 1.0 && firm < 1.1)
    }

    @Test("an undamped spring never settles")
    func undamped() {
        #expect(Spring(stiffness: 100, damping: 0).settlingDuration() == .infinity)
    }

    @Test("converts SwiftUI's duration and bounce")
    func swiftUIDurationBounce() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(spring.stiffness - 157.91) <= 0.005)
        #expect(abs(spring.damping - 17.59) <= 0.005)
        #expect(spring.mass == 1)
        #expect(abs(spring.response - 0.5) <= 1e-12)
        #expect(abs(spring.dampingRatio - 0.7) <= 1e-12)
        #expect(abs(Spring(duration: 1, bounce: -0.5).dampingRatio - 2) <= 1e-12)
        #expect(abs(Spring(duration: 1, bounce: 0).dampingRatio - 1) <= 1e-12)
    }

    @Test("converts to SwiftUI's response and damping fraction")
    func swiftUIResponse() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.response - 0.628) <= 0.0005)
        #expect(abs(spring.dampingRatio - 0.5) <= 1e-12)
        #expect(abs(spring.naturalFrequency - 10) <= 1e-12)
        let back = Spring(response: spring.response, dampingFraction: 0.5)
        #expect(abs(back.stiffness - 100) <= 1e-9)
        #expect(abs(back.damping - 10) <= 1e-9)
        let heavy = Spring(response: 0.8, dampingFraction: 0.6, mass: 3)
        #expect(abs(heavy.response - 0.8) <= 1e-12)
        #expect(abs(heavy.dampingRatio - 0.6) <= 1e-12)
        #expect(heavy.mass == 3)
    }

    @Test("invalid parameters give NaN")
    func invalid() {
        #expect(Spring(mass: 0, stiffness: 100, damping: 10).value(at: 0.5).isNaN)
        #expect(Spring(stiffness: -1, damping: 10).value(at: 0.5).isNaN)
        #expect(Spring(stiffness: 100, damping: -1).settlingDuration().isNaN)
        #expect(Spring(stiffness: 100, damping: 10).value(at: 0.5, initialVelocity: .nan).isNaN)
    }
}

@Suite struct FittedSpringTests {
    static let fits: [(Double, Double)] = [0.05, 0.2, 0.5, 0.6, 0.9, 0.999, 1, 1.001, 1.5, 3, 10].flatMap { zeta in
        [0, 1, 3, -2, 10].map { (zeta, $0) }
    }

    @Test("the unnormalised spring settles in exactly one unit", arguments: fits)
    func settlesInOneUnit(dampingRatio: Double, velocity: Double) {
        let fitted = FittedSpring(dampingRatio: dampingRatio, initialVelocity: velocity)
        #expect(fitted.naturalFrequency > 0)
        let duration = fitted.spring.settlingDuration(initialVelocity: velocity)
        #expect(abs(duration - 1) <= 1e-6, "settling duration \(duration)")
    }

    @Test("is exactly 0 at the start and 1 at the end", arguments: fits)
    func exactEnds(dampingRatio: Double, velocity: Double) {
        let fitted = FittedSpring(dampingRatio: dampingRatio, initialVelocity: velocity)
        #expect(fitted.value(at: 0) == 0)
        #expect(fitted.value(at: 1) == 1)
        #expect(fitted.value(at: -0.5) == 0)
        #expect(fitted.value(at: 1.5) == 1)
        // Continuous into the ends.
        #expect(abs(fitted.value(at: 1e-12)) <= 1e-9)
        #expect(abs(fitted.value(at: 1 - 1e-12) - 1) <= 1e-9)
    }

    @Test("starts with the given velocity plus the end correction", arguments: fits)
    func initialSlope(dampingRatio: Double, velocity: Double) {
        let fitted = FittedSpring(dampingRatio: dampingRatio, initialVelocity: velocity)
        let gap = 1 - fitted.spring.value(at: 1, initialVelocity: velocity)
        let h = 1e-7
        let slope = fitted.value(at: h) / h
        #expect(abs(slope - (velocity + gap)) <= 1e-3 * max(1, abs(velocity)), "slope \(slope)")
    }

    @Test("bounces past 1 at ζ = 0.6 but not at ζ = 1")
    func overshoot() {
        let bouncy = FittedSpring(dampingRatio: 0.6)
        let bouncyPeak = (0...1000).map { bouncy.value(at: Double($0) / 1000) }.max()!
        #expect(bouncyPeak > 1.05)
        let critical = FittedSpring(dampingRatio: 1)
        var previous = 0.0
        for i in 0...1000 {
            let value = critical.value(at: Double(i) / 1000)
            #expect(value <= 1)
            #expect(value >= previous)
            previous = value
        }
    }

    @Test("moves continuously", arguments: [(0.5, 0.0), (0.6, 0), (0.8, 2), (1, 0), (1, -3), (1.5, 5), (2, 0), (10, 0)])
    func continuity(dampingRatio: Double, velocity: Double) {
        let fitted = FittedSpring(dampingRatio: dampingRatio, initialVelocity: velocity)
        var previous = fitted.value(at: 0)
        var largestJump = 0.0
        for i in 1...240 {
            let value = fitted.value(at: Double(i) / 240)
            largestJump = max(largestJump, abs(value - previous))
            previous = value
        }
        #expect(largestJump < 0.05, "largest jump \(largestJump)")
    }

    @Test("clamps the damping ratio and velocity")
    func clamping() {
        #expect(FittedSpring(dampingRatio: 0).dampingRatio == 0.05)
        #expect(FittedSpring(dampingRatio: -3).dampingRatio == 0.05)
        #expect(FittedSpring(dampingRatio: .nan).dampingRatio == 1)
        #expect(FittedSpring(dampingRatio: 0.01) == FittedSpring(dampingRatio: 0.05))
        #expect(FittedSpring(dampingRatio: 0.7, initialVelocity: .infinity).initialVelocity == 0)
        let slow = FittedSpring(dampingRatio: 0.01)
        #expect(abs(slow.spring.settlingDuration() - 1) <= 1e-6)
        #expect(slow.value(at: 1) == 1)
    }

    @Test("the fitted frequency without velocity follows the envelope rule in closed form")
    func closedFormFrequency() {
        // With v0 = 0, T = ln((1 + ζ/√(1 − ζ²)) / ε) / (ζ ω0) = 1.
        for zeta in [0.1, 0.3, 0.6, 0.9] {
            let expected = log((1 + zeta / (1 - zeta * zeta).squareRoot()) / 1e-3) / zeta
            #expect(abs(FittedSpring(dampingRatio: zeta).naturalFrequency - expected) <= 1e-9 * expected)
        }
    }
}

/// Whether a released gesture finishes or cancels its transition, from where it let go and how
/// fast it was moving.
///
/// Velocities are in progress per second (1 crosses the whole transition in one second), positive
/// towards the end. The rule, in order:
/// 1. a flick forward, `velocity ≥ finishVelocity`, finishes;
/// 2. a flick back, `velocity ≤ −cancelVelocity`, cancels;
/// 3. otherwise the transition finishes when `fraction ≥ positionThreshold` and cancels below it.
///
/// The peers' choices, converted with `referenceDistance` (the drag that crosses the transition):
///
/// | preset                        | position | finish flick     | cancel flick     |
/// |-------------------------------|----------|------------------|------------------|
/// | `standard` (IBAnimatable)     | 0.5      | 1000 pt/s        | 1000 pt/s        |
/// | `touchwonders` (Transition)   | 1/3      | 1200 pt/s        | 1200 pt/s        |
/// | `swiftUINavigation`           | 0.2      | 675 pt/s         | 200 pt/s         |
/// | `positionOnly` (VCTransitions)| 0.5      | never            | never            |
///
/// `swiftUINavigation` reproduces swiftui-navigation-transitions' rule exactly: finish when
/// velocity > 675, or when the fraction is at least 0.2 and the velocity above −200.
public struct ReleaseDecision: Sendable, Hashable, CustomStringConvertible {
    /// The fraction at or above which a release without a flick finishes.
    public var positionThreshold: Double
    /// The forward velocity, in progress per second, at or above which a release finishes
    /// wherever it is; infinity for never.
    public var finishVelocity: Double
    /// The backward speed, in progress per second, at or above which a release cancels wherever
    /// it is; infinity for never.
    public var cancelVelocity: Double

    /// The drag length, in points, over which the presets convert point velocities: 390 pt, the
    /// width of the default container, the distance of an edge swipe across it.
    public static let referenceDistance = 390.0

    /// Creates a decision from thresholds in fractions and progress per second.
    public init(positionThreshold: Double, finishVelocity: Double, cancelVelocity: Double) {
        self.positionThreshold = positionThreshold
        self.finishVelocity = finishVelocity
        self.cancelVelocity = cancelVelocity
    }

    /// Creates a decision from thresholds in points per second over a drag of `distance` points.
    public init(positionThreshold: Double, finishPointsPerSecond: Double, cancelPointsPerSecond: Double, distance: Double = referenceDistance) {
        self.init(
            positionThreshold: positionThreshold, finishVelocity: finishPointsPerSecond / distance,
            cancelVelocity: cancelPointsPerSecond / distance)
    }

    /// The default: finish past half way, or on a flick of 1000 pt/s either way (IBAnimatable's
    /// pan interaction; UIKit's own back swipe behaves alike). About 2.56 progress per second.
    public static let standard = ReleaseDecision(positionThreshold: 0.5, finishPointsPerSecond: 1000, cancelPointsPerSecond: 1000)

    /// Touchwonders Transition's pan interaction: a third of the way, or a 1200 pt/s flick.
    public static let touchwonders = ReleaseDecision(positionThreshold: 1.0 / 3.0, finishPointsPerSecond: 1200, cancelPointsPerSecond: 1200)

    /// swiftui-navigation-transitions' back gesture: a fifth of the way unless moving back faster
    /// than 200 pt/s, or a 675 pt/s flick forward.
    public static let swiftUINavigation = ReleaseDecision(positionThreshold: 0.2, finishPointsPerSecond: 675, cancelPointsPerSecond: 200)

    /// VCTransitionsLibrary's swipe and pinch: half way, velocity ignored.
    public static let positionOnly = ReleaseDecision(positionThreshold: 0.5, finishVelocity: .infinity, cancelVelocity: .infinity)

    /// True when a gesture let go at `fraction` with `velocity` finishes the transition.
    public func finishes(fraction: Double, velocity: Double) -> Bool {
        if velocity >= finishVelocity { return true }
        if velocity <= -cancelVelocity { return false }
        return fraction >= positionThreshold
    }

    /// How near `fraction` may be to the position threshold for a release to count as a near
    /// miss.
    public static let nearMissMargin = 0.05

    /// Why a release at `fraction` with `velocity` finishes or cancels, when a user may expect the
    /// other outcome: it finishes while moving back or short of the threshold, cancels while
    /// moving forward or past it, or lets go within ``nearMissMargin`` of the threshold. Nil when
    /// the outcome is the expected one.
    public func nearMiss(fraction: Double, velocity: Double) -> String? {
        let finishes = self.finishes(fraction: fraction, velocity: velocity)
        let past = fraction >= positionThreshold
        let surprising = finishes ? (velocity < 0 || !past) : (velocity > 0 || past)
        guard surprising || abs(fraction - positionThreshold) < Self.nearMissMargin else { return nil }
        let p = Format.number(fraction, decimals: 3), t = Format.number(positionThreshold, decimals: 3)
        let v = Format.number(velocity, decimals: 3)
        let position = "position \(p) is \(past ? "at or past" : "short of") the threshold \(t)"
        let outcome = finishes ? "finishes" : "cancels"
        if velocity >= finishVelocity {
            return "\(outcome): velocity \(v)/s reaches the finish flick \(Format.number(finishVelocity, decimals: 3))/s, which finishes wherever it is (\(position))"
        }
        if velocity <= -cancelVelocity {
            return "\(outcome): velocity \(v)/s reaches the cancel flick −\(Format.number(cancelVelocity, decimals: 3))/s, which cancels wherever it is (\(position))"
        }
        func speed(_ s: Double) -> String { s.isFinite ? Format.number(s, decimals: 3) + "/s" : "never" }
        return "\(outcome): \(position), and velocity \(v)/s is no flick (finish at \(speed(finishVelocity)), cancel at −\(speed(cancelVelocity)))"
    }

    /// `position ≥ 0.5, flick ≥ 2.56/s forward, ≥ 2.56/s back`.
    public var description: String {
        func speed(_ v: Double) -> String { v.isFinite ? Format.number(v) + "/s" : "never" }
        return "position ≥ \(Format.number(positionThreshold, decimals: 3)), flick \(speed(finishVelocity)) forward, \(speed(cancelVelocity)) back"
    }
}

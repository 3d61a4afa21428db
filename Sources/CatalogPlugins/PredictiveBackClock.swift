import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

/// A predictive back gesture and the commit after it, on the transition's clock: the finger
/// moves the back event's progress linearly from 0 to `release` over `gesture` seconds and lets
/// go, and the commit then plays for `commit` seconds. The built-in predictive back animators
/// read their first two parameters as the gesture's seconds and the release point.
struct PredictiveBackClock: Sendable {
    /// The two parameters a predictive back animator starts with: the gesture's seconds and the
    /// release point, whose doc says what follows the release.
    static func parameters(afterRelease doc: StaticString) -> [ParameterDefinition] {
        [
            .number("gesture-duration", "Gesture duration", doc: "How long the finger drives the motion before it lets go.", unit: "s", 0.45, 0.05...10),
            .number("release", "Release progress", doc: doc, 0.5, 0.05...1),
        ]
    }

    /// The seconds the finger moves.
    var gesture: Double
    /// The back event's progress when the finger lets go.
    var release: Double
    /// The seconds the commit lasts.
    var commit: Double

    var duration: Double { gesture + commit }

    /// The seconds since the first back event at `progress`.
    func time(_ progress: Double) -> Double { progress * duration }

    /// The back event's progress at `progress`: it grows while the finger moves and stays at the
    /// release point after.
    func backProgress(_ progress: Double) -> Double { release * min(time(progress) / gesture, 1) }

    /// The seconds since the finger let go, or nil while it moves.
    func sinceRelease(_ progress: Double) -> Double? {
        let t = time(progress)
        return t < gesture ? nil : t - gesture
    }

    /// The commit's own progress at `progress`, 0 to 1, or nil while the finger moves.
    func commitFraction(_ progress: Double) -> Double? {
        sinceRelease(progress).map { commit > 0 ? min($0 / commit, 1) : 1 }
    }
}

import TransitionCore

/// A value a plugin returned that the host cannot use: named, never trapped on.
public struct PluginValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The animator's qualified id.
    public var animator: String
    /// The call that returned the value.
    public var call: String
    /// What is wrong with it and what the plugin must return instead.
    public var problem: String

    /// `ID: CALL returned ...`.
    public var description: String { "\(DisplayText.escape(animator)): \(call) \(problem)" }
}

/// Checks of the values plugins return, made wherever the host uses them.
public enum PluginValueCheck {
    /// The longest duration the host accepts, in seconds.
    public static let longestDuration = 3600.0

    /// Throws unless `duration` is a finite number of seconds greater than 0 and at most an hour.
    public static func duration(_ duration: Double, animator: String, operation: TransitionOperation) throws(PluginValueError) {
        guard duration.isFinite, duration > 0, duration <= longestDuration else {
            throw PluginValueError(
                animator: animator, call: "duration",
                problem: "returned \(duration) s for \(operation); return a finite number of seconds greater than 0 and at most \(Format.number(longestDuration))")
        }
    }

    /// Throws unless every view state of every frame is finite (frame, alpha, transform, corner radius).
    public static func frames(_ frames: [TransitionFrame], animator: String) throws(PluginValueError) {
        for frame in frames {
            for view in frame.views where !view.state.isFinite {
                throw PluginValueError(
                    animator: animator, call: "step(\(Format.number(frame.progress, decimals: 4)))",
                    problem: "gave view #\(view.id.rawValue) (\(view.role)) a value that is not finite; every frame, alpha, transform, corner radius and colour must be a finite number")
            }
        }
    }

    /// Throws when a step wrote past the view states it was given (the host's guard after the
    /// views changed): what it wrote may have been meant for views it does not have, so none of
    /// its states are shown.
    public static func stayedInViews(_ misbehaviours: [Misbehaviour], animator: String) throws(PluginValueError) {
        if let breach = misbehaviours.first(where: { $0.kind == .pastViews }) {
            throw PluginValueError(animator: animator, call: breach.call, problem: breach.message)
        }
    }
}

/// Why a navigation stack, modal presenter or tab switcher refused an operation. A refusal
/// changes nothing: the stack and the hierarchy stay as they were.
///
/// A driver runs one transition at a time. Asking for another while one runs is refused with
/// `busy` (not queued): like a tab bar controller that declines a selection during a transition,
/// and unlike a navigation controller whose nested pushes corrupt its bar. The caller retries
/// after the running transition completes.
public struct DriverRefusal: Swift.Error, Hashable, CustomStringConvertible {
    /// The kind of refusal.
    public enum Reason: String, Sendable, Hashable {
        /// Another transition is running.
        case busy
        /// Pop on a stack with only its root.
        case nothingToPop = "nothing-to-pop"
        /// Dismiss with nothing presented.
        case nothingToDismiss = "nothing-to-dismiss"
        /// Push or present of a screen already shown.
        case alreadyShown = "already-shown"
        /// A tab index out of range.
        case noSuchTab = "no-such-tab"
        /// A switch to the tab already selected.
        case sameTab = "same-tab"
        /// An empty screen id.
        case emptyScreen = "empty-screen"
        /// A transition that does not belong to this driver or no longer fits its state.
        case notPlanned = "not-planned"
        /// Navigation or a tab switch under a presented modal screen.
        case covered
    }

    /// The kind of refusal.
    public let reason: Reason
    /// A sentence saying what was refused and what to do instead.
    public let description: String

    /// Creates a refusal.
    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }

    /// The refusal of `operation` while `running` runs.
    public static func busy(_ operation: String, running: PlannedTransition) -> DriverRefusal {
        DriverRefusal(.busy, "cannot \(operation) while \(running) is running; wait until it completes")
    }
}

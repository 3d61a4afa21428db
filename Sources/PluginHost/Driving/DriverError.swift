import TransitionCore

/// Why a driver could not run a transition. Whatever the cause, the driver's stack and
/// hierarchy are left consistent: unchanged when the transition never started, settled as
/// cancelled when the animator refused its setup.
public struct DriverError: Swift.Error, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The driver's state refused the operation (busy, nothing to pop, ...).
        case refused
        /// The transitions source's choice cannot serve the operation.
        case animator
        /// The animator's setup returned false.
        case setupRefused = "setup-refused"
        /// The interaction scenario cannot be played.
        case scenario
        /// The transition's context cannot be built.
        case context
        /// An isolated plugin crashed, hung, ended its worker or returned a value the host cannot use.
        case plugin
    }

    /// The kind of failure.
    public let kind: Kind
    /// The refusal's reason, for `refused`.
    public let refusal: DriverRefusal.Reason?
    /// A sentence saying what went wrong and what to do.
    public let description: String

    /// Creates an error.
    public init(_ kind: Kind, _ description: String, refusal: DriverRefusal.Reason? = nil) {
        self.kind = kind
        self.description = description
        self.refusal = refusal
    }

    /// The error for a refusal.
    public init(_ refusal: DriverRefusal) {
        self.init(.refused, refusal.description, refusal: refusal.reason)
    }
}

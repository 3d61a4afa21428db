/// Why a call into a wasm plugin did not come back with an answer: it ran out of fuel, trapped,
/// asked for more memory than the sandbox allows, or handed the host an address outside its
/// memory. The sandbox stays intact; the transition that made the call is abandoned.
public struct WasmFault: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The call used its whole fuel budget: an endless or far too long loop.
        case outOfFuel = "out-of-fuel"
        /// The module trapped: `unreachable`, an out-of-bounds access, stack exhaustion...
        case trap
        /// The module asked for more linear memory than the sandbox's cap.
        case memoryLimit = "memory-limit"
        /// The module gave the host an address or a value it cannot use.
        case badValue = "bad-value"
    }

    /// What went wrong.
    public var kind: Kind
    /// The binding call that failed: `duration`, `setup`, `step`, `completion`, `init` or `load`.
    public var call: String
    /// The progress of a failed step.
    public var progress: Double?
    /// What the runtime or the host saw.
    public var detail: String

    /// Creates a fault.
    public init(kind: Kind, call: String, progress: Double? = nil, detail: String) {
        self.kind = kind
        self.call = call
        self.progress = progress
        self.detail = detail
    }

    /// One line: the call, the progress and what happened.
    public var description: String {
        let at = progress.map { " at progress \(Self.format($0))" } ?? ""
        return "wasm \(call)\(at): \(detail)"
    }

    /// `error` as a fault: itself when it is one, else a trap of `call` that quotes it.
    static func from(_ error: any Error, call: String) -> WasmFault {
        (error as? WasmFault) ?? WasmFault(kind: .trap, call: call, detail: "\(error)")
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

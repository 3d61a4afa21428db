import CWorkerSandbox

/// A system call the worker's filter refused (`CWorkerSandbox`): what plugin code tried to do,
/// named for a report. The worker's SIGSYS handler sends it to the host the moment the call is
/// made, so it arrives even when the plugin crashes right after; the call itself failed with
/// EPERM.
public struct SandboxAttempt: Sendable, Hashable, CustomStringConvertible {
    /// The system call's name: `connect`, `openat`, `clone`.
    public let call: String
    /// What the plugin tried to do: `use a socket`, `create or write a file`.
    public let attempt: String
    /// The rule it broke: `workers have no network`.
    public let rule: String

    /// Reads the report the worker's handler sent (`TC_SANDBOX_ATTEMPT_MARKER`, the call's number,
    /// whether an open asked to write); nil for any other payload.
    init?(report payload: [UInt8]) {
        guard payload.count == 6, payload[0] == UInt8(TC_SANDBOX_ATTEMPT_MARKER) else { return nil }
        let number = Int32(bitPattern: UInt32(payload[1]) | UInt32(payload[2]) << 8 | UInt32(payload[3]) << 16 | UInt32(payload[4]) << 24)
        let writes: Int32 = payload[5] == 0 ? 0 : 1
        guard let name = tc_sandbox_call_name(number), let attempt = tc_sandbox_call_attempt(number, writes),
            let rule = tc_sandbox_call_rule(number, writes)
        else { return nil }
        call = String(cString: name)
        self.attempt = String(cString: attempt)
        self.rule = String(cString: rule)
    }

    /// `the plugin tried to use a socket (connect): workers have no network, so the call failed
    /// with EPERM`.
    public var description: String {
        "the plugin tried to \(attempt) (\(call)): \(rule), so the call failed with EPERM"
    }

    /// One line per distinct attempt of `attempts`, in the order first made, with how many times
    /// it was made when more than once.
    public static func summary(_ attempts: [SandboxAttempt]) -> [String] {
        var order: [SandboxAttempt] = []
        var counts: [SandboxAttempt: Int] = [:]
        for attempt in attempts {
            if counts[attempt] == nil { order.append(attempt) }
            counts[attempt, default: 0] += 1
        }
        return order.map { a in
            let times = counts[a] ?? 1
            return times > 1 ? "\(a) (\(times) times)" : "\(a)"
        }
    }
}

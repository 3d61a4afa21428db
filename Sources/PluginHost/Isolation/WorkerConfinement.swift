#if canImport(Glibc)
import Glibc
#endif
import CWorkerSandbox

/// How a worker is confined, as it reported before running any plugin code: whether it runs in
/// its own user and PID namespaces and under the system-call filter (`CWorkerSandbox`).
public struct WorkerConfinement: Sendable, Hashable {
    /// 0 when the worker runs in its own user and PID namespaces; else why not: the errno of the
    /// kernel's refusal, or -1 when TRANSITION_CATALOG_WORKER_NAMESPACES=off turned them off.
    public let namespaceRefusal: Int32
    /// 0 when the system-call filter is installed; else the errno of the kernel's refusal, or -1
    /// when TRANSITION_CATALOG_WORKER_SANDBOX=off turned it off.
    public let filterRefusal: Int32

    /// The first byte of the report.
    static let marker = UInt8(TC_SANDBOX_NAMESPACE_MARKER)

    /// Reads the worker's report: the marker, then the two refusals (4 bytes each, little-endian).
    init?(report payload: [UInt8]) {
        guard payload.count == 9, payload[0] == Self.marker else { return nil }
        func value(_ at: Int) -> Int32 {
            Int32(bitPattern: UInt32(payload[at]) | UInt32(payload[at + 1]) << 8 | UInt32(payload[at + 2]) << 16 | UInt32(payload[at + 3]) << 24)
        }
        namespaceRefusal = value(1)
        filterRefusal = value(5)
    }

    /// The report a worker sends.
    static func report(namespaceRefusal: Int32, filterRefusal: Int32) -> [UInt8] {
        var bytes = [marker]
        for v in [namespaceRefusal, filterRefusal] {
            let u = UInt32(bitPattern: v)
            bytes += [UInt8(u & 0xff), UInt8((u >> 8) & 0xff), UInt8((u >> 16) & 0xff), UInt8(u >> 24)]
        }
        return bytes
    }

    /// Nil when the worker has every protection; else one sentence saying what it lacks, why,
    /// and what still holds.
    public var shortfall: String? {
        if filterRefusal != 0 {
            let why = filterRefusal == TC_SANDBOX_FILTER_OFF
                ? "TRANSITION_CATALOG_WORKER_SANDBOX=off"
                : "the kernel refused it: \(String(cString: strerror(filterRefusal)))"
            return "workers run without the system-call filter (\(why)): "
                + "plugins may write files, use the network and start processes; "
                + (namespaceRefusal == 0
                    ? "the worker's PID namespace still ends whatever they start"
                    : "the process group ends what they start, but not a process that leaves the group")
        }
        if namespaceRefusal != 0 {
            let why = namespaceRefusal == TC_SANDBOX_NAMESPACES_OFF
                ? "TRANSITION_CATALOG_WORKER_NAMESPACES=off"
                : "the kernel refused them: \(String(cString: strerror(namespaceRefusal)))"
            return "workers run without their own user and PID namespaces (\(why)): "
                + "the system-call filter still stops them starting processes, writing files and using the network, "
                + "but plugin code can signal the user's other processes"
        }
        return nil
    }
}

import TransitionABI
import PluginHost

/// The status codes of transition_catalog_host.h.
enum HostStatus: Int32 {
    case ok = 0
    case invalidArgument = 1
    case notFound = 2
    case file = 3
    case refused = 4
    case animator = 5
    case setupRefused = 6
    case context = 7
    case interaction = 8
    case pluginBroken = 9
    case worker = 10
    case noAnimator = 11

    /// The status of a driver's error.
    init(_ error: DriverError) {
        switch error.kind {
        case .refused: self = .refused
        case .animator: self = .animator
        case .setupRefused: self = .setupRefused
        case .scenario: self = .interaction
        case .context: self = .context
        case .plugin: self = .pluginBroken
        }
    }
}

/// A failure of a host API call: its status and a message for the caller.
struct HostFailure: Error {
    var status: HostStatus
    var message: String

    init(_ status: HostStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// The size of a versioned struct as version 1.0 of the header laid it out: where its first
/// field of a later version starts. A caller built against 1.0 sets this `struct_size`.
func sizeOfVersion1_0<T>(_ type: T.Type, endingBefore field: PartialKeyPath<T>) -> Int {
    MemoryLayout<T>.offset(of: field)!
}

/// Checks the `struct_size` the caller set against the fields the library reads.
func checkSize(_ size: UInt32, atLeast minimum: Int, _ name: String) throws(HostFailure) {
    guard Int(size) >= minimum else {
        throw HostFailure(.invalidArgument, "\(name).struct_size is \(size); set it to sizeof(\(name)) (\(minimum) or more)")
    }
}

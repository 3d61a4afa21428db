import TransitionCore

/// Why a plugin file could not be used. Every case names the file and says what to do.
public struct PluginError: Error, Hashable, CustomStringConvertible, Sendable, Codable {
    /// The kind of failure, stable for tests and JSON.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// dlopen refused the file: not a shared library, wrong architecture, missing dependency.
        case notALibrary = "not-a-library"
        /// The library does not export `tc_plugin_entry`.
        case missingEntry = "missing-entry"
        /// The entry returned NULL.
        case nullDescriptor = "null-descriptor"
        /// The plugin was built against another major version of the ABI.
        case incompatibleABI = "incompatible-abi"
        /// The descriptors break the ABI's rules (ids, strings, parameters, functions).
        case invalidDescriptor = "invalid-descriptor"
        /// The plugin's init returned false.
        case initRefused = "init-refused"
        /// The plugin crashed, hung or exited while it was being scanned in a child process.
        case crashed = "crashed"
        /// The file or directory could not be read.
        case unreadable = "unreadable"
    }

    /// The reason given when the built-in plugin library is not beside the executable.
    public static let missingBuiltInsReason = "the built-in plugin library is missing"

    /// True when this error says the built-in plugin library is missing, which leaves the tool
    /// without its own animators.
    public var isMissingBuiltIns: Bool { kind == .unreadable && reason == Self.missingBuiltInsReason }

    /// The kind of failure.
    public let kind: Kind
    /// The plugin file.
    public let path: String
    /// What went wrong (plugin text already escaped).
    public let reason: String
    /// What the author or user should do.
    public let remedy: String

    /// Creates an error.
    public init(kind: Kind, path: String, reason: String, remedy: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
        self.remedy = remedy
    }

    /// `PATH: REASON (REMEDY)`, one line.
    public var description: String {
        "\(DisplayText.escape(path)): \(reason)" + (remedy.isEmpty ? "" : "; \(remedy)")
    }
}

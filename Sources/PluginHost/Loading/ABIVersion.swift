import TransitionABI

/// A version of the plugin ABI.
public struct ABIVersion: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Changes that break compatibility.
    public var major: UInt32
    /// Backward-compatible additions.
    public var minor: UInt32
    /// Changes with no effect on compatibility.
    public var patch: UInt32

    /// Creates a version.
    public init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    init(_ v: tc_version_t) { self.init(major: v.major, minor: v.minor, patch: v.patch) }

    /// The version of the header this host was built with.
    public static let host = ABIVersion(
        major: UInt32(TC_ABI_VERSION_MAJOR), minor: UInt32(TC_ABI_VERSION_MINOR), patch: UInt32(TC_ABI_VERSION_PATCH))

    /// True when code built against `self` can be used by this host: the same major.
    public var isCompatibleWithHost: Bool { major == ABIVersion.host.major }

    /// True for 0.0.0: the `abi` field was never set.
    public var isUnset: Bool { major == 0 && minor == 0 && patch == 0 }

    /// `major.minor.patch`.
    public var description: String { "\(major).\(minor).\(patch)" }

    var c: tc_version_t { tc_version_t(major: major, minor: minor, patch: patch) }
}

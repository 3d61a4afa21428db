import TransitionCore

/// What a plugin says about itself, read from its descriptor, with every string escaped.
public struct PluginInfo: Sendable, Hashable, Codable {
    /// The plugin file.
    public var path: String
    /// The reverse-DNS id.
    public var id: String
    /// The display name.
    public var name: String
    /// Who made it.
    public var vendor: String
    /// The plugin's own version.
    public var version: String
    /// What it is.
    public var description: String
    /// Its SPDX licence expression.
    public var license: String
    /// The ABI version it was built with.
    public var abi: ABIVersion
    /// Its animators, in descriptor order.
    public var animators: [AnimatorDescription]

    /// Creates plugin information.
    public init(
        path: String, id: String, name: String, vendor: String, version: String, description: String,
        license: String, abi: ABIVersion, animators: [AnimatorDescription]
    ) {
        self.path = path
        self.id = id
        self.name = name
        self.vendor = vendor
        self.version = version
        self.description = description
        self.license = license
        self.abi = abi
        self.animators = animators
    }
}

/// A breach of the ABI's descriptor rules found while reading a plugin.
public struct DescriptorProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The plugin cannot be used.
        case error
        /// The plugin can be used, but something should change.
        case warning
    }

    /// How serious it is.
    public var severity: Severity
    /// The validator check it belongs to: `descriptor-fields`, `descriptor-ids`, `descriptor-strings`,
    /// `descriptor-parameters`, `abi-version`.
    public var check: String
    /// The plugin or animator it concerns.
    public var subject: String
    /// What is wrong and what to change.
    public var message: String

    /// Creates a problem.
    public init(severity: Severity, check: String, subject: String, message: String) {
        self.severity = severity
        self.check = check
        self.subject = subject
        self.message = message
    }

    /// `SUBJECT: MESSAGE`.
    public var description: String { "\(subject): \(message)" }
}

/// The syntax rules for ids.
public enum IDSyntax {
    /// True for a reverse-DNS id: two or more dot-separated labels of lowercase letters, digits,
    /// hyphens and underscores, each starting with a letter or digit: `org.example.wipe`.
    public static func isReverseDNS(_ id: String) -> Bool {
        var id = id
        return id.withUTF8(isReverseDNS)
    }

    private static func isReverseDNS(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count <= 64 else { return false }
        var labels = 1, labelLength = 0
        for byte in utf8 {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
            } else if labelLength == 0 {
                guard isLowerAlnum(byte) else { return false }
                labelLength = 1
            } else {
                guard isLowerAlnum(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else { return false }
                labelLength += 1
            }
        }
        return labels >= 2 && labelLength > 0
    }

    /// True for a kebab-case id: lowercase letters, digits and single hyphens, starting with a
    /// letter and not ending with a hyphen: `cover-vertical`.
    public static func isKebabCase(_ id: String) -> Bool {
        var id = id
        return id.withUTF8(isKebabCase)
    }

    private static func isKebabCase(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"), utf8.count <= 64 else { return false }
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "-") {
                guard previous != byte else { return false }
            } else {
                guard isLowerAlnum(byte) else { return false }
            }
            previous = byte
        }
        return previous != UInt8(ascii: "-")
    }

    private static func isLowerAlnum(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }
}

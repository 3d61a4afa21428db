/// A screen transition operation, as UIKit names them.
///
/// The raw values match `tc_operation_t` in the plugin ABI.
public enum TransitionOperation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A navigation push: the new screen arrives on top.
    case push = 0
    /// A navigation pop: the top screen leaves, revealing the one below.
    case pop = 1
    /// A modal presentation.
    case present = 2
    /// The dismissal of a modal screen.
    case dismiss = 3
    /// A tab switch; its direction comes from the tab indexes.
    case tab = 4

    /// The lowercase name used on the command line and in files.
    public var name: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .present: "present"
        case .dismiss: "dismiss"
        case .tab: "tab"
        }
    }

    /// The operation named `name` (case-insensitive), or nil.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = match
    }

    /// True for push and present: the arriving screen comes on top.
    /// A tab switch is presenting when it moves to a higher index (see `TransitionContext`).
    public var isPresenting: Bool { self == .push || self == .present }

    /// True for pop and dismiss: the leaving screen was on top.
    public var isDismissing: Bool { self == .pop || self == .dismiss }

    /// The operation that undoes this one (push and pop, present and dismiss; tab is its own).
    public var reversed: TransitionOperation {
        switch self {
        case .push: .pop
        case .pop: .push
        case .present: .dismiss
        case .dismiss: .present
        case .tab: .tab
        }
    }

    /// True for present and dismiss, the only operations with a presentation style.
    public var isModal: Bool { self == .present || self == .dismiss }

    /// The bit of this operation in an ABI operation mask.
    public var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The operations whose bits are set in `mask`, in declaration order.
    public static func from(mask: UInt32) -> [TransitionOperation] {
        allCases.filter { mask & $0.bit != 0 }
    }

    /// The operation's name.
    public var description: String { name }
}

/// How a modal screen is presented.
///
/// The raw values match `tc_presentation_style_t` in the plugin ABI.
public enum PresentationStyle: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Both screens are in the container; the presenting one leaves after a finished present.
    case fullScreen = 0
    /// A presentation frames the presented screen; the presenting screen stays outside the container.
    case custom = 1

    /// The name used on the command line and in files: `full-screen` or `custom`.
    public var name: String { self == .fullScreen ? "full-screen" : "custom" }

    /// The style named `name`, or nil.
    public init?(name: String) {
        switch name.lowercased() {
        case "full-screen", "fullscreen", "full": self = .fullScreen
        case "custom": self = .custom
        default: return nil
        }
    }

    /// The bit of this style in an ABI style mask.
    public var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The styles whose bits are set in `mask`; an empty mask means full screen only.
    public static func from(mask: UInt32) -> [PresentationStyle] {
        mask == 0 ? [.fullScreen] : allCases.filter { mask & $0.bit != 0 }
    }

    /// The style's name.
    public var description: String { name }
}

extension TransitionOperation: Codable {
    /// Decodes the operation from its name.
    public init(from decoder: any Decoder) throws {
        let name = try String(from: decoder)
        guard let op = TransitionOperation(name: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown operation '\(name)'"))
        }
        self = op
    }

    /// Encodes the operation as its name.
    public func encode(to encoder: any Encoder) throws { try name.encode(to: encoder) }
}

extension PresentationStyle: Codable {
    /// Decodes the style from its name.
    public init(from decoder: any Decoder) throws {
        let name = try String(from: decoder)
        guard let style = PresentationStyle(name: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown style '\(name)'"))
        }
        self = style
    }

    /// Encodes the style as its name.
    public func encode(to encoder: any Encoder) throws { try name.encode(to: encoder) }
}

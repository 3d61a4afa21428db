/// The size of a transition's container, in points.
public struct ContainerSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A portrait phone (iPhone 14/15/16).
    public static let phonePortrait = ContainerSize(width: 390, height: 844)
    /// The same phone in landscape.
    public static let phoneLandscape = ContainerSize(width: 844, height: 390)
    /// A portrait tablet (iPad Pro 12.9").
    public static let tablet = ContainerSize(width: 1024, height: 1366)
    /// A small phone (iPhone SE, first generation).
    public static let smallPhone = ContainerSize(width: 320, height: 568)

    /// The sizes every animator is validated in: no animator may depend on one screen size.
    public static let validationSizes: [ContainerSize] = [.phonePortrait, .phoneLandscape, .tablet, .smallPhone]

    /// The container's bounds: origin 0, 0.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Why a size was refused.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong and what is expected.
        public let description: String
    }

    /// Parses `WIDTHxHEIGHT`, such as `390x844`: finite, positive, at most 100000 points each.
    /// - Throws: `Error` saying what is expected.
    public init(parsing text: String) throws(Error) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
            w.isFinite, h.isFinite, w > 0, h > 0, w <= 100_000, h <= 100_000
        else {
            throw Error(description: "a container size is WIDTHxHEIGHT in points, such as 390x844 (positive, at most 100000); got '\(DisplayText.escape(text))'")
        }
        self.init(width: w, height: h)
    }

    /// `390x844`.
    public var description: String { "\(Format.number(width))x\(Format.number(height))" }
}

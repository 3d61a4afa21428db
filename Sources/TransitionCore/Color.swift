/// A colour with straight alpha, each component in [0, 1].
public struct Color: Sendable, Hashable, Codable {
    /// Red.
    public var red: Double
    /// Green.
    public var green: Double
    /// Blue.
    public var blue: Double
    /// Opacity of the fill itself (the view's alpha multiplies it).
    public var alpha: Double

    /// Creates a colour from its components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// True when every component is a finite number.
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

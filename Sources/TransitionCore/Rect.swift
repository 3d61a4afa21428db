/// An axis-aligned rectangle in container coordinates (points, origin top-left, y down).
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; a well-formed rectangle has width >= 0.
    public var width: Double
    /// The height; a well-formed rectangle has height >= 0.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle with every field 0; in a context it means "no frame imposed".
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// True when every field is finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// True when the two rectangles share an area larger than zero.
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// True when `other` lies entirely inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The largest difference between corresponding fields of the two rectangles.
    public func distance(to other: Rect) -> Double {
        Swift.max(abs(x - other.x), abs(y - other.y), abs(width - other.width), abs(height - other.height))
    }

    /// Linear interpolation between `a` (at `t` = 0) and `b` (at `t` = 1), field by field.
    public static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(
            x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t),
            width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t))
    }

    /// `x,y widthxheight` with up to two decimals, as the CLI prints frames.
    public var description: String {
        "\(Format.number(x)),\(Format.number(y)) \(Format.number(width))x\(Format.number(height))"
    }
}

/// Linear interpolation between `a` (at `t` = 0) and `b` (at `t` = 1); exact at both ends.
@inlinable
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    t == 1 ? b : a + (b - a) * t
}

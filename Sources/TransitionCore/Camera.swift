/// The container's camera: Core Animation's `sublayerTransform` on the container, shared by every
/// view so that sibling views have one vanishing point. Mirrors `tc_camera_t`.
///
/// A view point p (relative to the view's centre) lands on screen at
/// `C · T(view centre) · M · p` with `C = T(c) · P(eyeDistance) · S · T(-c)`, where `c` is the
/// camera's centre (the container's centre), `S` the sublayer transform and `P` the perspective.
public struct Camera: Sendable, Hashable, Codable {
    /// The eye's distance in points in front of the centre; 0 for no perspective.
    public var eyeDistance: Double
    /// The transform applied to every view, about the centre, before the perspective.
    public var sublayerTransform: Transform3D
    /// The horizontal centre the camera applies about, in container coordinates.
    public var centerX: Double
    /// The vertical centre the camera applies about, in container coordinates.
    public var centerY: Double

    /// Creates a camera.
    public init(eyeDistance: Double = 0, sublayerTransform: Transform3D = .identity, centerX: Double = 0, centerY: Double = 0) {
        self.eyeDistance = eyeDistance
        self.sublayerTransform = sublayerTransform
        self.centerX = centerX
        self.centerY = centerY
    }

    /// The camera that changes nothing.
    public static let none = Camera()

    /// A camera with `eyeDistance` and `sublayerTransform`, applied about the centre of `bounds`.
    public static func centered(in bounds: Rect, eyeDistance: Double = 0, sublayerTransform: Transform3D = .identity) -> Camera {
        Camera(eyeDistance: eyeDistance, sublayerTransform: sublayerTransform, centerX: bounds.midX, centerY: bounds.midY)
    }

    /// True when the camera changes nothing (no perspective, identity sublayer transform).
    public var isNone: Bool { eyeDistance == 0 && sublayerTransform.isIdentity(tolerance: 0) }

    /// True when every number is finite and the eye distance is not negative.
    public var isValid: Bool {
        eyeDistance.isFinite && eyeDistance >= 0 && sublayerTransform.isFinite && centerX.isFinite && centerY.isFinite
    }

    /// The whole camera as one transform of container coordinates: `T(c) · P · S · T(-c)`.
    public var matrix: Transform3D {
        if isNone { return .identity }
        let perspective = eyeDistance > 0 ? Transform3D.perspective(distance: eyeDistance) : .identity
        return Transform3D.translation(x: centerX, y: centerY)
            .concatenating(perspective)
            .concatenating(sublayerTransform)
            .concatenating(.translation(x: -centerX, y: -centerY))
    }
}

import TransitionCore

/// A view as the screen shows it, for renderers that draw flat shapes: where it lands on screen
/// (projected under the container's camera with a true perspective divide) and what its face is.
public struct DrawnView: Sendable {
    /// The view.
    public var view: SampledView
    /// Its outline on screen, in container coordinates, clockwise when it faces the viewer: a
    /// convex polygon (its card with rounded corners, or the part of it a snapshot's source covers).
    public var outline: [(x: Double, y: Double)]
    /// The role whose face it shows: its own, or for a snapshot or tile its source's.
    public var faceRole: ViewRole
    /// The fill of a face an animator made (dimming, tiles) that carries its own colour; nil for screens.
    public var ownColor: Color?

    /// Creates a drawn view.
    public init(view: SampledView, outline: [(x: Double, y: Double)], faceRole: ViewRole, ownColor: Color?) {
        self.view = view
        self.outline = outline
        self.faceRole = faceRole
        self.ownColor = ownColor
    }
}

/// One view of a driver's hierarchy at rest: a screen or a presentation's dimming view, with
/// where it is and how opaque. Lists of layers run bottom first.
public struct ScreenLayer: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the layer shows.
    public enum Content: Sendable, Hashable, Codable {
        /// The view of the screen with this id.
        case screen(String)
        /// A presentation's dimming view with this fill.
        case dimming(Color)
    }

    /// What the layer shows.
    public var content: Content
    /// Its frame in container coordinates.
    public var frame: Rect
    /// Its alpha.
    public var alpha: Double

    /// Creates a layer.
    public init(_ content: Content, frame: Rect, alpha: Double = 1) {
        self.content = content
        self.frame = frame
        self.alpha = alpha
    }

    /// The screen id, or nil for a dimming view.
    public var screen: String? {
        if case .screen(let id) = content { return id }
        return nil
    }

    /// `home`, `compose at 16,127 358x701`, `dimming 0.5`.
    public var description: String {
        switch content {
        case .screen(let id):
            return DisplayText.escape(id)
        case .dimming(let color):
            return "dimming \(Format.number(color.alpha * alpha))"
        }
    }
}

import TransitionCore

/// What one view shows on its card, in the coordinates its own face is laid out in: its own face,
/// or, for a snapshot or tile, its source's face with the snapshot's rectangle of it stretched
/// over the card and the rest cropped away.
struct ViewContent {
    /// From face coordinates to card coordinates: `((x + dx) · scaleX, (y + dy) · scaleY)`.
    struct Mapping {
        var scaleX: Double
        var scaleY: Double
        var dx: Double
        var dy: Double

        /// The mapping that changes nothing.
        static let identity = Mapping(scaleX: 1, scaleY: 1, dx: 0, dy: 0)

        /// A face point in card coordinates.
        func apply(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
            ((p.x + dx) * scaleX, (p.y + dy) * scaleY)
        }
    }

    /// The view's own face: the card's size and outline.
    var card: CardFace
    /// The face shown on the card.
    var face: CardFace
    /// Where the shown face lands on the card.
    var mapping: Mapping
    /// True when the shown face is cropped to the card (a snapshot's).
    var crops: Bool

    /// The card's outline in card coordinates, for a view whose corner radius is `cornerRadius`
    /// at a frame `frameWidth` points wide.
    func cardOutline(cornerRadius: Double, frameWidth: Double) -> [(x: Double, y: Double)] {
        let toCard = frameWidth > 0 ? card.width / frameWidth : 1
        return RoundedRect.points(Rect(x: 0, y: 0, width: card.width, height: card.height), radius: cornerRadius * toCard)
            .map { (x: $0.0, y: $0.1) }
    }

    /// The view a snapshot or tile pictures, or nil for other views.
    static func source(of view: SampledView) -> ViewID? {
        view.state.content?.source ?? (view.role == .snapshot || view.role == .tile ? view.source : nil)
    }

    /// What a snapshot or tile shows: its content, or for a snapshot made through the 1.0
    /// interface (a source and no rectangle) the whole of its source; nil for other views and
    /// for a source with no face.
    static func snapshotContent(of view: SampledView, sourceFace: (ViewID) -> CardFace?) -> SnapshotContent? {
        if let content = view.state.content { return content }
        guard let source = source(of: view), let face = sourceFace(source) else { return nil }
        return SnapshotContent(source: source, rect: Rect(x: 0, y: 0, width: face.width, height: face.height))
    }
}

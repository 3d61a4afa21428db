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

    /// The sides of a card, for the seams between pieces of one source.
    struct Sides: OptionSet {
        let rawValue: Int
        static let left = Sides(rawValue: 1), top = Sides(rawValue: 2), right = Sides(rawValue: 4), bottom = Sides(rawValue: 8)
    }

    /// The rectangle of its source a snapshot shows, in the source face's coordinates; nil for
    /// other views.
    var sourceRect: Rect? {
        guard crops, mapping.scaleX > 0, mapping.scaleY > 0 else { return nil }
        return Rect(x: -mapping.dx, y: -mapping.dy, width: card.width / mapping.scaleX, height: card.height / mapping.scaleY)
    }

    /// The outline a snapshot's content is cropped to: the card's outline, reaching `bleed` card
    /// units further on each of `sides`. Pieces of one source (strips, tiles, door halves) that
    /// meet on screen then overlap by a hair instead of leaving the antialiased seam that two
    /// abutting edges draw, and pieces standing in for their screen look like the screen.
    /// Rounded cards are not extended.
    func cropOutline(cornerRadius: Double, frameWidth: Double, bleed: Double, sides: Sides) -> [(x: Double, y: Double)] {
        let toCard = frameWidth > 0 ? card.width / frameWidth : 1
        guard crops, bleed > 0, !sides.isEmpty, cornerRadius * toCard <= 0 else {
            return cardOutline(cornerRadius: cornerRadius, frameWidth: frameWidth)
        }
        let left = sides.contains(.left) ? bleed : 0, top = sides.contains(.top) ? bleed : 0
        let right = sides.contains(.right) ? bleed : 0, bottom = sides.contains(.bottom) ? bleed : 0
        return [(-left, -top), (card.width + right, -top), (card.width + right, card.height + bottom), (-left, card.height + bottom)]
    }

    /// The outline, in card coordinates, of the rectangle `rect` of the source face as this
    /// snapshot places it: a piece drawn for a whole run of pieces (see PieceSeams.mergedRuns).
    func outline(ofSource rect: Rect) -> [(x: Double, y: Double)] {
        [(rect.x, rect.y), (rect.maxX, rect.y), (rect.maxX, rect.maxY), (rect.x, rect.maxY)].map { mapping.apply((x: $0.0, y: $0.1)) }
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

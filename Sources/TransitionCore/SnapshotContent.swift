/// What a snapshot or tile shows: a rectangle of its source view, scaled to fill the snapshot's
/// current frame.
public struct SnapshotContent: Sendable, Hashable, Codable {
    /// The view pictured: a screen (or a view an animator made), never another snapshot; a
    /// snapshot of a snapshot pictures the original.
    public var source: ViewID
    /// The rectangle shown, in the source's own coordinates (origin at the top-left of the
    /// source's base frame, points). It may reach outside the source; that part is transparent.
    public var rect: Rect

    /// Creates snapshot content.
    public init(source: ViewID, rect: Rect) {
        self.source = source
        self.rect = rect
    }

    /// The content of a snapshot of `rect` of this content: the same source, the rectangle mapped
    /// from the snapshot's own coordinates (`size` is the snapshot's frame size) into the source's.
    public func cropped(to rect: Rect, ofSnapshotSized size: (width: Double, height: Double)) -> SnapshotContent {
        let sx = size.width > 0 ? self.rect.width / size.width : 0
        let sy = size.height > 0 ? self.rect.height / size.height : 0
        return SnapshotContent(
            source: source,
            rect: Rect(x: self.rect.x + rect.x * sx, y: self.rect.y + rect.y * sy, width: rect.width * sx, height: rect.height * sy))
    }

    /// Where a point of the source (its own coordinates) lands in a view with this content and
    /// `frame`: the content rectangle stretched over the frame.
    public func map(sourceX x: Double, sourceY y: Double, into frame: Rect) -> (x: Double, y: Double) {
        let sx = rect.width > 0 ? frame.width / rect.width : 0
        let sy = rect.height > 0 ? frame.height / rect.height : 0
        return (frame.x + (x - rect.x) * sx, frame.y + (y - rect.y) * sy)
    }
}

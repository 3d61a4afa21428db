import TransitionABI

/// A view an animator makes from part of a screen: a snapshot of a rectangle of the from- or
/// to-view (a door, a fold, a tile), or a matched element's snapshot, with the track it plays.
/// Pieces need the host's compositing extension (ABI 1.1).
struct Piece: Sendable {
    enum Source: Sendable {
        /// A rectangle of the from-view, in unit coordinates of its frame.
        case from(x: Double, y: Double, width: Double, height: Double)
        /// A rectangle of the to-view, in unit coordinates of its frame.
        case to(x: Double, y: Double, width: Double, height: Double)
        /// The from-side snapshot of the first matched element, which the host made.
        case matchedFrom
        /// The to-side snapshot of the first matched element.
        case matchedTo
    }

    var source: Source
    var role: tc_view_role_t = TC_ROLE_SNAPSHOT
    var track: Track
}

import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

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
    /// When set, the piece is a strip of an accordion and its look comes from the fold's angle,
    /// not from the track's looks (the track still gives the easing and the visibility).
    var fold: FoldStrip? = nil
}

/// One strip of a screen folded like an accordion: strips alternate between turning away and
/// turning back, each hinged on the previous one, so the chain stays joined at every angle.
struct FoldStrip: Sendable {
    /// The strip's place counted from the fixed edge: 0 is hinged on that edge.
    var index: Int
    /// The strip's width in points.
    var width: Double
    /// The edge the accordion folds towards: true for the left edge.
    var towardsLeft: Bool
    /// True when the screen closes (flat at 0, folded at 1), false when it opens.
    var closing: Bool

    /// The strip's look when the fold has gone `amount` of the way (0 flat, 1 folded shut).
    func look(_ amount: Double) -> Look {
        let folded = closing ? amount : 1 - amount
        // The angle that leaves the accordion (1 - folded) of its flat width wide, so the
        // closing screen and the opening one always share the container's width exactly.
        let radians = acos(1 - min(max(folded, 0), 1))
        let theta = radians * 180 / Double.pi
        let shift = Double(index) * width * (1 - cos(radians))
        let depth = index % 2 == 1 ? -width * sin(radians) : 0
        let turn = index % 2 == 0 ? theta : -theta
        // Seen by one camera, a folded strip is never quite edge-on: it fades out over the last
        // quarter of the fold.
        let alpha = min(max((1 - folded) / 0.25, 0), 1)
        return towardsLeft
            ? Look(tx: -shift, tz: depth, alpha: alpha, rotateY: turn, anchorX: 0)
            : Look(tx: shift, tz: depth, alpha: alpha, rotateY: -turn, anchorX: 1)
    }
}

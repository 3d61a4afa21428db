import TransitionABI

/// Where setup puts the arriving view.
enum Placement: Sendable {
    case above
    case below
}

/// The whole motion of one transition: a track per screen, an optional dimming layer (set just
/// under the screen on top), where the to-view goes, the shared camera's distance used by 3D
/// turns (0 for none) and the rectangle that looks with a `fit` move onto.
struct Choreography: Sendable {
    var from: Track?
    var to: Track?
    var dimming: Track?
    var placement: Placement
    var perspective = 0.0
    var dimmingColor = tc_color_t(r: 0, g: 0, b: 0, a: 1)
    var fitRect = tc_rect_t()
}

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
    /// Views made from parts of the screens, put on top of the container in this order.
    var pieces: [Piece] = []
    /// Flat views the animator makes (the bands of an edge shadow), put just under the screen on
    /// top, above the dimming, in this order.
    var bands: [Band] = []
    /// The views whose back faces are not drawn, with the compositing extension when the host has it.
    var oneSided: (from: Bool, to: Bool) = (false, false)
    /// A container transform that places its two images after the tracks have played: their
    /// frames, opacities, corner radius and stacking come from it, not from their tracks.
    var containerMorph: ContainerMorph? = nil
}

extension Choreography {
    /// The same motion with the arriving screen placed as UIKit places it (above when presenting,
    /// below when dismissing) and the drawing order kept through stacking indexes: the screen
    /// meant on top is raised over the dimming, which is raised over the other screen.
    func placedAsUIKit(presenting: Bool) -> Choreography {
        let wanted: Placement = presenting ? .above : .below
        guard placement != wanted else { return self }
        var plan = self
        plan.placement = wanted
        if presenting { plan.from?.zIndex = 2 } else { plan.to?.zIndex = 2 }
        plan.dimming?.zIndex = 1
        return plan
    }
}

/// A flat view of one colour an animator makes, such as one band of a gradient drawn as steps:
/// its role, the frame it is made with, its colour and the track it plays from that frame.
struct Band: Sendable {
    var role: tc_view_role_t = TC_ROLE_SHADOW
    var frame: tc_rect_t
    var color = tc_color_t(r: 0, g: 0, b: 0, a: 1)
    var track: Track
}

import TransitionABI

/// The dimming parameter of the presentations.
private func dimming(_ value: Double) -> ParameterDefinition {
    .number("dim", "Dimming", doc: "The dimming layer's opacity once presented.", value, 0...1)
}

/// A presentation that slides its screen in by `offset` (points) from its presented frame, over
/// a dimming layer animated alongside: the screen on `enter` (or `exit`), the dimming on
/// `dimming`, which is the same easing unless given.
private func slidingPresentation(
    _ s: Situation, offset: (x: Double, y: Double), dim: Double, radius: Double, enter: Easing, exit: Easing, dimming: Easing? = nil
) -> Choreography {
    let card = Look(cornerRadius: radius)
    let away = Look(tx: offset.x, ty: offset.y, cornerRadius: radius)
    let shown = Look(alpha: dim)
    if s.presenting {
        return Choreography(
            from: nil, to: Track(start: away, end: card, easing: enter),
            dimming: Track(start: Look(alpha: 0), end: shown, easing: dimming ?? enter), placement: .above)
    }
    return Choreography(
        from: Track(start: card, end: away, easing: exit), to: nil,
        dimming: Track(start: shown, end: Look(alpha: 0), easing: dimming ?? exit), placement: .below)
}

/// Material 3's spring tokens of the standard scheme, (damping ratio, stiffness) of a unit mass:
/// MDC lib/java/com/google/android/material/motion/res/values/tokens.xml
/// (m3_sys_motion_standard_spring_*), the same in Compose's StandardMotionTokens
/// (research/modern_anchors.md §1).
private enum MaterialSpring {
    /// Default spatial (0.9, 700): position and size of partial-screen surfaces (sheets, drawers).
    static let defaultSpatial = PhysicalSpring(dampingRatio: 0.9, stiffness: 700)
    /// Fast spatial (0.9, 1400): position and size of small components.
    static let fastSpatial = PhysicalSpring(dampingRatio: 0.9, stiffness: 1400)
    /// Default effects (1, 1600): opacity and colour alongside the default spatial spring.
    static let defaultEffects = PhysicalSpring(dampingRatio: 1, stiffness: 1600)
    /// Fast effects (1, 3800): opacity and colour alongside the fast spatial spring.
    static let fastEffects = PhysicalSpring(dampingRatio: 1, stiffness: 3800)

    /// The response 2π / √k of a spring, SwiftUI's term, which the response parameters take.
    static func response(_ spring: PhysicalSpring) -> Double { 2 * Double.pi / spring.stiffness.squareRoot() }
}

/// A spatial spring and its effects spring in physical time, over the transition the spatial one
/// settles in (MDC docs/theming/Motion.md: spatial springs move position and size, effects
/// springs animate opacity and colour). The spatial spring is the damping and response
/// parameters at `i`.
private func materialSprings(_ s: Situation, at i: Int, effects: PhysicalSpring) -> (spatial: Easing, effects: Easing) {
    let spatial = s.physicalSpring(at: i)
    let seconds = spatial.settlingDuration
    return (.physicalSpring(spatial, seconds: seconds), .physicalSpring(effects, seconds: seconds))
}

/// The bottom sheet. Its height is the host's presented frame, which `--detent` sets as UIKit's
/// sheet detents; the screen behind dims only while the sheet rests above the medium detent, as
/// UIKit's `largestUndimmedDetentIdentifier = .medium`.
private let bottomSheet = AnimatorDefinition(
    id: "bottom-sheet", name: "Bottom Sheet",
    summary: "A sheet rises from the bottom edge to its presented frame on a spring; above the medium detent (half the container) the screen behind dims, at or below it the screen stays clear, as UIKit's largestUndimmedDetent = medium.",
    operations: modalOperations, styles: [TC_STYLE_CUSTOM],
    parameters: [
        dimming(0.4),
        .number("corner-radius", "Corner radius", doc: "The sheet's top corner radius.", unit: "pt", 10, 0...60),
    ] + ParameterDefinition.spring(damping: MaterialSpring.defaultSpatial.dampingRatio, response: MaterialSpring.response(MaterialSpring.defaultSpatial)),
    // Material 3's default spatial spring for partial-screen surfaces such as sheets: standard
    // (ζ 0.9, k 700), response 2π/√k = 0.2375 s; its scrim on the default effects spring
    // (ζ 1, k 1600). The transition lasts as long as the spatial spring takes to settle
    // (0.337 s at the defaults).
    duration: { s in s.physicalSpring(at: 2).settlingDuration },
    choreography: { s in
        let frame = s.presentedFrame
        let travel = s.container.y + s.height - frame.y
        let springs = materialSprings(s, at: 2, effects: MaterialSpring.defaultEffects)
        // The medium detent is half the container's height; a sheet no taller leaves it clear.
        let undimmed = frame.height <= 0.5 * s.height + 1e-9
        return slidingPresentation(
            s, offset: (0, travel), dim: undimmed ? 0 : s[0], radius: s[1], enter: springs.spatial, exit: springs.spatial,
            dimming: springs.effects)
    })

/// The centred form sheet.
private let formSheet = AnimatorDefinition(
    id: "form-sheet", name: "Form Sheet",
    summary: "A centred card slides up from below the bottom edge to its presented frame over a dimming layer, and back down on dismiss.",
    operations: modalOperations, styles: [TC_STYLE_CUSTOM],
    parameters: [
        // Material 3: entering surfaces take emphasized decelerate, leaving ones emphasized
        // accelerate; 500 ms (long2) in, 200 ms (short4) out (research/modern_anchors.md §1).
        .duration(0.5),
        .number("exit-duration", "Exit duration", doc: "How long the dismissal lasts.", unit: "s", 0.2, 0.05...10),
        dimming(0.4),
        .number("corner-radius", "Corner radius", doc: "The card's corner radius.", unit: "pt", 14, 0...60),
    ],
    duration: { s in s.presenting ? s[0] : s[1] },
    choreography: { s in
        let frame = s.presentedFrame
        return slidingPresentation(
            s, offset: (0, s.container.y + s.height - frame.y), dim: s[2], radius: s[3],
            enter: .bezier(0.05, 0.7, 0.1, 1), exit: .bezier(0.3, 0, 0.8, 0.15))
    })

/// The side drawer, from the left or right edge.
private let sideDrawer = AnimatorDefinition(
    id: "side-drawer", name: "Side Drawer",
    summary: "A drawer slides in from the left or right edge to its presented frame on a spring over a dimming layer.",
    operations: modalOperations, styles: [TC_STYLE_CUSTOM],
    parameters: [
        .choice("side", "Side", doc: "The edge the drawer comes from.", ["left", "right"]),
        dimming(0.32),
    ] + ParameterDefinition.spring(damping: MaterialSpring.defaultSpatial.dampingRatio, response: MaterialSpring.response(MaterialSpring.defaultSpatial)),
    // Material 3's default spatial spring for drawers (as the bottom sheet), the modal drawer's
    // scrim 0x52000000, α 0.32, on the default effects spring (research/modern_anchors.md §1, §2).
    duration: { s in s.physicalSpring(at: 2).settlingDuration },
    choreography: { s in
        let frame = s.presentedFrame
        let dx = s[0] == 0 ? -(frame.x + frame.width - s.container.x) : s.container.x + s.width - frame.x
        let springs = materialSprings(s, at: 2, effects: MaterialSpring.defaultEffects)
        return slidingPresentation(
            s, offset: (dx, 0), dim: s[1], radius: 0, enter: springs.spatial, exit: springs.spatial, dimming: springs.effects)
    })

/// The popover-like card growing from a source rectangle.
private let popover = AnimatorDefinition(
    id: "popover", name: "Popover",
    summary: "A card grows out of a source rectangle (the button that opened it) to its presented frame on a quick spring, fading in over a light dimming; dismissal shrinks it back into the source on the same springs.",
    operations: modalOperations, styles: [TC_STYLE_CUSTOM],
    parameters: [
        .number("source-x", "Source x", doc: "The source rectangle's left edge, as a fraction of the container's width.", 0.8, 0...1),
        .number("source-y", "Source y", doc: "The source rectangle's top edge, as a fraction of the container's height.", 0.06, 0...1),
        .number("source-width", "Source width", doc: "The source rectangle's width, as a fraction of the container's width.", 0.12, 0.01...1),
        .number("source-height", "Source height", doc: "The source rectangle's height, as a fraction of the container's height.", 0.05, 0.01...1),
        dimming(0.2),
        .number("corner-radius", "Corner radius", doc: "The card's corner radius.", unit: "pt", 13, 0...60),
    ] + ParameterDefinition.spring(damping: MaterialSpring.fastSpatial.dampingRatio, response: MaterialSpring.response(MaterialSpring.fastSpatial)),
    // Material 3's fast spatial spring for small components: standard (ζ 0.9, k 1400), response
    // 0.168 s, for the card's position and size; its opacity and the dimming on the fast effects
    // spring (ζ 1, k 3800). Both ways run on the springs, over the time the spatial one takes to
    // settle (0.238 s at the defaults).
    duration: { s in s.physicalSpring(at: 6).settlingDuration },
    choreography: { s in
        let c = s.container
        let source = tc_rect_t(x: c.x + s[0] * c.width, y: c.y + s[1] * c.height, width: s[2] * c.width, height: s[3] * c.height)
        let card = Look(cornerRadius: s[5])
        let folded = Look(alpha: 0, cornerRadius: s[5], fit: 1)
        let shown = Look(alpha: s[4])
        let springs = materialSprings(s, at: 6, effects: MaterialSpring.fastEffects)
        var plan: Choreography
        if s.presenting {
            plan = Choreography(
                from: nil,
                to: Track(start: folded, end: card, easing: springs.spatial, fade: 0...1, fadeOnTime: true, fadeEasing: springs.effects),
                dimming: Track(start: Look(alpha: 0), end: shown, easing: springs.effects), placement: .above)
        } else {
            plan = Choreography(
                from: Track(start: card, end: folded, easing: springs.spatial, fade: 0...1, fadeOnTime: true, fadeEasing: springs.effects),
                to: nil,
                dimming: Track(start: shown, end: Look(alpha: 0), easing: springs.effects), placement: .below)
        }
        plan.fitRect = source
        return plan
    })

/// The custom-style presentations, each with its dimming animated alongside.
let presentationAnimators: [AnimatorDefinition] = [bottomSheet, formSheet, sideDrawer, popover]

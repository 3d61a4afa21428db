import TransitionABI

/// The source-rectangle parameters of the matched-element animators, used when the host gives
/// no matched element: four fractions of the container, then the source's corner radius.
private func sourceParameters(x: Double, y: Double, width: Double, height: Double, radius: Double) -> [ParameterDefinition] {
    [
        .number("source-x", "Source x", doc: "Without a matched element: the source's left edge, as a fraction of the container's width.", x, 0...1),
        .number("source-y", "Source y", doc: "Without a matched element: the source's top edge, as a fraction of the container's height.", y, 0...1),
        .number("source-width", "Source width", doc: "Without a matched element: the source's width, as a fraction of the container's width.", width, 0.01...1),
        .number("source-height", "Source height", doc: "Without a matched element: the source's height, as a fraction of the container's height.", height, 0.01...1),
        .number("source-radius", "Source corner radius", doc: "The source's corner radius, where the morph starts.", unit: "pt", radius, 0...60),
    ]
}

/// Where the element is on the small side of the transition: the matched element's frame on the
/// screen that shows it as a card (the from-screen when presenting), else the parameters' rectangle.
private func smallRect(_ s: Situation, parametersAt i: Int) -> tc_rect_t {
    if let m = s.matched { return s.presenting ? m.from_frame : m.to_frame }
    return s.fractionRect(at: i)
}

/// The iOS 18 zoom transition: the new screen grows out of the tapped element.
private let iosZoom = AnimatorDefinition(
    id: "ios-zoom", name: "iOS Zoom",
    summary: "iOS 18's zoom transition: the new screen grows out of the matched element (or a source rectangle) to full screen, its corners morphing, over a dimmed screen; going back shrinks it into the element.",
    operations: [TC_OPERATION_PUSH, TC_OPERATION_POP, TC_OPERATION_PRESENT, TC_OPERATION_DISMISS],
    parameters: sourceParameters(x: 0.05, y: 0.3, width: 0.43, height: 0.2, radius: 16) + [
        .number("dim", "Dimming", doc: "How much the screen behind darkens.", 0.2, 0...1),
    ] + ParameterDefinition.spring(damping: 0.75, response: 0.419),
    // Apple publishes no spring: the swift_transitions fit of iOS 26 lands with k = 225,
    // c = 22.5, that is ζ 0.75 and ω 15 rad/s, response 2π/15 = 0.419 s
    // (research/modern_anchors.md §5, lib/src/zoom/zoom_dismiss_physics.dart).
    duration: { s in s.springDuration(at: 6) },
    choreography: { s in
        let source = smallRect(s, parametersAt: 0)
        let radius = s[4]
        let spring = s.spring(at: 6)
        let small = Look(alpha: 0, cornerRadius: radius, fit: 1)
        let dim = Look(alpha: s[5])
        var plan: Choreography
        if s.presenting {
            plan = Choreography(
                from: Track(start: .rest, end: .rest),
                to: Track(start: small, end: .rest, easing: spring, fade: 0...0.15, fadeOnTime: true, zIndex: 2),
                dimming: Track(start: Look(alpha: 0), end: dim, easing: spring), placement: .above)
            if s.matched != nil {
                // The element's own picture grows with the screen and fades into it.
                plan.pieces = [Piece(source: .matchedFrom, track: Track(
                    start: Look(cornerRadius: radius), end: Look(alpha: 0, fit: 1), easing: spring, fade: 0...0.3, fadeOnTime: true,
                    fitRect: s.container, zIndex: 1))]
            }
        } else {
            plan = Choreography(
                from: Track(start: .rest, end: Look(alpha: 0, cornerRadius: radius, fit: 1), easing: spring, fade: 0.7...1, fadeOnTime: true, zIndex: 2),
                to: Track(start: .rest, end: .rest),
                dimming: Track(start: dim, end: Look(alpha: 0), easing: spring), placement: .below)
            if s.matched != nil {
                plan.pieces = [Piece(source: .matchedTo, track: Track(
                    start: Look(alpha: 0, fit: 1), end: Look(cornerRadius: radius), easing: spring, fade: 0.6...1, fadeOnTime: true,
                    fitRect: s.container, zIndex: 1))]
            }
        }
        plan.fitRect = source
        return plan
    })

/// Material 3's container transform (MDC `MaterialContainerTransform`), fade mode IN.
private let containerTransform = AnimatorDefinition(
    id: "container-transform", name: "Material Container Transform",
    summary: "Material 3's container transform: the card (a matched element, or a source rectangle) becomes the new screen, its bounds and corners morphing on the emphasized curve while the new content fades in over a scrim.",
    operations: [TC_OPERATION_PUSH, TC_OPERATION_POP, TC_OPERATION_PRESENT, TC_OPERATION_DISMISS],
    parameters: [
        // motionDurationLong2 = 500 ms to enter, motionDurationMedium4 = 400 ms to return
        // (research/modern_anchors.md §2).
        .duration(0.5),
        .number("return-duration", "Return duration", doc: "How long going back takes.", unit: "s", 0.4, 0.05...10),
    ] + sourceParameters(x: 0.04, y: 0.25, width: 0.92, height: 0.18, radius: 12),
    duration: { s in s.presenting ? s[0] : s[1] },
    choreography: { s in
        // Emphasized easing on everything; fade IN: the entering content fades over e ∈ [0, 0.25]
        // on top, returning fades the leaving content over e ∈ [0.60, 0.90]; corners morph over
        // e ∈ [0, 0.75] entering and [0.30, 0.90] returning (here over the whole of e); scrim
        // 0x52000000, α ≈ 0.32, linear in e (research/modern_anchors.md §2).
        let source = smallRect(s, parametersAt: 2)
        let emphasized = Easing.twoCubics(.emphasized)
        let radius = s[6]
        let scrim = Look(alpha: 82.0 / 255)
        var plan: Choreography
        if s.presenting {
            plan = Choreography(
                from: Track(start: .rest, end: .rest),
                to: Track(start: Look(alpha: 0, cornerRadius: radius, fit: 1), end: .rest, easing: emphasized, fade: 0...0.25, zIndex: 2),
                dimming: Track(start: Look(alpha: 0), end: scrim, easing: emphasized), placement: .above)
            if s.matched != nil {
                plan.pieces = [Piece(source: .matchedFrom, track: Track(
                    start: Look(cornerRadius: radius), end: Look(fit: 1), easing: emphasized, visible: -Double.infinity...0.999_999,
                    fitRect: s.container, zIndex: 1))]
            }
        } else {
            plan = Choreography(
                from: Track(start: .rest, end: Look(alpha: 0, cornerRadius: radius, fit: 1), easing: emphasized, fade: 0.6...0.9, zIndex: 2),
                to: Track(start: .rest, end: .rest),
                dimming: Track(start: scrim, end: Look(alpha: 0), easing: emphasized), placement: .below)
            if s.matched != nil {
                plan.pieces = [Piece(source: .matchedTo, track: Track(
                    start: Look(fit: 1), end: Look(cornerRadius: radius), easing: emphasized, visible: 0.000_001...Double.infinity,
                    fitRect: s.container, zIndex: 1))]
            }
        }
        plan.fitRect = source
        return plan
    })

/// The animators of a matched element (ABI 1.1), with a source rectangle when there is none.
let matchedAnimators: [AnimatorDefinition] = [iosZoom, containerTransform]

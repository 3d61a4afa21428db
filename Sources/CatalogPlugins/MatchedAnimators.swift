import TransitionABI

/// The source-rectangle parameters of the matched-element animators, used when the host gives
/// no matched element: four fractions of the container, then the source's corner radius.
func sourceParameters(x: Double, y: Double, width: Double, height: Double, radius: Double) -> [ParameterDefinition] {
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
func smallRect(_ s: Situation, parametersAt i: Int) -> tc_rect_t {
    if let m = s.matched { return s.presenting ? m.from_frame : m.to_frame }
    return s.fractionRect(at: i)
}

/// The iOS 18 zoom transition: the new screen grows out of the tapped element.
private let iosZoom = AnimatorDefinition(
    id: "ios-zoom", name: "iOS Zoom",
    summary: "iOS 18's zoom transition on a third-party fit of its spring, since Apple publishes no numbers: the new screen grows out of the matched element (or a source rectangle) to full screen, its corners morphing, over a dimmed screen; going back shrinks it into the element.",
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

/// Material 3's container transform (MDC `MaterialContainerTransform`, fit mode AUTO, a straight
/// path, the default thresholds), playing the card's picture and the screen as its two images
/// (see `ContainerMorph`).
private let containerTransform = AnimatorDefinition(
    id: "container-transform", name: "Material Container Transform",
    summary: "Material 3's container transform: the card (a matched element, or a source rectangle) becomes the new screen, the container's bounds and corners morphing on the emphasized curve, the two pictures scaled to one width and cross-faded by MDC's fade mode over a scrim; going back runs MDC's return thresholds.",
    operations: [TC_OPERATION_PUSH, TC_OPERATION_POP, TC_OPERATION_PRESENT, TC_OPERATION_DISMISS],
    parameters: [
        // MaterialContainerTransform.maybeApplyThemeValues (MaterialContainerTransform.java,
        // line 1011): motionDurationLong2 = 500 ms entering, motionDurationMedium4 = 400 ms
        // returning (M3 tokens.xml).
        .duration(0.5),
        .number("return-duration", "Return duration", doc: "How long going back takes.", unit: "s", 0.4, 0.05...10),
    ] + sourceParameters(x: 0.04, y: 0.25, width: 0.92, height: 0.18, radius: 12) + [
        // FADE_MODE_IN, OUT, CROSS, THROUGH (MaterialContainerTransform.java, lines 144–159);
        // IN is the default (line 242).
        .choice("fade-mode", "Fade mode", doc: "How the card's picture and the screen's cross-fade: in (the arriving picture fades in on top), out (the leaving picture fades out on top), cross (both fade) or through (out, then in).", ["in", "out", "cross", "through"]),
    ],
    duration: { s in s.presenting ? s[0] : s[1] },
    choreography: { s in
        // The start image is the card entering and the screen returning; the screen is the view
        // that moves, the other screen stays behind the scrim. The scrim is 0x52000000 drawn over
        // the whole drawing view, its alpha lerped 0→255 entering and 255→0 returning in the eased
        // progress (scrimColor, MaterialContainerTransform.java line 240; updateProgress, line 1359).
        let card = smallRect(s, parametersAt: 2)
        let radius = s[6]
        let emphasized = Easing.twoCubics(.emphasized)
        let scrim = Look(alpha: 82.0 / 255)
        let unit = s.presenting ? s.fromInitialFrame : s.toFinalFrame
        let picture: Piece.Source = s.matched != nil
            ? (s.presenting ? .matchedFrom : .matchedTo)
            : (s.presenting
                ? .from(x: (card.x - unit.x) / unit.width, y: (card.y - unit.y) / unit.height, width: card.width / unit.width, height: card.height / unit.height)
                : .to(x: (card.x - unit.x) / unit.width, y: (card.y - unit.y) / unit.height, width: card.width / unit.width, height: card.height / unit.height))
        var plan = Choreography(
            from: Track(start: .rest, end: .rest),
            to: Track(start: .rest, end: .rest),
            dimming: Track(start: Look(alpha: s.presenting ? 0 : scrim.alpha), end: Look(alpha: s.presenting ? scrim.alpha : 0), easing: emphasized, zIndex: 1),
            placement: s.presenting ? .above : .below)
        plan.pieces = [Piece(source: picture, track: Track(start: .rest, end: .rest))]
        plan.containerMorph = s.presenting
            ? ContainerMorph(
                start: card, end: s.toFinalFrame, startRadius: radius, endRadius: 0, startImage: .piece, endImage: .to,
                fadeMode: Int(s[7]), easing: emphasized)
            : ContainerMorph(
                start: s.fromInitialFrame, end: card, startRadius: 0, endRadius: radius, startImage: .from, endImage: .piece,
                fadeMode: Int(s[7]), easing: emphasized)
        return plan
    })

/// The animators of a matched element (ABI 1.1), with a source rectangle when there is none.
let matchedAnimators: [AnimatorDefinition] = [iosZoom, containerTransform]

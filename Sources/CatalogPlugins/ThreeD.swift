import TransitionABI

/// The camera parameter of the 3D animators: its distance as a multiple of the container's
/// extent along the motion, so the turn looks the same on every screen size.
private func camera(_ value: Double, doc: StaticString = "The camera's distance, as a multiple of the container's width (or height for vertical turns); smaller is more dramatic.") -> ParameterDefinition {
    .number("camera", "Camera distance", doc: doc, value, 0.5...10)
}

/// The cube: both screens are faces of one box turning about its centre, half the container
/// behind the screen plane, seen by one camera. Faces turned away are hidden.
private let cube = AnimatorDefinition(
    id: "cube", name: "Cube",
    summary: "The two screens are faces of a cube that turns to bring the new one to the front, seen in perspective.",
    operations: allOperations, reversible: true,
    parameters: [
        .duration(0.6),
        .direction(default: 0, doc: "Which way the cube turns: left brings in the face on the right."),
        // VCTransitionsLibrary's CECubeAnimationController turns by π/2 (research/ios_anchors.md §4.1);
        // its perspective is m34 = -1/200 on a 320-pt screen, 0.6 of the width: too close to keep
        // the near edge inside the screen with a shared camera, so the default is further away.
        camera(2),
    ],
    choreography: { s in
        var (vx, vy) = s.vector(1)
        if !s.presenting { (vx, vy) = (-vx, -vy) }
        let horizontal = vx != 0
        let extent = horizontal ? s.width : s.height
        let pivot = -extent / 2
        let fromEnd = horizontal ? Look(rotateY: -90 * vx, anchorZ: pivot) : Look(rotateX: 90 * vy, anchorZ: pivot)
        let toStart = horizontal ? Look(rotateY: 90 * vx, anchorZ: pivot) : Look(rotateX: -90 * vy, anchorZ: pivot)
        return Choreography(
            from: Track(start: Look(anchorZ: pivot), end: fromEnd, easing: .curve(TC_CURVE_EASE_IN_OUT), visible: -Double.infinity...0.999_999, cullBackFace: true),
            to: Track(start: toStart, end: Look(anchorZ: pivot), easing: .curve(TC_CURVE_EASE_IN_OUT), visible: 0.000_001...Double.infinity, cullBackFace: true),
            placement: s.presenting ? .above : .below, perspective: s[2] * extent)
    })

/// Turn: the old screen swings away on a hinge at one edge, then the new one swings in on the
/// opposite edge: two halves, as VCTransitionsLibrary's CETurnAnimationController.
private let turn = AnimatorDefinition(
    id: "turn", name: "Turn",
    summary: "The old screen swings away on a hinge, then the new one swings in on the far edge, each in half the time.",
    operations: allOperations, reversible: true,
    parameters: [
        .duration(0.7),
        .direction(default: 0, doc: "Where the new screen comes from: left means it swings in from the right."),
        // CETurnAnimationController: m34 = -0.002, 500 pt from a 320-pt screen, 1.56 widths
        // (research/ios_anchors.md §4.1, IBAnimatable's TurnAnimator has the same).
        camera(1.56),
    ],
    choreography: { s in
        var (vx, vy) = s.vector(1)
        if !s.presenting { (vx, vy) = (-vx, -vy) }
        let horizontal = vx != 0
        let fromHinge = horizontal ? Look(anchorX: (1 - vx) / 2) : Look(anchorY: (1 - vy) / 2)
        var fromAway = fromHinge, toAway = horizontal ? Look(anchorX: (1 + vx) / 2) : Look(anchorY: (1 + vy) / 2)
        let toHinge = toAway
        if horizontal {
            fromAway.rotateY = 90 * vx
            toAway.rotateY = -90 * vx
        } else {
            fromAway.rotateX = -90 * vy
            toAway.rotateX = 90 * vy
        }
        return Choreography(
            // Seen by one camera, a screen on a hinge is never edge-on: each fades over the
            // fifth of its half nearest the hand-over.
            from: Track(start: fromHinge, end: Look(alpha: 0).merged(fromAway), easing: .curve(TC_CURVE_EASE_IN), range: 0...0.5, visible: -Double.infinity...0.5, fade: 0.8...1, fadeOnTime: true),
            to: Track(start: Look(alpha: 0).merged(toAway), end: toHinge, easing: .curve(TC_CURVE_EASE_OUT), range: 0.5...1, visible: 0.5...Double.infinity, fade: 0...0.2, fadeOnTime: true),
            placement: s.presenting ? .above : .below, perspective: s[2] * (horizontal ? s.width : s.height))
    })

/// NatGeo: the old screen opens like a magazine cover on its spine while the page beneath
/// settles from a tilt, as VCTransitionsLibrary's CENatGeoAnimationController.
private let natgeo = AnimatorDefinition(
    id: "natgeo", name: "NatGeo",
    summary: "The old screen opens like a magazine cover turning on its spine while the page beneath settles from a tilt; popping closes the cover.",
    operations: allOperations, reversible: true,
    parameters: [
        .duration(0.9),
        .choice("direction", "Direction", doc: "The side of the spine: left opens the cover to the left.", ["left", "right"]),
        // CENatGeoAnimationController: m34 = -1/500 on a 320-pt screen, 1.56 widths
        // (research/ios_anchors.md §4.1).
        camera(1.56),
    ],
    choreography: { s in
        // kAnimationFirstPartRatio = 0.8: the cover turns over the first 80 %, the page settles
        // over the last 80 % (research/ios_anchors.md §4.1).
        let firstPart = 0.8
        let side = s[1] == 0 ? 1.0 : -1.0
        let spine = side > 0 ? 0.0 : 1.0
        let closed = Look(anchorX: spine)
        let open = Look(alpha: 0, rotateY: -90 * side, anchorX: spine)
        let tilted = Look(scale: 0.9, alpha: 0.5, rotateY: 20 * side, anchorX: spine)
        if s.presenting {
            return Choreography(
                from: Track(
                    start: closed, end: open, easing: .curve(TC_CURVE_EASE_IN), range: 0...firstPart, visible: -Double.infinity...firstPart,
                    fade: 0.7...1, fadeOnTime: true, cullBackFace: true, zIndex: 1),
                to: Track(start: tilted, end: closed, easing: .curve(TC_CURVE_EASE_OUT), range: (1 - firstPart)...1),
                placement: .above, perspective: s[2] * s.width)
        }
        return Choreography(
            from: Track(start: closed, end: tilted, easing: .curve(TC_CURVE_EASE_IN), range: 0...firstPart),
            to: Track(
                start: open, end: closed, easing: .curve(TC_CURVE_EASE_OUT), range: (1 - firstPart)...1, visible: (1 - firstPart)...Double.infinity,
                fade: 0...0.3, fadeOnTime: true, cullBackFace: true, zIndex: 1),
            placement: .below, perspective: s[2] * s.width)
    })

/// Cards: the old card tips back and sinks into the stack while the new one slides over it
/// with an overshoot, as VCTransitionsLibrary's CECardsAnimationController.
private let cards = AnimatorDefinition(
    id: "cards", name: "Cards",
    summary: "The old screen tips back and sinks like a card in a stack while the new card slides over it, overshooting slightly; popping brings the stacked card forward.",
    operations: allOperations, reversible: true,
    parameters: [
        .duration(0.7),
        .choice("direction", "Direction", doc: "up: the new card rises from the bottom edge; down: it drops from the top.", ["up", "down"]),
        // m34 = -1/900 on a 320-pt screen: 2.8 widths (research/ios_anchors.md §4.1).
        camera(2.8),
    ],
    choreography: { s in
        let v = s[1] == 0 ? 1.0 : -1.0
        // The keyframes of CECardsAnimationController (research/ios_anchors.md §4.1): first scale
        // 0.95 and 15° about x, then 8 % of the height up, scale 0.8, alpha 0.6; the new card
        // overshoots by 30 pt to simulate a spring.
        let tipped = Look(scale: 0.95, rotateX: 15)
        let stacked = Look(dy: -0.08 * v, scale: 0.8, alpha: 0.6)
        let overshoot = Look(ty: -30 * v)
        let away = Look.offset(0, v)
        if s.presenting {
            return Choreography(
                from: Track(start: .rest, end: stacked, easing: .curve(TC_CURVE_EASE_IN_OUT), via: tipped, viaAt: 0.4),
                to: Track(start: away, end: .rest, easing: .curve(TC_CURVE_EASE_OUT), via: overshoot, viaAt: 0.8),
                placement: .above, perspective: s[2] * s.width)
        }
        return Choreography(
            from: Track(start: .rest, end: away, easing: .curve(TC_CURVE_EASE_IN)),
            to: Track(start: stacked, end: .rest, easing: .curve(TC_CURVE_EASE_IN_OUT), via: tipped, viaAt: 0.6),
            placement: .below, perspective: s[2] * s.width)
    })

/// Swing: the presented screen hangs from its top edge and swings down into place on a spring
/// over a dimmed screen; dismissing tips it back away.
private let swing = AnimatorDefinition(
    id: "swing", name: "Swing",
    summary: "The presented screen hangs from its top edge and swings down into place, past it and back, over a dimming layer; dismissing tips it back and away.",
    operations: modalOperations, styles: [TC_STYLE_FULL_SCREEN, TC_STYLE_CUSTOM], reversible: true,
    parameters: [
        .duration(0.9),
        .number("overshoot", "Overshoot", doc: "How far the screen swings past its place before it settles.", unit: "deg", 12, 0...45),
        camera(2.5, doc: "The camera's distance, as a multiple of the container's height; smaller is more dramatic."),
        .number("dim", "Dimming", doc: "The dimming layer's opacity once presented.", 0.4, 0...1),
    ],
    choreography: { s in
        let hung = Look(anchorY: 0)
        let lying = Look(alpha: 0, rotateX: -80, anchorY: 0)
        let dim = Look(alpha: s[3])
        if s.presenting {
            return Choreography(
                from: nil,
                to: Track(
                    start: lying, end: hung, easing: .curve(TC_CURVE_EASE_IN_OUT), via: Look(rotateX: s[1], anchorY: 0), viaAt: 0.7,
                    fade: 0...0.1, fadeOnTime: true),
                dimming: Track(start: Look(alpha: 0), end: dim, easing: .linear), placement: .above, perspective: s[2] * s.height)
        }
        return Choreography(
            from: Track(start: hung, end: lying, easing: .curve(TC_CURVE_EASE_IN), fade: 0.6...1, fadeOnTime: true), to: nil,
            dimming: Track(start: dim, end: Look(alpha: 0), easing: .linear), placement: .below, perspective: s[2] * s.height)
    })

/// The 3D animators that need only ABI 1.0: cube, turn, natgeo, cards and swing.
let threeDAnimators: [AnimatorDefinition] = [cube, turn, natgeo, cards, swing]

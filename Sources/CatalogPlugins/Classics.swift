import TransitionABI

/// The first animators of the catalogue: slide, fade, flip, halfway-spring, cover-vertical,
/// drop-down, dimmed-sheet and zoom.
let classicAnimators: [AnimatorDefinition] = [
    AnimatorDefinition(
        id: "slide", name: "Slide",
        summary: "The pushed screen slides in from the edge while the old one moves off with a parallax.",
        operations: [TC_OPERATION_PUSH, TC_OPERATION_POP, TC_OPERATION_TAB], reversible: true,
        parameters: [
            .duration(0.35),
            .direction(default: 0, doc: "Where the arriving screen moves: left means it enters from the right edge."),
            ParameterDefinition(id: "parallax", name: "Parallax", doc: "How far the covered screen moves, as a fraction of the arriving one's travel.", unit: "", defaultValue: 0.3, min: 0, max: 1),
        ],
        choreography: { s in
            let (vx, vy) = s.vector(1), k = s[2]
            if s.presenting {
                return Choreography(
                    from: Track(start: .rest, end: .offset(-vx * k, -vy * k)),
                    to: Track(start: .offset(vx, vy), end: .rest), placement: .above)
            }
            return Choreography(
                from: Track(start: .rest, end: .offset(vx, vy)),
                to: Track(start: .offset(-vx * k, -vy * k), end: .rest), placement: .below)
        }),
    AnimatorDefinition(
        id: "fade", name: "Fade", summary: "A cross-dissolve: the old screen fades out as the new one fades in.",
        operations: allOperations, styles: [TC_STYLE_FULL_SCREEN, TC_STYLE_CUSTOM], reversible: true,
        parameters: [.duration(0.3)],
        choreography: { s in
            Choreography(
                from: Track(start: .rest, end: Look(alpha: 0), easing: .curve(TC_CURVE_LINEAR)),
                to: Track(start: Look(alpha: 0), end: .rest, easing: .curve(TC_CURVE_LINEAR)),
                placement: s.presenting ? .above : .below)
        }),
    AnimatorDefinition(
        id: "flip", name: "Flip",
        summary: "A 3D card flip with perspective, about the vertical axis (left, right) or the horizontal one (up, down): the old screen turns away, the new one turns in.",
        operations: allOperations, reversible: true,
        parameters: [
            .duration(0.6),
            .choice("direction", "Direction", doc: "Which way the card turns: left and right about the vertical axis, up and down about the horizontal one.", ["left", "right", "up", "down"]),
            .number("perspective", "Perspective", doc: "The camera's distance from the screen; smaller is more dramatic.", unit: "pt", 1000, 200...5000),
        ],
        choreography: { s in
            let choice = Int(s[1])
            var sign = choice % 2 == 0 ? 1.0 : -1.0
            if !s.presenting { sign = -sign }
            let away = choice < 2 ? Look(rotateY: 90 * sign) : Look(rotateX: -90 * sign)
            let toward = choice < 2 ? Look(rotateY: -90 * sign) : Look(rotateX: 90 * sign)
            return Choreography(
                from: Track(start: .rest, end: away, easing: .curve(TC_CURVE_EASE_IN), range: 0...0.5, visible: -Double.infinity...0.5),
                to: Track(start: toward, end: .rest, easing: .curve(TC_CURVE_EASE_OUT), range: 0.5...1, visible: 0.5...Double.infinity),
                placement: s.presenting ? .above : .below, perspective: s[2])
        }),
    AnimatorDefinition(
        id: "halfway-spring", name: "Halfway Spring",
        summary: "The presented screen rises from half the container's height on a spring while fading in; on dismiss it falls away, accelerating, in half the time, fading as it goes.",
        // Not reversible: its dismiss is a motion of its own, not the present played backwards.
        operations: modalOperations,
        parameters: [
            .duration(0.6),
            .number("damping", "Damping", doc: "The spring's damping ratio: 1 settles without bouncing, lower values bounce.", 0.6, 0.1...1),
        ],
        // Exits are quicker than entrances: Material 3 gives exits the short end of the
        // durations and the emphasized accelerate curve (research/modern_anchors.md §1).
        duration: { s in s.presenting ? s[0] : s[0] / 2 },
        choreography: { s in
            if s.presenting {
                return Choreography(
                    from: nil, to: Track(start: Look(dy: 0.5, alpha: 0), end: .rest, easing: .spring(dampingRatio: s[1])), placement: .above)
            }
            // Emphasized accelerate (0.3, 0, 0.8, 0.15), research/modern_anchors.md §1; the fade
            // runs on time, so the screen is gone exactly when the motion ends.
            return Choreography(
                from: Track(start: .rest, end: Look(dy: 0.5, alpha: 0), easing: .bezier(0.3, 0, 0.8, 0.15), fade: 0...1, fadeOnTime: true),
                to: nil, placement: .below)
        }),
    AnimatorDefinition(
        id: "cover-vertical", name: "Cover Vertical",
        summary: "The presented screen slides up from the bottom edge; dismiss slides it back down.",
        operations: [TC_OPERATION_PRESENT, TC_OPERATION_DISMISS, TC_OPERATION_PUSH, TC_OPERATION_POP], reversible: true,
        parameters: [.duration(0.4)],
        choreography: { s in
            s.presenting
                ? Choreography(from: nil, to: Track(start: .offset(0, 1), end: .rest, easing: .curve(TC_CURVE_MATERIAL_DECELERATE)), placement: .above)
                : Choreography(from: Track(start: .rest, end: .offset(0, 1), easing: .curve(TC_CURVE_MATERIAL_ACCELERATE)), to: nil, placement: .below)
        }),
    AnimatorDefinition(
        id: "drop-down", name: "Drop Down",
        summary: "The presented screen drops in from above the top edge; dismiss lifts it back up.",
        operations: [TC_OPERATION_PRESENT, TC_OPERATION_DISMISS], reversible: true,
        parameters: [.duration(0.45)],
        choreography: { s in
            s.presenting
                ? Choreography(from: nil, to: Track(start: .offset(0, -1), end: .rest, easing: .curve(TC_CURVE_MATERIAL_DECELERATE)), placement: .above)
                : Choreography(from: Track(start: .rest, end: .offset(0, -1), easing: .curve(TC_CURVE_MATERIAL_ACCELERATE)), to: nil, placement: .below)
        }),
    AnimatorDefinition(
        id: "dimmed-sheet", name: "Dimmed Sheet",
        summary: "A custom presentation: the presented screen rises as a rounded card over a dimming layer that fades in; the presenting screen stays put.",
        operations: [TC_OPERATION_PRESENT, TC_OPERATION_DISMISS], styles: [TC_STYLE_CUSTOM],
        parameters: [
            .duration(0.4),
            ParameterDefinition(id: "dim", name: "Dimming", doc: "The dimming layer's final opacity.", defaultValue: 0.5, min: 0, max: 1),
            ParameterDefinition(id: "corner-radius", name: "Corner radius", doc: "The card's corner radius.", unit: "pt", defaultValue: 12, min: 0, max: 60),
        ],
        choreography: { s in
            let card = Look(cornerRadius: s[2])
            let away = Look(dy: 1, cornerRadius: s[2])
            let dim = Look(alpha: s[1])
            if s.presenting {
                return Choreography(
                    from: nil,
                    to: Track(start: away, end: card, easing: .curve(TC_CURVE_MATERIAL_DECELERATE)),
                    dimming: Track(start: Look(alpha: 0), end: dim, easing: .curve(TC_CURVE_LINEAR)), placement: .above)
            }
            return Choreography(
                from: Track(start: card, end: away, easing: .curve(TC_CURVE_MATERIAL_ACCELERATE)), to: nil,
                dimming: Track(start: dim, end: Look(alpha: 0), easing: .curve(TC_CURVE_LINEAR)), placement: .below)
        }),
    AnimatorDefinition(
        id: "zoom", name: "Zoom",
        summary: "The new screen scales in (or out) to full size while fading in; dismissing reverses it.",
        operations: allOperations, styles: [TC_STYLE_FULL_SCREEN, TC_STYLE_CUSTOM], reversible: true,
        parameters: [
            .duration(0.35),
            ParameterDefinition(id: "mode", name: "Mode", doc: "in: the new screen grows from small; out: it shrinks from large.", type: TC_PARAM_CHOICE, defaultValue: 0, min: 0, max: 1, choices: ["in", "out"]),
            ParameterDefinition(id: "scale", name: "Scale", doc: "How far from full size the zoom starts, as a fraction.", defaultValue: 0.2, min: 0.01, max: 0.9),
        ],
        choreography: { s in
            let factor = s[1] == 0 ? 1 - s[2] : 1 + s[2]
            let small = Look(scale: factor, alpha: 0)
            if s.presenting {
                return Choreography(from: nil, to: Track(start: small, end: .rest, easing: .curve(TC_CURVE_EASE_OUT)), placement: .above)
            }
            return Choreography(from: Track(start: .rest, end: small, easing: .curve(TC_CURVE_EASE_IN)), to: nil, placement: .below)
        }),
]

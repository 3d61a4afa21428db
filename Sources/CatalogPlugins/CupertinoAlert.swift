import TransitionABI

/// Flutter's Cupertino dialog transition, its port of the iOS alert: the numbers are from
/// flutter/flutter `packages/flutter/lib/src/cupertino/route.dart` (research/modern_anchors.md
/// §5). `showCupertinoDialog` lasts 250 ms over a barrier of 0x33000000 (α 0.2) that the route
/// fades in on `Curves.ease`; `_buildCupertinoDialogTransitions` fades the dialog with
/// `Curves.easeInOut` and, while it enters, scales it by `_dialogScaleTween`, 1.3 → 1.0 on
/// `Curves.linearToEaseOut` (0.35, 0.91, 0.33, 0.97); when the route runs in reverse it only fades.
let cupertinoAlert = AnimatorDefinition(
    id: "cupertino-alert", name: "Cupertino Alert",
    summary: "Flutter's port of the iOS alert: the dialog shrinks from 130 % into place while fading in over a light dimming; dismissal only fades it.",
    operations: modalOperations, styles: [TC_STYLE_CUSTOM], reversible: false,
    parameters: [
        .duration(0.25),
        .number("dim", "Dimming", doc: "The barrier's opacity once presented: 0.2 in the light theme, 0.48 in the dark one.", 0.2, 0...1),
    ],
    choreography: { s in
        let fade = Easing.curve(TC_CURVE_EASE_IN_OUT)
        let barrier = Easing.curve(TC_CURVE_EASE)
        if s.presenting {
            // The scale eases on linearToEaseOut, the alpha on easeInOut over the whole time.
            return Choreography(
                from: nil,
                to: Track(
                    start: Look(scale: 1.3, alpha: 0), end: .rest, easing: .linearToEaseOut,
                    fade: 0...1, fadeOnTime: true, fadeEasing: fade),
                dimming: Track(start: Look(alpha: 0), end: Look(alpha: s[1]), easing: barrier),
                placement: .above)
        }
        return Choreography(
            from: Track(start: .rest, end: Look(alpha: 0), easing: fade, reversedTime: true), to: nil,
            dimming: Track(start: Look(alpha: s[1]), end: Look(alpha: 0), easing: barrier, reversedTime: true),
            placement: .below)
    })

import TransitionABI

/// The M3 emphasized easing, as the host evaluates it.
private let emphasized = Easing.twoCubics(.emphasized)

/// The iOS navigation push as measured on the device: the new screen from the right edge on an
/// exponential approach, the covered one moving a third of the way under a darkening shadow.
private let iosPush = AnimatorDefinition(
    id: "ios-push", name: "iOS Push",
    summary: "UIKit's navigation push as a third-party frame fit measures it, since Apple publishes no numbers: the new screen comes from the trailing edge, the covered one moves a third of the way under a dimming shadow; pop reverses it.",
    operations: navigationOperations, reversible: true,
    parameters: [
        // The swift_transitions frame fit of the iOS simulator (research/modern_anchors.md §5):
        // 400 ms, 1/e every 61 ms, dim 0.115; Apple publishes none of these.
        .duration(0.4),
        .number("parallax", "Parallax", doc: "How far the covered screen moves, as a fraction of the width: a third on iOS.", 1.0 / 3, 0...1),
        .number("dim", "Dimming", doc: "The covered screen's darkening at the end of a push.", 0.115, 0...1),
    ],
    choreography: { s in
        let decay = Easing.decay(timeConstant: 0.061 / max(s[0], 0.05))
        let k = s[1]
        let dim = Track(start: Look(alpha: 0), end: Look(alpha: s[2]), easing: decay)
        if s.presenting {
            return Choreography(
                from: Track(start: .rest, end: .offset(-k, 0), easing: decay),
                to: Track(start: .offset(1, 0), end: .rest, easing: decay),
                dimming: dim, placement: .above)
        }
        return Choreography(
            from: Track(start: .rest, end: .offset(1, 0), easing: decay),
            to: Track(start: .offset(-k, 0), end: .rest, easing: decay),
            dimming: Track(start: Look(alpha: s[2]), end: Look(alpha: 0), easing: decay), placement: .below)
    })

/// Flutter's CupertinoPageTransition, constant for constant.
private let cupertinoPage = AnimatorDefinition(
    id: "cupertino-page", name: "Cupertino Page",
    summary: "Flutter's Cupertino page transition: the new page from the right edge, the old one moving a third of the way behind a light barrier.",
    operations: navigationOperations, reversible: true,
    parameters: [
        // CupertinoPageTransition (research/modern_anchors.md §5, packages/flutter/lib/src/cupertino/route.dart):
        // 500 ms; entering fastEaseInToSlowEaseOut, flipped on pop; covered page 0 → -W/3 with
        // linearToEaseOut (0.35, 0.91, 0.33, 0.97), easeInToLinear (0.67, 0.03, 0.65, 0.09) on pop;
        // barrier 0x18000000 with Curves.ease.
        .duration(0.5),
    ],
    // On a pop the route value v falls from 1 to 0 and Flutter's CurvedAnimation maps it through
    // the reverse curve (animation/animations.dart, CurvedAnimation.value). The popping page's
    // offset is 1 − flipped(v) = f(1 − v): the push's own curve on the time fraction, fast first,
    // so its track runs forwards. The covered page's easeInToLinear(v) is not a flip, and the
    // barrier's CurveTween(ease)(v) is no CurvedAnimation at all: both replay their curves
    // backwards in time.
    choreography: { s in
        let entering = Easing.twoCubics(.fastEaseInToSlowEaseOut)
        let barrier = 24.0 / 255
        var plan: Choreography
        if s.presenting {
            plan = Choreography(
                from: Track(start: .rest, end: .offset(-1.0 / 3, 0), easing: .linearToEaseOut),
                to: Track(start: .offset(1, 0), end: .rest, easing: entering),
                dimming: Track(start: Look(alpha: 0), end: Look(alpha: barrier), easing: .curve(TC_CURVE_EASE)), placement: .above)
        } else {
            plan = Choreography(
                from: Track(start: .rest, end: .offset(1, 0), easing: entering),
                to: Track(start: .offset(-1.0 / 3, 0), end: .rest, easing: .easeInToLinear, reversedTime: true),
                dimming: Track(start: Look(alpha: barrier), end: Look(alpha: 0), easing: .curve(TC_CURVE_EASE), reversedTime: true), placement: .below)
        }
        plan.bands = cupertinoEdgeShadow(s)
        return plan
    })

/// The edge shadow of Flutter's Cupertino page (_CupertinoEdgeShadowDecoration and
/// _CupertinoEdgeShadowPainter in packages/flutter/lib/src/cupertino/route.dart): a band 5 % of
/// the width left of the page on top, moving with it, whose colour goes from 0x04000000 at the
/// page's edge to 0x00000000 at the far side, scaled in alpha by the route value through
/// CurvedAnimation(curve: Curves.linearToEaseOut) with no reverse curve (DecorationTween from no
/// decoration). Views are flat colours, so the gradient is drawn as four bands of equal width,
/// each at the gradient's mean alpha over it. On a pop linearToEaseOut of the falling route value
/// v = 1 − u is 1 − easeInToLinear(u), the curve's flip.
private func cupertinoEdgeShadow(_ s: Situation) -> [Band] {
    let steps = 4
    let c = s.container, width = 0.05 * c.width / Double(steps)
    return (0..<steps).map { i in
        let alpha = 4.0 / 255 * (1 - (Double(i) + 0.5) / Double(steps))
        let frame = tc_rect_t(x: c.x - Double(i + 1) * width, y: c.y, width: width, height: c.height)
        let track = s.presenting
            ? Track(start: Look(dx: 1, alpha: 0), end: Look(alpha: alpha), easing: .twoCubics(.fastEaseInToSlowEaseOut),
                    fade: 0...1, fadeOnTime: true, fadeEasing: .linearToEaseOut)
            : Track(start: Look(alpha: alpha), end: Look(dx: 1, alpha: 0), easing: .twoCubics(.fastEaseInToSlowEaseOut),
                    fade: 0...1, fadeOnTime: true, fadeEasing: .easeInToLinear)
        return Band(frame: frame, track: track)
    }
}

/// Flutter's CupertinoFullscreenDialogTransition.
private let cupertinoDialog = AnimatorDefinition(
    id: "cupertino-dialog", name: "Cupertino Full-screen Dialog",
    summary: "Flutter's Cupertino full-screen dialog: the page rises from the bottom edge over a still screen; dismissal runs the curve flipped.",
    operations: modalOperations, reversible: true,
    // 500 ms, linearToEaseOut and its flip on dismissal, no barrier
    // (research/modern_anchors.md §5, packages/flutter/lib/src/cupertino/route.dart,
    // CupertinoFullscreenDialogTransition). The flipped reverse curve on the falling route value
    // makes the dismissal's offset linearToEaseOut of the time fraction: it leaves fast and
    // slows down, as the presentation arrives.
    parameters: [.duration(0.5)],
    choreography: { s in
        let curve = Easing.linearToEaseOut
        if s.presenting {
            return Choreography(from: nil, to: Track(start: .offset(0, 1), end: .rest, easing: curve), placement: .above)
        }
        return Choreography(from: Track(start: .rest, end: .offset(0, 1), easing: curve), to: nil, placement: .below)
    })

/// Compose Multiplatform's default navigation transition on iOS, androidx
/// `navigation3/navigation3-ui/src/iosMain/kotlin/androidx/navigation3/ui/NavDisplay.ios.kt`
/// (`defaultTransitionSpec`, `defaultPopTransitionSpec`).
private let composeIOS = AnimatorDefinition(
    id: "compose-ios", name: "Compose Multiplatform iOS",
    summary: "Compose Multiplatform's default iOS navigation: the new page slides in from the trailing edge while the old one moves a quarter of the width the other way, on one curve, with no dimming; pop reverses it.",
    operations: navigationOperations, reversible: true,
    parameters: [
        // DEFAULT_TRANSITION_DURATION_MILLISECOND = 500; IosTransitionEasing =
        // CubicBezierEasing(0.2833, 0.99, 0.31833, 0.99) on every slide (NavDisplay.ios.kt).
        .duration(0.5),
    ],
    choreography: { s in
        // Push: slideIntoContainer(Left) from the full width, slideOutOfContainer(Left) to
        // it / 4. Pop: slideIntoContainer(Right) from −it / 4, slideOutOfContainer(Right) to the
        // full width. NavDisplay gives the target scene the initial zIndex + 1 on a push and − 1
        // on a pop (NavDisplay.kt, targetZIndex): the page that moves fully is on top.
        let curve = Easing.bezier(0.2833, 0.99, 0.31833, 0.99)
        if s.presenting {
            return Choreography(
                from: Track(start: .rest, end: .offset(-0.25, 0), easing: curve),
                to: Track(start: .offset(1, 0), end: .rest, easing: curve), placement: .above)
        }
        return Choreography(
            from: Track(start: .rest, end: .offset(1, 0), easing: curve),
            to: Track(start: .offset(-0.25, 0), end: .rest, easing: curve), placement: .below)
    })

/// Flutter's Cupertino modal popup, `CupertinoModalPopupRoute` (packages/flutter/lib/src/cupertino/route.dart).
private let cupertinoModalPopup = AnimatorDefinition(
    id: "cupertino-modal-popup", name: "Cupertino Modal Popup",
    summary: "Flutter's Cupertino modal popup (an action sheet): the popup rises from the bottom edge by its own height over a darkening barrier; dismissal runs the curve flipped.",
    operations: modalOperations, styles: [TC_STYLE_CUSTOM, TC_STYLE_FULL_SCREEN], reversible: true,
    parameters: [
        // _kModalPopupTransitionDuration = 335 ms.
        .duration(0.335),
        .number("dim", "Barrier", doc: "The barrier's opacity when the popup is shown: kCupertinoModalBarrierColor, 0x33000000 light (0x7A000000 dark).", 0x33 / 255.0, 0...1),
    ],
    choreography: { s in
        // createAnimation: CurvedAnimation(curve: linearToEaseOut, reverseCurve:
        // linearToEaseOut.flipped); buildTransitions: Align(bottomCenter) and
        // FractionalTranslation from Offset(0, 1), the popup's own height: from just below the
        // bottom edge, where Align puts its bottom. A presented frame that does not reach the
        // bottom edge starts just below it too. On a dismissal the
        // flipped reverse curve on the falling value is the push's curve on the time fraction.
        // The barrier (ModalRoute._buildModalBarrier) is a ColorTween to the barrier colour
        // through CurveTween(barrierCurve = Curves.ease) of the route's animation, which is the
        // curved one: ease(linearToEaseOut(t)) in, and 1 − ease(linearToEaseOut(t)) out.
        let curve = Easing.linearToEaseOut
        let away = Look(ty: s.container.y + s.height - s.presentedFrame.y)
        // Curves.ease is cubic(0.25, 0.1, 0.25, 1); its flip, 1 − ease(1 − x), is cubic(0.75, 0, 0.75, 0.9).
        if s.presenting {
            return Choreography(
                from: nil, to: Track(start: away, end: .rest, easing: curve),
                dimming: Track(start: Look(alpha: 0), end: Look(alpha: s[1]), easing: .composed(outer: .bezier(0.25, 0.1, 0.25, 1), inner: curve)),
                placement: .above)
        }
        return Choreography(
            from: Track(start: .rest, end: away, easing: curve), to: nil,
            dimming: Track(start: Look(alpha: s[1]), end: Look(alpha: 0), easing: .composed(outer: .bezier(0.75, 0, 0.75, 0.9), inner: curve)),
            placement: .below)
    })

/// Material 3 shared axis along x, y or z (MDC `MaterialSharedAxis`).
private let sharedAxis = AnimatorDefinition(
    id: "shared-axis", name: "Material Shared Axis",
    summary: "Material 3 shared axis: the screens slide 30 dp along x or y, or scale along z, fading through each other; pop runs it backward.",
    operations: allOperations, reversible: true,
    parameters: [
        // motionDurationLong1 = 450 ms with the emphasized easing; slide distance 30 dp; fade
        // threshold 0.35 of eased progress; z scales 0.8 → 1 and 1 → 1.1
        // (research/modern_anchors.md §2, MaterialSharedAxis and res/values/dimens.xml).
        .duration(0.45),
        .choice("axis", "Axis", doc: "x slides sideways, y vertically, z scales towards the viewer.", ["x", "y", "z"]),
        .number("distance", "Slide distance", doc: "How far the screens slide on x and y.", unit: "pt", 30, 0...200),
    ],
    choreography: { s in
        let d = s.presenting ? s[2] : -s[2]
        let entering: Look, exiting: Look
        switch Int(s[1]) {
        case 0: (entering, exiting) = (Look(tx: d, alpha: 0), Look(tx: -d, alpha: 0))
        case 1: (entering, exiting) = (Look(ty: d, alpha: 0), Look(ty: -d, alpha: 0))
        default:
            (entering, exiting) = s.presenting
                ? (Look(scale: 0.8, alpha: 0), Look(scale: 1.1, alpha: 0))
                : (Look(scale: 1.1, alpha: 0), Look(scale: 0.8, alpha: 0))
        }
        return Choreography(
            from: Track(start: .rest, end: exiting, easing: emphasized, fade: 0...0.35),
            to: Track(start: entering, end: .rest, easing: emphasized, fade: 0.35...1),
            placement: s.presenting ? .above : .below)
    })

/// Material 3 fade through (MDC `MaterialFadeThrough`).
private let fadeThrough = AnimatorDefinition(
    id: "fade-through", name: "Material Fade Through",
    summary: "Material 3 fade through: the old screen fades out over the first 35 %, then the new one fades in while growing from 92 %.",
    operations: allOperations, styles: [TC_STYLE_FULL_SCREEN, TC_STYLE_CUSTOM], reversible: true,
    // 450 ms, emphasized; entering α over e ∈ [0.35, 1], scale 0.92 → 1; exiting α over
    // e ∈ [0, 0.35], no scale (research/modern_anchors.md §2).
    parameters: [.duration(0.45)],
    choreography: { s in
        Choreography(
            from: Track(start: .rest, end: Look(alpha: 0), easing: emphasized, fade: 0...0.35),
            to: Track(start: Look(scale: 0.92, alpha: 0), end: .rest, easing: emphasized, fade: 0.35...1),
            placement: s.presenting ? .above : .below)
    })

/// Material 3 fade (MDC `MaterialFade`) for small surfaces.
private let materialFade = AnimatorDefinition(
    id: "material-fade", name: "Material Fade",
    summary: "Material 3 fade for dialogs and menus: the surface fades in quickly while growing from 80 %, and fades out faster still.",
    operations: modalOperations, styles: [TC_STYLE_CUSTOM, TC_STYLE_FULL_SCREEN], reversible: false,
    parameters: [
        // Entering 400 ms (motionDurationMedium4), emphasized decelerate (0.05, 0.7, 0.1, 1),
        // α over e ∈ [0, 0.3], scale 0.8 → 1; exiting 150 ms (motionDurationShort3), emphasized
        // accelerate (0.3, 0, 0.8, 0.15), α 1 → 0 (research/modern_anchors.md §1, §2).
        .duration(0.4),
        .number("exit-duration", "Exit duration", doc: "How long the dismissal lasts.", unit: "s", 0.15, 0.05...10),
    ],
    duration: { s in s.presenting ? s[0] : s[1] },
    choreography: { s in
        if s.presenting {
            return Choreography(
                from: nil, to: Track(start: Look(scale: 0.8, alpha: 0), end: .rest, easing: .bezier(0.05, 0.7, 0.1, 1), fade: 0...0.3),
                placement: .above)
        }
        return Choreography(from: Track(start: .rest, end: Look(alpha: 0), easing: .bezier(0.3, 0, 0.8, 0.15)), to: nil, placement: .below)
    })

/// Flutter's zoom page transition, the default on Android, Linux and Windows.
private let flutterZoom = AnimatorDefinition(
    id: "flutter-zoom", name: "Flutter Zoom",
    summary: "Flutter's zoom page transition: the new page grows from 85 % and fades in quickly over a surface scrim while the old one grows to 105 %.",
    operations: navigationOperations, reversible: false,
    // 300 ms; scale by fastOutExtraSlowIn; push: entering 0.85 → 1 with α over t ∈ [0.125, 0.25],
    // surface scrim 0 → 0.6 over t ∈ [0.2075, 0.4175], exiting 1 → 1.05; pop: popping 1 → 0.9
    // with α 1 → 0 over t ∈ [0.0825, 0.2075], revealed 1.1 → 1 (research/modern_anchors.md §3).
    parameters: [.duration(0.3)],
    choreography: { s in
        let curve = Easing.twoCubics(.fastOutExtraSlowIn)
        if s.presenting {
            var c = Choreography(
                from: Track(start: .rest, end: Look(scale: 1.05), easing: curve),
                to: Track(start: Look(scale: 0.85, alpha: 0), end: .rest, easing: curve, fade: 0.125...0.25, fadeOnTime: true),
                dimming: Track(start: Look(alpha: 0), end: Look(alpha: 0.6), easing: .linear, range: 0.2075...0.4175),
                placement: .above)
            // ColorScheme.surface of the Material 3 baseline light scheme, #FEF7FF.
            c.dimmingColor = tc_color_t(r: 254.0 / 255, g: 247.0 / 255, b: 1, a: 1)
            return c
        }
        return Choreography(
            from: Track(start: .rest, end: Look(scale: 0.9, alpha: 0), easing: curve, fade: 0.0825...0.2075, fadeOnTime: true),
            to: Track(start: Look(scale: 1.1), end: .rest, easing: curve), placement: .below)
    })

/// Android's system predictive back between activities, AOSP WM Shell's
/// `DefaultCrossActivityBackAnimation` on `CrossActivityBackAnimation`
/// (frameworks/base `libs/WindowManager/Shell/src/com/android/wm/shell/back/`, the 2024 version
/// with `preparePreCommitEnteringRectMovement`'s `max(width × (1 − MAX_SCALE), 96 dp)`): the
/// finger drives the first part, then the 450 ms commit plays.
private let predictiveBack = AnimatorDefinition(
    id: "predictive-back", name: "Android Predictive Back",
    summary: "Android's system predictive back between activities: as the finger moves, the top window shrinks to 90 % towards the far edge and the one beneath comes in from the left, both with the window's rounded corners; on release the top window slides on and fades while the one beneath fills the screen.",
    operations: [TC_OPERATION_POP, TC_OPERATION_DISMISS],
    parameters: [
        .number("commit-duration", "Commit duration", doc: "How long the commit lasts once the finger lets go: POST_COMMIT_DURATION, 450 ms.", unit: "s", 0.45, 0.05...10),
        .choice("edge", "Swipe edge", doc: "The edge the back gesture starts from. From the right the top window shrinks about its centre; the one beneath comes from the left either way.", ["left", "right"]),
        .number("gesture-duration", "Gesture duration", doc: "How long the finger drives the motion before it lets go at the end of its travel.", unit: "s", 0.45, 0.05...10),
        .number("corner-radius", "Window corner radius", doc: "The radius both windows are cropped with while they move, the device's window corner radius.", unit: "pt", 32, 0...80),
    ],
    duration: { s in s[0] + s[2] },
    choreography: { s in
        // Gesture (onGestureProgress): p' = Interpolators.BACK_GESTURE(p), cubic(0.1, 0.1, 0, 1).
        // The closing rect lerps from the window to itself scaled 0.9 about its centre
        // (MAX_SCALE), moved right until its right edge is 8 dp (cross_task_back_vertical_margin)
        // from the display's, unless the swipe is from the right edge. The entering rect starts
        // moved left by max(0.1 W, 96 dp) (cross_activity_back_entering_start_offset) and scales
        // 0.9 about its own centre. A horizontal swipe moves neither vertically. Both leashes are
        // cropped with the window corner radius (applyTransform), which the matrix scales.
        // Commit (onGestureCommitted, onPostCommitProgress): u linear over 450 ms,
        // Interpolators.EMPHASIZED; the closing rect goes to the full window moved right by its
        // current left + 96 dp, its alpha max(1 − 5u, 0); the entering rect goes to the window;
        // the scrim, black α 0.2 (MAX_SCRIM_ALPHA_LIGHT) under the closing window, fades as
        // 0.2 (1 − u). Before the first gesture event the windows are as they were, uncropped;
        // finishAnimation drops the entering window's corner radius. The fling
        // spring's extra scale is still at a release without velocity.
        let g = s[2] / (s[0] + s[2]), radius = s[3], w = s.width
        let shift = s[1] == 0 ? 0.05 * w - 8 : 0
        let heldLeft = 0.05 * w + shift
        let back = -max(0.1 * w, 96)
        let phases = Easing.phases(at: g, first: .bezier(0.1, 0.1, 0, 1), second: .twoCubics(.emphasized))
        // With a finger on it the progress can rest anywhere past the gesture part: the closing
        // window then fades over the last fifth of the commit instead of the first, so it is
        // never gone while it is held.
        let fade = s.interactive ? (g + 0.8 * (1 - g))...1 : g...(g + 0.2 * (1 - g))
        return Choreography(
            from: Track(
                start: Look(cornerRadius: radius), end: Look(tx: heldLeft + 96, alpha: 0, cornerRadius: radius), easing: phases,
                via: Look(tx: shift, scale: 0.9, cornerRadius: radius), viaAt: g, fade: fade, fadeOnTime: true,
                initialCornerRadius: 0),
            to: Track(
                start: Look(tx: back, cornerRadius: radius), end: Look(cornerRadius: radius), easing: phases,
                via: Look(tx: back, scale: 0.9, cornerRadius: radius), viaAt: g, initialCornerRadius: 0, finalCornerRadius: 0),
            dimming: Track(start: Look(alpha: 0.2), end: Look(alpha: 0), easing: .linear, range: g...1),
            placement: .below)
    })

/// MDC's `MaterialElevationScale`, a companion of the container transform for the screen
/// behind it: that screen shrinks to 0.85 and fades out as the new one comes, and grows back and
/// fades in on the way back.
private let elevationScale = AnimatorDefinition(
    id: "elevation-scale", name: "Material Elevation Scale",
    summary: "MDC's MaterialElevationScale, the container transform's companion for the screen behind: pushing, the old screen shrinks to 0.85 and fades out over the new one; popping, it grows back from 0.85 and fades in over the leaving one.",
    operations: [TC_OPERATION_PUSH, TC_OPERATION_POP],
    parameters: [
        // MaterialVisibility applies no themed duration or easing for it: its
        // getDurationThemeAttrResId and getEasingThemeAttrResId return NO_ATTR_RES_ID
        // (MaterialVisibility.java lines 166–174) and TransitionUtils.maybeApplyThemeInterpolator then
        // sets nothing (TransitionUtils.java line 63), so Android's ValueAnimator defaults apply, 300 ms
        // and AccelerateDecelerateInterpolator. MDC's docs/theming/Motion.md (line 398) asks for
        // the paired container transform's duration instead: 0.5 s pushing, 0.4 s popping.
        .duration(0.3),
    ],
    choreography: { s in
        // DEFAULT_SCALE = 0.85 (MaterialElevationScale.java line 28) as the ScaleProvider's
        // outgoing end and incoming start scale; docs/theming/Motion.md lines 416–417: exit is
        // MaterialElevationScale(false), reenter MaterialElevationScale(true). Shrinking on
        // disappear: 1 → 0.85 (ScaleProvider.createDisappear, line 167); growing on appear:
        // 0.85 → 1 (createAppear, line 151); scales about the view's pivot, its centre.
        // FadeProvider: alpha 1 → 0 over the whole progress on disappear, 0 → 1 over [0, 1] on
        // appear (FadeProvider.java lines 59–81). A disappearing view is drawn in the scene root's
        // overlay, above the arriving screen.
        let easing = Easing.accelerateDecelerate
        let small = Look(scale: 0.85, alpha: 0)
        if s.presenting {
            return Choreography(
                from: Track(start: .rest, end: small, easing: easing),
                to: Track(start: .rest, end: .rest), placement: .below).placedAsUIKit(presenting: true)
        }
        return Choreography(
            from: Track(start: .rest, end: .rest),
            to: Track(start: small, end: .rest, easing: easing), placement: .above).placedAsUIKit(presenting: false)
    })

/// MDC's `Hold`, a companion of the container transform for the screen behind it: that screen
/// stays exactly where it is for the whole transition.
private let hold = AnimatorDefinition(
    id: "hold", name: "Material Hold",
    summary: "MDC's Hold, the container transform's companion for the screen behind: the screen behind stays still and whole for the duration while the container transform plays over it; alone, the new screen replaces the old one at the end.",
    operations: [TC_OPERATION_PUSH, TC_OPERATION_POP],
    parameters: [
        // Hold animates ValueAnimator.ofFloat(0) on appear and disappear (Hold.java lines 36–52)
        // with no duration of its own: Android's 300 ms. Motion.md line 398: match the container
        // transform's duration.
        .duration(0.3),
    ],
    choreography: { s in
        // The held screen stays at rest in full; the other one has no motion of its own and is
        // shown (pushing) or removed (popping) only when the transition ends.
        if s.presenting {
            return Choreography(
                from: Track(start: .rest, end: .rest),
                to: Track(start: .rest, end: .rest, visible: 1...Double.infinity), placement: .above)
        }
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: -Double.infinity...0.999_999),
            to: Track(start: .rest, end: .rest), placement: .below)
    })

/// The platform motions with their published numbers.
let platformAnimators: [AnimatorDefinition] = [
    iosPush, cupertinoPage, cupertinoDialog, sharedAxis, fadeThrough, materialFade, flutterZoom, predictiveBack,
    androidActivity, cupertinoAlert, elevationScale, hold, composeIOS, cupertinoModalPopup,
]

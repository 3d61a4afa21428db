import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

/// The clock of MDC's sheet back helpers: once the finger lets go the sheet slides off over
/// `AnimationUtils.lerp(HIDE_DURATION_MAX 300, HIDE_DURATION_MIN 150, backEvent.getProgress())`
/// ms, the int lerp rounding with `Math.round` (material-components-android
/// lib/java/com/google/android/material/motion/MaterialBackAnimationHelper.java and
/// MaterialSideContainerBackHelper.java, 2c297fa).
private func sheetClock(_ s: Situation) -> PredictiveBackClock {
    PredictiveBackClock(gesture: s[0], release: s[1], commit: (300 + floor(-150 * s[1] + 0.5)) / 1000)
}

// A step must not allocate: a curve is boxed when it is made and a global is made on its first
// use, so the choreographies read these at setup and their scripts keep the values.
/// `MaterialBackAnimationHelper`'s progress interpolator, PathInterpolator(0.1, 0.1, 0, 1).
private let backGestureCurve = Easing.bezier(0.1, 0.1, 0, 1)
/// `FastOutSlowInInterpolator`, (0.4, 0, 0.2, 1).
private let fastOutSlowInCurve = Easing.bezier(0.4, 0, 0.2, 1)

private let gestureParameters = PredictiveBackClock.parameters(
    afterRelease: "The back gesture's progress when the finger lets go; the sheet then slides off over 300 ms less 150 ms times it.")

/// MDC's `MaterialBottomContainerBackHelper`, the predictive back of a hideable bottom sheet
/// (`BottomSheetBehavior.handleBackInvoked` → `finishBackProgressNotPersistent`).
private let bottomSheetBack = AnimatorDefinition(
    id: "bottom-sheet-back", name: "Material Bottom Sheet Back",
    summary: "MDC's predictive back for a bottom sheet: as the finger moves, the sheet narrows by up to 48 pt and loses up to 24 pt of height, its bottom edge kept; on release it slides down off the screen by its height.",
    operations: [TC_OPERATION_DISMISS], styles: [TC_STYLE_CUSTOM],
    parameters: gestureParameters + [
        .number("corner-radius", "Corner radius", doc: "The sheet's corner radius, drawn in the sheet's plane: the helper's scale makes it oval as it does on Android.", unit: "pt", 28, 0...60),
    ],
    duration: { s in sheetClock(s).duration },
    choreography: { s in
        let backGesture = backGestureCurve, fastOutSlowIn = fastOutSlowInCurve
        let clock = sheetClock(s), sheet = s.presentedFrame, radius = s[2]
        // updateBackProgress: p' = interpolateProgress(p); scaleX = 1 − lerp(0, 48 dp / width, p'),
        // scaleY = 1 − lerp(0, 24 dp / height, p'), pivot at the bottom edge's middle
        // (m3_back_progress_bottom_container_max_scale_x_distance 48dp, _y_distance 24dp,
        // motion/res/values/dimens.xml).
        let scales: @Sendable (UnsafePointer<tc_context_t>, Double) -> (x: Double, y: Double) = { ctx, p in
            let e = backGesture.value(ctx, p)
            return (1 - 48 / sheet.width * e, 1 - 24 / sheet.height * e)
        }
        let move: @Sendable (UnsafePointer<tc_context_t>, Double) -> Look = { ctx, progress in
            guard progress > 0 else { return Look(cornerRadius: radius) }
            let scale = scales(ctx, clock.backProgress(progress))
            // finishBackProgressNotPersistent: TRANSLATION_Y to height × scaleY on FastOutSlowIn.
            let slide = clock.commitFraction(progress).map { fastOutSlowIn.value(ctx, $0) } ?? 0
            return Look(ty: sheet.height * scale.y * slide, scaleX: scale.x, scaleY: scale.y, anchorY: 1, cornerRadius: radius)
        }
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: -Double.infinity...0.999_999, script: move),
            to: Track(start: .rest, end: .rest), placement: .below)
    })

/// MDC's `MaterialSideContainerBackHelper`, the predictive back of a side sheet or a navigation
/// drawer (`SideSheetBehavior.handleBackInvoked` → `finishBackProgress`).
private let sideSheetBack = AnimatorDefinition(
    id: "side-sheet-back", name: "Material Side Sheet Back",
    summary: "MDC's predictive back for a side sheet: as the finger moves, the sheet loses up to 48 pt of height about its middle and, held at its outer edge, grows by 12 pt when the swipe comes from its own side or shrinks by 24 pt from the other; on release it slides off its edge by its width.",
    operations: [TC_OPERATION_DISMISS], styles: [TC_STYLE_CUSTOM],
    parameters: gestureParameters + [
        .choice("side", "Side", doc: "The edge the sheet is on: its gravity.", ["left", "right"], default: 1),
        .choice("edge", "Swipe edge", doc: "The edge the back gesture starts from.", ["left", "right"]),
        .number("corner-radius", "Corner radius", doc: "The sheet's corner radius, drawn in the sheet's plane: the helper's scale makes it oval as it does on Android.", unit: "pt", 16, 0...60),
    ],
    duration: { s in sheetClock(s).duration },
    choreography: { s in
        let backGesture = backGestureCurve, fastOutSlowIn = fastOutSlowInCurve
        let clock = sheetClock(s), sheet = s.presentedFrame, radius = s[4]
        let leftGravity = s[2] == 0, leftSwipe = s[3] == 0
        // updateBackProgress: pivot x at the outer edge (0 for left gravity, the width for
        // right); scaleX = 1 + lerp(0, 12 dp / width or −24 dp / width, p'), growing when the
        // swipe edge matches the gravity; scaleY = 1 − lerp(0, 48 dp / height, p') about the
        // middle (m3_back_progress_side_container_* 24dp shrink, 12dp grow, 48dp y).
        let grow = leftSwipe == leftGravity
        let move: @Sendable (UnsafePointer<tc_context_t>, Double) -> Look = { ctx, progress in
            guard progress > 0 else { return Look(cornerRadius: radius) }
            let e = backGesture.value(ctx, clock.backProgress(progress))
            let scaleX = 1 + (grow ? 12 : -24) / sheet.width * e, scaleY = 1 - 48 / sheet.height * e
            // finishBackProgress: TRANSLATION_X to ∓ width × scaleX on FastOutSlowIn.
            let slide = clock.commitFraction(progress).map { fastOutSlowIn.value(ctx, $0) } ?? 0
            let tx = (leftGravity ? -1 : 1) * sheet.width * scaleX * slide
            return Look(tx: tx, scaleX: scaleX, scaleY: scaleY, anchorX: leftGravity ? 0 : 1, cornerRadius: radius)
        }
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: -Double.infinity...0.999_999, script: move),
            to: Track(start: .rest, end: .rest), placement: .below)
    })

/// MDC's `MaterialMainContainerBackHelper` as its one user, `SearchView` with a `SearchBar`,
/// plays it (lib/java/com/google/android/material/search/SearchViewAnimationHelper.java,
/// 03a4e23): the gesture shrinks the search view, then `finishBackProgress` starts the view's
/// collapse into its bar, `hide()`, and resets the helper's scale and translation over the
/// collapse's 250 ms.
private let searchViewBack = AnimatorDefinition(
    id: "search-view-back", name: "Material Search View Back",
    summary: "MDC's predictive back for a full-screen search view: as the finger moves, the view shrinks to 90 % and drifts away from the swipe's edge, its corners going from the window's to the search bar's; on release it collapses into its search bar (the matched element, or a source rectangle) in 250 ms while its scale comes back.",
    operations: [TC_OPERATION_DISMISS],
    parameters: PredictiveBackClock.parameters(
        afterRelease: "The back gesture's progress when the finger lets go; the view then collapses into its bar in 250 ms.") + [
        .choice("edge", "Swipe edge", doc: "The edge the back gesture starts from: the view drifts away from it.", ["left", "right"]),
        .number("window-radius", "Window corner radius", doc: "The device window's corner radius, the view's corners when the gesture starts.", unit: "pt", 32, 0...80),
    ] + sourceParameters(x: 0.04, y: 0.07, width: 0.92, height: 0.066, radius: 28),
    duration: { s in s[0] + 0.25 },
    choreography: { s in
        let backGesture = backGestureCurve, fastOutSlowIn = fastOutSlowInCurve
        // HIDE_DURATION_MS 250: every animator of the collapse lasts at most that long.
        let clock = PredictiveBackClock(gesture: s[0], release: s[1], commit: 0.25)
        let view = s.fromInitialFrame, bar = smallRect(s, parametersAt: 4), window = s[3], barRadius = s[8]
        let leftSwipe = s[2] == 0
        let centre = (x: view.x + view.width / 2, y: view.y + view.height / 2)
        let move: @Sendable (UnsafePointer<tc_context_t>, Double) -> Look = { ctx, progress in
            guard progress > 0 else { return .rest }
            // updateBackProgress: scale lerp(1, MIN_SCALE 0.9, p'); translation x lerp(0,
            // max(0, (W − 0.9 W) / 2 − minEdgeGap 8 dp), p'), away from the swipe's edge; corner
            // radii lerp(expanded, the bar's corner size, p'). A horizontal swipe: no y.
            let e = backGesture.value(ctx, clock.backProgress(progress))
            let gestureScale = 1 - 0.1 * e
            let gestureX = max(0, (view.width - 0.9 * view.width) / 2 - 8) * e * (leftSwipe ? 1 : -1)
            let gestureRadius = window + (barRadius - window) * e
            guard let c = clock.commitFraction(progress) else {
                return Look(tx: gestureX, scale: gestureScale, cornerRadius: gestureRadius)
            }
            // The collapse (DefaultAnimationDelegate.getRootViewAnimator): the clip bounds from
            // the view to the bar and the radii from max(current, expanded) to the bar's, at
            // 1 − FAST_OUT_SLOW_IN (ReversableAnimatedValueInterpolator). The helper's reset
            // (createResetScaleAndTranslationAnimator): scale to 1 and translation to 0 on
            // ObjectAnimator's default AccelerateDecelerateInterpolator, about the view's centre.
            let f = fastOutSlowIn.value(ctx, c), a = Easing.accelerateDecelerate.value(ctx, c)
            let scale = gestureScale + (1 - gestureScale) * a, x = gestureX * (1 - a)
            let clip = tc_rect_t(
                x: view.x + (bar.x - view.x) * f, y: view.y + (bar.y - view.y) * f,
                width: view.width + (bar.width - view.width) * f, height: view.height + (bar.height - view.height) * f)
            let from = max(gestureRadius, window)
            // The clip is scaled about the view's centre, not its own.
            let clipCentre = (x: clip.x + clip.width / 2, y: clip.y + clip.height / 2)
            return Look(
                tx: (1 - scale) * (centre.x - clipCentre.x) + x, ty: (1 - scale) * (centre.y - clipCentre.y), scale: scale,
                cornerRadius: from + (barRadius - from) * f, frame: clip)
        }
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: -Double.infinity...0.999_999, script: move),
            to: Track(start: .rest, end: .rest), placement: .below)
    })

/// MDC's predictive back helpers: the two sheets' and the search view's.
let materialBackHelperAnimators: [AnimatorDefinition] = [bottomSheetBack, sideSheetBack, searchViewBack]

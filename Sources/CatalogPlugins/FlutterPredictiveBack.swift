import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

/// The clock of Flutter's predictive back pops: once the finger lets go the route pops
/// (`TransitionRoute._handleDragEnd` in packages/flutter/lib/src/widgets/routes.dart,
/// flutter/flutter 69273e3): `navigator.pop()`, then `animateBack(0.0)` over ⌊800 × value⌋ ms on
/// `Curves.fastLinearToSlowEaseIn`, from the route value the gesture left, 1 − release. The
/// route is removed when that ends.
private func flutterClock(_ s: Situation) -> PredictiveBackClock {
    PredictiveBackClock(gesture: s[0], release: s[1], commit: floor(800 * (1 - s[1])) / 1000)
}

// A step must not allocate: a curve is boxed when it is made and a global is made on its first
// use, so the choreographies read these at setup and their scripts keep the values.
/// `Curves.fastLinearToSlowEaseIn`, Cubic(0.18, 1.0, 0.04, 1.0) (curves.dart).
private let fastLinearToSlowEaseIn = Easing.bezier(0.18, 1.0, 0.04, 1.0)
/// `Curves.easeOut`, Cubic(0.0, 0.0, 0.58, 1.0) (curves.dart).
private let flutterEaseOut = Easing.bezier(0, 0, 0.58, 1)

extension PredictiveBackClock {
    /// A Flutter route's value at `progress`: 1 − the back event's progress while the finger
    /// moves (`handleUpdateBackGestureProgress(progress: 1 - backEvent.progress)`), then the
    /// pop's `animateBack` to 0.
    fileprivate func routeValue(_ ctx: UnsafePointer<tc_context_t>, _ progress: Double, curve: Easing) -> Double {
        guard let c = commitFraction(progress) else { return 1 - backProgress(progress) }
        return (1 - release) * (1 - curve.value(ctx, c))
    }
}

private let flutterGestureParameters = PredictiveBackClock.parameters(
    afterRelease: "The back gesture's progress when the finger lets go; the route then pops over 800 ms times what is left of it.")

/// Flutter's `PredictiveBackPageTransitionsBuilder`, the shared-element variant of Android's
/// predictive back (packages/flutter/lib/src/material/predictive_back_page_transitions_builder.dart,
/// flutter/flutter 01f9b71, `_PredictiveBackSharedElementPageTransitionState`).
private let flutterPredictiveBack = AnimatorDefinition(
    id: "flutter-predictive-back", name: "Flutter Predictive Back",
    summary: "Flutter's predictive back page transition (shared element): as the finger moves, the page shrinks to 90 %, narrows by 8 pt a side, rounds its corners and drifts towards the far edge over the page beneath, which stays still; on release it slides on and fades out in 100 ms while the route pops.",
    operations: [TC_OPERATION_POP],
    parameters: flutterGestureParameters + [
        .choice("edge", "Swipe edge", doc: "The edge the back gesture starts from: the page drifts away from it while the finger moves. On release it slides right either way.", ["left", "right"]),
    ],
    duration: { s in flutterClock(s).duration },
    choreography: { s in
        let clock = flutterClock(s), w = s.width, pageFrame = s.fromInitialFrame
        let routeCurve = fastLinearToSlowEaseIn, easeOut = flutterEaseOut
        // _kMinScale 0.90, _kDivisionFactor 20, _kMargin 8, _kYPositionFactor 0.1,
        // _kDeviceBorderRadius 32, _kCommitMilliseconds 100.
        let xShift = (w / 20 - 8) * (s[2] == 0 ? 1 : -1)
        let page: @Sendable (UnsafePointer<tc_context_t>, Double) -> Look = { ctx, progress in
            guard progress > 0 else { return .rest }
            // The gap and the corner radius follow the route's value a throughout:
            // _gapTween (8 → 0) and _borderRadiusTween (32 → 0) evaluated at widget.animation.
            let a = clock.routeValue(ctx, progress, curve: routeCurve)
            var scale = 0.9 + 0.1 * a, x = xShift * (1 - a), alpha = 1.0
            if let since = clock.sinceRelease(progress) {
                // The commit: _scaleCommitTween from the last scale to 1.0 on the linear
                // _commitController; the offset from the last drag to (0.1 W, 0) and the opacity
                // 1 → 0 on CurvedAnimation(easeOut) of it; all over 100 ms.
                let c = min(since / 0.1, 1), eased = easeOut.value(ctx, c)
                let lastScale = 0.9 + 0.1 * (1 - clock.release), lastX = xShift * clock.release
                scale = lastScale + (1 - lastScale) * c
                x = lastX + (0.1 * w - lastX) * eased
                alpha = 1 - eased
            }
            // Transform.scale over Transform.translate over Padding over ClipRRect: the offset is
            // scaled with the page, and the padding narrows the box the page is laid out in.
            let gap = 8 * (1 - a)
            let box = tc_rect_t(x: pageFrame.x + gap, y: pageFrame.y, width: max(pageFrame.width - 2 * gap, 0), height: pageFrame.height)
            return Look(tx: scale * x, scale: scale, alpha: alpha, cornerRadius: 32 * (1 - a), frame: box)
        }
        // The page beneath is built at its own route value, 1, where every tween is at rest
        // (the source's TODO: it has no delegated transition).
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: -Double.infinity...0.999_999, script: page),
            to: Track(start: .rest, end: .rest), placement: .below)
    })

/// Flutter's `PredictiveBackFullscreenPageTransitionsBuilder`, Android's predictive back for
/// full-screen surfaces as Flutter eyeballs it
/// (predictive_back_page_transitions_builder.dart, flutter/flutter 01f9b71,
/// `_PredictiveBackFullscreenPageTransitionState`).
private let flutterPredictiveBackFullscreen = AnimatorDefinition(
    id: "flutter-predictive-back-fullscreen", name: "Flutter Predictive Back (Full Screen)",
    summary: "Flutter's full-screen predictive back page transition: both pages get rounded corners; the page on top slides and shrinks to 95 % until the gesture passes 35 %, then fades out in 100 ms, while the page beneath slides the same way and shrinks as the gesture goes on; on release the page beneath is at rest at once.",
    operations: [TC_OPERATION_POP],
    parameters: flutterGestureParameters,
    duration: { s in flutterClock(s).duration },
    choreography: { s in
        let clock = flutterClock(s), routeCurve = fastLinearToSlowEaseIn
        // _scaleCommit 0.95, _opacityStartTransition 0.95, _commitAt 0.65, the x shift
        // W / 20 − 8, _commitDuration 100 ms; both pages are clipped with the shared-element
        // variant's _kDeviceBorderRadius, 32, while the pop gesture is in progress, which
        // lasts until the route's animation ends.
        let commitAt = 0.65, xShift = s.width / 20 - 8
        // The time the route value first falls below the commit point, when the page's
        // AnimatedOpacity turns to 0: while the finger moves, or during the pop.
        let fadeStart: @Sendable (UnsafePointer<tc_context_t>) -> Double = { ctx in
            if clock.release > 1 - commitAt { return clock.gesture * (1 - commitAt) / clock.release }
            var low = 0.0, high = 1.0
            for _ in 0..<40 {
                let middle = (low + high) / 2
                if clock.routeValue(ctx, (clock.gesture + middle * clock.commit) / clock.duration, curve: routeCurve) < commitAt { high = middle } else { low = middle }
            }
            return clock.gesture + high * clock.commit
        }
        let top: @Sendable (UnsafePointer<tc_context_t>, Double) -> Look = { ctx, progress in
            guard progress > 0 else { return .rest }
            let a = clock.routeValue(ctx, progress, curve: routeCurve)
            // _primaryPositionTween and _primaryScaleTween: at rest below the commit point,
            // then from (x shift, 0.95) to (0, 1) over [0.65, 1]. _primaryOpacityTween 0.95 → 1.
            var x = 0.0, scale = 1.0
            if a >= commitAt {
                let l = (a - commitAt) / (1 - commitAt)
                x = xShift * (1 - l)
                scale = 0.95 + 0.05 * l
            }
            // AnimatedOpacity: 0 once the value is below the commit point, over 100 ms, linear.
            let faded = max(0, min(1, (clock.time(progress) - fadeStart(ctx)) / 0.1))
            let alpha = (0.95 + 0.05 * a) * (1 - faded)
            return Look(tx: x, scale: scale, alpha: alpha, cornerRadius: 32)
        }
        let beneath: @Sendable (UnsafePointer<tc_context_t>, Double) -> Look = { ctx, progress in
            guard progress > 0, progress < 1 else { return .rest }
            // Once the route pops, the page beneath is current: its constant tweens put it at
            // rest, still clipped.
            if clock.sinceRelease(progress) != nil { return Look(cornerRadius: 32) }
            let a = clock.routeValue(ctx, progress, curve: routeCurve)
            // _secondaryPositionTween (x shift → 0) on the secondary value, which is the
            // popped route's a; _secondaryTweenScale 0.95 → 1 and _secondaryOpacityTween
            // 1 → 0.95 over [0, 0.65], at rest above.
            var scale = 1.0, alpha = 1.0
            if a < commitAt {
                let l = a / commitAt
                scale = 0.95 + 0.05 * l
                alpha = 1 - 0.05 * l
            }
            return Look(tx: xShift * (1 - a), scale: scale, alpha: alpha, cornerRadius: 32)
        }
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: -Double.infinity...0.999_999, script: top),
            to: Track(start: .rest, end: .rest, script: beneath), placement: .below)
    })

/// Flutter's two predictive back page transitions.
let flutterPredictiveBackAnimators: [AnimatorDefinition] = [flutterPredictiveBack, flutterPredictiveBackFullscreen]

import PluginHost
import TestSupport
import Testing
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// Each platform motion against a reference written here from its source's constants and curves:
/// Flutter's `CupertinoPageTransition`, `CupertinoFullscreenDialogTransition`,
/// `CupertinoModalPopupRoute`, `CupertinoDialogRoute`, `ZoomPageTransitionsBuilder`, `_OpenUpwardsPageTransition` and
/// `_FadeUpwardsPageTransition`, Compose Multiplatform's iOS `NavDisplay`, Material 3's spring
/// tokens, and MDC's `MaterialFadeThrough`, `MaterialSharedAxis`, `MaterialElevationScale` and
/// `Hold`; MDC's `MaterialFade`, Android 14's activity transitions, Flutter's
/// `FadeForwardsPageTransitionsBuilder`, CSS View Transitions' root cross-fade and Navigation 3's
/// Android default (PlatformMotionReferences.swift). The references share no code
/// with the animators: the cubic Béziers are solved in absolute control points by bisection, and
/// the springs are integrated step by step instead of solved in closed form. For every operation
/// an animator declares, at two container sizes and 101 progresses, the test compares what the
/// screen shows: each view's rectangle (frame and transform, projected), its alpha, its corner
/// radius as drawn and the views' stacking order, and the duration.
@Suite struct PlatformReferenceTests {
    static let library: PluginLibrary? = try? PluginLibrary.load(path: TestEnvironment.builtinPlugin)
    static let cLibrary: PluginLibrary? = try? PluginLibrary.load(path: PackagePlugins.cPlugin)
    /// The Rust plugin, when cargo can build it.
    static let rustLibrary: PluginLibrary? = PackagePlugins.rustUnavailableReason == nil
        ? (try? PackagePlugins.rustPlugin.get()).flatMap { try? PluginLibrary.load(path: $0) } : nil

    /// The two container sizes of the comparison: a phone and a large tablet.
    static let sizes: [(width: Double, height: Double)] = [(390, 844), (1024, 1366)]
    /// How far a rectangle's edge or a corner radius may be from the reference, in points.
    static let pointTolerance = 0.5
    /// How far an alpha may be from the reference.
    static let alphaTolerance = 0.01
    /// How far the duration may be from the reference, in seconds.
    static let durationTolerance = 0.001

    // MARK: - Curves, written from their sources

    /// A cubic Bézier from (0, 0) to `end` with control points `c1` and `c2`, all absolute: y at
    /// x, found by bisecting x(s) = x over the parameter s (x(s) increases for every curve here).
    static func cubic(_ c1: (Double, Double), _ c2: (Double, Double), end: (Double, Double) = (1, 1), start: (Double, Double) = (0, 0), at x: Double) -> Double {
        func point(_ s: Double) -> (x: Double, y: Double) {
            let u = 1 - s
            let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
            return (a * start.0 + b * c1.0 + c * c2.0 + d * end.0, a * start.1 + b * c1.1 + c * c2.1 + d * end.1)
        }
        if x <= start.0 { return start.1 }
        if x >= end.0 { return end.1 }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if point(middle).x < x { low = middle } else { high = middle }
        }
        return point((low + high) / 2).y
    }

    /// Flutter's `Cubic(a, b, c, d)` (packages/flutter/lib/src/animation/curves.dart).
    static func flutterCubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ t: Double) -> Double {
        cubic((a, b), (c, d), at: t)
    }

    /// `Curves.fastEaseInToSlowEaseOut` (curves.dart): a `ThreePointCubic` with a1 (0.056, 0.024),
    /// b1 (0.108, 0.3085), midpoint (0.198, 0.541), a2 (0.3655, 1.0), b2 (0.5465, 0.989), written
    /// as the two absolute cubics (0, 0)–a1–b1–mid and mid–a2–b2–(1, 1).
    static func fastEaseInToSlowEaseOut(_ t: Double) -> Double {
        let mid = (0.198, 0.541)
        if t < mid.0 { return cubic((0.056, 0.024), (0.108, 0.3085), end: mid, at: t) }
        return cubic((0.3655, 1.0), (0.5465, 0.989), start: mid, at: t)
    }

    /// `Curves.linearToEaseOut` = Cubic(0.35, 0.91, 0.33, 0.97) (curves.dart).
    static func linearToEaseOut(_ t: Double) -> Double { flutterCubic(0.35, 0.91, 0.33, 0.97, t) }
    /// `Curves.easeInToLinear` = Cubic(0.67, 0.03, 0.65, 0.09) (curves.dart).
    static func easeInToLinear(_ t: Double) -> Double { flutterCubic(0.67, 0.03, 0.65, 0.09, t) }
    /// `Curves.ease` = Cubic(0.25, 0.1, 0.25, 1.0) (curves.dart).
    static func ease(_ t: Double) -> Double { flutterCubic(0.25, 0.1, 0.25, 1.0, t) }

    /// `Curve.flipped` (curves.dart, FlippedCurve): 1 − f(1 − t).
    static func flipped(_ f: @escaping (Double) -> Double) -> (Double) -> Double { { 1 - f(1 - $0) } }

    /// Flutter's `CurvedAnimation.value` (packages/flutter/lib/src/animation/animations.dart):
    /// the parent's value through `curve` while it runs forward, through `reverseCurve` (when
    /// given) while it runs in reverse. A push runs the route value v = u forward; a pop runs it
    /// from 1 to 0, v = 1 − u, in reverse.
    static func curved(_ v: Double, forward: Bool, curve: (Double) -> Double, reverseCurve: ((Double) -> Double)?) -> Double {
        forward || reverseCurve == nil ? curve(v) : reverseCurve!(v)
    }

    // MARK: - Springs, integrated

    /// A unit-mass spring from 0 to 1 with damping ratio ζ and stiffness k (Material's token
    /// form): the position `time` seconds in, by fourth-order Runge–Kutta on
    /// x'' = −k (x − 1) − 2ζ√k x', in steps of at most 20 µs.
    static func springPosition(dampingRatio zeta: Double, stiffness k: Double, at time: Double) -> Double {
        guard time > 0 else { return 0 }
        let c = 2 * zeta * k.squareRoot()
        func acceleration(_ x: Double, _ v: Double) -> Double { -k * (x - 1) - c * v }
        let steps = max(1, Int((time / 2e-5).rounded(.up)))
        let h = time / Double(steps)
        var x = 0.0, v = 0.0
        for _ in 0..<steps {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    /// The settling time of a unit-mass spring from 0 to 1 with no initial velocity, ζ < 1, by
    /// the envelope rule of TransitionCore's `Spring.settlingDuration` (ε = 1e-3): the
    /// displacement is e^(−ζωt) (A cos ωd t + B sin ωd t) with A = −1 and B = −ζω / ωd, and the
    /// time is the one at which its envelope e^(−ζωt) (|A| + |B|) falls to ε.
    static func settlingTime(dampingRatio zeta: Double, stiffness k: Double) -> Double {
        let omega = k.squareRoot(), damped = omega * (1 - zeta * zeta).squareRoot()
        let a = -1.0, b = -zeta * omega / damped
        return log((abs(a) + abs(b)) / 1e-3) / (zeta * omega)
    }

    // MARK: - What a screen shows

    /// One view as the screen shows it: its rectangle, opacity and the radii of its corners.
    struct Seen: CustomStringConvertible {
        var role: ViewRole
        var rect: Rect
        var alpha: Double
        var radius: (x: Double, y: Double) = (0, 0)

        var description: String {
            "\(role) \(rect) α \(alpha) r \(radius.x)×\(radius.y)"
        }
    }

    /// A reference motion: its duration and, at each time fraction, the views bottom first.
    struct Reference {
        var duration: Double
        var views: (Double) -> [Seen]
    }

    /// One transition to compare: the operation, its context and the animator's library.
    struct Case: CustomStringConvertible {
        var operation: TransitionOperation
        var context: TransitionContext
        /// True when the arriving screen comes on top (push, present, a tab to a higher index).
        var forward: Bool

        var container: Rect { context.containerBounds }
        var description: String {
            "\(operation)\(operation == .tab ? " \(context.tabFromIndex)→\(context.tabToIndex)" : "") at \(Int(container.width))x\(Int(container.height))"
        }
    }

    /// The ways a reference can be made wrong, to show that the comparison notices.
    enum Perturbation: CaseIterable {
        case none
        /// A reverse curve that is not flipped: a pop replays the push's curve backwards in time.
        case unflippedReverse
        /// The spatial spring 35 % stiffer, as a spring refitted to a shorter duration.
        case stifferSpring
        /// The scrim and fades on the spatial spring instead of the effects spring.
        case effectsOnSpatialSpring
        /// The elevation scale's older 0.92 instead of 0.85.
        case olderElevationScale
        /// MaterialVisibility's FAST_OUT_SLOW_IN, which it never applies to an elevation scale,
        /// instead of the animator's default interpolator.
        case fastOutSlowIn
        /// The held screen fading out instead of staying whole.
        case heldScreenFades
        /// The covered page moving a third of the width, as Flutter's, instead of a quarter.
        case thirdParallax
        /// The barrier eased on the route's linear value instead of its curved animation.
        case barrierOnRouteValue
        /// The fade-through thresholds on the time fraction instead of the eased progress.
        case uneasedThresholds
        /// The zoom's scales on the Material 3 emphasized path, which Flutter's tween sequence
        /// only resembles.
        case emphasizedZoomScale
        /// A pop through flipped curves, where the source plays the push's curves backwards.
        case flippedReverse
        /// MDC tokens.xml's emphasized decelerate and accelerate pair, (0.1, 0.7, 0.1, 1) and
        /// (0.3, 0, 0.8, 0.2), instead of the emphasized path's segments.
        case tokensEasing
        /// The fades on the slide's eased progress instead of the time fraction.
        case easedFades
        /// No surface box behind the pages.
        case noSurfaceBox
        /// Keyframes played linearly instead of on CSS's initial `ease`.
        case linearTiming
        /// The old image above the new one when going back.
        case oldAboveNew
        /// Material 3's standard easing (0.2, 0, 0, 1) instead of `tween`'s FastOutSlowIn.
        case standardEasing
        /// A named group's images at the group's height instead of their own aspect ratio.
        case stretchedImages
        /// A dismissal that plays the presenting type backwards instead of its reversed pair.
        case unreversedDismiss
        /// Hero's overlay over the whole container instead of the overlaid view.
        case overlayOnContainer
        /// Hero's standard curve where it sets deceleration.
        case standardForDeceleration
        /// The Cupertino edge shadow's alpha on the page's own curve instead of
        /// CurvedAnimation(linearToEaseOut) of the route value.
        case shadowOnPageCurve
    }

    /// Every case of the operations `animator` declares, at both sizes, in its first style.
    static func cases(_ animator: Animator) throws -> [Case] {
        var cases: [Case] = []
        for size in sizes {
            let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
            for operation in animator.description.operations {
                let style = animator.description.defaultStyle(for: operation)
                if operation == .tab {
                    for (from, to) in [(0, 1), (1, 0)] {
                        let context = try TransitionContext(operation: .tab, containerBounds: bounds, tabFromIndex: from, tabToIndex: to)
                        cases.append(Case(operation: .tab, context: context, forward: to > from))
                    }
                } else {
                    let context = try TransitionContext(operation: operation, style: style, containerBounds: bounds)
                    cases.append(Case(operation: operation, context: context, forward: operation == .push || operation == .present))
                }
            }
        }
        return cases
    }

    /// The roles of the arriving and leaving screens, and the frames they rest at.
    static func screens(_ c: Case) -> (to: Rect, from: Rect) {
        (c.context.toFinalFrame, c.context.fromInitialFrame)
    }

    // MARK: - References

    /// Flutter's CupertinoPageTransition (packages/flutter/lib/src/cupertino/route.dart,
    /// flutter/flutter 7c1ae2b; revisions before it had 400 ms and linearToEaseOut):
    /// 500 ms (CupertinoRouteTransitionMixin.transitionDuration); the page on top slides from
    /// Offset(1, 0) to zero (_kRightMiddleTween) by CurvedAnimation(curve:
    /// fastEaseInToSlowEaseOut, reverseCurve: fastEaseInToSlowEaseOut.flipped); the page beneath
    /// from zero to Offset(−1/3, 0) (_kMiddleLeftTween) by CurvedAnimation(curve:
    /// linearToEaseOut, reverseCurve: easeInToLinear) of the secondary animation; the route's
    /// barrier 0x18000000 (CupertinoPageRoute.barrierColor) by CurveTween(Curves.ease) of the
    /// route value (ModalRoute's barrier), drawn between the two pages.
    static func cupertinoPage(_ c: Case, _ p: Perturbation) -> Reference {
        let w = c.container.width
        let reverse: ((Double) -> Double) = p == .unflippedReverse ? fastEaseInToSlowEaseOut : flipped(fastEaseInToSlowEaseOut)
        return Reference(duration: 0.5) { u in
            let v = c.forward ? u : 1 - u
            let top = curved(v, forward: c.forward, curve: fastEaseInToSlowEaseOut, reverseCurve: reverse)
            let beneath = curved(v, forward: c.forward, curve: linearToEaseOut, reverseCurve: easeInToLinear)
            let barrier = 24.0 / 255 * ease(v)
            let (topRole, beneathRole): (ViewRole, ViewRole) = c.forward ? (.to, .from) : (.from, .to)
            var topRect = c.container, beneathRect = c.container
            topRect.x += w * (1 - top)
            beneathRect.x -= w / 3 * beneath
            return [
                Seen(role: beneathRole, rect: beneathRect, alpha: 1),
                Seen(role: .dimming, rect: c.container, alpha: barrier),
            ] + edgeShadow(c, pageLeft: topRect.x, shadow: p == .shadowOnPageCurve ? (c.forward ? top : 1 - top) : linearToEaseOut(v)) + [
                Seen(role: topRole, rect: topRect, alpha: 1),
            ]
        }
    }

    /// The edge shadow of the Cupertino page (packages/flutter/lib/src/cupertino/route.dart,
    /// _CupertinoEdgeShadowDecoration.kTween and _CupertinoEdgeShadowPainter.paint): a band
    /// 0.05 of the width (shadowWidth) left of the page's left edge, whose colour at dx from that
    /// edge is Color.lerp(0x04000000, 0x00000000, dx / shadowWidth) with its alpha scaled by the
    /// shadow animation `shadow` (Decoration lerp from no decoration). The animator draws it as
    /// four flat bands of equal width, the one nearest the page drawn lowest: each at the
    /// gradient's mean alpha over it, the mean of 4/255 · (1 − dx / shadowWidth).
    static func edgeShadow(_ c: Case, pageLeft: Double, shadow: Double) -> [Seen] {
        let width = 0.05 * c.container.width / 4
        return (0..<4).map { i in
            let alpha = 4.0 / 255 * (1 - (Double(i) + 0.5) / 4) * shadow
            return Seen(role: .shadow, rect: Rect(x: pageLeft - Double(i + 1) * width, y: c.container.y, width: width, height: c.container.height), alpha: alpha)
        }
    }

    /// Flutter's CupertinoFullscreenDialogTransition (packages/flutter/lib/src/cupertino/route.dart):
    /// 500 ms; the dialog slides from Offset(0, 1) to zero (_kBottomUpTween) by
    /// CurvedAnimation(curve: linearToEaseOut, reverseCurve: linearToEaseOut.flipped); the page
    /// beneath does not move (a full-screen dialog cannot be transitioned to) and there is no
    /// barrier.
    static func cupertinoDialog(_ c: Case, _ p: Perturbation) -> Reference {
        let h = c.container.height
        let reverse: ((Double) -> Double) = p == .unflippedReverse ? linearToEaseOut : flipped(linearToEaseOut)
        let (to, from) = screens(c)
        return Reference(duration: 0.5) { u in
            let v = c.forward ? u : 1 - u
            let value = curved(v, forward: c.forward, curve: linearToEaseOut, reverseCurve: reverse)
            if c.forward {
                var dialog = to
                dialog.y += h * (1 - value)
                return [Seen(role: .from, rect: from, alpha: 1), Seen(role: .to, rect: dialog, alpha: 1)]
            }
            var dialog = from
            dialog.y += h * (1 - value)
            return [Seen(role: .to, rect: to, alpha: 1), Seen(role: .from, rect: dialog, alpha: 1)]
        }
    }

    /// Flutter's _OpenUpwardsPageTransition (packages/flutter/lib/src/material/page_transitions_theme.dart):
    /// 300 ms (PageTransitionsBuilder's default); _transitionCurve = Cubic(0.20, 0.00, 0.00, 1.00)
    /// with `.flipped` as reverse curve for the primary and the secondary animation alike; the
    /// page on top is clipped to a rectangle anchored at its bottom, 0 → size.height high; a
    /// Container of black at opacity 0 → 0.25 (_scrimOpacityTween) covers the page beneath; the
    /// page beneath moves up Offset(0, −0.025) (_secondaryTranslationTween). The content's own
    /// 5 % rise inside the clip (_primaryTranslationTween) moves no edge of what is shown.
    static func openUpwards(_ c: Case, _ p: Perturbation) -> Reference {
        let h = c.container.height
        let curve = { (t: Double) in flutterCubic(0.2, 0, 0, 1, t) }
        let reverse: ((Double) -> Double) = p == .unflippedReverse ? curve : flipped(curve)
        return Reference(duration: 0.3) { u in
            let v = c.forward ? u : 1 - u
            let primary = curved(v, forward: c.forward, curve: curve, reverseCurve: reverse)
            let secondary = curved(v, forward: c.forward, curve: curve, reverseCurve: reverse)
            let (topRole, beneathRole): (ViewRole, ViewRole) = c.forward ? (.to, .from) : (.from, .to)
            let clip = h * primary
            let top = Rect(x: c.container.x, y: c.container.maxY - clip, width: c.container.width, height: clip)
            var beneath = c.container
            beneath.y -= 0.025 * h * secondary
            return [
                Seen(role: beneathRole, rect: beneath, alpha: 1),
                Seen(role: .dimming, rect: c.container, alpha: 0.25 * primary),
                Seen(role: topRole, rect: top, alpha: 1),
            ]
        }
    }

    /// Material 3's spring tokens, standard scheme (MDC
    /// lib/java/com/google/android/material/motion/res/values/tokens.xml,
    /// m3_sys_motion_standard_spring_*; Compose StandardMotionTokens): (damping ratio, stiffness).
    enum Token {
        static let defaultSpatial = (zeta: 0.9, k: 700.0)
        static let fastSpatial = (zeta: 0.9, k: 1400.0)
        static let defaultEffects = (zeta: 1.0, k: 1600.0)
        static let fastEffects = (zeta: 1.0, k: 3800.0)
    }

    /// A spatial spring and its effects spring (MDC docs/theming/Motion.md: spatial springs for
    /// position and size, effects springs for opacity and colour) as functions of the time
    /// fraction of a transition that lasts until the spatial spring settles; 1 at the end.
    static func springs(spatial: (zeta: Double, k: Double), effects: (zeta: Double, k: Double), _ p: Perturbation)
        -> (duration: Double, spatial: (Double) -> Double, effects: (Double) -> Double)
    {
        let k = p == .stifferSpring ? spatial.k * 1.35 : spatial.k
        let duration = settlingTime(dampingRatio: spatial.zeta, stiffness: spatial.k)
        let effects = p == .effectsOnSpatialSpring ? spatial : effects
        func position(_ spring: (zeta: Double, k: Double)) -> (Double) -> Double {
            { u in u >= 1 ? 1 : springPosition(dampingRatio: spring.zeta, stiffness: spring.k, at: u * duration) }
        }
        return (duration, position((spatial.zeta, k)), position(effects))
    }

    /// A surface that slides in from off screen by `offset` to its presented frame on the
    /// spatial spring, over a scrim of opacity `dim` on the effects spring, and back.
    static func slidingSurface(
        _ c: Case, _ p: Perturbation, offset: (Rect) -> (x: Double, y: Double), dim: Double, radius: Double,
        spatial: (zeta: Double, k: Double), effects: (zeta: Double, k: Double)
    ) -> Reference {
        let motion = springs(spatial: spatial, effects: effects, p)
        let (to, from) = screens(c)
        let presented = c.forward ? to : from
        let away = offset(presented)
        return Reference(duration: motion.duration) { u in
            let shown = c.forward ? motion.spatial(u) : 1 - motion.spatial(u)
            let scrim = c.forward ? motion.effects(u) : 1 - motion.effects(u)
            var surface = presented
            surface.x += away.x * (1 - shown)
            surface.y += away.y * (1 - shown)
            return [
                Seen(role: .dimming, rect: c.container, alpha: dim * scrim),
                Seen(role: c.forward ? .to : .from, rect: surface, alpha: 1, radius: (radius, radius)),
            ]
        }
    }

    /// `bottom-sheet` at its defaults (large detent, dim 0.4, corners 10 pt): the sheet rises
    /// from just below the container to its presented frame on the default spatial spring
    /// (0.9, 700), its scrim on the default effects spring (1, 1600).
    static func bottomSheet(_ c: Case, _ p: Perturbation) -> Reference {
        slidingSurface(
            c, p, offset: { frame in (0, c.container.maxY - frame.y) }, dim: 0.4, radius: 10,
            spatial: Token.defaultSpatial, effects: Token.defaultEffects)
    }

    /// `side-drawer` at its defaults (left side, scrim 0x52000000 = α 0.32): the drawer comes
    /// from just beyond the left edge on the default spatial spring, its scrim on the default
    /// effects spring.
    static func sideDrawer(_ c: Case, _ p: Perturbation) -> Reference {
        slidingSurface(
            c, p, offset: { frame in (-(frame.maxX - c.container.x), 0) }, dim: 0.32, radius: 0,
            spatial: Token.defaultSpatial, effects: Token.defaultEffects)
    }

    /// `popover` at its defaults (source at 0.8, 0.06 of the container, 0.12 × 0.05 of it, dim
    /// 0.2, corners 13 pt): the card's rectangle moves between the source rectangle and its
    /// presented frame on the fast spatial spring (0.9, 1400), its opacity and the scrim on the
    /// fast effects spring (1, 3800), both ways. Its corners are drawn scaled with it.
    static func popover(_ c: Case, _ p: Perturbation) -> Reference {
        let motion = springs(spatial: Token.fastSpatial, effects: Token.fastEffects, p)
        let (to, from) = screens(c)
        let card = c.forward ? to : from
        let b = c.container
        let source = Rect(x: b.x + 0.8 * b.width, y: b.y + 0.06 * b.height, width: 0.12 * b.width, height: 0.05 * b.height)
        return Reference(duration: motion.duration) { u in
            let open = c.forward ? motion.spatial(u) : 1 - motion.spatial(u)
            let shown = c.forward ? motion.effects(u) : 1 - motion.effects(u)
            // open 1 is the card's frame, 0 the source; the centre and size move linearly in it.
            let width = source.width + (card.width - source.width) * open
            let height = source.height + (card.height - source.height) * open
            let midX = source.midX + (card.midX - source.midX) * open
            let midY = source.midY + (card.midY - source.midY) * open
            let rect = Rect(x: midX - width / 2, y: midY - height / 2, width: width, height: height)
            return [
                Seen(role: .dimming, rect: b, alpha: 0.2 * shown),
                Seen(role: c.forward ? .to : .from, rect: rect, alpha: shown, radius: (13 * width / card.width, 13 * height / card.height)),
            ]
        }
    }

    /// Android's `AccelerateDecelerateInterpolator.getInterpolation`
    /// (frameworks/base/core/java/android/view/animation/AccelerateDecelerateInterpolator.java):
    /// cos((t + 1)π) / 2 + 0.5, the interpolator of a `ValueAnimator` given none
    /// (ValueAnimator.java, `sDefaultInterpolator`).
    static func accelerateDecelerate(_ t: Double) -> Double { cos((t + 1) * Double.pi) / 2 + 0.5 }

    /// `rect` scaled by `s` about its centre, as a View's scale about its default pivot.
    static func scaled(_ rect: Rect, _ s: Double) -> Rect {
        Rect(x: rect.midX - rect.width * s / 2, y: rect.midY - rect.height * s / 2, width: rect.width * s, height: rect.height * s)
    }

    /// MDC's `MaterialElevationScale` (lib/java/com/google/android/material/transition/):
    /// DEFAULT_SCALE 0.85 (MaterialElevationScale.java line 28); exit MaterialElevationScale(false),
    /// reenter MaterialElevationScale(true) (docs/theming/Motion.md lines 416–417). The exiting
    /// screen scales 1 → 0.85 (ScaleProvider.createDisappear, shrinking) and fades 1 → 0 over the
    /// whole progress (FadeProvider.createDisappear), drawn in the overlay above the new screen;
    /// the reentering screen scales 0.85 → 1 (createAppear, growing) and fades 0 → 1 over [0, 1]
    /// (createAppear, incomingEndThreshold 1) above the leaving one. No themed duration or
    /// interpolator (MaterialVisibility's NO_ATTR_RES_ID): a ValueAnimator's 300 ms and
    /// AccelerateDecelerateInterpolator.
    static func elevationScale(_ c: Case, _ p: Perturbation) -> Reference {
        let small = p == .olderElevationScale ? 0.92 : 0.85
        func curve(_ t: Double) -> Double {
            p == .fastOutSlowIn ? flutterCubic(0.4, 0, 0.2, 1, t) : accelerateDecelerate(t)
        }
        let (to, from) = screens(c)
        return Reference(duration: 0.3) { u in
            let f = curve(u)
            if c.forward {
                return [Seen(role: .to, rect: to, alpha: 1), Seen(role: .from, rect: scaled(from, 1 + (small - 1) * f), alpha: 1 - f)]
            }
            return [Seen(role: .from, rect: from, alpha: 1), Seen(role: .to, rect: scaled(to, small + (1 - small) * f), alpha: f)]
        }
    }

    /// MDC's `Hold` (Hold.java lines 36–52): ValueAnimator.ofFloat(0) on appear and disappear,
    /// 300 ms; the screen behind (the old one pushing, the one coming back popping) stays at rest
    /// and whole. The other screen has no motion of its own: it is there only when the
    /// transition ends (pushing) or until it ends (popping).
    static func hold(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        return Reference(duration: 0.3) { u in
            let behind = p == .heldScreenFades ? 1 - u : 1
            if c.forward {
                let held = Seen(role: .from, rect: from, alpha: behind)
                return u >= 1 ? [held, Seen(role: .to, rect: to, alpha: 1)] : [held]
            }
            let held = Seen(role: .to, rect: to, alpha: behind)
            return u >= 1 ? [held] : [held, Seen(role: .from, rect: from, alpha: 1)]
        }
    }

    /// Flutter's CupertinoModalPopupRoute (packages/flutter/lib/src/cupertino/route.dart):
    /// 335 ms (_kModalPopupTransitionDuration); createAnimation wraps the route value in
    /// CurvedAnimation(curve: linearToEaseOut, reverseCurve: linearToEaseOut.flipped); the
    /// popup, aligned to the bottom, is translated by Offset(0, 1) of its own size to zero, from
    /// just below the container (below it too for a presented frame short of the bottom); the
    /// ModalRoute barrier is a ColorTween from transparent to kCupertinoModalBarrierColor
    /// (0x33000000 in light mode) through CurveTween(Curves.ease) of that curved animation, under
    /// the popup. The screen beneath stays at rest under the barrier.
    static func cupertinoModalPopup(_ c: Case, _ p: Perturbation) -> Reference {
        let reverse: ((Double) -> Double) = p == .unflippedReverse ? linearToEaseOut : flipped(linearToEaseOut)
        let (to, from) = screens(c)
        let popup = c.forward ? to : from
        return Reference(duration: 0.335) { u in
            let v = c.forward ? u : 1 - u
            let value = curved(v, forward: c.forward, curve: linearToEaseOut, reverseCurve: reverse)
            let barrier = 51.0 / 255 * ease(p == .barrierOnRouteValue ? v : value)
            var rect = popup
            rect.y += (c.container.maxY - popup.y) * (1 - value)
            return [
                Seen(role: c.forward ? .from : .to, rect: c.forward ? from : to, alpha: 1),
                Seen(role: .dimming, rect: c.container, alpha: barrier),
                Seen(role: c.forward ? .to : .from, rect: rect, alpha: 1),
            ]
        }
    }

    /// Compose Multiplatform's iOS default (androidx
    /// navigation3/navigation3-ui/src/iosMain/kotlin/androidx/navigation3/ui/NavDisplay.ios.kt):
    /// every slide a 500 ms tween on CubicBezierEasing(0.2833, 0.99, 0.31833, 0.99); pushing,
    /// the target slides in from the full width and the initial page out to a quarter of it;
    /// popping, the target slides in from a quarter and the initial page out by the full width.
    /// The target's zIndex is one above the initial page's on a push, one below on a pop
    /// (NavDisplay.kt, targetZIndex).
    static func composeIOS(_ c: Case, _ p: Perturbation) -> Reference {
        let w = c.container.width, parallax = p == .thirdParallax ? 1.0 / 3 : 0.25
        return Reference(duration: 0.5) { u in
            let e = flutterCubic(0.2833, 0.99, 0.31833, 0.99, u)
            var target = c.container, initial = c.container
            if c.forward {
                target.x += w * (1 - e)
                initial.x -= w * parallax * e
                return [Seen(role: .from, rect: initial, alpha: 1), Seen(role: .to, rect: target, alpha: 1)]
            }
            target.x -= w * parallax * (1 - e)
            initial.x += w * e
            return [Seen(role: .to, rect: target, alpha: 1), Seen(role: .from, rect: initial, alpha: 1)]
        }
    }

    /// MDC's `FadeThroughProvider` (lib/java/com/google/android/material/transition/
    /// FadeThroughProvider.java): PROGRESS_THRESHOLD 0.35 of the animator's interpolated fraction;
    /// an appearing view's alpha goes 0 → 1 over [0.35, 1], a disappearing one's 1 → 0 over
    /// [0, 0.35] (TransitionUtils.lerp with a start and end fraction, clamped).
    static func fadeThroughAlphas(_ e: Double) -> (appearing: Double, disappearing: Double) {
        (min(max((e - 0.35) / 0.65, 0), 1), 1 - min(max(e / 0.35, 0), 1))
    }

    /// The fraction the MDC transitions' providers read: the time fraction through the theme's
    /// motionEasingEmphasizedInterpolator, the emphasized path (PredictiveBackReferenceTests has
    /// it from AOSP's Interpolators.EMPHASIZED, the same path), or the time fraction itself for
    /// the `uneasedThresholds` perturbation.
    static func mdcFraction(_ u: Double, _ p: Perturbation) -> (eased: Double, thresholds: Double) {
        let e = PredictiveBackReferenceTests.emphasized(u)
        return (e, p == .uneasedThresholds ? u : e)
    }

    /// MDC's `MaterialFadeThrough` (lib/java/com/google/android/material/transition/MaterialFadeThrough.java):
    /// 450 ms (motionDurationLong1 in the Material 3 theme) on the emphasized interpolator; the
    /// primary provider is FadeThroughProvider, the secondary a ScaleProvider that does not scale
    /// on disappear and grows an appearing view from 0.92 (DEFAULT_START_SCALE) to 1 over the
    /// whole fraction, about its centre.
    static func fadeThrough(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        return Reference(duration: 0.45) { u in
            let f = mdcFraction(u, p), alphas = fadeThroughAlphas(f.thresholds)
            let entering = Seen(role: .to, rect: scaled(to, 0.92 + 0.08 * f.eased), alpha: alphas.appearing)
            let leaving = Seen(role: .from, rect: from, alpha: alphas.disappearing)
            return c.forward ? [leaving, entering] : [entering, leaving]
        }
    }

    /// MDC's `MaterialSharedAxis` on X (lib/java/com/google/android/material/transition/MaterialSharedAxis.java)
    /// with the animator's default axis and 30 dp (mtrl_transition_shared_axis_slide_distance):
    /// 450 ms on the emphasized interpolator; the primary SlideDistanceProvider moves an appearing
    /// view from +30 to 0 and a disappearing one from 0 to −30 going forward, the other way
    /// back, over the whole fraction; the secondary is FadeThroughProvider.
    static func sharedAxis(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        let d = c.forward ? 30.0 : -30
        return Reference(duration: 0.45) { u in
            let f = mdcFraction(u, p), alphas = fadeThroughAlphas(f.thresholds)
            var entering = to, leaving = from
            entering.x += d * (1 - f.eased)
            leaving.x -= d * f.eased
            let shownEntering = Seen(role: .to, rect: entering, alpha: alphas.appearing)
            let shownLeaving = Seen(role: .from, rect: leaving, alpha: alphas.disappearing)
            return c.forward ? [shownLeaving, shownEntering] : [shownEntering, shownLeaving]
        }
    }

    /// Flutter's `fastOutExtraSlowIn` tween sequence of the zoom transition
    /// (packages/flutter/lib/src/material/page_transitions_theme.dart, _ZoomPageTransition
    /// .fastOutExtraSlowInTweenSequenceItems): 0 → 0.4 by Cubic(0.05, 0, 0.133333, 0.06) over a
    /// weight of 0.166666, then 0.4 → 1 by Cubic(0.208333, 0.82, 0.25, 1) over the rest.
    static func zoomScaleCurve(_ t: Double) -> Double {
        let w = 0.166666
        if t < w { return 0.4 * flutterCubic(0.05, 0, 0.133333, 0.06, t / w) }
        return 0.4 + 0.6 * flutterCubic(0.208333, 0.82, 0.25, 1, (t - w) / (1 - w))
    }

    /// Flutter's `Interval(begin, end)` of the time fraction, linear between.
    static func interval(_ begin: Double, _ end: Double, _ t: Double) -> Double { min(max((t - begin) / (end - begin), 0), 1) }

    /// Flutter's ZoomPageTransitionsBuilder (packages/flutter/lib/src/material/page_transitions_theme.dart):
    /// 300 ms; DualTransitionBuilder hands each builder the time fraction t. Pushing, the new
    /// page is a _ZoomEnterTransition: scale 0.85 → 1 (_scaleUpTransition) on the tween sequence,
    /// opacity Interval(0.125, 0.25) (_fadeInTransition), over a scrim of ColorScheme.surface at
    /// 0 → 0.6 over Interval(0.2075, 0.4175) the size of the page; the old page a
    /// _ZoomExitTransition scaling 1 → 1.05. Popping, the popping page scales 1 → 0.9
    /// (_scaleDownTransition) and fades 1 → 0 over Interval(0.0825, 0.2075) (_fadeOutTransition);
    /// the page it reveals is a _ZoomEnterTransition with reverse true: scale 1.1 → 1, opaque,
    /// no scrim. The route on top is drawn above. Scales are about the page's centre.
    static func flutterZoom(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        return Reference(duration: 0.3) { t in
            let s = p == .emphasizedZoomScale ? PredictiveBackReferenceTests.emphasized(t) : zoomScaleCurve(t)
            if c.forward {
                return [
                    Seen(role: .from, rect: scaled(from, 1 + 0.05 * s), alpha: 1),
                    Seen(role: .dimming, rect: c.container, alpha: 0.6 * interval(0.2075, 0.4175, t)),
                    Seen(role: .to, rect: scaled(to, 0.85 + 0.15 * s), alpha: interval(0.125, 0.25, t)),
                ]
            }
            return [
                Seen(role: .to, rect: scaled(to, 1.1 - 0.1 * s), alpha: 1),
                Seen(role: .from, rect: scaled(from, 1 - 0.1 * s), alpha: 1 - interval(0.0825, 0.2075, t)),
            ]
        }
    }

    /// Flutter's _FadeUpwardsPageTransition (packages/flutter/lib/src/material/page_transitions_theme.dart):
    /// 300 ms; the route's linear value v drives a FractionalTranslation from Offset(0, 0.25) to
    /// zero through CurveTween(Curves.fastOutSlowIn), Cubic(0.4, 0, 0.2, 1), and the opacity
    /// through CurveTween(Curves.easeIn), Cubic(0.42, 0, 1, 1); CurveTweens have no reverse curve,
    /// so a pop plays them backwards in time. The page beneath does not move; the route on top
    /// is drawn above.
    static func fadeUpwards(_ c: Case, _ p: Perturbation) -> Reference {
        let h = c.container.height
        let (to, from) = screens(c)
        return Reference(duration: 0.3) { t in
            let v = c.forward ? t : 1 - t
            let position: Double, opacity: Double
            if p == .flippedReverse && !c.forward {
                (position, opacity) = (1 - flutterCubic(0.4, 0, 0.2, 1, 1 - v), 1 - flutterCubic(0.42, 0, 1, 1, 1 - v))
            } else {
                (position, opacity) = (flutterCubic(0.4, 0, 0.2, 1, v), flutterCubic(0.42, 0, 1, 1, v))
            }
            var page = c.forward ? to : from
            page.y += 0.25 * h * (1 - position)
            let top = Seen(role: c.forward ? .to : .from, rect: page, alpha: opacity)
            return [Seen(role: c.forward ? .from : .to, rect: c.forward ? from : to, alpha: 1), top]
        }
    }

    /// Flutter's Cupertino dialog route (packages/flutter/lib/src/cupertino/route.dart,
    /// CupertinoDialogRoute and _buildCupertinoDialogTransitions): 250 ms; the route's linear
    /// value v drives the opacity through CurvedAnimation(curve: Curves.easeInOut), Cubic(0.42, 0,
    /// 0.58, 1), which has no reverse curve, and, only while the route runs forward, the scale
    /// through _dialogScaleTween, 1.3 → 1 on Curves.linearToEaseOut, about the dialog's centre;
    /// the ModalRoute barrier, kCupertinoModalBarrierColor 0x33000000, through Curves.ease of v.
    /// The presenting screen stays at rest beneath.
    static func cupertinoAlert(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        return Reference(duration: 0.25) { t in
            let v = c.forward ? t : 1 - t
            func curve(_ f: @escaping (Double) -> Double) -> Double { p == .flippedReverse && !c.forward ? flipped(f)(v) : f(v) }
            let opacity = curve { flutterCubic(0.42, 0, 0.58, 1, $0) }
            let barrier = 51.0 / 255 * curve(ease)
            let dialog = c.forward ? scaled(to, 1.3 - 0.3 * linearToEaseOut(v)) : from
            return [
                Seen(role: c.forward ? .from : .to, rect: c.forward ? from : to, alpha: 1),
                Seen(role: .dimming, rect: c.container, alpha: barrier),
                Seen(role: c.forward ? .to : .from, rect: dialog, alpha: opacity),
            ]
        }
    }

    /// The animators compared, by id.
    static let ids = [
        "cupertino-page", "cupertino-dialog", "open-upwards", "bottom-sheet", "side-drawer", "popover", "elevation-scale", "hold",
        "cupertino-modal-popup", "compose-ios", "fade-through", "shared-axis", "flutter-zoom", "fade-upwards",
        "cupertino-alert", "material-fade", "android-activity", "fade-forwards",
    ] + heroIds

    /// The animators of the Rust plugin compared, by id.
    static let rustIds = ["view-transition", "nav3-fade"]

    /// The reference of the animator `id`.
    static func reference(_ id: String, _ c: Case, _ p: Perturbation) -> Reference {
        switch id {
        case "cupertino-page": cupertinoPage(c, p)
        case "cupertino-dialog": cupertinoDialog(c, p)
        case "open-upwards": openUpwards(c, p)
        case "bottom-sheet": bottomSheet(c, p)
        case "side-drawer": sideDrawer(c, p)
        case "elevation-scale": elevationScale(c, p)
        case "hold": hold(c, p)
        case "cupertino-modal-popup": cupertinoModalPopup(c, p)
        case "compose-ios": composeIOS(c, p)
        case "fade-through": fadeThrough(c, p)
        case "shared-axis": sharedAxis(c, p)
        case "flutter-zoom": flutterZoom(c, p)
        case "fade-upwards": fadeUpwards(c, p)
        case "cupertino-alert": cupertinoAlert(c, p)
        case "material-fade": materialFade(c, p)
        case "android-activity": androidActivity(c, p)
        case "fade-forwards": fadeForwards(c, p)
        case "view-transition": viewTransition(c, p)
        case "nav3-fade": nav3Fade(c, p)
        case _ where heroIds.contains(id): hero(id, c, p)
        default: popover(c, p)
        }
    }

    // MARK: - The comparison

    /// What the animator shows: the views drawn, bottom first, as the screen shows them.
    static func seen(_ frame: TransitionFrame) -> [Seen] {
        frame.drawOrder.filter { $0.isInContainer && !$0.state.hidden }.compactMap { view in
            guard let rect = view.state.projectedBounds(camera: frame.camera) else { return nil }
            let m = view.state.transform.m
            // The corner radius is drawn in the view's plane: its length on screen is scaled as
            // the view's x and y axes are.
            let sx = (m[0] * m[0] + m[1] * m[1]).squareRoot(), sy = (m[4] * m[4] + m[5] * m[5]).squareRoot()
            return Seen(role: view.role, rect: rect, alpha: view.state.alpha, radius: (view.state.cornerRadius * sx, view.state.cornerRadius * sy))
        }
    }

    /// A view shows something when it is opaque enough and has an area.
    static func shows(_ s: Seen) -> Bool {
        s.alpha > alphaTolerance && s.rect.width > pointTolerance && s.rect.height > pointTolerance
    }

    /// Every difference between the animator and the reference beyond the tolerances, for one
    /// case at `count` progresses, with the animator's `parameters` (its defaults when nil).
    static func mismatches(
        _ animator: Animator, _ c: Case, _ reference: Reference, count: Int = 101, parameters: [Double]? = nil, alphaTolerance: Double = alphaTolerance
    ) throws -> [String] {
        var found: [String] = []
        let duration = animator.duration(c.context, parameters: parameters)
        if abs(duration - reference.duration) > durationTolerance {
            found.append("\(c): duration \(duration) s, the reference's \(reference.duration) s")
        }
        let run = try animator.run(c.context, parameters: parameters, progresses: SampledTransition.evenProgresses(count))
        // A view shows something when it is opaque enough and has an area.
        func shows(_ s: Seen) -> Bool {
            s.alpha > alphaTolerance && s.rect.width > pointTolerance && s.rect.height > pointTolerance
        }
        for frame in run.frames {
            let actual = seen(frame), expected = reference.views(frame.progress)
            let at = "\(c) at \(frame.progress)"
            // Views of one role (the bands of a shadow) pair up in drawing order.
            func nth(_ list: [Seen], _ i: Int) -> Int { list[..<i].filter { $0.role == list[i].role }.count }
            for (i, e) in expected.enumerated() {
                let k = nth(expected, i)
                let same = actual.filter { $0.role == e.role }
                guard k < same.count else {
                    if shows(e) { found.append("\(at): no \(e.role) view, the reference shows \(e)") }
                    continue
                }
                let a = same[k]
                if !shows(a) && !shows(e) { continue }
                let edges = [(a.rect.x, e.rect.x), (a.rect.y, e.rect.y), (a.rect.maxX, e.rect.maxX), (a.rect.maxY, e.rect.maxY)]
                if edges.contains(where: { abs($0.0 - $0.1) > pointTolerance }) { found.append("\(at): \(e.role) is at \(a.rect), the reference's \(e.rect)") }
                if abs(a.alpha - e.alpha) > alphaTolerance { found.append("\(at): \(e.role) alpha \(a.alpha), the reference's \(e.alpha)") }
                if abs(a.radius.x - e.radius.x) > pointTolerance || abs(a.radius.y - e.radius.y) > pointTolerance {
                    found.append("\(at): \(e.role) corner \(a.radius), the reference's \(e.radius)")
                }
            }
            for (i, a) in actual.enumerated() where shows(a) && nth(actual, i) >= expected.filter({ $0.role == a.role }).count {
                found.append("\(at): \(a) is drawn, the reference has no such view")
            }
            // The stacking order of the views both show.
            let both = Set(actual.filter(shows).map(\.role)).intersection(expected.filter(shows).map(\.role))
            let order = actual.map(\.role).filter(both.contains), wanted = expected.map(\.role).filter(both.contains)
            if order != wanted { found.append("\(at): drawn in the order \(order), the reference's \(wanted)") }
        }
        return found
    }

    /// The animator `id`, from the C plugin for the Android page transitions, from the Rust
    /// plugin for the web's and Navigation 3's fades and from the built-ins otherwise.
    static func animator(_ id: String) throws -> Animator {
        let chosen = ["open-upwards", "fade-upwards", "fade-forwards"].contains(id) ? cLibrary : rustIds.contains(id) ? rustLibrary : library
        let loaded = try #require(chosen)
        return try #require(loaded.animator(id))
    }

    /// The animator shows what its source shows, in every operation it declares, at both sizes.
    @Test(arguments: ids)
    func matchesItsSource(_ id: String) throws {
        try Self.compare(id)
    }

    /// The Rust plugin's animators show what their sources show.
    @Test(.enabled(if: PackagePlugins.rustUnavailableReason == nil, "cargo is not on PATH: the Rust plugin is not built"), arguments: rustIds)
    func rustAnimatorMatchesItsSource(_ id: String) throws {
        try Self.compare(id)
    }

    /// Compares the animator `id` with its reference in every operation it declares, at both sizes.
    static func compare(_ id: String) throws {
        let animator = try Self.animator(id)
        let cases = try Self.cases(animator)
        #expect(Set(cases.map(\.operation)) == Set(animator.description.operations))
        for c in cases {
            let found = try Self.mismatches(animator, c, Self.reference(id, c, .none))
            #expect(found.isEmpty, "\(id) \(c): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    /// The perturbations each reference must notice: its own curve unflipped, its springs
    /// changed, the elevation scale's scale or curve changed, the held screen fading, the
    /// barrier eased on the wrong value, Flutter's parallax in place of Compose's, the fade
    /// thresholds on the time fraction, the zoom on the emphasized path or a pop through flipped
    /// curves.
    static func perturbations(_ id: String) -> [Perturbation] {
        switch id {
        case "cupertino-page", "cupertino-dialog", "open-upwards": [.unflippedReverse]
        case "elevation-scale": [.olderElevationScale, .fastOutSlowIn]
        case "hold": [.heldScreenFades]
        case "cupertino-modal-popup": [.unflippedReverse, .barrierOnRouteValue]
        case "compose-ios": [.thirdParallax]
        case "fade-through", "shared-axis": [.uneasedThresholds]
        case "flutter-zoom": [.emphasizedZoomScale]
        case "fade-upwards", "cupertino-alert": [.flippedReverse]
        case "material-fade": [.tokensEasing, .uneasedThresholds]
        case "android-activity": [.easedFades]
        case "fade-forwards": [.easedFades, .noSurfaceBox]
        case "view-transition": [.linearTiming, .oldAboveNew]
        case "nav3-fade": [.standardEasing]
        case "push", "page-in": [.unreversedDismiss, .overlayOnContainer, .standardForDeceleration]
        case "pull", "page-out": [.unreversedDismiss, .overlayOnContainer]
        case "cover": [.unreversedDismiss, .standardForDeceleration]
        case _ where heroIds.contains(id): [.unreversedDismiss]
        default: [.stifferSpring, .effectsOnSpatialSpring]
        }
    }

    /// Each comparison can fail: with the reference perturbed, the animator no longer matches it
    /// in the operations the perturbation touches.
    @Test(arguments: ids)
    func aPerturbedReferenceIsNoticed(_ id: String) throws {
        try Self.noticePerturbations(id)
    }

    /// The Rust plugin's comparisons can fail too.
    @Test(.enabled(if: PackagePlugins.rustUnavailableReason == nil, "cargo is not on PATH: the Rust plugin is not built"), arguments: rustIds)
    func aPerturbedRustReferenceIsNoticed(_ id: String) throws {
        try Self.noticePerturbations(id)
    }

    /// Whether `perturbation` changes what case `c` of animator `id` shows: the reverse curves
    /// and the stacking of a pair touch only the backward cases, and the material fade's
    /// threshold only its entering surface.
    static func touches(_ perturbation: Perturbation, _ id: String, _ c: Case) -> Bool {
        switch perturbation {
        case .unflippedReverse, .flippedReverse, .oldAboveNew, .unreversedDismiss: !c.forward
        case .standardForDeceleration: c.forward
        case .uneasedThresholds: id != "material-fade" || c.forward
        default: true
        }
    }

    /// With each of its perturbations, the reference of `id` no longer matches the animator in
    /// the cases the perturbation touches.
    static func noticePerturbations(_ id: String) throws {
        let animator = try Self.animator(id)
        for perturbation in Self.perturbations(id) {
            var noticed = 0
            for c in try Self.cases(animator) where touches(perturbation, id, c) {
                let found = try Self.mismatches(animator, c, Self.reference(id, c, perturbation), count: 61)
                if !found.isEmpty { noticed += 1 }
                #expect(!found.isEmpty, "\(id) \(c) with \(perturbation) still matches")
            }
            #expect(noticed > 0)
        }
    }

    /// The Cupertino page's edge shadow, whose alpha (at most 4/255) lies under the common alpha
    /// tolerance, compared at 0.0005 in every operation at both sizes; its alpha on the page's
    /// own curve is noticed.
    @Test func theCupertinoEdgeShadowMatchesItsSource() throws {
        let animator = try Self.animator("cupertino-page")
        for c in try Self.cases(animator) {
            let found = try Self.mismatches(animator, c, Self.reference("cupertino-page", c, .none), alphaTolerance: 0.0005)
            #expect(found.isEmpty, "\(c): \(found.count) mismatches, first \(found.prefix(3))")
            let perturbed = try Self.mismatches(animator, c, Self.reference("cupertino-page", c, .shadowOnPageCurve), count: 61, alphaTolerance: 0.0005)
            #expect(!perturbed.isEmpty, "\(c) with the shadow on the page's curve still matches")
        }
    }

    /// The figures of the issue: a quarter into a Cupertino pop the page is about two thirds of
    /// the way out, and 70 ms into a bottom sheet's presentation the sheet is where the default
    /// spatial spring puts it.
    @Test func theIssuesFiguresHold() throws {
        let page = try Self.animator("cupertino-page")
        let pop = try TransitionContext(operation: .pop, containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        let run = try page.run(pop, progresses: [0.25])
        let popping = try #require(pop.fromView)
        let x = try #require(run.frames[0][popping]?.state.frame.x)
        #expect(abs(x - 390 * Self.fastEaseInToSlowEaseOut(0.25)) < 0.5 && x > 250 && x < 270, "x \(x)")

        let sheet = try Self.animator("bottom-sheet")
        let present = try TransitionContext(operation: .present, style: .custom, containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        let duration = sheet.duration(present)
        let to = try #require(present.toView)
        let shown = try sheet.run(present, progresses: [0.07 / duration])
        let y = try #require(shown.frames[0][to]?.state.frame.y)
        let frame = present.toFinalFrame
        let expected = frame.y + (844 - frame.y) * (1 - Self.springPosition(dampingRatio: 0.9, stiffness: 700, at: 0.07))
        #expect(abs(y - expected) < 0.5, "y \(y) at 70 ms, the spring's \(expected)")
    }
}

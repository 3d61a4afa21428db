import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The references of MDC's `MaterialFade`, Android 14's activity transitions, Flutter's
/// `FadeForwardsPageTransitionsBuilder`, CSS View Transitions' root cross-fade and Navigation 3's
/// Android default, for `PlatformReferenceTests`. Like the others, each is written from its
/// source's constants and curves and shares no code with the animator.
extension PlatformReferenceTests {
    /// MDC's `MaterialFade` (lib/java/com/google/android/material/transition/MaterialFade.java):
    /// the primary FadeProvider with incomingEndThreshold 0.3 (DEFAULT_FADE_END_THRESHOLD_ENTER),
    /// so an appearing view's alpha is lerp(0, 1, 0, 0.3, e) and a disappearing one's
    /// lerp(1, 0, 0, 1, e) (FadeProvider.java, createAppear and createDisappear); the secondary
    /// ScaleProvider grows an appearing view from 0.8 (DEFAULT_START_SCALE) about its centre and
    /// does not scale on disappear (setScaleOnDisappear(false)). Entering lasts
    /// motionDurationMedium4, 400 ms, on motionEasingEmphasizedDecelerateInterpolator; leaving
    /// motionDurationShort3, 150 ms, on motionEasingEmphasizedAccelerateInterpolator
    /// (DEFAULT_THEMED_INCOMING_*/OUTGOING_* of MaterialFade.java; durations in
    /// lib/java/com/google/android/material/motion/res/values/tokens.xml). The two curves are
    /// the emphasized path's segments, (0.05, 0.7, 0.1, 1) and (0.3, 0, 0.8, 0.15), as Flutter's
    /// `Easing` (packages/flutter/lib/src/material/motion.dart) and MDC's docs/theming/Motion.md
    /// give them; the `tokensEasing` perturbation takes tokens.xml's (0.1, 0.7, 0.1, 1) and
    /// (0.3, 0, 0.8, 0.2). The screen beneath stays at rest under the surface.
    static func materialFade(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        let tokens = p == .tokensEasing
        if c.forward {
            let beneath = c.context.fromView == nil ? [] : [Seen(role: .from, rect: from, alpha: 1)]
            return Reference(duration: 0.4) { u in
                let e = tokens ? flutterCubic(0.1, 0.7, 0.1, 1, u) : flutterCubic(0.05, 0.7, 0.1, 1, u)
                let fade = p == .uneasedThresholds ? u : e
                return beneath + [Seen(role: .to, rect: scaled(to, 0.8 + 0.2 * e), alpha: min(fade / 0.3, 1))]
            }
        }
        let beneath = c.context.toView == nil ? [] : [Seen(role: .to, rect: to, alpha: 1)]
        return Reference(duration: 0.15) { u in
            let e = tokens ? flutterCubic(0.3, 0, 0.8, 0.2, u) : flutterCubic(0.3, 0, 0.8, 0.15, u)
            return beneath + [Seen(role: .from, rect: from, alpha: 1 - e)]
        }
    }

    /// Android 14's activity window animations (frameworks/base core/res/res/anim/, as stored in
    /// rd-stuffs/android_frameworks_base): every set lasts 450 ms and translates on
    /// @interpolator/fast_out_extra_slow_in, the emphasized path. activity_open_enter.xml: alpha
    /// 0 → 1, linear, startOffset 50 ms, duration 160 ms; x from 10 % to 0. activity_open_exit.xml:
    /// alpha held at 1; x from 0 to −10 %. activity_close_exit.xml: alpha 1 → 0, linear, startOffset
    /// 35 ms, duration 160 ms; x from 0 to 10 %. activity_close_enter.xml is not in that tree: the
    /// revealed page comes back from −10 %, as the open sent it. The window that opens, or the
    /// one that closes, is on top. The `easedFades` perturbation runs the fades on the
    /// translation's eased progress.
    static func androidActivity(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        let w = c.container.width
        return Reference(duration: 0.45) { u in
            let e = PredictiveBackReferenceTests.emphasized(u)
            let clock = p == .easedFades ? e * 450 : u * 450
            var entering = to, leaving = from
            if c.forward {
                entering.x += 0.1 * w * (1 - e)
                leaving.x -= 0.1 * w * e
                return [Seen(role: .from, rect: leaving, alpha: 1), Seen(role: .to, rect: entering, alpha: min(max((clock - 50) / 160, 0), 1))]
            }
            entering.x -= 0.1 * w * (1 - e)
            leaving.x += 0.1 * w * e
            return [Seen(role: .to, rect: entering, alpha: 1), Seen(role: .from, rect: leaving, alpha: 1 - min(max((clock - 35) / 160, 0), 1))]
        }
    }

    /// Flutter's FadeForwardsPageTransitionsBuilder (packages/flutter/lib/src/material/
    /// page_transitions_theme.dart at 001fc4d51d2dbf3dda4d6c4e996a800cdc7eb9b8): 800 ms
    /// (kTransitionMilliseconds); every slide a CurveTween of Curves.easeInOutCubicEmphasized
    /// (the emphasized path) of the time fraction, with no reverse curve. The page on top
    /// (_FadeForwardsPageTransition) comes in from Offset(0.25, 0) with opacity Interval(0, 0.75)
    /// pushing, and leaves to Offset(0.25, 0) with opacity 1 − Interval(0, 0.25) popping; the page
    /// beneath (_delegatedTransition) leaves to Offset(−0.25, 0) with 1 − Interval(0, 0.25)
    /// pushing, and comes back from Offset(−0.25, 0) with Interval(0, 0.75) popping, on a
    /// ColoredBox of ColorScheme.surface while the animation runs (transparent once it stops).
    /// The route on top is drawn above. Perturbations: `easedFades` runs the fades on the eased
    /// progress, `noSurfaceBox` leaves the box out.
    static func fadeForwards(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        let w = c.container.width
        return Reference(duration: 0.8) { u in
            let e = PredictiveBackReferenceTests.emphasized(u)
            let f = p == .easedFades ? e : u
            let fadingIn = interval(0, 0.75, f), fadingOut = 1 - interval(0, 0.25, f)
            let box = Seen(role: .decoration, rect: c.container, alpha: p == .noSurfaceBox || u >= 1 ? 0 : 1)
            var entering = to, leaving = from
            if c.forward {
                entering.x += 0.25 * w * (1 - e)
                leaving.x -= 0.25 * w * e
                return [box, Seen(role: .from, rect: leaving, alpha: fadingOut), Seen(role: .to, rect: entering, alpha: fadingIn)]
            }
            entering.x -= 0.25 * w * (1 - e)
            leaving.x += 0.25 * w * e
            return [box, Seen(role: .to, rect: entering, alpha: fadingIn), Seen(role: .from, rect: leaving, alpha: fadingOut)]
        }
    }

    /// CSS View Transitions Module Level 1 (https://drafts.csswg.org/css-view-transitions-1/,
    /// §"User Agent Stylesheet"): the root's group gets `animation-duration: 0.25s` and no
    /// timing function, so the CSS initial value `ease`, cubic-bezier(0.25, 0.1, 0.25, 1);
    /// `::view-transition-old(root)` runs -ua-view-transition-fade-out (opacity to 0) and
    /// `::view-transition-new(root)` -ua-view-transition-fade-in (opacity from 0), neither moving.
    /// The new image follows the old one in the image pair, so it is drawn above in every
    /// direction. A screen outside the container (a custom presentation's presenting screen) is
    /// not captured. Perturbations: `linearTiming` plays the keyframes linearly, `oldAboveNew`
    /// stacks the pair the other way when going back.
    static func viewTransition(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        let hasFrom = c.context.fromView != nil, hasTo = c.context.toView != nil
        return Reference(duration: 0.25) { u in
            let e = p == .linearTiming ? u : flutterCubic(0.25, 0.1, 0.25, 1, u)
            var shown: [Seen] = []
            if hasFrom { shown.append(Seen(role: .from, rect: from, alpha: 1 - e)) }
            if hasTo { shown.append(Seen(role: .to, rect: to, alpha: e)) }
            return p == .oldAboveNew && !c.forward ? shown.reversed() : shown
        }
    }

    /// Navigation 3's Android default (androidx navigation3/navigation3-ui/src/androidMain/kotlin/
    /// androidx/navigation3/ui/NavDisplay.android.kt at c24c69527ae98bba764719fe80d95503e4ab0a3f):
    /// defaultTransitionSpec and defaultPopTransitionSpec are fadeIn and fadeOut of
    /// tween(DEFAULT_TRANSITION_DURATION_MILLISECOND = 700), and `tween`'s default easing is
    /// FastOutSlowInEasing, CubicBezierEasing(0.4, 0, 0.2, 1) (compose animation-core
    /// AnimationSpec.kt, Easing.kt). The target is drawn one zIndex above the initial page on a
    /// push and one below on a pop (NavDisplay.kt). The `standardEasing` perturbation takes
    /// Material 3's standard (0.2, 0, 0, 1) instead.
    static func nav3Fade(_ c: Case, _ p: Perturbation) -> Reference {
        let (to, from) = screens(c)
        return Reference(duration: 0.7) { u in
            let e = p == .standardEasing ? flutterCubic(0.2, 0, 0, 1, u) : flutterCubic(0.4, 0, 0.2, 1, u)
            let leaving = Seen(role: .from, rect: from, alpha: 1 - e), arriving = Seen(role: .to, rect: to, alpha: e)
            return c.forward ? [leaving, arriving] : [arriving, leaving]
        }
    }
}

/// Hero's default animation types, for `PlatformReferenceTests`.
extension PlatformReferenceTests {
    /// A `HeroDefaultAnimationType` of HeroTransitions/Hero
    /// Sources/Preprocessors/DefaultAnimationPreprocessor.swift.
    enum HeroType {
        case push, pull, cover, uncover, slide, zoomSlide, pageIn, pageOut, zoom, zoomOut

        /// `HeroDefaultAnimationType.reversed()` (the same file): push ↔ pull, cover ↔ uncover,
        /// pageIn ↔ pageOut, zoom ↔ zoomOut, slide and zoomSlide to themselves, each directed
        /// type with the opposite direction.
        var reversed: HeroType {
            switch self {
            case .push: .pull
            case .pull: .push
            case .cover: .uncover
            case .uncover: .cover
            case .pageIn: .pageOut
            case .pageOut: .pageIn
            case .zoom: .zoomOut
            case .zoomOut: .zoom
            case .slide, .zoomSlide: self
            }
        }

        /// The type of each ported animator.
        static func of(_ id: String) -> HeroType? {
            [
                "push": .push, "pull": .pull, "cover": .cover, "uncover": .uncover, "hero-slide": .slide, "zoom-slide": .zoomSlide,
                "page-in": .pageIn, "page-out": .pageOut, "hero-zoom": .zoom, "zoom-out": .zoomOut,
            ][id]
        }
    }

    /// The ported animators, by id.
    static let heroIds = ["push", "pull", "cover", "uncover", "hero-slide", "zoom-slide", "page-in", "page-out", "hero-zoom", "zoom-out"]

    /// Hero's default animations (DefaultAnimationPreprocessor.process): both root views start
    /// from `[.timingFunction(.standard), .duration(0.35)]`; Hero's `standard` is
    /// CAMediaTimingFunction(0.4, 0, 0.2, 1) and `deceleration` (0, 0, 0.2, 1)
    /// (Sources/Extensions/CAMediaTimingFunction+Hero.swift). A modifier is the off-screen state:
    /// where an appearing view starts, where a disappearing one ends. `shift(direction,
    /// appearing)` is ±the container's width or height: for the animators' default direction
    /// `.left`, +W for the appearing view and −W for the disappearing one, and the opposite for
    /// `.right`. `.translate` and `.scale` build the layer's transform, so a view is scaled about
    /// its centre and moved by the whole shift. `.overlay(color: .black, opacity: 0.1)` is a layer
    /// over the overlaid view, moving and scaling with it. `insertToViewFirst` puts the arriving
    /// view below. Presenting operations (and a tab to a higher index) play the type with
    /// `.left`; the others its `reversed()` with `.right`, as `.autoReverse(presenting:)` does.
    /// The moving views' shadows (opacity 0 → 0.5, radius 5) are layer shadows no rectangle shows.
    /// Perturbations: `unreversedDismiss` plays the presenting type backwards on a dismissal,
    /// `overlayOnContainer` spreads the overlay over the container, `standardForDeceleration`
    /// keeps `standard` where Hero sets `deceleration`.
    static func hero(_ id: String, _ c: Case, _ p: Perturbation) -> Reference {
        let presented = HeroType.of(id) ?? .push
        let (to, from) = screens(c)
        let b = c.container
        // Direction .left presenting, .right dismissing.
        let appearing = c.forward ? b.width : -b.width, disappearing = -appearing
        let type = c.forward || p == .unreversedDismiss ? presented : presented.reversed
        let unreversed = !c.forward && p == .unreversedDismiss
        func moved(_ r: Rect, _ dx: Double, scale: Double = 1) -> Rect {
            var s = scaled(r, scale)
            s.x += dx
            return s
        }
        let standard = { (t: Double) in flutterCubic(0.4, 0, 0.2, 1, t) }
        let deceleration = { (t: Double) in p == .standardForDeceleration ? standard(t) : flutterCubic(0, 0, 0.2, 1, t) }
        return Reference(duration: 0.35) { u in
            // An unreversed dismissal plays the presenting motion backwards in time, with the
            // arriving and leaving screens swapped.
            let t = unreversed ? 1 - u : u
            let (arriving, leaving) = unreversed ? (from, to) : (to, from)
            let (arrivingRole, leavingRole): (ViewRole, ViewRole) = unreversed ? (.from, .to) : (.to, .from)
            func overlay(_ r: Rect, _ a: Double) -> Seen {
                Seen(role: .dimming, rect: p == .overlayOnContainer ? b : r, alpha: a)
            }
            switch type {
            case .push:
                let e = deceleration(t)
                let l = moved(leaving, disappearing / 3 * e)
                return [Seen(role: leavingRole, rect: l, alpha: 1), overlay(l, 0.1 * e), Seen(role: arrivingRole, rect: moved(arriving, appearing * (1 - e)), alpha: 1)]
            case .pull:
                let e = standard(t)
                let a = moved(arriving, appearing / 3 * (1 - e))
                return [Seen(role: arrivingRole, rect: a, alpha: 1), overlay(a, 0.1 * (1 - e)), Seen(role: leavingRole, rect: moved(leaving, disappearing * e), alpha: 1)]
            case .cover:
                let e = deceleration(t)
                return [Seen(role: leavingRole, rect: leaving, alpha: 1), overlay(leaving, 0.1 * e), Seen(role: arrivingRole, rect: moved(arriving, appearing * (1 - e)), alpha: 1)]
            case .uncover:
                let e = standard(t)
                return [Seen(role: arrivingRole, rect: arriving, alpha: 1), overlay(arriving, 0.1 * (1 - e)), Seen(role: leavingRole, rect: moved(leaving, disappearing * e), alpha: 1)]
            case .slide, .zoomSlide:
                let e = standard(t), k = type == .zoomSlide ? 0.8 : 1
                return [
                    Seen(role: leavingRole, rect: moved(leaving, disappearing * e, scale: 1 + (k - 1) * e), alpha: 1),
                    Seen(role: arrivingRole, rect: moved(arriving, appearing * (1 - e), scale: k + (1 - k) * e), alpha: 1),
                ]
            case .pageIn:
                let e = deceleration(t)
                let l = scaled(leaving, 1 - 0.3 * e)
                return [Seen(role: leavingRole, rect: l, alpha: 1), overlay(l, 0.1 * e), Seen(role: arrivingRole, rect: moved(arriving, appearing * (1 - e)), alpha: 1)]
            case .pageOut:
                let e = standard(t)
                let a = scaled(arriving, 0.7 + 0.3 * e)
                return [Seen(role: arrivingRole, rect: a, alpha: 1), overlay(a, 0.1 * (1 - e)), Seen(role: leavingRole, rect: moved(leaving, disappearing * e), alpha: 1)]
            case .zoom:
                let e = standard(t)
                return [Seen(role: arrivingRole, rect: scaled(arriving, 0.7 + 0.3 * e), alpha: 1), Seen(role: leavingRole, rect: scaled(leaving, 1 + 0.3 * e), alpha: 1 - e)]
            case .zoomOut:
                let e = standard(t)
                return [Seen(role: leavingRole, rect: scaled(leaving, 1 - 0.3 * e), alpha: 1), Seen(role: arrivingRole, rect: scaled(arriving, 1.3 - 0.3 * e), alpha: e)]
            }
        }
    }
}

/// CSS View Transitions' named groups in `view-transition`: each matched element is a
/// `view-transition-name` captured in the old and the new state, compared with a reference
/// written from the specification's user-agent styles.
@Suite struct ViewTransitionGroupTests {
    typealias Platform = PlatformReferenceTests

    /// The element of one case: a card on the list (the old state of a push) that becomes the
    /// header of the detail screen, as fractions of the container, so that both sizes differ.
    static func element(in bounds: Rect, forward: Bool) throws -> MatchedElement {
        let card = Rect(x: bounds.width * 0.04, y: bounds.height * 0.3, width: bounds.width * 0.92, height: bounds.height * 0.15)
        let header = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height * 0.4)
        return MatchedElement(id: "card", fromFrame: forward ? card : header, toFrame: forward ? header : card)
    }

    /// CSS View Transitions Module Level 1 (https://drafts.csswg.org/css-view-transitions-1/),
    /// §"User Agent Stylesheet" and §"Setup transition pseudo-elements": for a name captured in
    /// both states, `::view-transition-group(name)` runs `-ua-view-transition-group-anim-name`
    /// from the old element's `transform`, `width` and `height` to the new one's (its border box
    /// on the page, since the group is placed at top: 0, left: 0), 0.25 s on `ease`;
    /// `::view-transition-old(name)` and `-new(name)` are `inline-size: 100%`, `block-size: auto`
    /// at `inset-block-start: 0`, so each is as wide as the group, top-aligned, its height kept
    /// to its own aspect ratio, and they run the fade-out and fade-in keyframes, the new image
    /// after the old. A name captured in one state only runs that state's fade where it is. The
    /// groups are drawn after the root's, above both screens. Perturbations: `linearTiming`
    /// plays the keyframes linearly, `stretchedImages` gives the images the group's height.
    static func reference(_ element: MatchedElement, hasOld: Bool, hasNew: Bool, _ p: Platform.Perturbation) -> (Double) -> (old: Rect, oldAlpha: Double, new: Rect, newAlpha: Double) {
        { u in
            let e = p == .linearTiming ? u : Platform.flutterCubic(0.25, 0.1, 0.25, 1, u)
            let (a, b) = hasOld && hasNew ? (element.fromFrame, element.toFrame) : hasOld ? (element.fromFrame, element.fromFrame) : (element.toFrame, element.toFrame)
            let group = Rect(
                x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e,
                width: a.width + (b.width - a.width) * e, height: a.height + (b.height - a.height) * e)
            func image(_ r: Rect) -> Rect {
                Rect(x: group.x, y: group.y, width: group.width, height: p == .stretchedImages ? group.height : group.width * r.height / r.width)
            }
            return (image(element.fromFrame), 1 - e, image(element.toFrame), e)
        }
    }

    /// The differences between the animator and the reference for one operation at one size.
    static func mismatches(_ animator: Animator, _ operation: TransitionOperation, _ bounds: Rect, _ p: Platform.Perturbation, count: Int = 61) throws -> [String] {
        let style = animator.description.defaultStyle(for: operation)
        let forward = operation == .push || operation == .present
        let context = try TransitionContext(
            operation: operation, style: style, containerBounds: bounds, matchedElements: [try element(in: bounds, forward: forward)])
        let e = try #require(context.matchedElements.first)
        let root = Platform.reference("view-transition", try #require(Platform.cases(animator).first { $0.operation == operation && $0.container == bounds }), .none)
        let expected = reference(e, hasOld: e.fromView != nil, hasNew: e.toView != nil, p)
        var found: [String] = []
        let run = try animator.run(context, progresses: SampledTransition.evenProgresses(count))
        for frame in run.frames {
            let at = "\(operation) at \(Int(bounds.width))x\(Int(bounds.height)), \(frame.progress)"
            let shown = frame.drawOrder.filter { $0.isInContainer && !$0.state.hidden }
            let want = expected(frame.progress)
            var order: [ViewID] = []
            for (view, rect, alpha) in [(e.fromView, want.old, want.oldAlpha), (e.toView, want.new, want.newAlpha)] {
                guard let view else { continue }
                guard let actual = shown.first(where: { $0.id == view }), let seen = actual.state.projectedBounds(camera: frame.camera) else {
                    if alpha > Platform.alphaTolerance { found.append("\(at): the image \(view) is not drawn") }
                    continue
                }
                order.append(view)
                let edges = [(seen.x, rect.x), (seen.y, rect.y), (seen.maxX, rect.maxX), (seen.maxY, rect.maxY)]
                if edges.contains(where: { abs($0.0 - $0.1) > Platform.pointTolerance }) { found.append("\(at): image at \(seen), the reference's \(rect)") }
                if abs(actual.state.alpha - alpha) > Platform.alphaTolerance { found.append("\(at): image alpha \(actual.state.alpha), the reference's \(alpha)") }
            }
            // The screens as the root cross-fade shows them, below the group's images, old image below the new.
            let screens = root.views(frame.progress).map(\.role)
            let drawn = shown.compactMap { v -> String? in
                if order.contains(v.id) { return v.id == e.fromView ? "old" : "new" }
                return screens.contains(v.role) && (v.role == .from || v.role == .to) ? "\(v.role)" : nil
            }
            let wanted = screens.map { "\($0)" } + order.map { $0 == e.fromView ? "old" : "new" }
            if drawn != wanted { found.append("\(at): drawn in the order \(drawn), the reference's \(wanted)") }
        }
        return found
    }

    /// The bounds of the two sizes of the comparison.
    static var sizes: [Rect] { Platform.sizes.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) } }

    /// The named group morphs as the specification's user-agent styles say, in every operation
    /// the animator declares, at both sizes.
    @Test(.enabled(if: PackagePlugins.rustUnavailableReason == nil, "cargo is not on PATH: the Rust plugin is not built"))
    func aNamedGroupMorphsAsTheSpecificationSays() throws {
        let animator = try Platform.animator("view-transition")
        for bounds in Self.sizes {
            for operation in animator.description.operations where operation != .tab {
                let found = try Self.mismatches(animator, operation, bounds, .none, count: 101)
                #expect(found.isEmpty, "\(found.count) mismatches, first \(found.prefix(3))")
            }
        }
    }

    /// The comparison notices keyframes played linearly and images stretched to the group's height.
    @Test(.enabled(if: PackagePlugins.rustUnavailableReason == nil, "cargo is not on PATH: the Rust plugin is not built"),
          arguments: [PlatformReferenceTests.Perturbation.linearTiming, .stretchedImages])
    func aPerturbedGroupIsNoticed(_ perturbation: PlatformReferenceTests.Perturbation) throws {
        let animator = try Platform.animator("view-transition")
        for bounds in Self.sizes {
            for operation in [TransitionOperation.push, .pop] {
                let found = try Self.mismatches(animator, operation, bounds, perturbation)
                #expect(!found.isEmpty, "\(operation) with \(perturbation) still matches")
            }
        }
    }
}

import PluginHost
import TestSupport
import Testing
import TransitionCore

/// `container-transform` against a reference written here from MDC-Android's
/// `MaterialContainerTransform` (lib/java/com/google/android/material/transition/, at commit
/// ac7e18efe): `TransitionDrawable.updateProgress`, `FitModeEvaluators`, `MaskEvaluator`,
/// `FadeModeEvaluators` and `TransitionUtils.lerp`, in Android's `RectF` terms (left, top, right,
/// bottom, in `Float`) and with its integer alphas. It shares no code with the animator. For
/// every operation, at both sizes of `PlatformReferenceTests`, without a matched element and
/// with a wide and a tall one (so both fit modes run), it compares at 101 progresses what the
/// screen shows: the screen left behind, the scrim, each image's visible rectangle (the part of
/// it the container's outline encloses), alpha and round corner radius, and their stacking.
@Suite struct ContainerTransformReferenceTests {
    typealias Platform = PlatformReferenceTests

    /// The ways the reference can be made wrong, to show that the comparison notices.
    enum Perturbation: CaseIterable {
        case none
        /// The shapeMask window ends 0.1 later (enter 0.85, return 1.0).
        case laterShapeMask
        /// The scaleMask window ends 0.2 earlier (enter 0.8, return 0.7).
        case earlierScaleMask
        /// The fade window ends 0.1 later (enter 0.35, return 1.0).
        case laterFade
    }

    /// A progress window (`MaterialContainerTransform.ProgressThresholds`).
    struct Window {
        var start: Float
        var end: Float
    }

    /// `ProgressThresholdsGroup`: fade, scale, scaleMask, shapeMask.
    struct Group {
        var fade: Window
        var scale: Window
        var scaleMask: Window
        var shapeMask: Window
    }

    /// MaterialContainerTransform.java lines 200–205, `DEFAULT_ENTER_THRESHOLDS`.
    static let enterThresholds = Group(
        fade: Window(start: 0, end: 0.25), scale: Window(start: 0, end: 1), scaleMask: Window(start: 0, end: 1),
        shapeMask: Window(start: 0, end: 0.75))
    /// MaterialContainerTransform.java lines 206–211, `DEFAULT_RETURN_THRESHOLDS`.
    static let returnThresholds = Group(
        fade: Window(start: 0.60, end: 0.90), scale: Window(start: 0, end: 1), scaleMask: Window(start: 0, end: 0.90),
        shapeMask: Window(start: 0.30, end: 0.90))

    /// The M3 emphasized interpolator that `motionEasingEmphasizedInterpolator` loads in M3 themes
    /// (lib/java/com/google/android/material/motion/res/values/tokens.xml line 55,
    /// `m3_sys_motion_easing_emphasized`): the path M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4
    /// C 0.208333,0.82 0.25,1 1,1, in absolute control points.
    static func emphasized(_ t: Double) -> Double {
        let joint = (0.166666, 0.4)
        if t < joint.0 { return Platform.cubic((0.05, 0), (0.133333, 0.06), end: joint, at: t) }
        return Platform.cubic((0.208333, 0.82), (0.25, 1), start: joint, at: t)
    }

    /// `TransitionUtils.lerp(float, float, float, float, float)` (TransitionUtils.java line 180).
    static func lerp(_ a: Float, _ b: Float, _ w: Window, _ f: Float) -> Float {
        if f < w.start { return a }
        if f > w.end { return b }
        return a + (f - w.start) / (w.end - w.start) * (b - a)
    }

    /// `TransitionUtils.lerp(int, int, float, float, float)` (TransitionUtils.java line 210): the
    /// float result truncated.
    static func lerp(_ a: Int, _ b: Int, _ w: Window, _ f: Float) -> Int {
        if f < w.start { return a }
        if f > w.end { return b }
        return Int(Float(a) + (f - w.start) / (w.end - w.start) * Float(b - a))
    }

    /// Android's `RectF`.
    struct RectF {
        var left: Float, top: Float, right: Float, bottom: Float
        init(_ r: Rect) {
            (left, top, right, bottom) = (Float(r.x), Float(r.y), Float(r.maxX), Float(r.maxY))
        }
        init(left: Float, top: Float, right: Float, bottom: Float) {
            (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
        }
        var width: Float { right - left }
        var height: Float { bottom - top }
        var rect: Rect { Rect(x: Double(left), y: Double(top), width: Double(width), height: Double(height)) }
    }

    /// One transition to compare: a case of `PlatformReferenceTests`, the card it morphs (a
    /// matched element or the source parameters' rectangle) and the fade mode (0 in, 1 out,
    /// 2 cross, 3 through).
    struct Transition: CustomStringConvertible {
        var base: Platform.Case
        var card: Rect
        var matched: String
        var fadeMode: Int
        var description: String { "\(base) \(matched) fade mode \(fadeMode)" }
    }

    /// The cards of the comparison, as fractions of the container (x, y, width, height): none
    /// (the source parameters' defaults, 0.04, 0.25, 0.92, 0.18), a wide matched card (fit to
    /// width) and a tall narrow one (fit to height).
    static let cards: [(name: String, matched: Bool, x: Double, y: Double, w: Double, h: Double)] = [
        ("no matched element", false, 0.04, 0.25, 0.92, 0.18),
        ("a wide matched card", true, 0.06, 0.52, 0.6, 0.2),
        ("a tall matched card", true, 0.55, 0.2, 0.2, 0.6),
    ]

    /// Every operation the animator declares, at both sizes, with each card, in fade mode `fadeMode`.
    static func transitions(_ animator: Animator, fadeMode: Int = 0, sizes: [(width: Double, height: Double)] = Platform.sizes) throws -> [Transition] {
        var result: [Transition] = []
        for size in sizes {
            let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
            for card in cards {
                let rect = Rect(x: card.x * size.width, y: card.y * size.height, width: card.w * size.width, height: card.h * size.height)
                for operation in animator.description.operations {
                    let forward = operation == .push || operation == .present
                    // The card is on the screen that shows the list: the from-screen going forward.
                    let header = Rect(x: 0, y: 0, width: size.width, height: 0.3 * size.height)
                    let element = MatchedElement(id: "card", fromFrame: forward ? rect : header, toFrame: forward ? header : rect)
                    let context = try TransitionContext(
                        operation: operation, style: animator.description.defaultStyle(for: operation), containerBounds: bounds,
                        matchedElements: card.matched ? [element] : [])
                    result.append(Transition(
                        base: Platform.Case(operation: operation, context: context, forward: forward), card: rect, matched: card.name, fadeMode: fadeMode))
                }
            }
        }
        return result
    }

    /// The reference: MDC's container transform from the card to the arriving screen going
    /// forward, from the leaving screen to the card going back, as the screen shows it.
    static func reference(_ t: Transition, _ p: Perturbation) -> Platform.Reference {
        let c = t.base
        let (toFrame, fromFrame) = Platform.screens(c)
        let startBounds = RectF(c.forward ? t.card : fromFrame), endBounds = RectF(c.forward ? toFrame : t.card)
        // The card's shape: absolute corners of the source radius' default, 12 pt; the screen's: none.
        let startCorner: Float = c.forward ? 12 : 0, endCorner: Float = c.forward ? 0 : 12
        // isEntering, TRANSITION_DIRECTION_AUTO (line 1032): the end's area is larger.
        let entering = endBounds.width * endBounds.height > startBounds.width * startBounds.height
        var group = entering ? enterThresholds : returnThresholds
        switch p {
        case .none: break
        case .laterShapeMask: group.shapeMask.end += 0.1
        case .earlierScaleMask: group.scaleMask.end -= 0.2
        case .laterFade: group.fade.end += 0.1
        }
        // FitModeEvaluators.shouldAutoFitToWidth.
        let fitToWidth = entering
            ? endBounds.height * startBounds.width / endBounds.width >= startBounds.height
            : startBounds.height * endBounds.width / startBounds.width >= endBounds.height
        // motionDurationLong2 entering, motionDurationMedium4 returning (line 1011;
        // tokens.xml lines 131 and 129: 500 and 400 ms).
        let duration = entering ? 0.5 : 0.4
        let startRole: ViewRole = c.forward ? .snapshot : .from, endRole: ViewRole = c.forward ? .to : .snapshot
        let behind = c.forward ? Platform.Seen(role: .from, rect: fromFrame, alpha: 1) : Platform.Seen(role: .to, rect: toFrame, alpha: 1)
        return Platform.Reference(duration: duration) { u in
            let progress = Float(emphasized(u))
            // The scrim: 0x52000000 (line 240) with its paint's alpha (line 1359).
            let scrimAlpha = Int(entering ? 255 * progress : 255 - 255 * progress)
            let scrim = Double(0x52) / 255 * Double(scrimAlpha) / 255
            // The straight path between the top-centres (getMotionPathPoint, line 1467).
            let motionX = (startBounds.left + startBounds.right) / 2
                + ((endBounds.left + endBounds.right) / 2 - (startBounds.left + startBounds.right) / 2) * progress
            let motionY = startBounds.top + (endBounds.top - startBounds.top) * progress
            // FitModeEvaluators WIDTH and HEIGHT evaluate.
            var startWidth: Float, startHeight: Float, endWidth: Float, endHeight: Float
            if fitToWidth {
                let width = lerp(startBounds.width, endBounds.width, group.scale, progress)
                (startWidth, startHeight) = (width, startBounds.height * width / startBounds.width)
                (endWidth, endHeight) = (width, endBounds.height * width / endBounds.width)
            } else {
                let height = lerp(startBounds.height, endBounds.height, group.scale, progress)
                (startWidth, startHeight) = (startBounds.width * height / startBounds.height, height)
                (endWidth, endHeight) = (endBounds.width * height / endBounds.height, height)
            }
            let currentStart = RectF(left: motionX - startWidth / 2, top: motionY, right: motionX + startWidth / 2, bottom: motionY + startHeight)
            let currentEnd = RectF(left: motionX - endWidth / 2, top: motionY, right: motionX + endWidth / 2, bottom: motionY + endHeight)
            var startMasked = currentStart, endMasked = currentEnd
            let maskStart = fitToWidth ? startHeight > endHeight : startWidth > endWidth
            let maskProgress = lerp(Float(0), 1, group.scaleMask, progress)
            let multiplier = maskStart ? maskProgress : 1 - maskProgress
            func applyMask(_ r: inout RectF) {
                if fitToWidth {
                    r.bottom -= abs(endHeight - startHeight) * multiplier
                } else {
                    r.left += abs(endWidth - startWidth) / 2 * multiplier
                    r.right -= abs(endWidth - startWidth) / 2 * multiplier
                }
            }
            if maskStart { applyMask(&startMasked) } else { applyMask(&endMasked) }
            let mask = RectF(
                left: min(startMasked.left, endMasked.left), top: min(startMasked.top, endMasked.top),
                right: max(startMasked.right, endMasked.right), bottom: max(startMasked.bottom, endMasked.bottom))
            // MaskEvaluator: the corner sizes lerped over the shapeMask window.
            let radius = Double(lerp(startCorner, endCorner, group.shapeMask, progress))
            // FadeModeEvaluators, with the mode swapped for a return (get, line 76).
            var startAlpha = 255, endAlpha = 255, endOnTop = false
            let mode = t.fadeMode == 0 ? (entering ? 0 : 1) : t.fadeMode == 1 ? (entering ? 1 : 0) : t.fadeMode
            switch mode {
            case 0:
                endAlpha = lerp(0, 255, group.fade, progress)
                endOnTop = true
            case 1:
                startAlpha = lerp(255, 0, group.fade, progress)
            case 2:
                startAlpha = lerp(255, 0, group.fade, progress)
                endAlpha = lerp(0, 255, group.fade, progress)
            default:
                let threshold = group.fade.start + (group.fade.end - group.fade.start) * 0.35
                startAlpha = lerp(255, 0, Window(start: group.fade.start, end: threshold), progress)
                endAlpha = lerp(0, 255, Window(start: threshold, end: group.fade.end), progress)
            }
            // What the container's outline shows of an image: the image within the mask's bounds,
            // with the outline's corner radius (the one it has where they share an edge).
            func visible(_ r: RectF) -> Rect {
                RectF(left: max(r.left, mask.left), top: max(r.top, mask.top), right: min(r.right, mask.right), bottom: min(r.bottom, mask.bottom)).rect
            }
            let start = Platform.Seen(role: startRole, rect: visible(currentStart), alpha: Double(startAlpha) / 255, radius: (radius, radius))
            let end = Platform.Seen(role: endRole, rect: visible(currentEnd), alpha: Double(endAlpha) / 255, radius: (radius, radius))
            let (below, above) = endOnTop ? (start, end) : (end, start)
            // An image wholly under the opaque one shows nothing: both are clipped to one outline.
            let hidden = above.alpha == 1 && below.rect.x >= above.rect.x - 1e-3 && below.rect.y >= above.rect.y - 1e-3
                && below.rect.maxX <= above.rect.maxX + 1e-3 && below.rect.maxY <= above.rect.maxY + 1e-3
            return [behind, Platform.Seen(role: .dimming, rect: c.container, alpha: scrim)] + (hidden ? [above] : [below, above])
        }
    }

    /// The built-in `container-transform`.
    static func animator() throws -> Animator {
        let library = try #require(Platform.library)
        return try #require(library.animator("container-transform"))
    }

    /// The animator shows what MDC's container transform shows, in every operation, at both
    /// sizes, with and without a matched element, in both fit modes.
    @Test func matchesMaterialContainerTransform() throws {
        let animator = try Self.animator()
        let transitions = try Self.transitions(animator)
        #expect(Set(transitions.map(\.base.operation)) == [.push, .pop, .present, .dismiss])
        for t in transitions {
            let found = try Platform.mismatches(animator, t.base, Self.reference(t, .none))
            #expect(found.isEmpty, "\(t): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    /// The other fade modes (out, cross, through) follow MDC's evaluators too, at the phone size.
    @Test(arguments: [1, 2, 3])
    func theFadeModesMatch(_ mode: Int) throws {
        let animator = try Self.animator()
        let parameters = try animator.description.values(for: [("fade-mode", ["in", "out", "cross", "through"][mode])])
        for t in try Self.transitions(animator, fadeMode: mode, sizes: [Platform.sizes[0]]) {
            let found = try Platform.mismatches(animator, t.base, Self.reference(t, .none), count: 61, parameters: parameters)
            #expect(found.isEmpty, "\(t): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    /// The comparison can fail: with a threshold of the reference changed, the animator no
    /// longer matches it in any case.
    @Test(arguments: [Perturbation.laterShapeMask, .earlierScaleMask, .laterFade])
    func aChangedThresholdIsNoticed(_ perturbation: Perturbation) throws {
        let animator = try Self.animator()
        for t in try Self.transitions(animator) {
            let found = try Platform.mismatches(animator, t.base, Self.reference(t, perturbation), count: 61)
            #expect(!found.isEmpty, "\(t) with \(perturbation) still matches")
        }
    }

    /// The figure: through a push at 390x844 from the wide matched card (0.6 of the
    /// width), the arriving screen's visible height is MDC's, which is more than 50 pt away (56 pt
    /// at its farthest, a fifth of the way in) from the linear interpolation of the two heights
    /// that the animator used to play; its corners are round on screen.
    @Test func thePushsHeightIsMaterialsNotLinear() throws {
        let animator = try Self.animator()
        let t = try #require(try Self.transitions(animator).first { $0.base.operation == .push && $0.matched == "a wide matched card" })
        let reference = Self.reference(t, .none)
        let run = try animator.run(t.base.context, progresses: SampledTransition.evenProgresses(101))
        var farthest = 0.0
        for frame in run.frames {
            let to = try #require(Platform.seen(frame).first { $0.role == .to })
            let expected = try #require(reference.views(frame.progress).first { $0.role == .to })
            #expect(abs(to.rect.height - expected.rect.height) < 0.5, "at \(frame.progress): \(to.rect) against \(expected.rect)")
            #expect(to.radius.x == to.radius.y)
            let linear = t.card.height + (844 - t.card.height) * Self.emphasized(frame.progress)
            farthest = max(farthest, abs(to.rect.height - linear))
        }
        #expect(farthest > 50, "at most \(farthest) pt from the linear height")
    }
}

import PluginHost
import TestSupport
import Testing
import TransitionCore

/// `predictive-back` against a reference written here from AOSP's WM Shell, frameworks/base
/// `libs/WindowManager/Shell/src/com/android/wm/shell/back/CrossActivityBackAnimation.kt` and
/// `DefaultCrossActivityBackAnimation.kt` (2024): the windows are rectangles lerped as `RectF`s
/// (`setInterpolatedRectF`, `scaleCentered`), the gesture through `Interpolators.BACK_GESTURE`
/// and the commit through `Interpolators.EMPHASIZED`, both solved here by bisection in absolute
/// control points. The gesture is a horizontal swipe whose progress grows linearly over the
/// gesture's seconds, released at its end with no velocity (the fling spring's scale stays 1).
/// It shares the screen comparison of ``PlatformReferenceTests`` and no code with the animator.
@Suite struct PredictiveBackReferenceTests {
    typealias Platform = PlatformReferenceTests

    /// `Interpolators.BACK_GESTURE`, PathInterpolator(0.1, 0.1, 0, 1).
    static func backGesture(_ t: Double) -> Double { Platform.flutterCubic(0.1, 0.1, 0, 1, t) }

    /// `Interpolators.EMPHASIZED`, the path `M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4
    /// C 0.208333,0.82 0.25,1 1,1`, as its two absolute cubics.
    static func emphasized(_ t: Double) -> Double {
        let joint = (0.166666, 0.4)
        if t < joint.0 { return Platform.cubic((0.05, 0), (0.133333, 0.06), end: joint, at: t) }
        return Platform.cubic((0.208333, 0.82), (0.25, 1), start: joint, at: t)
    }

    /// A `RectF` as left, top, right, bottom.
    struct RectF {
        var left, top, right, bottom: Double

        init(_ r: Rect) { (left, top, right, bottom) = (r.x, r.y, r.maxX, r.maxY) }
        var rect: Rect { Rect(x: left, y: top, width: right - left, height: bottom - top) }
        var width: Double { right - left }

        func offset(_ dx: Double) -> RectF {
            var r = self
            r.left += dx
            r.right += dx
            return r
        }

        /// `scaleCentered` (CrossActivityBackAnimation.kt): scaled about its own centre.
        func scaleCentered(_ s: Double) -> RectF {
            let px = (left + right) / 2, py = (top + bottom) / 2
            var r = self
            (r.left, r.top, r.right, r.bottom) = (px + (left - px) * s, py + (top - py) * s, px + (right - px) * s, py + (bottom - py) * s)
            return r
        }

        /// `setInterpolatedRectF`: each edge lerped.
        static func lerp(_ a: RectF, _ b: RectF, _ t: Double) -> RectF {
            var r = a
            (r.left, r.top, r.right, r.bottom) = (
                a.left + (b.left - a.left) * t, a.top + (b.top - a.top) * t, a.right + (b.right - a.right) * t, a.bottom + (b.bottom - a.bottom) * t
            )
            return r
        }
    }

    /// The ways the reference can be made wrong: each is a way the animator used to be wrong.
    enum Perturbation: CaseIterable {
        case none
        /// The commit on Compose's cubic(0.2, 0, 0, 1) instead of the emphasized path.
        case composeCommitCurve
        /// The commit lasting the rest of a 450 ms transition after a gesture half of it.
        case shortCommit
        /// The corner radius growing 0 → R with the gesture instead of the crop's R throughout.
        case growingRadius
        /// A swipe from the right edge mirroring everything: the closing window moved left and
        /// the entering one coming from the right.
        case mirroredRightEdge
    }

    /// The AOSP motion at the defaults (450 ms gesture, 450 ms commit, a window corner radius
    /// of 32 pt, MAX_SCRIM_ALPHA_LIGHT), from the left edge or the right one.
    static func reference(_ c: Platform.Case, rightEdge: Bool, _ p: Perturbation) -> Platform.Reference {
        let gesture = 0.45, commit = p == .shortCommit ? 0.225 : 0.45, radius = 32.0
        let window = RectF(c.container), w = c.container.width
        let mirrored = rightEdge && p == .mirroredRightEdge
        // preparePreCommitClosingRectMovement: MAX_SCALE 0.9; the right edge 8 dp from the display's.
        var targetClosing = window.scaleCentered(0.9)
        if !rightEdge { targetClosing = targetClosing.offset(window.right - targetClosing.right - 8) }
        if mirrored { targetClosing = targetClosing.offset(-(targetClosing.left - window.left - 8)) }
        // preparePreCommitEnteringRectMovement: moved left by max(width × (1 − MAX_SCALE), 96 dp).
        let startEntering = window.offset((mirrored ? 1 : -1) * max(w * 0.1, 96))
        let targetEntering = startEntering.scaleCentered(0.9)
        return Platform.Reference(duration: gesture + commit) { progress in
            let t = progress * (gesture + commit)
            var closing: RectF, entering: RectF, closingAlpha = 1.0, scrim = 0.2
            if t < gesture {
                let e = backGesture(t / gesture)
                closing = .lerp(window, targetClosing, e)
                entering = .lerp(startEntering, targetEntering, e)
            } else {
                let u = min((t - gesture) / commit, 1)
                let e = p == .composeCommitCurve ? Platform.flutterCubic(0.2, 0, 0, 1, u) : emphasized(u)
                // onGestureCommitted: the closing target is the window moved by the current left + 96 dp.
                let leaving = window.offset(mirrored ? -(targetClosing.left - window.left + 96) : targetClosing.left - window.left + 96)
                closing = .lerp(targetClosing, leaving, e)
                entering = .lerp(targetEntering, window, e)
                closingAlpha = max(1 - 5 * u, 0)
                scrim = 0.2 * (1 - u)
            }
            // applyTransform: the crop's corner radius, scaled with the window by its matrix, from
            // the first gesture event (progress above 0) until finishAnimation (progress 1).
            let shape = progress <= 0 ? 0 : p == .growingRadius ? radius * min(t / gesture, 1) : radius
            let enteringRadius = progress >= 1 ? 0 : shape * entering.width / w
            let closingRadius = shape * closing.width / w
            return [
                Platform.Seen(role: .to, rect: entering.rect, alpha: 1, radius: (enteringRadius, enteringRadius)),
                Platform.Seen(role: .dimming, rect: c.container, alpha: scrim),
                Platform.Seen(role: .from, rect: closing.rect, alpha: closingAlpha, radius: (closingRadius, closingRadius)),
            ]
        }
    }

    /// The animator, from the built-in plugin.
    static func animator() throws -> Animator {
        try #require(Platform.library?.animator("predictive-back"))
    }

    /// The parameter values of a swipe from `edge`.
    static func parameters(_ animator: Animator, edge: String) throws -> [Double] {
        try animator.description.values(for: [("edge", edge)])
    }

    /// The animator shows what AOSP shows, from either edge, in both operations, at both sizes.
    @Test(arguments: ["left", "right"])
    func matchesAOSP(_ edge: String) throws {
        let animator = try Self.animator()
        let values = try Self.parameters(animator, edge: edge)
        let cases = try Platform.cases(animator)
        #expect(Set(cases.map(\.operation)) == [.pop, .dismiss])
        for c in cases {
            let found = try Platform.mismatches(animator, c, Self.reference(c, rightEdge: edge == "right", .none), parameters: values)
            #expect(found.isEmpty, "\(edge) \(c): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    /// Each perturbation of the reference is noticed in every case it touches.
    @Test(arguments: Perturbation.allCases.filter { $0 != .none })
    func aPerturbedReferenceIsNoticed(_ perturbation: Perturbation) throws {
        let animator = try Self.animator()
        let edges = perturbation == .mirroredRightEdge ? ["right"] : ["left", "right"]
        for edge in edges {
            let values = try Self.parameters(animator, edge: edge)
            for c in try Platform.cases(animator) {
                let found = try Platform.mismatches(
                    animator, c, Self.reference(c, rightEdge: edge == "right", perturbation), count: 61, parameters: values)
                #expect(!found.isEmpty, "\(edge) \(c) with \(perturbation) still matches")
            }
        }
    }

    /// Driven by a finger, the closing window stays whole wherever the finger holds it short of
    /// the last fifth of the commit, and is gone at the end; played on its own it fades over the
    /// commit's first fifth as AOSP's does.
    @Test func aHeldWindowIsNotGone() throws {
        let animator = try Self.animator()
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let held = try TransitionContext(operation: .pop, containerBounds: bounds, interactive: true)
        let played = try TransitionContext(operation: .pop, containerBounds: bounds)
        let progresses = [0.55, 0.85, 0.95, 1]
        let closing = try #require(held.fromView)
        let heldRun = try animator.run(held, progresses: progresses)
        let playedRun = try animator.run(played, progresses: progresses)
        let heldAlpha = heldRun.frames.map { $0[closing]?.state.alpha ?? 0 }
        let playedAlpha = playedRun.frames.map { $0[closing]?.state.alpha ?? 0 }
        #expect(heldAlpha[0] == 1 && heldAlpha[1] == 1, "\(heldAlpha)")
        #expect(heldAlpha[2] < 1 && heldAlpha[2] > 0 && heldAlpha[3] == 0, "\(heldAlpha)")
        #expect(playedAlpha[0] < 1 && playedAlpha[1] == 0, "\(playedAlpha)")
    }
}

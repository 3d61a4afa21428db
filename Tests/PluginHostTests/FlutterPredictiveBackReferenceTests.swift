import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// `flutter-predictive-back` and `flutter-predictive-back-fullscreen` against references written
/// here from Flutter's sources: packages/flutter/lib/src/material/
/// predictive_back_page_transitions_builder.dart (flutter/flutter 01f9b71) for the pages, and
/// packages/flutter/lib/src/widgets/routes.dart (69273e3), `TransitionRoute._handleDragEnd`, for
/// the route's pop once the finger lets go. The gesture is a horizontal swipe whose back event
/// progress grows linearly to the release point. Widgets are composed as Flutter composes them
/// (a scale about the page's centre around a translation, a padding, a clip), and the result is
/// compared on screen. Shares the comparison of ``PlatformReferenceTests`` and no code with the
/// animators.
@Suite struct FlutterPredictiveBackReferenceTests {
    typealias Platform = PlatformReferenceTests

    /// The animators this suite compares.
    static let ids = ["flutter-predictive-back", "flutter-predictive-back-fullscreen"]

    /// The ways a reference can be made wrong.
    enum Perturbation: CaseIterable {
        case none
        /// The page's scale held at its last value through the commit, where the source returns
        /// it to 1.0 on the commit controller.
        case scaleHolds
        /// The route's pop linear in time, without `Curves.fastLinearToSlowEaseIn`.
        case linearPop
        /// The route's pop over MaterialPageRoute's 300 ms scaled by what is left, instead of
        /// ⌊800 × value⌋ ms.
        case materialPopDuration
        /// The full-screen page's fade starting when the finger lets go instead of when the
        /// route value passes the commit point.
        case fadeAtRelease
        /// The page beneath still following its secondary tweens once the route pops, instead of
        /// being current and at rest.
        case beneathKeepsMoving
        /// The page beneath drawn without the clip's round corners.
        case squareBeneath
    }

    /// The gesture, its release point and the route's pop.
    struct Clock {
        var gesture = 0.45
        var release: Double
        var perturbation: Perturbation

        /// ⌊lerpDouble(0, 800, value)⌋ ms, with the value 1 − release the gesture left.
        var pop: Double {
            perturbation == .materialPopDuration ? 0.3 * (1 - release) : floor(800 * (1 - release)) / 1000
        }
        var duration: Double { gesture + pop }

        /// The route's value at time `t`: 1 − progress while the finger moves, then
        /// `animateBack(0.0, curve: Curves.fastLinearToSlowEaseIn)`.
        func value(_ t: Double) -> Double {
            if t < gesture { return 1 - release * t / gesture }
            guard pop > 0 else { return 0 }
            let u = min((t - gesture) / pop, 1)
            let eased = perturbation == .linearPop ? u : Platform.flutterCubic(0.18, 1.0, 0.04, 1.0, u)
            return (1 - release) * (1 - eased)
        }
    }

    /// `Curves.easeOut`, Cubic(0.0, 0.0, 0.58, 1.0).
    static func easeOut(_ t: Double) -> Double { Platform.flutterCubic(0, 0, 0.58, 1, t) }

    /// A box of the full page, narrowed by `gap` a side (Padding), moved by (x, y)
    /// (Transform.translate) and then scaled by `s` about the page's centre (Transform.scale),
    /// or scaled first and then moved when `moveAfterScale`.
    static func placed(_ page: Rect, gap: Double, x: Double, s: Double, moveAfterScale: Bool = false) -> Rect {
        let cx = page.x + page.width / 2, cy = page.y + page.height / 2
        let left = page.x + gap, right = page.maxX - gap
        if moveAfterScale {
            return Rect(x: cx + s * (left - cx) + x, y: cy + s * (page.y - cy), width: s * (right - left), height: s * page.height)
        }
        return Rect(x: cx + s * (left + x - cx), y: cy + s * (page.y - cy), width: s * (right - left), height: s * page.height)
    }

    /// `_PredictiveBackSharedElementPageTransitionState` for the popped page, with the page
    /// beneath at its own route value, 1, where every tween is at rest.
    static func sharedElement(_ c: Platform.Case, release: Double = 0.5, rightEdge: Bool = false, _ p: Perturbation) -> Platform.Reference {
        let clock = Clock(release: release, perturbation: p), page = c.container, w = page.width
        // _kMinScale 0.90, _kDivisionFactor 20, _kMargin 8, _kYPositionFactor 0.1,
        // _kDeviceBorderRadius 32, _kCommitMilliseconds 100.
        let xShift = (w / 20 - 8) * (rightEdge ? -1 : 1)
        return Platform.Reference(duration: clock.duration) { progress in
            let beneath = Platform.Seen(role: .to, rect: page, alpha: 1)
            guard progress > 0, progress < 1 else {
                return progress <= 0 ? [beneath, Platform.Seen(role: .from, rect: page, alpha: 1)] : [beneath]
            }
            let t = progress * clock.duration, a = clock.value(t)
            // _scaleTween 0.9 → 1 and _xAnimation (x shift → 0) on the route value.
            var s = 0.9 + 0.1 * a, x = xShift * (1 - a), alpha = 1.0
            if t >= clock.gesture {
                let c = min((t - clock.gesture) / 0.1, 1)
                let lastScale = 0.9 + 0.1 * (1 - release), lastX = xShift * release
                if p != .scaleHolds { s = lastScale + (1 - lastScale) * c } else { s = lastScale }
                x = lastX + (0.1 * w - lastX) * easeOut(c)
                alpha = 1 - easeOut(c)
            }
            let gap = 8 * (1 - a), radius = 32 * (1 - a) * s
            let top = Platform.Seen(role: .from, rect: placed(page, gap: gap, x: x, s: s), alpha: alpha, radius: (radius, radius))
            return [beneath, top]
        }
    }

    /// `_PredictiveBackFullscreenPageTransitionState` for both pages.
    static func fullscreen(_ c: Platform.Case, release: Double = 0.5, _ p: Perturbation) -> Platform.Reference {
        let clock = Clock(release: release, perturbation: p), page = c.container
        // _scaleCommit 0.95, _opacityStartTransition 0.95, _commitAt 0.65, W / 20 − 8,
        // _commitDuration 100 ms; the clip is the shared-element state's 32.
        let commitAt = 0.65, xShift = page.width / 20 - 8, clip = 32.0
        // When the route value, which only falls, first falls below the commit point.
        let fadeStart: Double = {
            if p == .fadeAtRelease { return clock.gesture }
            var low = 0.0, high = clock.duration
            for _ in 0..<60 {
                let middle = (low + high) / 2
                if clock.value(middle) < commitAt { high = middle } else { low = middle }
            }
            return high
        }()
        return Platform.Reference(duration: clock.duration) { progress in
            guard progress > 0, progress < 1 else {
                let beneath = Platform.Seen(role: .to, rect: page, alpha: 1)
                return progress <= 0 ? [beneath, Platform.Seen(role: .from, rect: page, alpha: 1)] : [beneath]
            }
            let t = progress * clock.duration, a = clock.value(t)
            // The popped page: TweenSequences at rest below the commit point, from (x shift,
            // 0.95) to (0, 1) above it; opacity 0.95 → 1; AnimatedOpacity to 0 over 100 ms.
            var x = 0.0, s = 1.0
            if a >= commitAt {
                let l = (a - commitAt) / (1 - commitAt)
                x = xShift * (1 - l)
                s = 0.95 + 0.05 * l
            }
            let alpha = (0.95 + 0.05 * a) * (1 - max(0, min(1, (t - fadeStart) / 0.1)))
            let top = Platform.Seen(
                role: .from, rect: placed(page, gap: 0, x: x, s: s, moveAfterScale: true), alpha: alpha, radius: (clip * s, clip * s))
            // The page beneath, on the popped route's value as its secondary animation, until it
            // is current once the route pops.
            var bx = 0.0, bs = 1.0, balpha = 1.0
            if t < clock.gesture || p == .beneathKeepsMoving {
                bx = xShift * (1 - a)
                if a < commitAt {
                    bs = 0.95 + 0.05 * a / commitAt
                    balpha = 1 - 0.05 * a / commitAt
                }
            }
            let r = p == .squareBeneath ? 0 : clip * bs
            let beneath = Platform.Seen(
                role: .to, rect: placed(page, gap: 0, x: bx, s: bs, moveAfterScale: true), alpha: balpha, radius: (r, r))
            return [beneath, top]
        }
    }

    static func animator(_ id: String) throws -> Animator {
        try #require(Platform.library?.animator(id))
    }

    @Test(arguments: [("left", 0.5), ("right", 0.5), ("left", 0.2), ("right", 0.95)])
    func sharedElementMatchesFlutter(_ edge: String, _ release: Double) throws {
        let animator = try Self.animator("flutter-predictive-back")
        let values = try animator.description.values(for: [("edge", edge), ("release", String(release))])
        let cases = try Platform.cases(animator)
        #expect(Set(cases.map(\.operation)) == [.pop])
        for c in cases {
            let reference = Self.sharedElement(c, release: release, rightEdge: edge == "right", .none)
            let found = try Platform.mismatches(animator, c, reference, parameters: values)
            #expect(found.isEmpty, "\(edge) at \(release) \(c): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    @Test(arguments: [0.5, 0.2, 0.95])
    func fullscreenMatchesFlutter(_ release: Double) throws {
        let animator = try Self.animator("flutter-predictive-back-fullscreen")
        let values = try animator.description.values(for: [("release", String(release))])
        for c in try Platform.cases(animator) {
            let found = try Platform.mismatches(animator, c, Self.fullscreen(c, release: release, .none), parameters: values)
            #expect(found.isEmpty, "at \(release) \(c): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    /// Each perturbation is noticed by the animator it applies to, at every size.
    @Test(arguments: Perturbation.allCases.filter { $0 != .none })
    func aPerturbedReferenceIsNoticed(_ perturbation: Perturbation) throws {
        let shared = [Perturbation.scaleHolds, .linearPop, .materialPopDuration].contains(perturbation)
        let full = perturbation != .scaleHolds
        if shared {
            let animator = try Self.animator("flutter-predictive-back")
            for c in try Platform.cases(animator) {
                let found = try Platform.mismatches(animator, c, Self.sharedElement(c, perturbation), count: 61)
                #expect(!found.isEmpty, "flutter-predictive-back \(c) with \(perturbation) still matches")
            }
        }
        if full {
            let animator = try Self.animator("flutter-predictive-back-fullscreen")
            // A pop that starts above the commit point, so the fade and the pop's curve both show.
            let values = try animator.description.values(for: [("release", "0.2")])
            for c in try Platform.cases(animator) {
                let found = try Platform.mismatches(animator, c, Self.fullscreen(c, release: 0.2, perturbation), count: 61, parameters: values)
                #expect(!found.isEmpty, "flutter-predictive-back-fullscreen \(c) with \(perturbation) still matches")
            }
        }
    }
}

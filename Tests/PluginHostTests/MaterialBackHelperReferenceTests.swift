import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// `bottom-sheet-back`, `side-sheet-back` and `search-view-back` against references written here
/// from material-components-android's back helpers (lib/java/com/google/android/material/motion/):
/// `MaterialBackAnimationHelper` (the progress interpolator and the hide durations),
/// `MaterialBottomContainerBackHelper` (02dc779), `MaterialSideContainerBackHelper` (2c297fa),
/// `MaterialMainContainerBackHelper` (3ce7c2b) with its user
/// search/SearchViewAnimationHelper.java (03a4e23), and the dimensions in res/values/dimens.xml. Android scales a view about its pivot and then
/// translates it; the sheet is compared on screen. The gesture is a back event whose progress
/// grows linearly to the release point. Shares the comparison of ``PlatformReferenceTests`` and
/// no code with the animators.
@Suite struct MaterialBackHelperReferenceTests {
    typealias Platform = PlatformReferenceTests

    /// The animators this suite compares.
    static let ids = ["bottom-sheet-back", "side-sheet-back", "search-view-back"]

    /// The ways a reference can be made wrong.
    enum Perturbation: CaseIterable {
        case none
        /// The back event's progress used as it comes, without the helper's PathInterpolator.
        case uninterpolated
        /// The scale about the view's centre, Android's default pivot, instead of the pivot the
        /// helper sets.
        case centredPivot
        /// The slide-off over the longest hide duration whatever the release point.
        case fixedHideDuration
        /// The side sheet growing when the swipe comes from the other side.
        case growsTheOtherWay
        /// The search view's collapse scaled about the clip's own centre instead of the view's.
        case clipScaledAboutItsCentre
        /// The search view's scale and translation reset on FastOutSlowIn, like its clip, instead
        /// of ObjectAnimator's default AccelerateDecelerate.
        case resetOnClipCurve
    }

    /// The back event's progress through `MaterialBackAnimationHelper.interpolateProgress`.
    static func interpolated(_ p: Double, _ perturbation: Perturbation) -> Double {
        perturbation == .uninterpolated ? p : Platform.flutterCubic(0.1, 0.1, 0, 1, p)
    }

    /// `FastOutSlowInInterpolator`.
    static func fastOutSlowIn(_ t: Double) -> Double { Platform.flutterCubic(0.4, 0, 0.2, 1, t) }

    /// The gesture's 0.45 s and the release point, then `AnimationUtils.lerp(300, 150, progress)`
    /// ms, `Math.round`ed.
    struct Clock {
        var release = 0.5
        var perturbation: Perturbation
        let gesture = 0.45

        var hide: Double { perturbation == .fixedHideDuration ? 0.3 : (300 + (-150 * release + 0.5).rounded(.down)) / 1000 }
        var duration: Double { gesture + hide }

        /// The back event's progress and, once the finger let go, the slide-off's fraction.
        func at(_ progress: Double) -> (back: Double, slide: Double?) {
            let t = progress * duration
            if t < gesture { return (release * t / gesture, nil) }
            return (release, min((t - gesture) / hide, 1))
        }
    }

    /// A rectangle scaled by (sx, sy) about (px, py) and then moved by (tx, ty).
    static func transformed(_ r: Rect, sx: Double, sy: Double, px: Double, py: Double, tx: Double = 0, ty: Double = 0) -> Rect {
        Rect(x: px + (r.x - px) * sx + tx, y: py + (r.y - py) * sy + ty, width: r.width * sx, height: r.height * sy)
    }

    static func bottomSheet(_ c: Platform.Case, release: Double = 0.5, radius: Double = 28, _ p: Perturbation) -> Platform.Reference {
        let clock = Clock(release: release, perturbation: p), sheet = Platform.screens(c).from
        return Platform.Reference(duration: clock.duration) { progress in
            guard progress > 0 else { return [Platform.Seen(role: .from, rect: sheet, alpha: 1, radius: (radius, radius))] }
            guard progress < 1 else { return [] }
            let (back, slide) = clock.at(progress)
            let e = interpolated(back, p)
            // m3_back_progress_bottom_container_max_scale_x_distance 48dp, _y_distance 24dp;
            // setPivotY(height), the pivot x left at the middle.
            let sx = 1 - 48 / sheet.width * e, sy = 1 - 24 / sheet.height * e
            let py = p == .centredPivot ? sheet.y + sheet.height / 2 : sheet.maxY
            // finishBackProgressNotPersistent: TRANSLATION_Y to getHeight() × getScaleY().
            let ty = slide.map { sheet.height * sy * fastOutSlowIn($0) } ?? 0
            let rect = transformed(sheet, sx: sx, sy: sy, px: sheet.x + sheet.width / 2, py: py, ty: ty)
            return [Platform.Seen(role: .from, rect: rect, alpha: 1, radius: (radius * sx, radius * sy))]
        }
    }

    static func sideSheet(
        _ c: Platform.Case, leftGravity: Bool, leftSwipe: Bool, release: Double = 0.5, radius: Double = 16, _ p: Perturbation
    ) -> Platform.Reference {
        let clock = Clock(release: release, perturbation: p), sheet = Platform.screens(c).from
        // swipeEdgeMatchesGravity grows by max_scale_x_distance_grow 12dp, otherwise shrinks by
        // _shrink 24dp; scale y by _y_distance 48dp; setPivotX(0 or width), the pivot y left at
        // the middle.
        let grow = (leftSwipe == leftGravity) != (p == .growsTheOtherWay)
        return Platform.Reference(duration: clock.duration) { progress in
            guard progress > 0 else { return [Platform.Seen(role: .from, rect: sheet, alpha: 1, radius: (radius, radius))] }
            guard progress < 1 else { return [] }
            let (back, slide) = clock.at(progress)
            let e = interpolated(back, p)
            let sx = 1 + (grow ? 12 : -24) / sheet.width * e, sy = 1 - 48 / sheet.height * e
            let px = p == .centredPivot ? sheet.x + sheet.width / 2 : leftGravity ? sheet.x : sheet.maxX
            // finishBackProgress: TRANSLATION_X to ∓ getWidth() × getScaleX().
            let tx = slide.map { (leftGravity ? -1 : 1) * sheet.width * sx * fastOutSlowIn($0) } ?? 0
            let rect = transformed(sheet, sx: sx, sy: sy, px: px, py: sheet.y + sheet.height / 2, tx: tx)
            return [Platform.Seen(role: .from, rect: rect, alpha: 1, radius: (radius * sx, radius * sy))]
        }
    }

    /// Android's `AccelerateDecelerateInterpolator`: cos((t + 1) π) / 2 + 0.5.
    static func accelerateDecelerate(_ t: Double) -> Double { cos((t + 1) * Double.pi) / 2 + 0.5 }

    /// The search view collapsing into a bar at `bar` with corner radius `barRadius`, after the
    /// main container helper's gesture, for a window corner radius of 32.
    static func searchView(_ c: Platform.Case, bar: Rect, barRadius: Double = 28, leftSwipe: Bool = true, _ p: Perturbation) -> Platform.Reference {
        let gesture = 0.45, release = 0.5, hide = 0.25, window = 32.0
        let view = Platform.screens(c).from, beneath = Platform.screens(c).to
        let cx = view.x + view.width / 2, cy = view.y + view.height / 2
        return Platform.Reference(duration: gesture + hide) { progress in
            let under = Platform.Seen(role: .to, rect: beneath, alpha: 1)
            guard progress > 0 else { return [under, Platform.Seen(role: .from, rect: view, alpha: 1)] }
            guard progress < 1 else { return [under] }
            let t = progress * (gesture + hide)
            let e = interpolated(release * min(t / gesture, 1), p)
            // updateBackProgress: MIN_SCALE 0.9, minEdgeGap 8 dp, radii lerp(expanded, collapsed, p').
            let s = 1 - 0.1 * e
            let x = max(0, (view.width - 0.9 * view.width) / 2 - 8) * e * (leftSwipe ? 1 : -1)
            let r = window + (barRadius - window) * e
            guard t >= gesture else {
                let rect = transformed(view, sx: s, sy: s, px: cx, py: cy, tx: x)
                return [under, Platform.Seen(role: .from, rect: rect, alpha: 1, radius: (r * s, r * s))]
            }
            let u = min((t - gesture) / hide, 1)
            // The root view's clip bounds and radii at 1 − FAST_OUT_SLOW_IN from the bar to the
            // view; the reset to scale 1 and translation 0 on AccelerateDecelerate.
            let f = fastOutSlowIn(u), a = p == .resetOnClipCurve ? f : accelerateDecelerate(u)
            let clip = Rect(
                x: view.x + (bar.x - view.x) * f, y: view.y + (bar.y - view.y) * f,
                width: view.width + (bar.width - view.width) * f, height: view.height + (bar.height - view.height) * f)
            let scale = s + (1 - s) * a, from = max(r, window)
            let radius = (from + (barRadius - from) * f) * scale
            let px = p == .clipScaledAboutItsCentre ? clip.x + clip.width / 2 : cx
            let py = p == .clipScaledAboutItsCentre ? clip.y + clip.height / 2 : cy
            let rect = transformed(clip, sx: scale, sy: scale, px: px, py: py, tx: x * (1 - a))
            return [under, Platform.Seen(role: .from, rect: rect, alpha: 1, radius: (radius, radius))]
        }
    }

    /// The search bar of the default parameters: 4 % in, 7 % down, 92 % wide, 6.6 % high.
    static func defaultBar(_ c: Platform.Case) -> Rect {
        let b = c.container
        return Rect(x: b.x + 0.04 * b.width, y: b.y + 0.07 * b.height, width: 0.92 * b.width, height: 0.066 * b.height)
    }

    static func animator(_ id: String) throws -> Animator {
        try #require(Platform.library?.animator(id))
    }

    @Test(arguments: [0.5, 0.1, 1])
    func bottomSheetMatchesMDC(_ release: Double) throws {
        let animator = try Self.animator("bottom-sheet-back")
        let values = try animator.description.values(for: [("release", String(release))])
        let cases = try Platform.cases(animator)
        #expect(Set(cases.map(\.operation)) == [.dismiss])
        for c in cases {
            let found = try Platform.mismatches(animator, c, Self.bottomSheet(c, release: release, .none), parameters: values)
            #expect(found.isEmpty, "at \(release) \(c): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    @Test(arguments: [("left", "left"), ("left", "right"), ("right", "left"), ("right", "right")])
    func sideSheetMatchesMDC(_ side: String, _ edge: String) throws {
        let animator = try Self.animator("side-sheet-back")
        let values = try animator.description.values(for: [("side", side), ("edge", edge)])
        let cases = try Platform.cases(animator)
        #expect(Set(cases.map(\.operation)) == [.dismiss])
        for c in cases {
            let reference = Self.sideSheet(c, leftGravity: side == "left", leftSwipe: edge == "left", .none)
            let found = try Platform.mismatches(animator, c, reference, parameters: values)
            #expect(found.isEmpty, "\(side) sheet, \(edge) edge, \(c): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    @Test(arguments: ["left", "right"])
    func searchViewMatchesMDC(_ edge: String) throws {
        let animator = try Self.animator("search-view-back")
        let values = try animator.description.values(for: [("edge", edge)])
        let cases = try Platform.cases(animator)
        #expect(Set(cases.map(\.operation)) == [.dismiss])
        for c in cases {
            let reference = Self.searchView(c, bar: Self.defaultBar(c), leftSwipe: edge == "left", .none)
            let found = try Platform.mismatches(animator, c, reference, parameters: values)
            #expect(found.isEmpty, "\(edge) edge, \(c): \(found.count) mismatches, first \(found.prefix(3))")
        }
    }

    /// With a matched element, the search view collapses into the element's frame on the
    /// screen beneath.
    @Test func searchViewCollapsesIntoTheMatchedBar() throws {
        let animator = try Self.animator("search-view-back")
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let bar = Rect(x: 24, y: 96, width: 300, height: 48)
        let element = MatchedElement(id: "bar", fromFrame: Rect(x: 0, y: 0, width: 390, height: 64), toFrame: bar)
        let context = try TransitionContext(operation: .dismiss, containerBounds: bounds, matchedElements: [element])
        let c = Platform.Case(operation: .dismiss, context: context, forward: false)
        let found = try Platform.mismatches(animator, c, Self.searchView(c, bar: bar, .none))
        #expect(found.isEmpty, "\(found.count) mismatches, first \(found.prefix(3))")
    }

    /// Each perturbation is noticed by every animator it applies to, at every size.
    @Test(arguments: Perturbation.allCases.filter { $0 != .none })
    func aPerturbedReferenceIsNoticed(_ perturbation: Perturbation) throws {
        let searchView = [Perturbation.uninterpolated, .clipScaledAboutItsCentre, .resetOnClipCurve].contains(perturbation)
        if searchView {
            let animator = try Self.animator("search-view-back")
            for c in try Platform.cases(animator) {
                let found = try Platform.mismatches(animator, c, Self.searchView(c, bar: Self.defaultBar(c), perturbation), count: 61)
                #expect(!found.isEmpty, "search-view-back \(c) with \(perturbation) still matches")
            }
        }
        guard perturbation != .clipScaledAboutItsCentre && perturbation != .resetOnClipCurve else { return }
        if perturbation != .growsTheOtherWay {
            let animator = try Self.animator("bottom-sheet-back")
            for c in try Platform.cases(animator) {
                let found = try Platform.mismatches(animator, c, Self.bottomSheet(c, perturbation), count: 61)
                #expect(!found.isEmpty, "bottom-sheet-back \(c) with \(perturbation) still matches")
            }
        }
        let animator = try Self.animator("side-sheet-back")
        for c in try Platform.cases(animator) {
            let found = try Platform.mismatches(animator, c, Self.sideSheet(c, leftGravity: false, leftSwipe: true, perturbation), count: 61)
            #expect(!found.isEmpty, "side-sheet-back \(c) with \(perturbation) still matches")
        }
    }
}

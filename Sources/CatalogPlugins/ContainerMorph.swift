import TransitionABI

/// The geometry of Material's container transform (MDC-Android
/// `lib/java/com/google/android/material/transition/MaterialContainerTransform.java`), played
/// on three views: the start image, the end image, and the screen that stays behind them.
///
/// The start rectangle is where the transform begins (the card when entering, the screen when
/// returning), the end rectangle where it ends. At each eased progress `e`:
/// - both images travel with their top-centre on the straight line between the two rectangles'
///   top-centres (`getMotionPathPoint`, `PathMotion` default);
/// - with the fit mode AUTO (`FitModeEvaluators.shouldAutoFitToWidth`) both images get the same
///   width (or height), lerped over the *scale* thresholds, and each keeps its own aspect ratio;
/// - the taller (or wider) image is masked from the bottom (or equally from both sides) by the
///   difference times the *scaleMask* progress (`FitModeEvaluators.applyMask`);
/// - the container is the union of the two masked rectangles, its corners lerped between the
///   two shapes over the *shapeMask* thresholds (`MaskEvaluator.evaluate`);
/// - the images' opacities follow the fade mode over the *fade* thresholds
///   (`FadeModeEvaluators`).
///
/// Each image is drawn as a view whose frame is the part of it the container shows, with no
/// transform, so its corner radius is round on screen. The image that is masked shows exactly
/// the container; the other one lies inside it and shows whole, with the container's radius.
/// Views have no clip: the masked image's content is scaled to its frame rather than cropped by
/// it, and the inner image rounds all four corners where MDC's outline rounds only those it
/// shares with the container.
struct ContainerMorph: Sendable {
    /// The windows of eased progress the parts of the motion run over
    /// (`MaterialContainerTransform.ProgressThresholdsGroup`).
    struct Thresholds: Sendable, Equatable {
        var fade: ClosedRange<Double>
        var scale: ClosedRange<Double>
        var scaleMask: ClosedRange<Double>
        var shapeMask: ClosedRange<Double>

        /// `DEFAULT_ENTER_THRESHOLDS` (MaterialContainerTransform.java, lines 200–205).
        static let enter = Thresholds(fade: 0...0.25, scale: 0...1, scaleMask: 0...1, shapeMask: 0...0.75)
        /// `DEFAULT_RETURN_THRESHOLDS` (MaterialContainerTransform.java, lines 206–211).
        static let `return` = Thresholds(fade: 0.6...0.9, scale: 0...1, scaleMask: 0...0.9, shapeMask: 0.3...0.9)
    }

    /// How the two images' opacities change (`FadeModeEvaluators`).
    enum Fade: Sendable, Equatable {
        /// The start image stays opaque, the end one fades in over it.
        case fadeIn
        /// The end image stays opaque, the start one fades out over it.
        case fadeOut
        /// Both fade over the window, the start image on top.
        case cross
        /// The start image fades out over the first 35 % of the window, then the end image fades
        /// in (`FadeThroughProvider.FADE_THROUGH_THRESHOLD`), the start image on top.
        case through

        /// The evaluator MDC picks for the fade mode parameter's choice `mode` (0 in, 1 out,
        /// 2 cross, 3 through): in and out swap when returning (`FadeModeEvaluators.get`).
        static func evaluator(mode: Int, entering: Bool) -> Fade {
            switch mode {
            case 1: entering ? .fadeOut : .fadeIn
            case 2: .cross
            case 3: .through
            default: entering ? .fadeIn : .fadeOut
            }
        }
    }

    /// Which view of the transition shows an image.
    enum Image: Sendable {
        case from
        case to
        /// The choreography's first piece.
        case piece
    }

    /// One moment of the transform: the two images' rectangles as scaled (not masked), the
    /// container, its corner radius, the images' opacities and which image is drawn on top.
    struct Moment {
        var start: tc_rect_t
        var end: tc_rect_t
        var container: tc_rect_t
        var radius: Double
        var startAlpha: Double
        var endAlpha: Double
        var endOnTop: Bool
    }

    var start: tc_rect_t
    var end: tc_rect_t
    var startRadius: Double
    var endRadius: Double
    var startImage: Image
    var endImage: Image
    var thresholds: Thresholds
    var fade: Fade
    /// True to give both images the same width, false the same height.
    var fitToWidth: Bool
    /// The curve from time to the progress every threshold is measured in.
    var easing: Easing

    /// The transform from `start` to `end` with MDC's defaults: entering when the end is larger
    /// (`isEntering`, direction AUTO), the enter or return thresholds, fit mode AUTO, and the
    /// fade evaluator of fade mode `fadeMode`.
    init(start: tc_rect_t, end: tc_rect_t, startRadius: Double, endRadius: Double, startImage: Image, endImage: Image, fadeMode: Int, easing: Easing) {
        self.start = start
        self.end = end
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.startImage = startImage
        self.endImage = endImage
        self.easing = easing
        let entering = end.width * end.height > start.width * start.height
        thresholds = entering ? .enter : .return
        fade = .evaluator(mode: fadeMode, entering: entering)
        // FitModeEvaluators.shouldAutoFitToWidth.
        fitToWidth = entering
            ? end.height * start.width / end.width >= start.height
            : start.height * end.width / start.width >= end.height
    }

    /// `TransitionUtils.lerp(start, end, startFraction, endFraction, fraction)`: `a` before the
    /// window, `b` after it, linear in between.
    static func lerp(_ a: Double, _ b: Double, _ window: ClosedRange<Double>, _ e: Double) -> Double {
        if e < window.lowerBound { return a }
        if e > window.upperBound { return b }
        return a + (b - a) * (e - window.lowerBound) / (window.upperBound - window.lowerBound)
    }

    /// The transform at eased progress `e` (`TransitionDrawable.updateProgress`).
    func moment(_ e: Double) -> Moment {
        // The top-centre's straight path.
        let x = start.x + start.width / 2 + (end.x + end.width / 2 - start.x - start.width / 2) * e
        let y = start.y + (end.y - start.y) * e
        var startSize: (w: Double, h: Double), endSize: (w: Double, h: Double)
        if fitToWidth {
            let w = Self.lerp(start.width, end.width, thresholds.scale, e)
            startSize = (w, start.height * w / start.width)
            endSize = (w, end.height * w / end.width)
        } else {
            let h = Self.lerp(start.height, end.height, thresholds.scale, e)
            startSize = (start.width * h / start.height, h)
            endSize = (end.width * h / end.height, h)
        }
        let startRect = tc_rect_t(x: x - startSize.w / 2, y: y, width: startSize.w, height: startSize.h)
        let endRect = tc_rect_t(x: x - endSize.w / 2, y: y, width: endSize.w, height: endSize.h)
        var startMasked = startRect, endMasked = endRect
        let maskStart = fitToWidth ? startSize.h > endSize.h : startSize.w > endSize.w
        let q = Self.lerp(0, 1, thresholds.scaleMask, e)
        let multiplier = maskStart ? q : 1 - q
        if fitToWidth {
            let cut = abs(endSize.h - startSize.h) * multiplier
            if maskStart { startMasked.height -= cut } else { endMasked.height -= cut }
        } else {
            let cut = abs(endSize.w - startSize.w) * multiplier
            if maskStart {
                startMasked.x += cut / 2
                startMasked.width -= cut
            } else {
                endMasked.x += cut / 2
                endMasked.width -= cut
            }
        }
        let left = min(startMasked.x, endMasked.x), top = min(startMasked.y, endMasked.y)
        let right = max(startMasked.x + startMasked.width, endMasked.x + endMasked.width)
        let bottom = max(startMasked.y + startMasked.height, endMasked.y + endMasked.height)
        let container = tc_rect_t(x: left, y: top, width: right - left, height: bottom - top)
        let radius = Self.lerp(startRadius, endRadius, thresholds.shapeMask, e)
        let f = thresholds.fade
        var startAlpha = 1.0, endAlpha = 1.0, endOnTop = false
        switch fade {
        case .fadeIn:
            endAlpha = Self.lerp(0, 1, f, e)
            endOnTop = true
        case .fadeOut:
            startAlpha = Self.lerp(1, 0, f, e)
        case .cross:
            startAlpha = Self.lerp(1, 0, f, e)
            endAlpha = Self.lerp(0, 1, f, e)
        case .through:
            let middle = f.lowerBound + (f.upperBound - f.lowerBound) * 0.35
            startAlpha = Self.lerp(1, 0, f.lowerBound...middle, e)
            endAlpha = Self.lerp(0, 1, middle...f.upperBound, e)
        }
        return Moment(
            start: startRect, end: endRect, container: container, radius: radius,
            startAlpha: startAlpha, endAlpha: endAlpha, endOnTop: endOnTop)
    }

    /// The part of `rect` inside `container`.
    static func clipped(_ rect: tc_rect_t, to container: tc_rect_t) -> tc_rect_t {
        let left = max(rect.x, container.x), top = max(rect.y, container.y)
        let right = min(rect.x + rect.width, container.x + container.width)
        let bottom = min(rect.y + rect.height, container.y + container.height)
        return tc_rect_t(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// True when `outer` holds `inner`, to within a thousandth of a point.
    static func holds(_ outer: tc_rect_t, _ inner: tc_rect_t) -> Bool {
        let e = 1e-3
        return inner.x >= outer.x - e && inner.y >= outer.y - e
            && inner.x + inner.width <= outer.x + outer.width + e && inner.y + inner.height <= outer.y + outer.height + e
    }

    /// Writes the two images' states at `progress` over the views: each image's frame is the part
    /// of it the container shows, with no transform, the container's corner radius, its opacity
    /// and its place in the stack (2 below, 3 on top; the dimming is at 1). An image wholly under
    /// the other one while that one is opaque shows nothing and is hidden: with one corner radius
    /// for both, the one on top covers it exactly.
    func play(_ ctx: UnsafePointer<tc_context_t>, _ progress: Double, piece: tc_view_id_t, _ views: UnsafeMutablePointer<tc_view_state_t>, _ count: UInt32) {
        let e = easing.value(ctx, min(max(progress, 0), 1))
        let m = moment(e)
        let start = Self.clipped(m.start, to: m.container), end = Self.clipped(m.end, to: m.container)
        let covered = m.endOnTop ? m.endAlpha >= 1 && Self.holds(end, start) : m.startAlpha >= 1 && Self.holds(start, end)
        func view(_ image: Image) -> tc_view_id_t {
            switch image {
            case .from: ctx.pointee.from_view
            case .to: ctx.pointee.to_view
            case .piece: piece
            }
        }
        func place(_ image: Image, _ rect: tc_rect_t, _ alpha: Double, _ z: Int32, hidden: Bool) {
            let id = view(image)
            guard id >= 0, UInt32(id) < count else { return }
            views[Int(id)].frame = rect
            views[Int(id)].transform = Matrix4.identity.transform
            views[Int(id)].alpha = min(max(alpha, 0), 1)
            views[Int(id)].corner_radius = max(m.radius, 0)
            views[Int(id)].z_index = z
            views[Int(id)].hidden = hidden
        }
        place(startImage, start, m.startAlpha, m.endOnTop ? 2 : 3, hidden: m.endOnTop && covered)
        place(endImage, end, m.endAlpha, m.endOnTop ? 3 : 2, hidden: !m.endOnTop && covered)
    }
}

import TransitionABI

/// The motion of one view: from one look to another, optionally through a middle look, over a
/// part of the progress; where it is visible at all (a flipped card is hidden while it faces
/// away); and optionally an opacity that runs over its own window.
struct Track: Sendable {
    var start: Look
    var end: Look
    var easing: Easing = .curve(TC_CURVE_EASE_IN_OUT)
    var range: ClosedRange<Double> = 0...1
    var visible: ClosedRange<Double> = -Double.infinity...Double.infinity
    /// When true the easing is flipped (1 - f(1 - t)): a dismissal replaying a presentation's curve.
    var reversedTime = false
    /// A look passed through at eased value `viaAt`, as a keyframe.
    var via: Look? = nil
    var viaAt = 0.5
    /// The window of the track's own progress over which alpha goes from start to end, linearly;
    /// measured in eased progress, or in time when `fadeOnTime` is set.
    var fade: ClosedRange<Double>? = nil
    var fadeOnTime = false
    /// The easing of the alpha across its fade window, when it is not linear: a view whose
    /// opacity and motion follow two different curves.
    var fadeEasing: Easing? = nil
    /// When true the view is hidden while it faces away from the camera, as Core Animation's
    /// `isDoubleSided = false`.
    var cullBackFace = false
    /// The rectangle a look's `fit` moves this view onto, when it is not the choreography's.
    var fitRect: tc_rect_t? = nil
    /// The view's stacking order for the whole transition: higher is drawn above.
    var zIndex: Int32 = 0
    /// The corner radius up to the start of the track, when it is not the start look's: a window
    /// is cropped with rounded corners only once it starts to move.
    var initialCornerRadius: Double? = nil
    /// The corner radius from the end of the track on, when it is not the end look's: a window
    /// keeps its rounded crop while it moves and drops it once the motion is over.
    var finalCornerRadius: Double? = nil
    /// The look at each progress of the transition, computed, in place of the start, end and via
    /// looks: for a motion whose properties each run on a timing of their own, as a commit that
    /// follows a gesture does.
    var script: (@Sendable (UnsafePointer<tc_context_t>, Double) -> Look)? = nil

    /// The track's own progress at the transition's `progress`: 0 before its range, 1 after.
    func local(_ progress: Double) -> Double {
        if progress < 0 || progress > 1 { return progress }
        return min(max((progress - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
    }

    /// True when this track's progress and eased value are `other`'s at every progress: the same
    /// easing, range and direction of time.
    func hasSameTiming(as other: Track) -> Bool {
        range == other.range && reversedTime == other.reversedTime && easing.isSame(as: other.easing)
    }

    /// The eased value of the track's own progress.
    func eased(_ ctx: UnsafePointer<tc_context_t>, _ local: Double) -> Double {
        reversedTime ? 1 - easing.value(ctx, 1 - local) : easing.value(ctx, local)
    }

    func look(_ ctx: UnsafePointer<tc_context_t>, at progress: Double) -> Look {
        if let script { return script(ctx, progress) }
        let local = local(progress)
        return look(ctx, local: local, eased: eased(ctx, local))
    }

    /// The look at the track's own progress `local`, whose eased value is `eased`: tracks with
    /// the same timing share one evaluation of the easing per step.
    func look(_ ctx: UnsafePointer<tc_context_t>, local: Double, eased: Double) -> Look {
        var look: Look
        if let via {
            look = eased < viaAt ? start.blended(to: via, eased / viaAt) : via.blended(to: end, (eased - viaAt) / (1 - viaAt))
        } else {
            look = start.blended(to: end, eased)
        }
        if let fade {
            let x = fadeOnTime ? local : eased
            var f = x <= fade.lowerBound ? 0 : x >= fade.upperBound ? 1 : (x - fade.lowerBound) / (fade.upperBound - fade.lowerBound)
            if let fadeEasing { f = fadeEasing.value(ctx, f) }
            look.alpha = start.alpha + (end.alpha - start.alpha) * f
        }
        if let initialCornerRadius, local <= 0 { look.cornerRadius = initialCornerRadius }
        if let finalCornerRadius, local >= 1 { look.cornerRadius = finalCornerRadius }
        return look
    }
}

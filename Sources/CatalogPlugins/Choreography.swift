import TransitionABI

/// How a view looks relative to its base state: an offset in container fractions, a scale, an
/// opacity, a turn about the vertical axis and a corner radius.
struct Look: Sendable {
    var dx = 0.0
    var dy = 0.0
    var scale = 1.0
    var alpha = 1.0
    var rotateY = 0.0
    var cornerRadius = 0.0

    static let rest = Look()

    static func offset(_ dx: Double, _ dy: Double) -> Look { Look(dx: dx, dy: dy) }

    func blended(to other: Look, _ t: Double) -> Look {
        func mix(_ a: Double, _ b: Double) -> Double { t == 1 ? b : a + (b - a) * t }
        return Look(
            dx: mix(dx, other.dx), dy: mix(dy, other.dy), scale: mix(scale, other.scale),
            alpha: mix(alpha, other.alpha), rotateY: mix(rotateY, other.rotateY),
            cornerRadius: mix(cornerRadius, other.cornerRadius))
    }
}

/// An easing, evaluated through the host's timing services.
enum Easing: Sendable {
    case curve(tc_curve_t)
    case spring(dampingRatio: Double)

    func value(_ ctx: UnsafePointer<tc_context_t>, _ t: Double) -> Double {
        // The services are read from the table in place: a copy of the table costs more than a call.
        switch self {
        case .curve(let c): return ctx.pointee.host.pointee.timing_curve(ctx, c.rawValue, t)
        case .spring(let zeta): return ctx.pointee.host.pointee.spring(ctx, zeta, 0, t)
        }
    }
}

/// The motion of one view: from one look to another over a part of the progress, and where it
/// is visible at all (a flipped card is hidden while it faces away).
struct Track: Sendable {
    var start: Look
    var end: Look
    var easing: Easing = .curve(TC_CURVE_EASE_IN_OUT)
    var range: ClosedRange<Double> = 0...1
    var visible: ClosedRange<Double> = -Double.infinity...Double.infinity
    /// When true the track runs backwards in time: a dismissal replaying a presentation's curve.
    var reversedTime = false

    func look(_ ctx: UnsafePointer<tc_context_t>, at progress: Double) -> Look {
        var local = (progress - range.lowerBound) / (range.upperBound - range.lowerBound)
        local = min(max(local, 0), 1)
        if progress < 0 || progress > 1 { local = progress }
        let eased = reversedTime ? 1 - easing.value(ctx, 1 - local) : easing.value(ctx, local)
        return start.blended(to: end, eased)
    }
}

/// Where setup puts the arriving view.
enum Placement: Sendable {
    case above
    case below
}

/// The whole motion of one transition: a track per screen, an optional dimming layer, where the
/// to-view goes and the perspective distance used by 3D turns.
struct Choreography: Sendable {
    var from: Track?
    var to: Track?
    var dimming: Track?
    var placement: Placement
    var perspective = 0.0
    var dimmingColor = tc_color_t(r: 0, g: 0, b: 0, a: 1)
}

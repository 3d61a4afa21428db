import TransitionABI

/// What a choreography needs to know about the transition: the operation, whether the arriving
/// view comes on top, the container and frames, and the parameter values.
struct Situation {
    var operation: tc_operation_t
    var presenting: Bool
    var custom: Bool
    /// True when a gesture drives the transition: the progress may stop, and move both ways,
    /// wherever the finger holds it.
    var interactive = false
    var container: tc_rect_t
    var fromInitialFrame: tc_rect_t
    var toFinalFrame: tc_rect_t
    var parameters: UnsafeBufferPointer<Double>
    /// The first matched element, when the host gives one (ABI 1.1).
    var matched: tc_matched_element_t? = nil

    subscript(_ i: Int) -> Double { i < parameters.count ? parameters[i] : 0 }

    var width: Double { container.width }
    var height: Double { container.height }

    /// The frame of the screen that is presented: the to-view's when presenting, the from-view's
    /// when dismissing.
    var presentedFrame: tc_rect_t { presenting ? toFinalFrame : fromInitialFrame }

    /// The unit vector of a direction parameter: left, right, up, down. "left" means the
    /// arriving view moves towards the left, so it enters from the right.
    func vector(_ i: Int) -> (dx: Double, dy: Double) {
        switch Int(self[i]) {
        case 1: (-1, 0)
        case 2: (0, 1)
        case 3: (0, -1)
        default: (1, 0)
        }
    }

    /// The rectangle given by four parameters from `i` as fractions of the container: x, y,
    /// width, height.
    func fractionRect(at i: Int) -> tc_rect_t {
        tc_rect_t(x: container.x + self[i] * width, y: container.y + self[i + 1] * height, width: self[i + 2] * width, height: self[i + 3] * height)
    }

    /// The easing of the five curve parameters starting at `i` (see `ParameterDefinition.curve`).
    func easing(at i: Int) -> Easing {
        let choice = Int(self[i])
        if choice == 9 { return .bezier(self[i + 1], self[i + 2], self[i + 3], self[i + 4]) }
        return .curve(tc_curve_t(rawValue: UInt32(max(0, min(choice, 8)))))
    }

    /// The spring of the damping and response parameters starting at `i`.
    func spring(at i: Int, velocity: Double = 0) -> Easing {
        .spring(dampingRatio: self[i], velocity: velocity)
    }

    /// The spring of the damping and response parameters starting at `i` in physical time: the
    /// damping ratio (within 0.1...1) and the stiffness (2π / response)² of a unit mass.
    func physicalSpring(at i: Int) -> PhysicalSpring {
        let zeta = min(max(self[i], 0.1), 1), omega = 2 * Double.pi / max(self[i + 1], 0.05)
        return PhysicalSpring(dampingRatio: zeta, stiffness: omega * omega)
    }

    /// How long the spring of the parameters at `i` takes to settle within 0.1 % of its travel:
    /// ln(1000) / (ζ·ω) with ω = 2π / response, at most 10 s.
    func springDuration(at i: Int) -> Double {
        let zeta = max(self[i], 0.1), response = max(self[i + 1], 0.05)
        return min(max(6.9078 * response / (2 * Double.pi * zeta), 0.1), 10)
    }
}

/// The situation of the transition `ctx` describes.
func situation(_ ctx: UnsafePointer<tc_context_t>) -> Situation {
    let c = ctx.pointee
    let operation = tc_operation_t(rawValue: c.operation)
    let presenting: Bool
    switch operation {
    case TC_OPERATION_PUSH, TC_OPERATION_PRESENT: presenting = true
    case TC_OPERATION_TAB: presenting = c.tab_to_index > c.tab_from_index
    default: presenting = false
    }
    return Situation(
        operation: operation, presenting: presenting, custom: c.presentation_style == TC_STYLE_CUSTOM.rawValue,
        interactive: c.interactive,
        container: c.container_bounds, fromInitialFrame: c.from_initial_frame, toFinalFrame: c.to_final_frame,
        parameters: UnsafeBufferPointer(start: c.param_values, count: Int(c.param_count)),
        matched: firstMatchedElement(ctx))
}

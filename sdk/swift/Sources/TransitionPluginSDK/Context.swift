/// One transition, as the host describes it, with the host's services.
public struct Context {
    /// The C context, owned by the host and valid during the call.
    public let raw: UnsafePointer<tc_context_t>

    /// Wraps a context the host passed.
    public init(_ raw: UnsafePointer<tc_context_t>) { self.raw = raw }

    private var host: tc_host_t { raw.pointee.host.pointee }

    /// The operation; nil for a value newer than this SDK.
    public var operation: Operation? { Operation(rawValue: raw.pointee.operation) }
    /// The presentation style.
    public var style: PresentationStyle { raw.pointee.presentation_style == 1 ? .custom : .fullScreen }
    /// True when a gesture drives the transition.
    public var isInteractive: Bool { raw.pointee.interactive }
    /// The container's bounds.
    public var container: tc_rect_t { raw.pointee.container_bounds }
    /// The view being left, when it is in the context.
    public var fromView: ViewID? { ViewID(raw.pointee.from_view) }
    /// The view arriving, when it is in the context.
    public var toView: ViewID? { ViewID(raw.pointee.to_view) }
    /// Where the from-view is.
    public var fromInitialFrame: tc_rect_t { raw.pointee.from_initial_frame }
    /// Where the to-view must end.
    public var toFinalFrame: tc_rect_t { raw.pointee.to_final_frame }

    /// The value of parameter `index` (in the order of ``AnimatorInfo/parameters``), or 0.
    public func parameter(_ index: Int) -> Double {
        guard index >= 0, index < Int(raw.pointee.param_count), let values = raw.pointee.param_values else { return 0 }
        return values[index]
    }

    /// Puts `view` on top of the container's views. [setup or completion]
    @discardableResult public func addView(_ view: ViewID) -> Bool {
        host.add_view?(raw, view.raw) ?? false
    }

    /// Puts `view` just below `sibling`. [setup or completion]
    @discardableResult public func insertView(_ view: ViewID, below sibling: ViewID) -> Bool {
        host.insert_view_below?(raw, view.raw, sibling.raw) ?? false
    }

    /// Takes `view` out of the container. [setup or completion]
    @discardableResult public func removeView(_ view: ViewID) -> Bool {
        host.remove_view?(raw, view.raw) ?? false
    }

    /// A snapshot of `view`, not yet in the container. [setup]
    public func snapshot(_ view: ViewID) -> ViewID? {
        host.snapshot_view.flatMap { ViewID($0(raw, view.raw)) }
    }

    /// A plain view with `role` (a `TC_ROLE_*` other than from and to), `frame` and fill `color`,
    /// not yet in the container. [setup]
    public func makeView(role: tc_view_role_t, frame: tc_rect_t, color: tc_color_t) -> ViewID? {
        host.make_view.flatMap { ViewID($0(raw, role.rawValue, frame, color)) }
    }

    /// Standard curve `curve` at `t`.
    public func timingCurve(_ curve: tc_curve_t, _ t: Double) -> Double {
        host.timing_curve?(raw, curve.rawValue, t) ?? t
    }

    /// The CSS cubic-bezier(x1, y1, x2, y2) at `t`.
    public func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ t: Double) -> Double {
        host.cubic_bezier?(raw, x1, y1, x2, y2, t) ?? t
    }

    /// A spring from 0 to 1 fitted to the transition, at `progress`.
    public func spring(damping: Double, initialVelocity: Double, progress: Double) -> Double {
        host.spring?(raw, damping, initialVelocity, progress) ?? progress
    }

    /// Writes `message` to the host's log. Not from step.
    public func log(_ level: tc_log_level_t, _ message: String) {
        message.withCString { host.log?(raw, level.rawValue, $0) }
    }

    /// The compositing services (1.1), or nil from an older host.
    public var compositing: UnsafePointer<tc_compositing_t>? {
        tc_compositing(raw)
    }
}

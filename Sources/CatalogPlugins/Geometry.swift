import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

/// The transform about a view's centre for a scale, a turn about the vertical axis (degrees) and
/// a perspective distance (0 for none): perspective · rotation · scale, column-major.
func makeTransform(scale: Double, rotateY degrees: Double, perspective: Double) -> tc_transform_t {
    let radians = degrees * Double.pi / 180
    let c = cos(radians), s = sin(radians)
    let p = perspective > 0 ? -1 / perspective : 0
    // Columns of R·S, then the perspective row folded in: P only changes row 3 (w = z·p + w).
    var t = tc_transform_t()
    t.m = (
        c * scale, 0, -s * scale, -s * scale * p,
        0, scale, 0, 0,
        s, 0, c, c * p,
        0, 0, 0, 1
    )
    return t
}

extension Look {
    /// Writes this look over a view's base state.
    func apply(to state: inout tc_view_state_t, container: tc_rect_t, perspective: Double) {
        state.frame.x += dx * container.width
        state.frame.y += dy * container.height
        state.alpha = min(max(alpha * state.alpha, 0), 1)
        if scale != 1 || rotateY != 0 {
            state.transform = makeTransform(scale: scale, rotateY: rotateY, perspective: perspective)
        }
        state.corner_radius = max(cornerRadius, 0)
    }
}

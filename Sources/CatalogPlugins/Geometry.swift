import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

/// A 4x4 transform, column-major like `tc_transform_t`, with the products a look needs. The
/// conventions are the host's: +x right, +y down, +z towards the viewer; a positive turn about y
/// sends the right edge away, about x the bottom edge towards the viewer, about z is clockwise.
struct Matrix4 {
    var c0: SIMD4<Double>
    var c1: SIMD4<Double>
    var c2: SIMD4<Double>
    var c3: SIMD4<Double>

    static let identity = Matrix4(c0: SIMD4(1, 0, 0, 0), c1: SIMD4(0, 1, 0, 0), c2: SIMD4(0, 0, 1, 0), c3: SIMD4(0, 0, 0, 1))

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        var m = identity
        m.c3 = SIMD4(x, y, z, 1)
        return m
    }

    static func scale(_ x: Double, _ y: Double) -> Matrix4 {
        var m = identity
        m.c0.x = x
        m.c1.y = y
        return m
    }

    static func rotationX(degrees: Double) -> Matrix4 {
        let r = degrees * Double.pi / 180, c = cos(r), s = sin(r)
        var m = identity
        m.c1 = SIMD4(0, c, s, 0)
        m.c2 = SIMD4(0, -s, c, 0)
        return m
    }

    static func rotationY(degrees: Double) -> Matrix4 {
        let r = degrees * Double.pi / 180, c = cos(r), s = sin(r)
        var m = identity
        m.c0 = SIMD4(c, 0, -s, 0)
        m.c2 = SIMD4(s, 0, c, 0)
        return m
    }

    static func rotationZ(degrees: Double) -> Matrix4 {
        let r = degrees * Double.pi / 180, c = cos(r), s = sin(r)
        var m = identity
        m.c0 = SIMD4(c, s, 0, 0)
        m.c1 = SIMD4(-s, c, 0, 0)
        return m
    }

    /// A camera at `distance` points in front of the screen plane (Core Animation's m34 = -1/d).
    static func perspective(_ distance: Double) -> Matrix4 {
        var m = identity
        m.c2.w = -1 / distance
        return m
    }

    /// The product self · other: `other` applies first.
    static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        func column(_ v: SIMD4<Double>) -> SIMD4<Double> { a.c0 * v.x + a.c1 * v.y + a.c2 * v.z + a.c3 * v.w }
        return Matrix4(c0: column(b.c0), c1: column(b.c1), c2: column(b.c2), c3: column(b.c3))
    }

    var transform: tc_transform_t {
        var t = tc_transform_t()
        t.m = (c0.x, c0.y, c0.z, c0.w, c1.x, c1.y, c1.z, c1.w, c2.x, c2.y, c2.z, c2.w, c3.x, c3.y, c3.z, c3.w)
        return t
    }
}

/// What a look is applied in: the container, the shared camera's distance (0 for none) and the
/// rectangle a look's `fit` moves the view onto.
struct Stage {
    var container: tc_rect_t
    var perspective: Double
    var fitRect: tc_rect_t
}

extension Look {
    var hasTransform: Bool {
        scale != 1 || scaleX != 1 || scaleY != 1 || rotateX != 0 || rotateY != 0 || rotateZ != 0 || fit != 0 || tz != 0
    }

    /// Writes this look over a view's base state. Turns and scales are about the look's anchor;
    /// the camera, when there is one, sits in front of the container's centre, so every view of
    /// the transition shares one vanishing point.
    func apply(to state: inout tc_view_state_t, stage: Stage, fitRect: tc_rect_t? = nil) {
        let container = stage.container
        if let frame { state.frame = frame }
        state.frame.x += dx * container.width + tx
        state.frame.y += dy * container.height + ty
        state.alpha = min(max(alpha * state.alpha, 0), 1)
        state.corner_radius = max(cornerRadius, 0)
        guard hasTransform else { return }
        let w = state.frame.width, h = state.frame.height
        let midX = state.frame.x + w / 2, midY = state.frame.y + h / 2
        var sx = scale * scaleX, sy = scale * scaleY, ox = 0.0, oy = 0.0
        if fit != 0, w > 0, h > 0 {
            let r = fitRect ?? stage.fitRect
            sx *= 1 + (r.width / w - 1) * fit
            sy *= 1 + (r.height / h - 1) * fit
            ox = (r.x + r.width / 2 - midX) * fit
            oy = (r.y + r.height / 2 - midY) * fit
        }
        let ax = (anchorX - 0.5) * w, ay = (anchorY - 0.5) * h
        // translation(o + a, anchorZ + tz) · rotations z, y, x · scale(sx, sy) · translation(-a),
        // written out: the turns act on the columns of the linear part only, and the product
        // costs a few multiplications instead of five 4x4 products.
        var r0 = SIMD4<Double>(1, 0, 0, 0), r1 = SIMD4<Double>(0, 1, 0, 0), r2 = SIMD4<Double>(0, 0, 1, 0)
        if rotateZ != 0 {
            let r = rotateZ * Double.pi / 180, c = cos(r), s = sin(r)
            r0 = SIMD4(c, s, 0, 0)
            r1 = SIMD4(-s, c, 0, 0)
        }
        if rotateY != 0 {
            let r = rotateY * Double.pi / 180, c = cos(r), s = sin(r)
            (r0, r2) = (r0 * c - r2 * s, r0 * s + r2 * c)
        }
        if rotateX != 0 {
            let r = rotateX * Double.pi / 180, c = cos(r), s = sin(r)
            (r1, r2) = (r1 * c + r2 * s, r2 * c - r1 * s)
        }
        let c0 = r0 * sx, c1 = r1 * sy
        var c3 = c0 * -ax + c1 * -ay + r2 * -anchorZ
        c3 += SIMD4(ox + ax, oy + ay, anchorZ + tz, 1)
        var m = Matrix4(c0: c0, c1: c1, c2: r2, c3: c3)
        if stage.perspective > 0 {
            let cx = container.x + container.width / 2 - midX, cy = container.y + container.height / 2 - midY
            m = .translation(cx, cy, 0) * .perspective(stage.perspective) * .translation(-cx, -cy, 0) * m
        }
        state.transform = m.transform
    }
}

extension tc_view_state_t {
    /// True when the view's transform shows its back to the viewer: its projected corners turn
    /// the other way round, or a corner lies behind the camera.
    var isFacingAway: Bool {
        let t = transform.m, hw = frame.width / 2, hh = frame.height / 2
        func project(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
            let w = t.3 * x + t.7 * y + t.15
            return ((t.0 * x + t.4 * y + t.12) / w, (t.1 * x + t.5 * y + t.13) / w, w)
        }
        let a = project(-hw, -hh), b = project(hw, -hh), c = project(-hw, hh)
        if a.w <= 0 || b.w <= 0 || c.w <= 0 { return true }
        return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) < 0
    }
}

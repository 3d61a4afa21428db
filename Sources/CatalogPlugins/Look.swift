import TransitionABI

/// How a view looks relative to its base state: offsets in container fractions and in points,
/// scales, an opacity, turns about x, y and z (degrees) about an anchor, a corner radius, and how
/// far it is fitted onto the choreography's fit rectangle.
struct Look: Sendable {
    /// Offset as a fraction of the container's width and height.
    var dx = 0.0
    var dy = 0.0
    /// Offset in points, added to the fractional one.
    var tx = 0.0
    var ty = 0.0
    /// Offset towards the viewer, in points.
    var tz = 0.0
    var scale = 1.0
    var scaleX = 1.0
    var scaleY = 1.0
    var alpha = 1.0
    var rotateX = 0.0
    var rotateY = 0.0
    var rotateZ = 0.0
    /// The pivot of turns and scales, in unit coordinates of the view (0.5, 0.5 is its centre),
    /// and its depth in points (negative is behind the screen plane).
    var anchorX = 0.5
    var anchorY = 0.5
    var anchorZ = 0.0
    var cornerRadius = 0.0
    /// The rectangle the view is laid out in, in the container's coordinates, when the look sets
    /// one: a padding or a clip that narrows the view's box with its corners kept round.
    var frame: tc_rect_t? = nil
    /// 0 leaves the view on its frame; 1 scales and moves it onto the fit rectangle.
    var fit = 0.0

    static let rest = Look()

    static func offset(_ dx: Double, _ dy: Double) -> Look { Look(dx: dx, dy: dy) }

    func blended(to o: Look, _ t: Double) -> Look {
        func mix(_ a: Double, _ b: Double) -> Double { t == 1 ? b : a + (b - a) * t }
        return Look(
            dx: mix(dx, o.dx), dy: mix(dy, o.dy), tx: mix(tx, o.tx), ty: mix(ty, o.ty), tz: mix(tz, o.tz),
            scale: mix(scale, o.scale), scaleX: mix(scaleX, o.scaleX), scaleY: mix(scaleY, o.scaleY),
            alpha: mix(alpha, o.alpha), rotateX: mix(rotateX, o.rotateX), rotateY: mix(rotateY, o.rotateY),
            rotateZ: mix(rotateZ, o.rotateZ), anchorX: mix(anchorX, o.anchorX), anchorY: mix(anchorY, o.anchorY),
            anchorZ: mix(anchorZ, o.anchorZ), cornerRadius: mix(cornerRadius, o.cornerRadius),
            frame: mixFrame(frame, o.frame, t), fit: mix(fit, o.fit))
    }

    /// Two looks' frames mixed: each edge when both set one, else the one that does.
    private func mixFrame(_ a: tc_rect_t?, _ b: tc_rect_t?, _ t: Double) -> tc_rect_t? {
        guard let a, let b else { return t < 1 ? a ?? b : b ?? a }
        func mix(_ x: Double, _ y: Double) -> Double { t == 1 ? y : x + (y - x) * t }
        return tc_rect_t(x: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width), height: mix(a.height, b.height))
    }

    /// This look's opacity with every other property of `other`.
    func merged(_ other: Look) -> Look {
        var look = other
        look.alpha = alpha
        return look
    }
}

/// Where views land on screen under the compositing model: each view's transform about its
/// centre, then the container's camera, then the perspective divide.
extension ViewState {
    /// The transform from view coordinates (relative to the frame's centre) to container
    /// coordinates, before the divide: `camera · T(centre) · transform`.
    public func screenTransform(camera: Camera = .none) -> Transform3D {
        let placed = Transform3D.translation(x: frame.midX, y: frame.midY).concatenating(transform)
        return camera.isNone ? placed : camera.matrix.concatenating(placed)
    }

    /// A point of the view, relative to its frame's centre, in container coordinates after the
    /// perspective divide, with its homogeneous w (<= 0 behind the eye).
    public func project(x: Double, y: Double, camera: Camera = .none) -> (x: Double, y: Double, w: Double) {
        if camera.isNone {
            let p = transform.project(x: x, y: y)
            return (frame.midX + p.x, frame.midY + p.y, p.w)
        }
        return screenTransform(camera: camera).project(x: x, y: y)
    }

    /// The four corners as drawn, clockwise from the top-left when the view faces the viewer, in
    /// container coordinates under `camera`. Nil when a corner falls behind the eye.
    public func projectedCorners(camera: Camera) -> [(x: Double, y: Double)]? {
        let hw = frame.width / 2, hh = frame.height / 2
        // `project(x:y:camera:)` for each corner, with the camera's transform made once.
        let local = camera.isNone
        let placed = local ? transform : screenTransform(camera: camera)
        var corners: [(x: Double, y: Double)] = []
        corners.reserveCapacity(4)
        for (cx, cy) in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)] {
            let p = placed.project(x: cx, y: cy)
            guard p.w > 0 else { return nil }
            corners.append(local ? (frame.midX + p.x, frame.midY + p.y) : (p.x, p.y))
        }
        return corners
    }

    /// The bounding box of the view as drawn under `camera`; nil when a corner falls behind the eye.
    public func projectedBounds(camera: Camera) -> Rect? {
        guard let corners = projectedCorners(camera: camera) else { return nil }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    /// Twice the signed area of the projected corners: positive when the view faces the viewer
    /// (corners clockwise on screen), negative when it faces away, 0 edge-on; nil behind the eye.
    public func facingArea(camera: Camera = .none) -> Double? {
        projectedCorners(camera: camera).map(PolygonClipping.signedArea)
    }

    /// True when the view's back is towards the viewer under `camera`.
    public func facesAway(camera: Camera = .none) -> Bool {
        (facingArea(camera: camera) ?? 0) < 0
    }
}

extension SampledView {
    /// True when the view paints something under `camera`: in the container, not hidden, not
    /// fully transparent, in front of the eye, and facing the viewer unless double-sided.
    public func isDrawn(camera: Camera = .none) -> Bool {
        guard isInContainer, !state.isInvisible, let area = state.facingArea(camera: camera) else { return false }
        return state.doubleSided || area >= 0
    }
}

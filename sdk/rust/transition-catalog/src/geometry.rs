//! Geometry: the header's plain types and its 1.1 geometry helpers, in Rust.
use crate::sys;

/// A rectangle in points, container coordinates (origin top-left, y down).
pub type Rect = sys::tc_rect_t;
/// A colour with straight alpha, components in [0, 1].
pub type Color = sys::tc_color_t;
/// The state of one view at one progress.
pub type ViewState = sys::tc_view_state_t;
/// The container's camera (1.1).
pub type Camera = sys::tc_camera_t;

/// A view handle, valid for one transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewId(pub sys::tc_view_id_t);

impl ViewId {
    /// No view.
    pub const NONE: ViewId = ViewId(sys::TC_VIEW_NONE);

    /// The handle, or `None` for `TC_VIEW_NONE`.
    pub fn get(self) -> Option<ViewId> {
        (self.0 >= 0).then_some(self)
    }
}

/// A 4x4 column-major transform applied about a view's centre.
pub type Transform = sys::tc_transform_t;

/// The transform that changes nothing.
pub const IDENTITY: Transform = Transform { m: [1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1.] };

/// The product `a * b`: applies `b` first, then `a` (`tc_transform_multiply`).
pub fn multiply(a: &Transform, b: &Transform) -> Transform {
    let mut r = [0.0; 16];
    for c in 0..4 {
        for row in 0..4 {
            r[c * 4 + row] = (0..4).map(|k| a.m[k * 4 + row] * b.m[c * 4 + k]).sum();
        }
    }
    Transform { m: r }
}

/// A move by (x, y, z) points.
pub fn translate(x: f64, y: f64, z: f64) -> Transform {
    let mut t = IDENTITY;
    (t.m[12], t.m[13], t.m[14]) = (x, y, z);
    t
}

/// A scale by (x, y, z) about the view's centre.
pub fn scale(x: f64, y: f64, z: f64) -> Transform {
    let mut t = IDENTITY;
    (t.m[0], t.m[5], t.m[10]) = (x, y, z);
    t
}

/// A rotation about x: positive brings the bottom edge towards the viewer.
pub fn rotate_x(radians: f64) -> Transform {
    let (s, c) = radians.sin_cos();
    let mut t = IDENTITY;
    (t.m[5], t.m[6], t.m[9], t.m[10]) = (c, s, -s, c);
    t
}

/// A rotation about y: positive moves the right edge away from the viewer.
pub fn rotate_y(radians: f64) -> Transform {
    let (s, c) = radians.sin_cos();
    let mut t = IDENTITY;
    (t.m[0], t.m[2], t.m[8], t.m[10]) = (c, -s, s, c);
    t
}

/// A rotation about z: positive is clockwise on screen.
pub fn rotate_z(radians: f64) -> Transform {
    let (s, c) = radians.sin_cos();
    let mut t = IDENTITY;
    (t.m[0], t.m[1], t.m[4], t.m[5]) = (c, s, -s, c);
    t
}

/// A perspective from an eye `distance` points away (m[11] = -1/distance); the identity when
/// `distance` is not a positive finite number.
pub fn perspective(distance: f64) -> Transform {
    let mut t = IDENTITY;
    if distance > 0.0 && distance.is_finite() {
        t.m[11] = -1.0 / distance;
    }
    t
}

/// `t` applied about the point (x, y, z), relative to the view's centre.
pub fn about(t: &Transform, x: f64, y: f64, z: f64) -> Transform {
    multiply(&translate(x, y, z), &multiply(t, &translate(-x, -y, -z)))
}

/// `t` applied about an anchor of `frame` in unit coordinates, as CALayer.anchorPoint: (0, 0.5)
/// is the middle of the left edge, a hinge.
pub fn about_anchor(t: &Transform, frame: &Rect, anchor_x: f64, anchor_y: f64) -> Transform {
    about(t, (anchor_x - 0.5) * frame.width, (anchor_y - 0.5) * frame.height, 0.0)
}

/// The camera that changes nothing.
pub const NO_CAMERA: Camera = Camera { eye_distance: 0.0, sublayer_transform: IDENTITY };

/// A camera with an eye at `eye_distance` points in front of the container's centre.
pub fn camera_perspective(eye_distance: f64) -> Camera {
    Camera { eye_distance, ..NO_CAMERA }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_about_y_then_back_is_the_identity_and_anchor_moves_the_centre() {
        let r = multiply(&rotate_y(0.7), &rotate_y(-0.7));
        for (a, b) in r.m.iter().zip(IDENTITY.m.iter()) {
            assert!((a - b).abs() < 1e-12);
        }
        let frame = Rect { x: 0.0, y: 0.0, width: 200.0, height: 100.0 };
        let hinged = about_anchor(&rotate_z(std::f64::consts::PI), &frame, 0.0, 0.5);
        assert!((hinged.m[12] - -200.0).abs() < 1e-9, "a half turn about the left edge moves the centre 200 left");
    }
}

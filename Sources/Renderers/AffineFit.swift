#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// The 2D affine placement closest to where a view's card is drawn: a position, a rotation and
/// a scale along each of the card's axes, fitted by least squares to the card's four projected
/// corners. For transforms without perspective the fit is exact (apart from shear); for a card
/// turning in perspective it is the parallelogram nearest the true trapezoid.
public struct AffineFit: Sendable, Hashable {
    /// The centre of the fitted card, in container coordinates.
    public var x: Double
    /// The centre of the fitted card, in container coordinates.
    public var y: Double
    /// The scale along the card's horizontal axis (negative when mirrored).
    public var scaleX: Double
    /// The scale along the card's vertical axis.
    public var scaleY: Double
    /// The rotation in degrees, clockwise on screen.
    public var rotation: Double

    /// Creates a placement.
    public init(x: Double, y: Double, scaleX: Double, scaleY: Double, rotation: Double) {
        self.x = x
        self.y = y
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
    }

    /// The placement of a card of `referenceWidth` x `referenceHeight` points (centred on its
    /// origin) that best matches `state` as drawn, or nil when a corner is behind the viewer.
    public init?(state: ViewState, referenceWidth: Double, referenceHeight: Double) {
        guard let corners = state.projectedCorners else { return nil }
        self.init(corners: corners, referenceWidth: referenceWidth, referenceHeight: referenceHeight)
    }

    /// The placement of a card of `referenceWidth` x `referenceHeight` points (centred on its
    /// origin) that best matches a card drawn with `corners` (clockwise from the top-left, in
    /// container coordinates, such as `ViewState.projectedCorners(camera:)` gives).
    public init?(corners: [(x: Double, y: Double)], referenceWidth: Double, referenceHeight: Double) {
        guard corners.count == 4, referenceWidth > 0, referenceHeight > 0 else { return nil }
        let hw = referenceWidth / 2, hh = referenceHeight / 2
        let local = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
        let cx = corners.map(\.x).reduce(0, +) / 4, cy = corners.map(\.y).reduce(0, +) / 4
        // With corners symmetric about the centre, the least-squares columns are independent.
        var a = 0.0, b = 0.0, c = 0.0, d = 0.0
        for (p, (u, v)) in zip(corners, local) {
            a += (p.x - cx) * u
            b += (p.y - cy) * u
            c += (p.x - cx) * v
            d += (p.y - cy) * v
        }
        a /= 4 * hw * hw
        b /= 4 * hw * hw
        c /= 4 * hh * hh
        d /= 4 * hh * hh
        // A = R(θ) · [sx k; 0 sy]: the rotation follows the card's horizontal axis; shear is dropped.
        let sx = (a * a + b * b).squareRoot()
        let rotation = sx > 1e-12 ? atan2(b, a) : atan2(-c, d)
        let sy = sx > 1e-12 ? (a * d - b * c) / sx : (c * c + d * d).squareRoot()
        self.init(x: cx, y: cy, scaleX: sx, scaleY: sy, rotation: rotation * 180 / .pi)
    }
}

import Foundation
import Testing
import TransitionCore

@Suite struct RectTests {
    let rect = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test func edgesAndCentre() {
        #expect(rect.maxX == 110)
        #expect(rect.maxY == 70)
        #expect(rect.midX == 60)
        #expect(rect.midY == 45)
    }

    @Test func offsetAndInset() {
        #expect(rect.offsetBy(dx: 5, dy: -20) == Rect(x: 15, y: 0, width: 100, height: 50))
        #expect(rect.insetBy(dx: 10, dy: 5) == Rect(x: 20, y: 25, width: 80, height: 40))
    }

    @Test(arguments: [
        (Rect(x: 50, y: 30, width: 10, height: 10), true),
        (Rect(x: 0, y: 0, width: 11, height: 21), true),
        (Rect(x: 110, y: 20, width: 10, height: 10), false),
        (Rect(x: 10, y: 70, width: 100, height: 10), false),
        (Rect(x: -50, y: 20, width: 60, height: 50), false),
        (Rect(x: 200, y: 200, width: 5, height: 5), false),
    ])
    func intersects(other: Rect, expected: Bool) {
        #expect(rect.intersects(other) == expected)
        #expect(other.intersects(rect) == expected)
    }

    @Test func contains() {
        #expect(rect.contains(rect))
        #expect(rect.contains(Rect(x: 20, y: 30, width: 10, height: 10)))
        #expect(!rect.contains(Rect(x: 20, y: 30, width: 100, height: 10)))
    }

    @Test func distanceIsTheLargestFieldDifference() {
        #expect(rect.distance(to: Rect(x: 12, y: 20, width: 93, height: 50)) == 7)
        #expect(rect.distance(to: rect) == 0)
    }

    @Test func interpolateIsExactAtBothEnds() {
        let a = Rect(x: 1e16, y: 0.1, width: 3, height: 1e17)
        let b = Rect(x: 1, y: 0.7, width: 0.3, height: 2)
        #expect(Rect.interpolate(a, b, 0) == a)
        #expect(Rect.interpolate(a, b, 1) == b)
        #expect(lerp(1e16, 1, 1) == 1)
        let half = Rect.interpolate(Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 100, y: 50, width: 200, height: 150), 0.5)
        #expect(half == Rect(x: 50, y: 25, width: 150, height: 100))
    }

    @Test func descriptionAndFiniteness() {
        #expect(Rect(x: 10, y: 20.5, width: 375, height: 812.125).description == "10,20.5 375x812.13")
        #expect(rect.isFinite)
        #expect(!Rect(x: .nan, y: 0, width: 1, height: 1).isFinite)
        #expect(!Rect(x: 0, y: 0, width: .infinity, height: 1).isFinite)
    }
}

@Suite struct Transform3DTests {
    static let degree = Double.pi / 180

    @Test(arguments: [
        (Transform3D.rotationX, "x"), (Transform3D.rotationY, "y"), (Transform3D.rotationZ, "z"),
    ] as [(@Sendable (Double) -> Transform3D, String)])
    func rotationsCompose(rotation: @Sendable (Double) -> Transform3D, axis: String) {
        let composed = rotation(30 * Self.degree).concatenating(rotation(60 * Self.degree))
        #expect(composed.distance(to: rotation(90 * Self.degree)) < 1e-12, "axis \(axis)")
        #expect(rotation(0).isIdentity())
        #expect(!rotation(10 * Self.degree).isIdentity())
        let back = rotation(40 * Self.degree).concatenating(rotation(-40 * Self.degree))
        #expect(back.isIdentity(tolerance: 1e-12), "axis \(axis)")
    }

    @Test func rotationZIsClockwiseOnScreen() {
        let p = Transform3D.rotationZ(90 * Self.degree).project(x: 10, y: 0)
        #expect(abs(p.x) < 1e-12)
        #expect(abs(p.y - 10) < 1e-12)
    }

    @Test func concatenatingAppliesTheRightOperandFirst() {
        let t = Transform3D.translation(x: 100, y: 0).concatenating(.scale(x: 2, y: 2))
        let p = t.project(x: 10, y: 5)
        #expect(p.x == 120)
        #expect(p.y == 10)
        let u = Transform3D.scale(x: 2, y: 2).concatenating(.translation(x: 100, y: 0))
        #expect(u.project(x: 10, y: 5).x == 220)
    }

    @Test func rotationY90UnderPerspectiveIsEdgeOn() throws {
        let transform = Transform3D.perspective(distance: 500).concatenating(.rotationY(90 * Self.degree))
        let state = ViewState(frame: Rect(x: 0, y: 0, width: 375, height: 812), transform: transform)
        let bounds = try #require(state.projectedBounds)
        #expect(bounds.width < 1e-9)
        #expect(abs(bounds.midX - 187.5) < 1e-9)
        let halfway = ViewState(
            frame: state.frame, transform: Transform3D.perspective(distance: 500).concatenating(.rotationY(45 * Self.degree)))
        let halfwayBounds = try #require(halfway.projectedBounds)
        #expect(halfwayBounds.width > 1 && halfwayBounds.width < 375)
        #expect(halfwayBounds.height > 812, "the near edge looks taller under perspective")
    }

    @Test func projectedBoundsOfHalfScaleHalvesAboutTheCentre() throws {
        let state = ViewState(frame: Rect(x: 0, y: 0, width: 200, height: 100), transform: .scale(x: 0.5, y: 0.5))
        let bounds = try #require(state.projectedBounds)
        #expect(bounds.distance(to: Rect(x: 50, y: 25, width: 100, height: 50)) < 1e-12)
        #expect(ViewState(frame: state.frame).projectedBounds == state.frame)
    }

    @Test func perspectiveDistance() {
        let p = Transform3D.perspective(distance: 500)
        #expect(p.m[11] == -1.0 / 500)
        let nearer = p.project(x: 100, y: 50, z: 250)
        #expect(abs(nearer.x - 200) < 1e-12)
        #expect(abs(nearer.y - 100) < 1e-12)
        #expect(p.project(x: 100, y: 0, z: 0).x == 100)
        #expect(p.project(x: 100, y: 0, z: 600).w <= 0)
        let behind = ViewState(
            frame: Rect(x: 0, y: 0, width: 100, height: 100), transform: p.concatenating(.translation(x: 0, y: 0, z: 600)))
        #expect(behind.projectedBounds == nil)
    }

    @Test func summaries() {
        #expect(Transform3D.identity.summary == "identity")
        #expect(Transform3D.scale(x: 0.5, y: 0.5).summary.contains("scale 0.5"))
        #expect(Transform3D.scale(x: 0.5, y: 2).summary.contains("scale 0.5x2"))
        #expect(Transform3D.rotationY(30 * Self.degree).summary.contains("rotY 30°"))
        #expect(Transform3D.translation(x: 10, y: -20).summary.contains("move 10,-20"))
        let mixed = Transform3D.perspective(distance: 800).concatenating(.rotationY(-45 * Self.degree))
        #expect(mixed.summary.contains("rotY -45°"))
        #expect(mixed.summary.contains("persp"))
        #expect(Transform3D.perspective(distance: 800).summary == "persp 800")
    }

    @Test func columnMajorRoundTrip() throws {
        let t = Transform3D.rotationX(0.3).concatenating(.translation(x: 1, y: 2, z: 3))
        let copy = try #require(Transform3D(columnMajor: t.columnMajor))
        #expect(copy == t)
        #expect(Transform3D(columnMajor: [1, 2, 3]) == nil)
        #expect(t.m[12] == 1 && t.m[13] != 0)
    }
}

import Foundation
import Testing
import TransitionCore

/// The compositing model in TransitionCore: rotation signs on screen, the shared camera, back
/// faces, snapshot content, matched elements and container sizes.
@Suite struct CompositingModelTests {
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    func height(of corners: [(x: Double, y: Double)], _ a: Int, _ b: Int) -> Double { abs(corners[a].y - corners[b].y) }

    @Test func positiveRotationAboutYMovesTheRightEdgeAway() throws {
        let view = ViewState(frame: bounds, transform: .rotationY(0.4))
        let corners = try #require(view.projectedCorners(camera: .centered(in: bounds, eyeDistance: 600)))
        // corners: top-left, top-right, bottom-right, bottom-left
        #expect(height(of: corners, 1, 2) < bounds.height && height(of: corners, 0, 3) > bounds.height)
        #expect(!view.facesAway())
    }

    @Test func positiveRotationAboutXMovesTheBottomEdgeTowardsTheViewer() throws {
        let view = ViewState(frame: bounds, transform: .rotationX(0.4))
        let c = try #require(view.projectedCorners(camera: .centered(in: bounds, eyeDistance: 600)))
        #expect(abs(c[2].x - c[3].x) > bounds.width && abs(c[1].x - c[0].x) < bounds.width)
    }

    @Test func positiveRotationAboutZIsClockwise() {
        let p = ViewState(frame: bounds, transform: .rotationZ(0.3)).project(x: 100, y: 0)
        #expect(p.y > bounds.midY, "a point right of the centre moves down")
    }

    @Test func theCameraGivesSiblingsOneVanishingPoint() throws {
        // Two views pushed 200 pt away: under the camera both shrink towards the container's
        // centre; with their own perspective each shrinks towards its own centre.
        let away = Transform3D.translation(x: 0, y: 0, z: -200)
        let left = ViewState(frame: Rect(x: 0, y: 0, width: 195, height: 844), transform: away)
        let camera = Camera.centered(in: bounds, eyeDistance: 500)
        let shared = try #require(left.projectedBounds(camera: camera))
        #expect(shared.midX > left.frame.midX, "drawn towards the container's centre")
        let own = try #require(ViewState(frame: left.frame, transform: Transform3D.perspective(distance: 500).concatenating(away)).projectedBounds)
        #expect(abs(own.midX - left.frame.midX) < 1e-9, "drawn towards its own centre")
        #expect(abs(own.width - shared.width) < 1e-9, "the same depth shrinks by the same factor")
        // A full-container view: the camera and the view's own perspective agree.
        let full = ViewState(frame: bounds, transform: .rotationY(0.5))
        let withOwn = ViewState(frame: bounds, transform: Transform3D.perspective(distance: 500).concatenating(.rotationY(0.5)))
        let a = try #require(full.projectedBounds(camera: camera)), b = try #require(withOwn.projectedBounds)
        #expect(a.distance(to: b) < 1e-9)
        // The sublayer transform applies to every view, about the container's centre.
        let turned = Camera.centered(in: bounds, sublayerTransform: .rotationZ(.pi))
        let moved = try #require(ViewState(frame: Rect(x: 0, y: 0, width: 10, height: 10)).projectedBounds(camera: turned))
        #expect(moved.distance(to: Rect(x: 380, y: 834, width: 10, height: 10)) < 1e-9)
    }

    @Test func oneSidedViewsFacingAwayAreNotDrawn() {
        for doubleSided in [true, false] {
            var state = ViewState(frame: bounds, transform: .rotationY(.pi * 0.8))
            state.doubleSided = doubleSided
            let view = SampledView(id: ViewID(0), role: .from, containerIndex: 0, state: state)
            #expect(state.facesAway())
            #expect(view.isDrawn() == doubleSided)
            let frame = TransitionFrame(progress: 0.5, views: [view])
            #expect(frame.drawnViews.count == (doubleSided ? 1 : 0))
            state.transform = .rotationY(.pi * 0.2)
            #expect(SampledView(id: ViewID(0), role: .from, containerIndex: 0, state: state).isDrawn())
        }
    }

    @Test func backFacesAreJudgedUnderTheCamera() throws {
        // Turned a quarter about an axis 195 pt behind it, a face is edge-on to its own centre,
        // yet from the container's eye its back shows.
        let t = Transform3D.translation(x: 0, y: 0, z: -195).concatenating(.rotationY(-.pi / 2)).concatenating(.translation(x: 0, y: 0, z: 195))
        let face = ViewState(frame: bounds, transform: t)
        let camera = Camera.centered(in: bounds, eyeDistance: 500)
        #expect(face.facesAway(camera: camera))
        let box = try #require(face.projectedBounds(camera: camera))
        #expect(box.x.magnitude < 1e-9 && abs(box.maxX - (195 - 195 / (1 + 390.0 / 500))) < 1e-9)
    }

    @Test func snapshotContentCropsAndScales() {
        let whole = SnapshotContent(source: ViewID(0), rect: Rect(x: 0, y: 0, width: 390, height: 844))
        // A snapshot shown at half size: a crop of its right half is the source's right half.
        let half = whole.cropped(to: Rect(x: 97.5, y: 0, width: 97.5, height: 422), ofSnapshotSized: (195, 422))
        #expect(half == SnapshotContent(source: ViewID(0), rect: Rect(x: 195, y: 0, width: 195, height: 844)))
        let p = half.map(sourceX: 390, sourceY: 844, into: Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(abs(p.x - 110) < 1e-12 && abs(p.y - 110) < 1e-12)
    }

    @Test func viewStatesReadAsBeforeUnlessTheModelIsUsed() throws {
        let plain = ViewState(frame: bounds)
        let json = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!json.contains("doubleSided") && !json.contains("content"))
        var rich = plain
        rich.doubleSided = false
        rich.content = SnapshotContent(source: ViewID(1), rect: Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(try JSONDecoder().decode(ViewState.self, from: try JSONEncoder().encode(rich)) == rich)
        #expect(try JSONDecoder().decode(ViewState.self, from: Data(json.utf8)) == plain)
        let frame = TransitionFrame(progress: 0.5, views: [], camera: .centered(in: bounds, eyeDistance: 500))
        #expect(try JSONDecoder().decode(TransitionFrame.self, from: try JSONEncoder().encode(frame)) == frame)
    }

    @Test func matchedElementsParseFromTheCommandLineForm() throws {
        let e = try MatchedElement(parsing: "card:16,200,358x120->0,0,390x844")
        #expect(e.id == "card" && e.fromFrame == Rect(x: 16, y: 200, width: 358, height: 120) && e.toFrame == bounds)
        #expect(try MatchedElement(parsing: e.commandLineForm) == e)
        for (bad, message) in [
            ("card", "has no ':'"), ("card:1,2,3x4", "two frames"), ("card:1,2,3->1,2,3x4", "is not a frame"),
            (":1,2,3x4->1,2,3x4", "must be 1 to 64"), ("card:1,2,0x4->1,2,3x4", "positive width"),
        ] {
            #expect(throws: MatchedElement.Error.self) { try MatchedElement(parsing: bad) }
            do { _ = try MatchedElement(parsing: bad) } catch { #expect(error.description.contains(message), "\(bad): \(error)") }
        }
    }

    @Test func contextsNumberMatchedElementViewsAfterTheScreens() throws {
        let a = MatchedElement(id: "a", fromFrame: Rect(x: 0, y: 0, width: 10, height: 10), toFrame: bounds)
        let b = MatchedElement(id: "b", fromFrame: Rect(x: 0, y: 20, width: 10, height: 10), toFrame: Rect(x: 5, y: 5, width: 20, height: 20))
        let push = try TransitionContext(operation: .push, containerBounds: bounds, matchedElements: [a, b])
        #expect(push.matchedElements.map(\.fromView) == [ViewID(2), ViewID(4)])
        #expect(push.matchedElements.map(\.toView) == [ViewID(3), ViewID(5)])
        #expect(push.matchedElementViews.map(\.view) == [ViewID(2), ViewID(3), ViewID(4), ViewID(5)])
        let present = try TransitionContext(operation: .present, style: .custom, containerBounds: bounds, matchedElements: [a])
        #expect(present.matchedElements[0].fromView == nil && present.matchedElements[0].toView == ViewID(1))
        let sides = present.matchedElementViews
        #expect(sides.count == 1 && sides[0].content.rect == bounds.offsetBy(dx: -present.toFinalFrame.x, dy: -present.toFinalFrame.y))
        #expect(throws: TransitionContext.Error.self) { try TransitionContext(operation: .push, containerBounds: bounds, matchedElements: [a, a]) }
        #expect(try push.withMatchedElements([]).matchedElements.isEmpty)
    }

    @Test func containerSizesParseAndCoverFourShapes() throws {
        #expect(ContainerSize.validationSizes.map(\.description) == ["390x844", "844x390", "1024x1366", "320x568"])
        #expect(try ContainerSize(parsing: "844x390") == .phoneLandscape)
        for bad in ["390", "0x844", "axb", "390x-1", "1e9x10"] {
            #expect(throws: ContainerSize.Error.self) { try ContainerSize(parsing: bad) }
        }
    }
}

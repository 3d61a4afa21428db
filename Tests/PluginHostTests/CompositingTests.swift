import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The compositing extension through real sessions, and the validator's judgement of what is seen.
@Suite struct CompositingTests {
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    func animator(_ fixture: String, _ id: String) throws -> Animator {
        try #require(try PluginLibrary.load(path: try FixturePlugins.path(fixture)).animator(id))
    }

    func suite(_ sizes: [ContainerSize] = [.phonePortrait]) -> ContractSuite {
        var suite = ContractSuite()
        suite.containers = sizes
        suite.samples = 60
        return suite
    }

    @Test func subRectangleSnapshotsShowTheirPartOfTheSource() throws {
        let doors = try animator("compositing_doors", "doors")
        let context = try TransitionContext(operation: .push, containerBounds: bounds)
        let session = doors.begin(context)
        try session.setup()
        let frame = session.step(0)
        let left = try #require(frame[ViewID(2)]), right = try #require(frame[ViewID(3)])
        #expect(left.role == .snapshot && right.role == .tile)
        #expect(left.state.content == SnapshotContent(source: ViewID(0), rect: Rect(x: 0, y: 0, width: 195, height: 844)))
        #expect(right.state.content == SnapshotContent(source: ViewID(0), rect: Rect(x: 195, y: 0, width: 195, height: 844)))
        #expect(right.state.frame == Rect(x: 195, y: 0, width: 195, height: 844), "the frame is the rectangle in container coordinates")
        #expect(left.state.doubleSided && !right.state.doubleSided)
        #expect(session.misbehaviours.isEmpty, "\(session.misbehaviours)")
        session.complete(finished: true)
    }

    @Test func cameraSetInStepLastsOneStep() throws {
        let doors = try animator("compositing_doors", "doors")
        let context = try TransitionContext(operation: .push, containerBounds: bounds)
        let session = doors.begin(context)
        try session.setup()
        #expect(session.step(0.2).camera == .centered(in: bounds, eyeDistance: 600))
        #expect(session.step(0.7).camera.eyeDistance == 400)
        #expect(session.step(0.2).camera.eyeDistance == 600, "the next step starts from the camera setup left")
        session.complete(finished: true)
    }

    @Test func doorsStandingInForTheirScreenPassEveryCheck() throws {
        let results = suite(ContainerSize.validationSizes).validate(try animator("compositing_doors", "doors"))
        for r in results {
            #expect(r.status == .pass, "\(r.check): \(r.details.joined(separator: "; "))")
        }
    }

    @Test func aSnapshotStandsInOnlyForThePartItShows() throws {
        let half = try animator("half_stand_in", "half-stand-in")
        let results = suite().validate(half)
        let endpoints = try #require(results.first { $0.check == "endpoints" })
        #expect(endpoints.status == .fail)
        #expect(endpoints.details.contains {
            $0.contains("390x844 push: at progress 0 the from-view is not drawn") && $0.contains("(#2 projects to x 0…195, y 0…844, 164580 pt²) leave part of it uncovered")
        }, "\(endpoints.details)")
        #expect(results.first { $0.check == "cancel" }?.status == .fail)
    }

    @Test func matchedElementsReachThePluginWithASnapshotForEachSide() throws {
        let doors = try animator("compositing_doors", "doors")
        let card = try MatchedElement(parsing: "card:16,200,358x120->0,0,390x300")
        let context = try TransitionContext(operation: .push, containerBounds: bounds, matchedElements: [card])
        let run = try doors.run(context, progresses: [0, 0.5, 1])
        #expect(run.log.contains { $0.message == "matched card" })
        let element = try #require(run.frames[0].matchedElements.first)
        #expect(element.fromView == ViewID(2) && element.toView == ViewID(3))
        let fromSide = try #require(run.frames[0][ViewID(2)])
        #expect(fromSide.isInContainer)
        #expect(fromSide.state.content == SnapshotContent(source: ViewID(0), rect: card.fromFrame))
        #expect(fromSide.state.projectedBounds(camera: run.frames[0].camera) == card.fromFrame)
        #expect(run.frames[2][ViewID(2)]?.state.frame == card.toFrame)
        let toSide = try #require(run.frames[0][ViewID(3)])
        #expect(!toSide.isInContainer && toSide.state.content == SnapshotContent(source: ViewID(1), rect: card.toFrame))
        #expect(run.completion.leakedViews.isEmpty)
    }

    @Test func backFaceDrawnOverTheFrontFaceIsNamedByItsBoxOnScreen() throws {
        let cube = try animator("cube_back_face", "cube")
        let results = suite().validate(cube)
        let endpoints = try #require(results.first { $0.check == "endpoints" })
        #expect(endpoints.status == .fail)
        let detail = endpoints.details.joined(separator: "\n")
        #expect(detail.contains("390x844 push: at progress 1 the from view #0 still covers the to-view #1: it projects to x 0…85, y 0…844"), "\(detail)")
        #expect(detail.contains("faces away and is double-sided"))
        #expect(detail.contains("pt², drawn above #1; it faces away"), "the box names its area and the view it is drawn above: \(detail)")
        #expect(detail.contains("390x844 push with a matched element: at progress 1"), "endpoints also run with a matched element")
        let parameters = try #require(results.first { $0.check == "parameters" })
        #expect(parameters.details.allSatisfy { $0.contains("one-sided=false") }, "made one-sided, the cube passes: \(parameters.details)")
    }

    @Test func oneSidedFacesTurnedAwayAreNotDrawn() throws {
        let cube = try animator("cube_back_face", "cube")
        let context = try TransitionContext(operation: .push, containerBounds: bounds)
        for (oneSided, drawn) in [(0.0, true), (1.0, false)] {
            let run = try cube.run(context, parameters: [oneSided], progresses: [0.5, 1])
            #expect(run.frames[1].drawnViews.contains { $0.id == ViewID(0) } == drawn)
            #expect(run.frames[0].drawnViews.count == 2, "half-way both faces face the viewer")
        }
        let session = cube.begin(context, parameters: [1])
        try session.setup()
        let end = session.step(1)
        #expect(end[ViewID(0)]?.state.facesAway(camera: end.camera) == true)
        session.complete(finished: true)
        let endpoints = ContractSuite.animatorChecks.first { $0.id == "endpoints" }!
        #expect(suite(ContainerSize.validationSizes).run(endpoints, on: cube).status == .fail, "the default is double-sided")
    }

    @Test func pluginBuiltAgainstTheReleasedHeaderLoadsAndPasses() throws {
        let header10 = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/Headers/1.0").path
        for (source, name) in [
            (TestEnvironment.fixtureSources.appendingPathComponent("third_party_wipe.c").path, "wipe10"),
            (TestEnvironment.packageRoot.appendingPathComponent("Examples/minimal_fade.c").path, "minimal10"),
        ] {
            let path = try FixturePlugins.compile(source: source, includeDirectory: header10, name: name)
            let library = try PluginLibrary.load(path: path)
            #expect(library.info.abi == ABIVersion(major: 1, minor: 0, patch: 0))
            for r in suite(ContainerSize.validationSizes).validate(path: path) {
                #expect(r.status == .pass, "\(name) \(r.check) \(r.subject): \(r.details.joined(separator: "; "))")
            }
        }
    }
}

/// The seen-content check: what the screen shows, point by point, through the renderers' model.
@Suite struct SeenContentTests {
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    func animator(_ fixture: String, _ id: String) throws -> Animator {
        try #require(try PluginLibrary.load(path: try FixturePlugins.path(fixture)).animator(id))
    }

    func seen(_ fixture: String, _ id: String) throws -> CheckResult {
        var suite = ContractSuite()
        suite.containers = [.phonePortrait]
        return suite.run(.seenContent, on: try animator(fixture, id))
    }

    @Test func squeezedDoorsFailWithWhatWasSeenBeforeAndAfter() throws {
        let result = try seen("squeezed_doors", "portal")
        #expect(result.status == .fail)
        let detail = result.details.joined(separator: "\n")
        #expect(detail.contains("390x844 push: what is seen jumps between progress 1 and after completion over 100 % of the screen (x 0…390, y 0…844)"), "\(detail)")
        #expect(detail.contains("the to-view's x 0…390, y 0…844 in a 195×844-pt frame"), "\(detail)")
        #expect(detail.contains("after completion the to-view #1 shows its point"), "\(detail)")
        #expect(detail.contains("squeezes its content by ×2"), "\(detail)")
        #expect(detail.contains("stretches its content non-uniformly by ×2"), "the stretched snapshot is named too: \(detail)")
        #expect(!detail.contains("between progress 0."), "the doors move continuously between samples: \(detail)")
    }

    @Test func aStageLeftPulledBackPopsAtCompletion() throws {
        let result = try seen("pops_at_completion", "stage-push")
        #expect(result.status == .fail)
        #expect(result.details.contains { $0.contains("between progress 1 and after completion") && $0.contains("the container's camera included") }, "\(result.details)")
    }

    @Test func progressZeroMustLookLikeTheScreenBeforeIt() throws {
        let result = try seen("start_differs", "zoom-fade")
        #expect(result.status == .fail)
        #expect(result.details.contains { $0.contains("between before setup and progress 0") }, "\(result.details)")
        #expect(result.details.contains { $0.contains("between progress 0 (cancelled) and after the cancellation") }, "the cancel path is judged too: \(result.details)")
    }

    @Test func aSnapshotOfTheWrongViewIsNamed() throws {
        let result = try seen("wrong_snapshot", "lift-page")
        #expect(result.status == .fail)
        #expect(result.details.contains { $0.contains("snapshot #2 shows the to-view where the from-view is seen on the other side of the jump") }, "\(result.details)")
    }

    @Test func wellMadeSnapshotsAndFadesPass() throws {
        for fixture in ["compositing_doors", "third_party_wipe", "shadows_fade"] {
            for a in try PluginLibrary.load(path: try FixturePlugins.path(fixture)).animators {
            var suite = ContractSuite()
            suite.containers = [.phonePortrait]
            let result = suite.run(.seenContent, on: a)
            #expect(result.status == .pass, "\(fixture) \(a.id): \(result.details)")
            }
        }
    }

    @Test func theRenderersAndTheCheckShareOneModel() throws {
        // A door from a half snapshot: the seen picture shows the from-view's own points where the
        // door lies, through the snapshot's source rectangle, as the painter draws it.
        let doors = try animator("compositing_doors", "doors")
        let context = try TransitionContext(operation: .push, containerBounds: bounds)
        let session = doors.begin(context)
        try session.setup()
        let frame = session.step(0)
        session.complete(finished: true)
        let sizes = TransitionFrame.largestViews([frame]).mapValues { (width: $0.state.frame.width, height: $0.state.frame.height) }
        let picture = SeenPicture(frame, bounds: bounds) { sizes[$0] }
        #expect(picture.columns == 48 && picture.rows == 104)
        for index in [0, 30, 2500, 4991] {
            let p = picture.point(index)
            let top = try #require(picture.seen(index).first)
            #expect(top.source == 0, "a snapshot of the from-view")
            #expect(top.view == (p.x < 195 ? 2 : 3))
            #expect(abs(top.x - p.x) < 1e-6 && abs(top.y - p.y) < 1e-6, "unsqueezed, in place: \(top) at \(p)")
        }
        let drawn = frame.projectedViews(limit: TransitionFrame.projectionLimit(bounds)) { v in sizes[v.id] ?? (v.state.frame.width, v.state.frame.height) }
        #expect(drawn.map(\.view.id) == picture.drawn.map(\.view.id))
    }
}

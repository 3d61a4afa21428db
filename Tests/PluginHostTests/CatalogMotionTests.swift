import PluginHost
import TestSupport
import Testing
import TransitionCore

/// What the catalogue's motions promise beyond the contract: hidden faces stay hidden, doors and
/// tiles are pictures of the screen, matched elements grow into the new screen, auto-reverse
/// pairs mirror each other, and a dismissal moves from its first frame.
@Suite struct CatalogMotionTests {
    static let library: PluginLibrary? = try? PluginLibrary.load(path: TestEnvironment.builtinPlugin)
    static let phone = Rect(x: 0, y: 0, width: 390, height: 844)

    func animator(_ id: String) throws -> Animator {
        let library = try #require(Self.library)
        return try #require(library.animator(id))
    }

    @Test(arguments: ["push", "pop"], ["left", "up"])
    func cubeFacesTurnedAwayAreNeverDrawn(_ operation: String, _ direction: String) throws {
        let cube = try animator("cube")
        let op = try #require(TransitionOperation(name: operation))
        let context = try TransitionContext(operation: op, containerBounds: Self.phone)
        let values = try cube.description.values(for: [("direction", direction)])
        let run = try cube.run(context, parameters: values, progresses: SampledTransition.evenProgresses(61))
        var bothShown = 0
        for frame in run.frames {
            let faces = [context.fromView, context.toView].compactMap { $0.flatMap { frame[$0] } }
            for face in faces where face.isDrawn(camera: frame.camera) {
                let area = try #require(face.state.facingArea(camera: frame.camera))
                #expect(area >= 0, "at progress \(frame.progress) face \(face.id) is drawn facing away")
            }
            if faces.allSatisfy({ $0.isDrawn(camera: frame.camera) && ($0.state.facingArea(camera: frame.camera) ?? 0) > 1 }) { bothShown += 1 }
        }
        #expect(bothShown > 10, "mid-turn both faces show, as on a cube")
    }

    @Test func portalDoorsAreTheHalvesOfTheOldScreenAndSlideApart() throws {
        let portal = try animator("portal")
        let context = try TransitionContext(operation: .push, containerBounds: Self.phone)
        let from = try #require(context.fromView)
        let run = try portal.run(context, progresses: [0, 0.5, 1])
        let doors = run.frames[1].views.filter { $0.role == .snapshot }
        #expect(doors.count == 2)
        let halves = doors.compactMap(\.state.content).map(\.rect)
        #expect(Set(halves.map(\.x)) == [0, 195])
        #expect(doors.allSatisfy { $0.state.content?.source == from && $0.state.content?.rect.width == 195 })
        let left = try #require(doors.first { $0.state.content?.rect.x == 0 }), right = try #require(doors.first { $0.state.content?.rect.x == 195 })
        #expect(left.state.frame.x < -20 && right.state.frame.x > 215)
        #expect(run.frames[0].views.filter { $0.role == .snapshot }.allSatisfy { abs($0.state.frame.x - ($0.state.content?.rect.x ?? -1)) < 1e-9 })
        #expect(run.completion.leakedViews.isEmpty)
    }

    @Test(arguments: [2, 5, 12])
    func explodeMakesOneTilePerCellOfTheGrid(_ across: Int) throws {
        let explode = try animator("explode")
        let context = try TransitionContext(operation: .push, containerBounds: Self.phone)
        let values = try explode.description.values(for: [("tiles", "\(across)")])
        let run = try explode.run(context, parameters: values, progresses: [0, 0.6, 1])
        let tiles = run.frames[1].views.filter { $0.role == .tile }
        let rows = Int((844.0 / (390.0 / Double(across))).rounded(.up))
        #expect(tiles.count == across * rows)
        let covered = tiles.compactMap(\.state.content).map { $0.rect.width * $0.rect.height }.reduce(0, +)
        #expect(abs(covered - 390 * 844) < 1e-6, "the tiles cover the old screen exactly")
        let moved = tiles.filter { $0.state.frame.x != $0.state.content?.rect.x || $0.state.frame.y != $0.state.content?.rect.y }
        #expect(moved.count == tiles.count, "every tile flies")
        #expect(run.frames[2].views.filter { $0.role == .tile }.allSatisfy { $0.state.isInvisible })
    }

    /// A step evaluates the tiles' shared easing once: every tile, at every progress, is still
    /// scaled, turned and faded by the ease-in value at that progress.
    @Test func explodeTilesFollowTheEaseInOfTheirOwnStep() throws {
        let explode = try animator("explode")
        let context = try TransitionContext(operation: .push, containerBounds: Self.phone)
        let progresses = [0.2, 0.45, 0.7, 0.9, 0.3]
        let run = try explode.run(context, progresses: progresses)
        for frame in run.frames {
            let e = TimingCurve.easeIn.value(at: frame.progress)
            let tiles = frame.views.filter { $0.role == .tile }
            #expect(tiles.count > 100)
            for tile in tiles {
                let m = tile.state.transform.m
                let scale = 1 + (0.01 - 1) * e
                // A turn about z times a uniform scale: columns (s·cos, s·sin) and (−s·sin, s·cos).
                #expect(abs((m[0] * m[0] + m[1] * m[1]).squareRoot() - scale) < 1e-9, "tile \(tile.id) at \(frame.progress): scale")
                #expect(abs(m[5] - m[0]) < 1e-12 && abs(m[4] + m[1]) < 1e-12, "tile \(tile.id) at \(frame.progress): not a turn")
                let alpha = e <= 0.5 ? 1 : 1 - (e - 0.5) / 0.5
                #expect(abs(tile.state.alpha - alpha) < 1e-9, "tile \(tile.id) at \(frame.progress): alpha")
            }
        }
    }

    @Test(arguments: ["ios-zoom", "container-transform"])
    func aMatchedElementGrowsIntoTheNewScreenAndBack(_ id: String) throws {
        let zoom = try animator(id)
        let card = try MatchedElement(parsing: "card:16,200,358x120->0,0,390x300")
        let push = try TransitionContext(operation: .push, containerBounds: Self.phone, matchedElements: [card])
        let to = try #require(push.toView)
        let run = try zoom.run(push, progresses: [0.001, 0.5, 1])
        let start = try #require(run.frames[0][to]?.state.projectedBounds(camera: run.frames[0].camera))
        #expect(start.distance(to: card.fromFrame) < 2, "\(start) should be the card's frame \(card.fromFrame)")
        let middle = try #require(run.frames[1][to]?.state.projectedBounds(camera: run.frames[1].camera))
        #expect(middle.width > card.fromFrame.width && middle.height > card.fromFrame.height + 100)
        #expect(run.frames[2][to]?.state.frame == Self.phone)
        #expect(run.completion.leakedViews.isEmpty)

        let pop = try TransitionContext(operation: .pop, containerBounds: Self.phone, matchedElements: [card])
        let back = try zoom.run(pop, progresses: [0.999])
        let from = try #require(pop.fromView)
        let end = try #require(back.frames[0][from]?.state.projectedBounds(camera: back.frames[0].camera))
        #expect(end.distance(to: card.toFrame) < 3, "going back shrinks into the card's frame on the list: \(end)")
    }

    @Test func halfwaySpringDismissFallsAwayFromItsFirstFrame() throws {
        let spring = try animator("halfway-spring")
        let context = try TransitionContext(operation: .dismiss, containerBounds: Rect(x: 0, y: 0, width: 390, height: 800))
        let from = try #require(context.fromView)
        let progresses = SampledTransition.evenProgresses(41)
        let run = try spring.run(context, progresses: progresses)
        let states = run.frames.compactMap { $0[from]?.state }
        #expect(states.count == progresses.count)
        for (a, b) in zip(states, states.dropFirst()) {
            #expect(b.frame.y >= a.frame.y && b.alpha < a.alpha, "the screen only falls and fades, never waits or comes back")
        }
        #expect(states[10].alpha < 0.8, "a quarter in, it has visibly faded")
        #expect(states.last?.alpha == 0 && states.last?.frame.y == 400)
        let present = try TransitionContext(operation: .present, containerBounds: Rect(x: 0, y: 0, width: 390, height: 800))
        #expect(spring.duration(context) < spring.duration(present))
    }

    @Test(arguments: [("push", "pull"), ("cover", "uncover"), ("page-in", "page-out")])
    func heroPairsMirrorEachOtherOnTheWayBack(_ forward: String, _ backward: String) throws {
        let a = try animator(forward), b = try animator(backward)
        let popContext = try TransitionContext(operation: .pop, containerBounds: Self.phone)
        let pushContext = try TransitionContext(operation: .push, containerBounds: Self.phone)
        let left = try a.description.values(for: [("direction", "left")])
        let right = try b.description.values(for: [("direction", "right")])
        let progresses = [0.0, 0.3, 0.7, 1]
        let popped = try a.run(popContext, parameters: left, progresses: progresses)
        let pushedBack = try b.run(pushContext, parameters: right, progresses: progresses)
        for (x, y) in zip(popped.frames, pushedBack.frames) {
            for role in [ViewRole.from, .to, .dimming] {
                let vx = x.views.first { $0.role == role }?.state, vy = y.views.first { $0.role == role }?.state
                #expect(vx?.frame == vy?.frame && vx?.alpha == vy?.alpha && vx?.transform == vy?.transform, "\(forward) popped and \(backward) pushed differ for the \(role) view at \(x.progress)")
            }
        }
        if forward == "push" {
            let to = try #require(popContext.toView)
            #expect(popped.frames[0][to]?.state.frame.x == -130, "push's pop brings the old screen back from a third of the way out")
        }
    }

    @Test(arguments: [("hero-zoom", "zoom-out"), ("zoom-out", "hero-zoom")])
    func heroZoomsAreEachOthersWayBack(_ forward: String, _ backward: String) throws {
        let a = try animator(forward), b = try animator(backward)
        let progresses = [0.0, 0.3, 0.7, 1]
        let popped = try a.run(try TransitionContext(operation: .pop, containerBounds: Self.phone), progresses: progresses)
        let pushed = try b.run(try TransitionContext(operation: .push, containerBounds: Self.phone), progresses: progresses)
        for (x, y) in zip(popped.frames, pushed.frames) {
            for role in [ViewRole.from, .to] {
                let vx = x.views.first { $0.role == role }?.state, vy = y.views.first { $0.role == role }?.state
                #expect(vx?.frame == vy?.frame && vx?.alpha == vy?.alpha && vx?.transform == vy?.transform, "\(forward) popped and \(backward) pushed differ for the \(role) view at \(x.progress)")
            }
        }
    }

    @Test func heroZoomKeepsHerosScalesAndOrder() throws {
        let context = try TransitionContext(operation: .push, containerBounds: Self.phone)
        let from = try #require(context.fromView), to = try #require(context.toView)
        let zoom = try animator("hero-zoom").run(context, progresses: [0, 1])
        #expect(abs((zoom.frames[0][to]?.state.transform.m[0] ?? 0) - 0.7) < 1e-9, "the new screen starts at 70 %")
        #expect(abs((zoom.frames[1][from]?.state.transform.m[0] ?? 0) - 1.3) < 1e-9 && zoom.frames[1][from]?.state.alpha == 0, "the old one ends at 130 %, faded")
        #expect((zoom.frames[0][from]?.state.zIndex ?? 0) > (zoom.frames[0][to]?.state.zIndex ?? 0), "zoom draws the old screen over the new one")
        let out = try animator("zoom-out").run(context, progresses: [0, 1])
        #expect(abs((out.frames[0][to]?.state.transform.m[0] ?? 0) - 1.3) < 1e-9 && out.frames[0][to]?.state.alpha == 0)
        #expect(abs((out.frames[1][from]?.state.transform.m[0] ?? 0) - 0.7) < 1e-9 && out.frames[1][from]?.state.alpha == 1)
    }

    @Test func androidActivityFadesInOnItsOwnWindowOfTheTime() throws {
        let activity = try animator("android-activity")
        let push = try TransitionContext(operation: .push, containerBounds: Self.phone)
        let to = try #require(push.toView), from = try #require(push.fromView)
        // 450 ms: the entering page's alpha runs from 50 to 210 ms, linearly.
        let run = try activity.run(push, progresses: [0, 40.0 / 450, 130.0 / 450, 220.0 / 450])
        #expect(run.frames.map { $0[to]?.state.alpha ?? -1 }.map { ($0 * 1000).rounded() / 1000 } == [0, 0, 0.5, 1])
        #expect(abs((run.frames[0][to]?.state.frame.x ?? 0) - 39) < 1e-9, "it starts a tenth of the width to the right")
        #expect(run.frames[3][from]?.state.alpha == 1, "the covered page does not fade")
        let pop = try TransitionContext(operation: .pop, containerBounds: Self.phone)
        let closing = try activity.run(pop, progresses: [115.0 / 450, 1])
        let top = try #require(pop.fromView)
        #expect(abs((closing.frames[0][top]?.state.alpha ?? -1) - 0.5) < 1e-9, "closing fades from 35 to 195 ms")
        #expect(abs((closing.frames[1][top]?.state.frame.x ?? 0) - 39) < 1e-9, "and ends a tenth of the width to the right")
    }

    @Test func cupertinoAlertShrinksInAndOnlyFadesOut() throws {
        let alert = try animator("cupertino-alert")
        let present = try TransitionContext(operation: .present, style: .custom, containerBounds: Self.phone)
        let to = try #require(present.toView)
        let shown = try alert.run(present, progresses: [0, 0.5])
        #expect(abs((shown.frames[0][to]?.state.transform.m[0] ?? 0) - 1.3) < 1e-9, "the dialog enters at 130 %")
        #expect(abs((shown.frames[1][to]?.state.alpha ?? -1) - 0.5) < 1e-9, "easeInOut is half way at half the time")
        let dismiss = try TransitionContext(operation: .dismiss, style: .custom, containerBounds: Self.phone)
        let from = try #require(dismiss.fromView)
        let gone = try alert.run(dismiss, progresses: [0.25, 0.5, 0.75])
        for frame in gone.frames {
            #expect(frame[from]?.state.transform == .identity, "dismissal does not scale")
        }
        #expect(abs((gone.frames[1][from]?.state.alpha ?? -1) - 0.5) < 1e-9)
    }

    @Test(arguments: [1, 2, 3], [0.3, 0.6])
    func foldStripsStayJoinedAtEveryAngle(_ folds: Int, _ progress: Double) throws {
        let fold = try animator("fold")
        let context = try TransitionContext(operation: .push, containerBounds: Self.phone)
        let values = try fold.description.values(for: [("folds", "\(folds)")])
        let run = try fold.run(context, parameters: values, progresses: [progress])
        let frame = run.frames[0]
        for source in [context.fromView, context.toView] {
            let strips = frame.views.filter { $0.role == .snapshot && $0.state.content?.source == source }
                .sorted { ($0.state.content?.rect.x ?? 0) < ($1.state.content?.rect.x ?? 0) }
            #expect(strips.count == 2 * folds)
            let corners = try strips.map { try #require($0.state.projectedCorners(camera: frame.camera)) }
            for (left, right) in zip(corners, corners.dropFirst()) {
                // Top-right and bottom-right of one strip are the top-left and bottom-left of the next.
                #expect(abs(left[1].x - right[0].x) < 1e-6 && abs(left[1].y - right[0].y) < 1e-6)
                #expect(abs(left[2].x - right[3].x) < 1e-6 && abs(left[2].y - right[3].y) < 1e-6)
            }
            let span = (corners.last![1].x) - corners.first![0].x
            #expect(span > 1 && span < 389, "each screen is partly folded at \(progress): spans \(span)")
        }
    }
}

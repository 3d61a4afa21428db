import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Running transitions through the C calls: lifecycle, hierarchy and host services.
@Suite struct SessionTests {
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    func wipe() throws -> PluginLibrary { try PluginLibrary.load(path: try FixturePlugins.path("third_party_wipe")) }

    @Test func thirdPartyPluginDescribesItself() throws {
        let library = try wipe()
        #expect(library.info.id == "org.example.wipe")
        #expect(library.info.license == "MIT")
        let curtain = try #require(library.animator("curtain"))
        #expect(curtain.description.operations == [.push, .pop])
        let edge = try #require(curtain.description.parameters.first { $0.id == "edge" })
        #expect(edge.kind == .choice && edge.choices == ["left", "right"] && edge.defaultValue == 1)
        let popFade = try #require(library.animator("pop-fade"))
        #expect(popFade.description.styles == [.fullScreen, .custom])
    }

    @Test func hierarchyAfterFinishedAndCancelledRuns() throws {
        let curtain = try #require(try wipe().animator("curtain"))
        for finished in [true, false] {
            let context = try TransitionContext(operation: .push, containerBounds: bounds)
            let session = curtain.begin(context)
            try session.setup()
            #expect(session.container.count == 3, "from, to and the shadow strip")
            let frame = session.step(0.5)
            #expect(frame.drawOrder.last?.role == .shadow || frame.drawOrder.last?.role == .to)
            let report = session.complete(finished: finished)
            #expect(report.leakedViews.isEmpty)
            #expect(report.container == [finished ? context.toView! : context.fromView!])
            #expect(session.phase == .done)
        }
    }

    @Test func stepIsRepeatableAndEndsAtTheFinalFrame() throws {
        let curtain = try #require(try wipe().animator("curtain"))
        let context = try TransitionContext(operation: .push, containerBounds: bounds)
        let session = curtain.begin(context)
        try session.setup()
        let a = session.step(0.3), b = session.step(0.9), c = session.step(0.3)
        #expect(a == c)
        #expect(a != b)
        let end = session.step(1)
        #expect(end[context.toView!]?.state.frame == context.toFinalFrame)
        #expect(end[context.toView!]?.state.alpha == 1)
        session.complete(finished: true)
    }

    @Test func absentViewsAreReportedNotFollowed() throws {
        let plugin = try PluginLibrary.load(path: try FixturePlugins.path("adds_to_on_custom_dismiss"))
        let animator = try #require(plugin.animators.first)
        let context = try TransitionContext(operation: .dismiss, style: .custom, containerBounds: bounds)
        let run = try animator.run(context, progresses: [0, 1])
        #expect(run.misbehaviours.contains { $0.kind == .absentView && $0.call == "add_view" })
        #expect(run.frames[0].views.count == 1, "nothing was added for the absent presenting view")
    }

    @Test func setupRefusalCompletesAsCancelled() throws {
        let wipe = try wipe()
        let curtain = try #require(wipe.animator("curtain"))
        let context = try TransitionContext(operation: .present, containerBounds: bounds)
        let session = curtain.begin(context)
        do {
            try session.setup()
            session.complete(finished: false)
        } catch {
            #expect(session.phase == .done)
            #expect(session.container == context.settledContainer(finished: false))
        }
    }

    @Test func durationsFollowParameters() throws {
        let curtain = try #require(try wipe().animator("curtain"))
        let context = try TransitionContext(operation: .pop, containerBounds: bounds)
        #expect(curtain.duration(context) == 0.4)
        let values = try curtain.description.values(for: [("duration", "2")])
        #expect(curtain.duration(context, parameters: values) == 2)
    }
}

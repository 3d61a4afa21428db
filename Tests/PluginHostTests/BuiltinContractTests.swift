import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The contract suite over every built-in animator and every scenario it supports: adding an
/// animator to the built-in plugin adds its cases here.
@Suite struct BuiltinContractTests {
    static let library: PluginLibrary? = try? PluginLibrary.load(path: TestEnvironment.builtinPlugin)

    static let cases: [String] = (library?.animators ?? []).flatMap { animator in
        Scenario.all(for: animator.description).map { "\(animator.id) \($0)" }
    }

    @Test func builtInLibraryHasTheEightAnimators() throws {
        let library = try PluginLibrary.load(path: TestEnvironment.builtinPlugin)
        #expect(library.info.id == "org.transitioncatalog.builtins")
        #expect(Set(library.animators.map(\.id)) == [
            "slide", "fade", "flip", "halfway-spring", "cover-vertical", "drop-down", "dimmed-sheet", "zoom",
        ])
        #expect(library.problems.isEmpty, "\(library.problems)")
    }

    @Test(arguments: cases)
    func passesTheContract(_ name: String) throws {
        let library = try #require(Self.library)
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        let animator = try #require(library.animator(parts[0]))
        let scenario = try #require(Scenario.all(for: animator.description).first { $0.description == parts[1] })
        let results = ContractSuite().validate(animator, scenarios: [scenario])
        #expect(!results.isEmpty)
        for r in results {
            #expect(r.status == .pass, "\(r.check): \(r.details.joined(separator: "; "))")
        }
    }

    @Test func customPresentationKeepsThePresentingViewOut() throws {
        let library = try #require(Self.library)
        let sheet = try #require(library.animator("dimmed-sheet"))
        #expect(sheet.description.styles == [.custom])
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let present = try TransitionContext(operation: .present, style: .custom, containerBounds: bounds)
        let run = try sheet.run(present, progresses: [0, 0.5, 1])
        #expect(run.frames[2].views.contains { $0.role == .dimming && abs($0.state.alpha - 0.5) < 1e-9 })
        #expect(run.frames[2][try #require(present.toView)]?.state.cornerRadius == 12)
        #expect(run.frames[2][try #require(present.toView)]?.state.frame == present.toFinalFrame)
        #expect(run.completion.container == [try #require(present.toView)])
        #expect(run.completion.leakedViews.isEmpty)

        let dismiss = try TransitionContext(operation: .dismiss, style: .custom, containerBounds: bounds)
        let back = try sheet.run(dismiss, progresses: [0, 1])
        #expect(back.misbehaviours.isEmpty)
        #expect(back.completion.container.isEmpty)
    }

    @Test func parametersChangeTheMotion() throws {
        let library = try #require(Self.library)
        let slide = try #require(library.animator("slide"))
        let context = try TransitionContext(operation: .push, containerBounds: Rect(x: 0, y: 0, width: 300, height: 600))
        let to = try #require(context.toView)
        let left = try slide.run(context, parameters: try slide.description.values(for: [("direction", "left")]), progresses: [0])
        let right = try slide.run(context, parameters: try slide.description.values(for: [("direction", "right")]), progresses: [0])
        let up = try slide.run(context, parameters: try slide.description.values(for: [("direction", "up")]), progresses: [0])
        #expect(left.frames[0][to]?.state.frame.x == 300)
        #expect(right.frames[0][to]?.state.frame.x == -300)
        #expect(up.frames[0][to]?.state.frame.y == 600)
        let slow = try slide.description.values(for: [("duration", "1.5")])
        #expect(slide.duration(context, parameters: slow) == 1.5)
    }

    @Test func flipTurnsInPerspective() throws {
        let library = try #require(Self.library)
        let flip = try #require(library.animator("flip"))
        let context = try TransitionContext(operation: .push, containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        let run = try flip.run(context, progresses: [0.25, 0.5, 0.75])
        let from = try #require(context.fromView), to = try #require(context.toView)
        let quarter = try #require(run.frames[0][from]?.state)
        #expect(!quarter.transform.isIdentity())
        let bounds = try #require(quarter.projectedBounds)
        #expect(bounds.width < 390 && bounds.width > 100)
        #expect(try #require(run.frames[1][from]?.state.projectedBounds).width < 1e-6)
        #expect(run.frames[0][to]?.state.hidden == true)
        #expect(run.frames[2][from]?.state.hidden == true)
        #expect(run.frames[2][to]?.state.hidden == false)
    }

    @Test func halfwaySpringOvershootsAndSettles() throws {
        let library = try #require(Self.library)
        let spring = try #require(library.animator("halfway-spring"))
        let context = try TransitionContext(operation: .present, containerBounds: Rect(x: 0, y: 0, width: 390, height: 800))
        let to = try #require(context.toView)
        let run = try spring.run(context, progresses: SampledTransition.evenProgresses(121))
        let ys = run.frames.compactMap { $0[to]?.state.frame.y }
        #expect(ys.first == 400)
        #expect(ys.last == 0)
        #expect(ys.min()! < -1, "a damping ratio of 0.6 overshoots the final frame")
    }

    @Test func tabDirectionComesFromTheIndexes() throws {
        let library = try #require(Self.library)
        let slide = try #require(library.animator("slide"))
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let forward = try TransitionContext(operation: .tab, containerBounds: bounds, tabFromIndex: 0, tabToIndex: 2)
        let backward = try TransitionContext(operation: .tab, containerBounds: bounds, tabFromIndex: 2, tabToIndex: 0)
        let f = slide.begin(forward)
        try f.setup()
        #expect(f.container == [forward.fromView!, forward.toView!])
        f.complete(finished: true)
        let b = slide.begin(backward)
        try b.setup()
        #expect(b.container == [backward.toView!, backward.fromView!])
        b.complete(finished: false)
    }
}

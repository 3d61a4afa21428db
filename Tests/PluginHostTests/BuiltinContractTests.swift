import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The contract suite over every animator the package ships and every scenario it supports: the
/// built-in Swift plugin, the plugin written in C and the one written in Rust (built with cargo
/// when it is on the machine). Adding an animator to any of them adds its cases here.
@Suite struct BuiltinContractTests {
    static let library: PluginLibrary? = try? PluginLibrary.load(path: TestEnvironment.builtinPlugin)
    static let cLibrary: PluginLibrary? = try? PluginLibrary.load(path: PackagePlugins.cPlugin)
    static let rustLibrary: PluginLibrary? = PackagePlugins.rustUnavailableReason == nil
        ? (try? PackagePlugins.rustPlugin.get()).flatMap { try? PluginLibrary.load(path: $0) } : nil

    /// The shipped libraries that loaded, by the language they are written in.
    static let libraries: [(language: String, library: PluginLibrary)] =
        [("swift", library), ("c", cLibrary), ("rust", rustLibrary)].compactMap { l in l.1.map { (l.0, $0) } }

    static let cases: [String] = libraries.flatMap { language, library in
        library.animators.flatMap { animator in
            Scenario.all(for: animator.description).map { "\(language) \(animator.id) \($0)" }
        }
    }

    /// The variants of an animator as Hero counts them: one per value of its direction-like
    /// choice (direction, axis, side, edge, mode), else one.
    static func variants(_ animator: Animator) -> Int {
        let directional: Set<String> = ["direction", "axis", "side", "edge", "mode"]
        return animator.description.parameters.first { directional.contains($0.id) }?.choices.count ?? 1
    }

    @Test func builtInLibraryKeepsTheFirstAnimators() throws {
        let library = try PluginLibrary.load(path: TestEnvironment.builtinPlugin)
        #expect(library.info.id == "org.transitioncatalog.builtins")
        #expect(Set(library.animators.map(\.id)).isSuperset(of: [
            "slide", "fade", "flip", "halfway-spring", "cover-vertical", "drop-down", "dimmed-sheet", "zoom",
        ]))
        #expect(library.problems.isEmpty, "\(library.problems)")
    }

    @Test func theCPluginLoadsCleanly() throws {
        let library = try PluginLibrary.load(path: PackagePlugins.cPlugin)
        #expect(library.info.id == "org.transitioncatalog.android")
        #expect(library.animators.count >= 3)
        #expect(library.problems.isEmpty, "\(library.problems)")
    }

    @Test(.enabled(if: PackagePlugins.rustUnavailableReason == nil, "cargo is not on PATH: the Rust plugin is not built, and only it is skipped"))
    func theRustPluginBuildsWithCargoAndLoadsCleanly() throws {
        let path = try PackagePlugins.rustPlugin.get()
        let library = try PluginLibrary.load(path: path)
        #expect(library.info.id == "org.transitioncatalog.web")
        #expect(library.animators.count >= 2)
        #expect(library.problems.isEmpty, "\(library.problems)")
    }

    @Test func theCatalogIsWideAndMultilingual() throws {
        let files = Self.libraries.count
        let languages = Set(Self.libraries.map(\.language))
        let total = Self.libraries.flatMap(\.library.animators).map(Self.variants).reduce(0, +)
        #expect(total >= 45, "\(total) variants")
        #expect(languages.count >= 2, "\(languages)")
        if PackagePlugins.rustUnavailableReason == nil {
            #expect(files >= 3, "\(files) plugin files")
        }
        let ids = Self.libraries.flatMap(\.library.animators).map(\.id)
        #expect(Set(ids).count == ids.count, "every shipped animator id is unique: \(ids)")
    }

    @Test(arguments: cases)
    func passesTheContract(_ name: String) throws {
        let parts = name.split(separator: " ", maxSplits: 2).map(String.init)
        let library = try #require(Self.libraries.first { $0.language == parts[0] }?.library)
        let animator = try #require(library.animator(parts[1]))
        let scenario = try #require(Scenario.all(for: animator.description).first { $0.description == parts[2] })
        let results = ContractSuite().validate(animator, scenarios: [scenario])
        #expect(!results.isEmpty)
        for r in results where r.check != ContractCheck.stepCost.id {
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

import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Matched elements reach animators through the drivers and through a transitions file.
@Suite struct MatchedElementDriverTests {
    static let bounds = HostFixtures.bounds
    static let card = MatchedElement(id: "card", fromFrame: Rect(x: 16, y: 200, width: 358, height: 120), toFrame: Rect(x: 0, y: 0, width: 390, height: 300))

    static func catalog() throws -> PluginCatalog {
        let catalog = PluginCatalog.load(PluginSearchPath(
            explicit: [TestEnvironment.builtinPlugin, try FixturePlugins.path("compositing_doors")], environment: [:], builtInDirectory: nil))
        try #require(catalog.errors.isEmpty, "\(catalog.errors)")
        return catalog
    }

    /// The matched element's from-side view in the container at the run's first frame.
    static func fromSide(_ record: TransitionRecord) throws -> SampledView {
        let element = try #require(record.context.matchedElements.first)
        let first = try #require(record.timeline.entries.first?.frame)
        return try #require(first.views.first { $0.id == element.fromView })
    }

    @Test func aNavigationPushGivesTheDriversElementsToTheAnimator() throws {
        let catalog = try Self.catalog()
        let director = HostFixtures.director(TableSource(choices: [.push: AnimatorChoice(animatorID: "doors")]), catalog: catalog)
        let nav = NavigationDriver(root: "list", director: director)
        let record = try nav.push("detail", matching: [Self.card])
        #expect(record.context.matchedElements.map(\.id) == ["card"])
        let side = try Self.fromSide(record)
        #expect(side.isInContainer && side.state.frame == Self.card.fromFrame)
        #expect(side.state.content?.source == record.context.fromView)
        #expect(record.completion?.leakedViews.isEmpty == true)
        // Without matched elements the same animator runs, and has none.
        let plain = try NavigationDriver(root: "list", director: director).push("detail")
        #expect(plain.context.matchedElements.isEmpty)
    }

    @Test func aTransitionsFileRuleGivesItsElementsAndTheDriversComeFirst() throws {
        let catalog = try Self.catalog()
        let json = """
            { "version": 1, "rules": [
              { "operation": "push", "animator": "doors", "match": ["card:16,200,358x120->0,0,390x300", "title:20,60,200x40->20,320,350x60"] }
            ] }
            """
        let source = try TransitionsSourceFile(json: json, fileName: "t.json", catalog: catalog.animators.map(\.description))
        let choice = try #require(source.animator(for: TransitionRequest(operation: .push, fromScreen: "a", toScreen: "b", interactive: false)))
        #expect(choice.matchedElements.map(\.id) == ["card", "title"])
        let scene = SceneDriver(tabRoots: ["list"], director: HostFixtures.director(source, catalog: catalog))
        var moved = Self.card
        moved.fromFrame = Rect(x: 0, y: 500, width: 100, height: 100)
        let record = try scene.perform(.push("detail"), matching: [moved])
        #expect(record.context.matchedElements.map(\.id) == ["card", "title"])
        #expect(record.context.matchedElements[0].fromFrame == moved.fromFrame, "the driver's element wins over the file's")
        #expect(try Self.fromSide(record).state.frame == moved.fromFrame)
    }

    @Test(arguments: [
        (#""match": "card:1,2,3x4->1,2,3x4""#, "rules[0].match: expected a list"),
        (#""match": [3]"#, "rules[0].match[0]: expected a matched element"),
        (#""match": ["card:1,2,3x4"]"#, "rules[0].match[0]: 'card:1,2,3x4' needs two frames"),
        (#""match": ["a:1,2,3x4->1,2,3x4", "a:1,2,3x4->1,2,3x4"]"#, "rules[0].match[1]: matched element id 'a' is used twice"),
    ])
    func aBadMatchListNamesWhereItIs(_ field: String, _ message: String) throws {
        let catalog = try Self.catalog()
        let json = #"{ "version": 1, "rules": [ { "operation": "push", "animator": "doors", "# + field + " } ] }"
        #expect {
            try TransitionsSourceFile(json: json, fileName: "t.json", catalog: catalog.animators.map(\.description))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func aReversedRunSwapsEachElementsSides() throws {
        let catalog = try Self.catalog()
        let slide = try #require(catalog.animator("slide"))
        let context = try TransitionContext(operation: .pop, containerBounds: Self.bounds, matchedElements: [Self.card])
        let run = try TransitionRun(ResolvedAnimator(animator: slide, reversal: .requested), context: context)
        #expect(run.animatorContext.matchedElements[0].fromFrame == Self.card.toFrame)
        try run.setup()
        let frame = run.frame(at: 0.3)
        let served = context.matchedElements[0]
        let fromSide = try #require(frame.views.first { $0.id == served.fromView })
        #expect(fromSide.state.content?.source == context.fromView && fromSide.state.frame == Self.card.fromFrame)
        #expect(frame.matchedElements == context.matchedElements)
        run.complete(finished: true)
    }
}

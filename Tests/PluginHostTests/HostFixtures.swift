import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Catalogs and directors shared by the interaction and driver tests.
enum HostFixtures {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    /// The built-in plugin and the push-only reversible fixture.
    static func catalog() throws -> PluginCatalog {
        let catalog = PluginCatalog.load(PluginSearchPath(
            explicit: [TestEnvironment.builtinPlugin, try FixturePlugins.path("push_only_reversible")],
            environment: [:], builtInDirectory: nil))
        try #require(catalog.errors.isEmpty, "\(catalog.errors)")
        return catalog
    }

    /// A director over `catalog` picking with `source`.
    static func director(_ source: any TransitionsSource, catalog: PluginCatalog) -> TransitionDirector {
        let director = TransitionDirector(catalog: catalog, source: source, containerBounds: bounds)
        director.framesPerSecond = 120
        return director
    }

    /// The sample transitions file of the repository.
    static func exampleSource(catalog: PluginCatalog) throws -> TransitionsSourceFile {
        let url = TestEnvironment.packageRoot.appendingPathComponent("Examples/transitions.json")
        let data = try Data(contentsOf: url)
        return try TransitionsSourceFile(utf8: data, fileName: "Examples/transitions.json", catalog: catalog.animators.map(\.description))
    }
}

/// A source that picks by operation from a dictionary.
struct TableSource: TransitionsSource {
    var choices: [TransitionOperation: AnimatorChoice]
    func animator(for request: TransitionRequest) -> AnimatorChoice? { choices[request.operation] }
}

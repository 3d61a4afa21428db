import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Where plugins come from and which animator wins on an id clash.
@Suite struct DiscoveryTests {
    var builtinDirectory: String { TestEnvironment.productsDirectory }

    @Test func builtInsAloneGiveTheEightAnimators() {
        let catalog = PluginCatalog.load(PluginSearchPath(environment: [:], builtInDirectory: builtinDirectory))
        #expect(catalog.errors.isEmpty)
        #expect(catalog.animators.count == 8)
        #expect(catalog.entries.first?.origin == "built-in")
    }

    @Test func environmentPathAddsThirdPartyPluginsAndKeepsGoingPastBrokenOnes() throws {
        let dir = try FixturePlugins.directory(with: ["third_party_wipe", "not_a_library", "wrong_major", "missing_entry"])
        let catalog = PluginCatalog.load(PluginSearchPath(environment: ["TRANSITION_ANIMATOR_PATH": "/nonexistent:" + dir], builtInDirectory: builtinDirectory))
        let ids = catalog.animators.map(\.id)
        #expect(ids.contains("curtain") && ids.contains("pop-fade") && ids.contains("slide"))
        #expect(Set(catalog.errors.map(\.kind)) == [.notALibrary, .incompatibleABI, .missingEntry])
        #expect(catalog.unreadable.map(\.path) == ["/nonexistent"])
        #expect(catalog.entries.first { $0.path.hasSuffix("third_party_wipe.so") }?.origin == "TRANSITION_ANIMATOR_PATH")
    }

    @Test func explicitPathBeatsEnvironmentWhichBeatsBuiltIns() throws {
        let envDir = try FixturePlugins.directory(with: ["shadows_fade"])
        let env = ["TRANSITION_ANIMATOR_PATH": envDir]
        let catalog = PluginCatalog.load(PluginSearchPath(environment: env, builtInDirectory: builtinDirectory))
        #expect(catalog.animator("fade")?.qualifiedID == "org.example.shadow:fade")
        #expect(catalog.animator("org.transitioncatalog.builtins:fade")?.library.info.id == "org.transitioncatalog.builtins")
        let shadowing = try #require(catalog.shadowings.first)
        #expect(shadowing.animatorID == "fade")
        #expect(shadowing.winner.hasSuffix("shadows_fade.so"))
        #expect(shadowing.shadowed.hasSuffix("libCatalogPlugins.so"))
        #expect(shadowing.description.contains("shadows_fade.so") && shadowing.description.contains("libCatalogPlugins.so"))
        #expect(catalog.animators.filter { $0.id == "fade" }.count == 1)

        let explicit = PluginSearchPath(explicit: [TestEnvironment.builtinPlugin], environment: env, builtInDirectory: builtinDirectory)
        let reordered = PluginCatalog.load(explicit)
        #expect(reordered.animator("fade")?.library.info.id == "org.transitioncatalog.builtins")
        #expect(reordered.entries.count == 2, "the built-in library is loaded once even when named twice")
    }

    @Test func firstEntryOfTheEnvironmentListWins() throws {
        let a = try FixturePlugins.directory(with: ["shadows_fade"])
        let b = try FixturePlugins.directory(with: ["third_party_wipe"])
        let path = PluginSearchPath(environment: ["TRANSITION_ANIMATOR_PATH": "\(b):\(a)"], builtInDirectory: nil)
        #expect(path.entries.map(\.path) == [b, a])
        let catalog = PluginCatalog.load(path)
        #expect(catalog.libraries.map(\.info.id) == ["org.example.wipe", "org.example.shadow"])
    }

    @Test func missingBuiltInLibraryIsReported() {
        let catalog = PluginCatalog.load(PluginSearchPath(environment: [:], builtInDirectory: "/nonexistent"))
        #expect(catalog.animators.isEmpty)
        #expect(catalog.unreadable.first?.reason.contains("built-in") == true)
    }
}

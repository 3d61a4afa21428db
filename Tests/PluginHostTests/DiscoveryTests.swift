import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Where plugins come from and which animator wins on an id clash.
@Suite struct DiscoveryTests {
    var builtinDirectory: String { TestEnvironment.productsDirectory }

    @Test func builtInsAloneGiveThePackagesPluginLibraries() throws {
        let catalog = PluginCatalog.load(PluginSearchPath(environment: [:], builtInDirectory: builtinDirectory))
        #expect(catalog.errors.isEmpty)
        let swift = try PluginLibrary.load(path: TestEnvironment.builtinPlugin)
        let c = try PluginLibrary.load(path: PackagePlugins.cPlugin)
        #expect(catalog.libraries.prefix(2).map(\.info.id) == [swift.info.id, c.info.id], "the built-in Swift plugin first, then the C one")
        #expect(catalog.animators.count >= swift.animators.count + c.animators.count)
        #expect(catalog.entries.allSatisfy { $0.origin == "built-in" })
    }

    @Test func packagedLibrariesMissingFromTheDirectoryAreLeftOutQuietly() throws {
        let dir = TestEnvironment.productsDirectory + "/test-fixtures/\(getpid())/only-builtin"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: dir + "/" + PluginSearchPath.builtInLibraryName)
        try FileManager.default.createSymbolicLink(atPath: dir + "/" + PluginSearchPath.builtInLibraryName, withDestinationPath: TestEnvironment.builtinPlugin)
        let catalog = PluginCatalog.load(PluginSearchPath(environment: [:], builtInDirectory: dir))
        #expect(catalog.errors.isEmpty && catalog.unreadable.isEmpty)
        #expect(catalog.libraries.map(\.info.id) == ["org.transitioncatalog.builtins"])
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
        let packaged = PluginSearchPath.packagedLibraryNames.filter { FileManager.default.fileExists(atPath: builtinDirectory + "/" + $0) }
        #expect(reordered.entries.count == 2 + packaged.count, "the built-in library is loaded once even when named twice")
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

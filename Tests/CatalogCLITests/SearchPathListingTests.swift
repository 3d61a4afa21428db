import Foundation
import PluginHost
import Testing
import TestSupport

/// `catalog list --paths`: every place searched, in order, and what each gave.
@Suite struct SearchPathListingTests {
    @Test func pathsListEveryPlaceInOrderWithWhatItGave() throws {
        let userFolder = TestEnvironment.temporaryDirectory + "/xdg-\(UUID().uuidString.prefix(8))"
        let plugins = userFolder + "/transition-catalog/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("third_party_wipe"), toPath: plugins + "/wipe.so")
        let envDir = try FixturePlugins.directory(with: ["shadows_fade", "wrong_major"])

        let result = try CLI.run(
            ["list", "--paths"],
            environment: ["XDG_DATA_HOME": userFolder, "TRANSITION_ANIMATOR_PATH": envDir + ":/nonexistent-tc"])
        #expect(result.status == 1, "a plugin that does not load and a missing path make the status 1, as for list")
        let places = CLI.lines(result.stdout).filter { $0.first?.isNumber == true }
        let origins = places.map { $0.split(separator: ":").first.map { String($0.split(separator: " ").last ?? "") } ?? "" }
        #expect(Array(origins.prefix(5)) == ["TRANSITION_ANIMATOR_PATH", "TRANSITION_ANIMATOR_PATH", "user", "system", "system"])
        #expect(origins.count >= 6 && origins.dropFirst(5).allSatisfy { $0 == "built-in" }, "the package's plugin libraries come last")
        #expect(places[0].contains(envDir) && places[0].contains("1 plugin, 1 animator, 1 error"))
        #expect(places[1].contains("/nonexistent-tc (missing)"))
        #expect(places[2].contains(plugins) && places[2].contains("1 plugin"))
        #expect(places[3].contains("/usr/local/lib/transition-catalog/plugins"))
        #expect(places[4].contains("/usr/lib/transition-catalog/plugins"))
        let builtins = try PluginLibrary.load(path: TestEnvironment.productsDirectory + "/" + CLI.builtinPluginFile).animators.count
        #expect(places[5].contains(CLI.builtinPluginFile) && places[5].contains(" \(builtins) animators"), "\(places[5])")
        #expect(result.stdout.contains("wipe.so: org.example.wipe, 2 animators"))
        #expect(result.stdout.contains("wrong_major.so: error:"))
    }

    @Test func aPluginInTheUserFolderIsFoundWithoutAPathFlag() throws {
        let userFolder = TestEnvironment.temporaryDirectory + "/xdg-\(UUID().uuidString.prefix(8))"
        let plugins = userFolder + "/transition-catalog/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("third_party_wipe"), toPath: plugins + "/wipe.so")
        let with = try CLI.run(["list"], environment: ["XDG_DATA_HOME": userFolder])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("curtain"))
        let without = try CLI.run(["list"])
        #expect(!without.stdout.contains("curtain"), "the tests' own user folder holds no plugin")
    }
}

import Foundation
import PluginHost
import TestSupport
import Testing

/// The standard plugin folders: the user's, the installation prefix's, the system's, in that order.
@Suite struct StandardPluginFoldersTests {
    @Test func userThenPrefixThenSystemFolders() {
        let entries = StandardPluginFolders.entries(
            environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/ann"], executableDirectory: "/opt/tc/bin")
        #expect(entries.map(\.path) == [
            "/data/transition-catalog/plugins", "/opt/tc/lib/transition-catalog/plugins",
            "/usr/local/lib/transition-catalog/plugins", "/usr/lib/transition-catalog/plugins",
        ])
        #expect(entries.map(\.origin) == ["user", "prefix", "system", "system"])
        #expect(entries.allSatisfy { $0.optional })
    }

    @Test func userFolderFallsBackOnHomeAndIgnoresARelativeXDGDataHome() {
        let entries = StandardPluginFolders.entries(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"], executableDirectory: nil)
        #expect(entries.first?.path == "/home/ann/.local/share/transition-catalog/plugins")
        #expect(StandardPluginFolders.entries(environment: [:], executableDirectory: nil).map(\.origin) == ["system", "system"])
    }

    @Test func prefixOnlyForAnExecutableInABinDirectoryAndEachFolderOnce() {
        #expect(StandardPluginFolders.installPrefix(executableDirectory: "/work/.build/debug") == nil)
        #expect(StandardPluginFolders.installPrefix(executableDirectory: "/usr/local/bin/") == "/usr/local")
        let entries = StandardPluginFolders.entries(environment: [:], executableDirectory: "/usr/local/bin")
        #expect(entries.map(\.path) == ["/usr/local/lib/transition-catalog/plugins", "/usr/lib/transition-catalog/plugins"])
        #expect(entries.first?.origin == "prefix")
    }

    @Test func standardFoldersComeAfterTheEnvironmentAndBeforeTheBuiltInsAndAMissingOneIsNoError() throws {
        let dir = try FixturePlugins.directory(with: ["shadows_fade"])
        let folders = StandardPluginFolders.entries(environment: ["XDG_DATA_HOME": dir + "/absent"], executableDirectory: nil)
        let path = PluginSearchPath(
            explicit: [dir], environment: ["TRANSITION_ANIMATOR_PATH": "/nonexistent"], standardFolders: folders,
            builtInDirectory: TestEnvironment.productsDirectory)
        let origins = path.entries.map(\.origin)
        #expect(Array(origins.prefix(5)) == ["--plugin-path", "TRANSITION_ANIMATOR_PATH", "user", "system", "system"])
        #expect(origins.count >= 6 && origins.dropFirst(5).allSatisfy { $0 == "built-in" }, "the package's plugin libraries come last")
        let catalog = PluginCatalog.load(path)
        #expect(catalog.unreadable.map(\.path) == ["/nonexistent"], "only the named path that is missing is reported")
        #expect(catalog.animator("fade")?.library.info.id == "org.example.shadow")
    }

    @Test func builtInsComeFromTheBuildDirectoryOrTheInstalledLayout() throws {
        let built = TestEnvironment.productsDirectory
        #expect(StandardPluginFolders.builtInDirectory(executableDirectory: built) == built)
        let prefix = TestEnvironment.temporaryDirectory + "/layout-\(UUID().uuidString.prefix(8))"
        let builtins = prefix + "/lib/transition-catalog/builtins"
        try FileManager.default.createDirectory(atPath: builtins, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        #expect(StandardPluginFolders.builtInDirectory(executableDirectory: prefix + "/bin") == prefix + "/bin",
                "without an installed library the executable's directory is kept, so the error names it")
        try FileManager.default.copyItem(atPath: TestEnvironment.builtinPlugin, toPath: builtins + "/" + PluginSearchPath.builtInLibraryName)
        #expect(StandardPluginFolders.builtInDirectory(executableDirectory: prefix + "/bin") == builtins)
    }
}

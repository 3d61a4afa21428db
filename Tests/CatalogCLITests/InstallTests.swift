import Foundation
import Testing
import TestSupport

/// `scripts/install` into a temporary prefix, then a C plugin built with nothing but the
/// pkg-config file's flags and found by the installed `catalog` without any path flag.
@Suite struct InstallTests {
    /// A fresh, empty prefix directory.
    static func temporaryPrefix() -> String {
        TestEnvironment.temporaryDirectory + "/prefix-\(UUID().uuidString.prefix(8))"
    }

    /// Runs `scripts/install` with the built products of this test run.
    static func install(prefix: String, buildDirectory: String = TestEnvironment.productsDirectory) throws -> ProcessResult {
        try runProcess(
            "/usr/bin/env", ["bash", TestEnvironment.packageRoot.appendingPathComponent("scripts/install").path],
            environment: ["PREFIX": prefix, "CATALOG_BUILD_DIR": buildDirectory])
    }

    /// pkg-config, reading only the installed prefix's files.
    static func pkgConfig(_ arguments: [String], prefix: String) throws -> ProcessResult {
        try runProcess(
            "/usr/bin/env", ["pkg-config"] + arguments,
            environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "PKG_CONFIG_LIBDIR": prefix + "/lib/pkgconfig"])
    }

    @Test func installedHeaderAndPkgConfigBuildAPluginThatCatalogFindsWithoutAPathFlag() throws {
        let prefix = Self.temporaryPrefix()
        let installed = try Self.install(prefix: prefix)
        #expect(installed.status == 0, "scripts/install failed: \(installed.stderr)")
        let fm = FileManager.default
        for file in [
            "bin/catalog", "bin/catalog-worker", "lib/transition-catalog/builtins/libCatalogPlugins.so", "include/transition_catalog.h",
            "lib/pkgconfig/transition-catalog.pc", "lib/cmake/TransitionCatalog/TransitionCatalogConfig.cmake",
            "lib/cmake/TransitionCatalog/TransitionCatalogConfigVersion.cmake",
            "share/transition-catalog/sdk/rust/transition-catalog-sys/build.rs",
            "share/transition-catalog/sdk/swift/Sources/CTransitionCatalog/transition_catalog.h",
        ] {
            #expect(fm.fileExists(atPath: prefix + "/" + file), "scripts/install did not install \(file)")
        }

        let flags = try Self.pkgConfig(["--cflags", "--libs", "transition-catalog"], prefix: prefix)
        try #require(flags.status == 0, "pkg-config does not know transition-catalog: \(flags.stderr)")
        #expect(flags.stdout.contains("-I\(prefix)/include"))
        let version = try Self.pkgConfig(["--modversion", "transition-catalog"], prefix: prefix)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("1."))
        let pluginDirectory = try Self.pkgConfig(["--variable=plugindir", "transition-catalog"], prefix: prefix)
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(pluginDirectory == prefix + "/lib/transition-catalog/plugins")

        // Only the pkg-config flags: no -I into the source tree.
        let source = TestEnvironment.packageRoot.appendingPathComponent("Examples/minimal_fade.c").path
        let library = pluginDirectory + "/libminimal_fade.so"
        let compiled = try runProcess(
            "/usr/bin/env",
            [TestEnvironment.cCompiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"]
                + flags.stdout.split(separator: " ").map(String.init).filter { !$0.contains("\n") && !$0.isEmpty }
                + [source, "-o", library])
        try #require(compiled.status == 0, "the example does not build with the pkg-config flags: \(compiled.stderr)")

        let catalog = prefix + "/bin/catalog"
        let listed = try runProcess(catalog, ["list", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let plugins = try #require(try CLI.jsonObject(listed.stdout)["plugins"] as? [[String: Any]])
        let byID = Dictionary(plugins.compactMap { p in ((p["plugin"] as? [String: Any])?["id"] as? String).map { ($0, p) } }, uniquingKeysWith: { a, _ in a })
        #expect(byID["org.example.minimal"]?["origin"] as? String == "prefix")
        #expect(byID["org.example.minimal"]?["path"] as? String == library)
        #expect(byID[CLI.builtinPluginID]?["origin"] as? String == "built-in")
        #expect((byID[CLI.builtinPluginID]?["path"] as? String)?.hasPrefix(prefix + "/lib/transition-catalog/builtins/") == true)

        let validated = try runProcess(catalog, ["validate", "minimal-fade"])
        #expect(validated.status == 0, "validate of the installed plugin failed: \(validated.stdout) \(validated.stderr)")
        #expect(validated.stdout.contains("PASS"))

        // The installed catalog loads plugins in the catalog-worker beside it: a worker that exits
        // at once makes every plugin an error. Without the worker, catalog is its own worker.
        let worker = prefix + "/bin/catalog-worker"
        try fm.removeItem(atPath: worker)
        try "#!/bin/sh\nexit 3\n".write(toFile: worker, atomically: false, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: worker)
        let broken = try runProcess(catalog, ["list", "--no-cache"])
        // The worker exits before or after it took its request; either way the file is named.
        let named = broken.stderr.contains("exit status 3") || broken.stderr.contains("cannot hand the worker \(worker) its request")
        #expect(broken.status == 1 && named, "catalog did not start bin/catalog-worker: \(broken.stderr)")
        try fm.removeItem(atPath: worker)
        let alone = try runProcess(catalog, ["list", "--no-cache"])
        #expect(alone.status == 0, "catalog without catalog-worker: \(alone.stderr)")
        #expect(alone.stdout.contains("minimal-fade"))
    }

    @Test func installRefusesARelativePrefixAndABuildDirectoryWithoutTheTool() throws {
        let relative = try Self.install(prefix: "relative/prefix")
        #expect(relative.status != 0)
        #expect(relative.stderr.contains("PREFIX must be an absolute path"))
        #expect(!FileManager.default.fileExists(atPath: "relative/prefix"))

        let empty = TestEnvironment.temporaryDirectory + "/empty-build-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let prefix = Self.temporaryPrefix()
        let missing = try Self.install(prefix: prefix, buildDirectory: empty)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("holds no built catalog"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/catalog"))
    }
}

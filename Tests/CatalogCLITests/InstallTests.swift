import Foundation
import PluginHost
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
            "share/transition-catalog/web/transition-catalog.js",
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

        // The installed catalog finds the installed web host for a .wasm animator's live page.
        let page = prefix + "/cube.html"
        let previewed = try runProcess(catalog, [
            "preview", "push", "cube", "--plugin-path", try WasmFixtures.swiftBuiltins(), "--no-builtins", "--format", "html", "--out", page,
        ])
        #expect(previewed.status == 0 && !previewed.stderr.contains("warning"), "\(previewed.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("id=\"module\"") && html.contains("async function loadPlugin"), "the installed catalog wrote a page that is not live")

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

    /// The host API from an installed prefix, as docs/embedding.md tells an app to build it: the
    /// build line in Examples/embed.c's comment (pkg-config) and a CMake project linking
    /// `TransitionCatalog::Host` each build the guide's C program with nothing from the source
    /// tree, and each build runs against the installed library, which finds the installed
    /// built-ins with no plugin path and plays slide frame by frame.
    @Test func theEmbeddingGuidesCProgramBuildsAndRunsFromAnInstall() throws {
        let prefix = Self.temporaryPrefix()
        let installed = try Self.install(prefix: prefix)
        try #require(installed.status == 0, "scripts/install failed: \(installed.stderr)")
        let flags = try Self.pkgConfig(["--cflags", "--libs", "transition-catalog-host"], prefix: prefix)
        try #require(flags.status == 0, "pkg-config does not know transition-catalog-host: \(flags.stderr)")
        #expect(flags.stdout.contains("-I\(prefix)/include") && flags.stdout.contains("-L\(prefix)/lib") && flags.stdout.contains("-lTransitionCatalogHost"), "\(flags.stdout)")

        let dir = prefix + "/app"
        try FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
        let example = TestEnvironment.packageRoot.appendingPathComponent("Examples/embed.c").path
        try FileManager.default.copyItem(atPath: example, toPath: dir + "/embed.c")
        try FileManager.default.copyItem(atPath: example, toPath: dir + "/src/embed.c")
        let source = try String(contentsOfFile: example, encoding: .utf8)
        let buildLine = try #require(
            source.split(separator: "\n").first { $0.hasPrefix(" * Build: ") }.map { String($0.dropFirst(" * Build: ".count)) },
            "Examples/embed.c has no build line")
        #expect(buildLine.contains("pkg-config --cflags --libs transition-catalog-host"))
        let pkgConfigEnvironment = ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "PKG_CONFIG_LIBDIR": prefix + "/lib/pkgconfig", "CC": TestEnvironment.cCompiler]
        let built = try runProcess("/bin/sh", ["-c", buildLine.replacingOccurrences(of: "cc ", with: "$CC -Wall -Wextra -Werror ", options: .anchored)],
                                   environment: pkgConfigEnvironment, directory: dir)
        try #require(built.status == 0, "the guide's build line failed: \(buildLine): \(built.stderr)")

        let cmakeList = """
            cmake_minimum_required(VERSION 3.16)
            project(embed C)
            find_package(TransitionCatalog 1.1 REQUIRED)
            add_executable(embed embed.c)
            target_link_libraries(embed PRIVATE TransitionCatalog::Host)
            """
        try cmakeList.write(toFile: dir + "/src/CMakeLists.txt", atomically: true, encoding: .utf8)
        let cmake = try #require(InstalledProjectTests.cmake, "cmake is not installed")
        let configured = try InstalledProjectTests.runCMake(cmake, ["-S", dir + "/src", "-B", dir + "/cmake", "-DCMAKE_PREFIX_PATH=" + prefix, "-DCMAKE_C_COMPILER=" + TestEnvironment.cCompiler])
        try #require(configured.status == 0, "cmake could not configure with TransitionCatalog::Host: \(configured.stdout)\(configured.stderr)")
        let cmakeBuilt = try InstalledProjectTests.runCMake(cmake, ["--build", dir + "/cmake"])
        try #require(cmakeBuilt.status == 0, "cmake could not build with TransitionCatalog::Host: \(cmakeBuilt.stdout)\(cmakeBuilt.stderr)")

        for program in [dir + "/embed", dir + "/cmake/embed"] {
            let linked = try runProcess("/usr/bin/env", ["ldd", program])
            #expect(linked.stdout.contains("libTransitionCatalogHost.so => \(prefix)/lib/libTransitionCatalogHost.so"), "\(program) does not load the installed library: \(linked.stdout)")
            let run = try runProcess(program, [], environment: ["HOME": dir, "XDG_DATA_HOME": dir + "/data"], directory: dir)
            #expect(run.status == 0, "\(program): \(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "host API \(try Self.headerVersion("transition_catalog_host.h", "TCH_API_VERSION", ["MAJOR", "MINOR"]))", "\(run.stdout)")
            #expect(lines.contains("push home -> detail with org.transitioncatalog.builtins:slide for 0.200 s"), "\(run.stdout)")
            let frames = lines.filter { $0.hasPrefix("t=") }
            #expect(frames.count == 13, "\(run.stdout)")
            #expect(frames.first == "t=0.000 progress=0.000 | home x=0.0 alpha=1.00 | detail x=390.0 alpha=1.00", "\(run.stdout)")
            #expect(frames.last?.hasPrefix("t=0.200 progress=1.000 | home x=") == true && frames.last?.hasSuffix("| detail x=0.0 alpha=1.00") == true, "\(run.stdout)")
            #expect(lines.last == "finished=1 at rest: detail", "\(run.stdout)")
        }
    }

    /// `catalog --version`, the installed pkg-config files and the installed library tell one
    /// story: the plugin ABI of transition_catalog.h is transition-catalog.pc's Version, and the
    /// host API of transition_catalog_host.h is transition-catalog-host.pc's Version and what
    /// tch_api_version() returns; `catalog --version` names both after the release.
    @Test func catalogVersionThePkgConfigFilesAndTheHostLibraryAgree() throws {
        let prefix = Self.temporaryPrefix()
        let installed = try Self.install(prefix: prefix)
        try #require(installed.status == 0, "scripts/install failed: \(installed.stderr)")
        let abi = try Self.headerVersion("transition_catalog.h", "TC_ABI_VERSION", ["MAJOR", "MINOR", "PATCH"])
        let hostAPI = try Self.headerVersion("transition_catalog_host.h", "TCH_API_VERSION", ["MAJOR", "MINOR"])

        let version = try runProcess(prefix + "/bin/catalog", ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "\(HostInfo.version) (plugin ABI \(abi), host API \(hostAPI))\n", "\(version.stdout)")
        func modversion(_ package: String) throws -> String {
            try Self.pkgConfig(["--modversion", package], prefix: prefix).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try modversion("transition-catalog") == abi)
        #expect(try modversion("transition-catalog-host") == hostAPI)

        let dir = prefix + "/version"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            #include <stdio.h>
            #include "transition_catalog_host.h"
            int main(void) {
                printf("%u.%u %u.%u\\n", tch_api_version() / 1000, tch_api_version() % 1000,
                       TCH_API_VERSION_MAJOR, TCH_API_VERSION_MINOR);
                return 0;
            }
            """.write(toFile: dir + "/version.c", atomically: true, encoding: .utf8)
        let flags = try Self.pkgConfig(["--cflags", "--libs", "transition-catalog-host"], prefix: prefix).stdout
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let built = try runProcess("/usr/bin/env", [TestEnvironment.cCompiler, dir + "/version.c"] + flags + ["-o", dir + "/version"])
        try #require(built.status == 0, "\(built.stderr)")
        let printed = try runProcess(dir + "/version", [])
        #expect(printed.stdout == "\(hostAPI) \(hostAPI)\n", "the installed library and header disagree with catalog --version: \(printed.stdout)")
    }

    /// A version a header of include/ spells in `#define NAME_PART N` lines, parts joined by dots.
    static func headerVersion(_ header: String, _ name: String, _ parts: [String]) throws -> String {
        let text = try String(contentsOfFile: TestEnvironment.includeDirectory + "/" + header, encoding: .utf8)
        let lines = text.split(separator: "\n")
        return try parts.map { part in
            let prefix = "#define \(name)_\(part) "
            let line = try #require(lines.first { $0.hasPrefix(prefix) }, "\(header) has no \(prefix)")
            return String(line.dropFirst(prefix.count).prefix { $0.isNumber })
        }.joined(separator: ".")
    }
}

import Foundation
import Testing
import TestSupport

/// What a user does after the documented install: `catalog new` from the installed tool and that
/// project's `make test` in C, Swift and Rust, and a C plugin built through the installed CMake package config.
@Suite struct InstalledProjectTests {
    /// cmake, when it is installed (scripts/packages.sh lists it for the tests).
    static let cmake: String? = ["/usr/bin/cmake", "/usr/local/bin/cmake"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A fresh prefix with the products of this test run installed in it.
    static func installedPrefix() throws -> String {
        let prefix = InstallTests.temporaryPrefix()
        let installed = try InstallTests.install(prefix: prefix)
        try #require(installed.status == 0, "scripts/install failed: \(installed.stderr)")
        return prefix
    }

    /// The environment of a user whose PATH and pkg-config see `prefix`.
    static func userEnvironment(_ prefix: String) -> [String: String] {
        ["PATH": prefix + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
         "PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
    }

    /// The languages `catalog new` writes, each with what its build needs.
    static let languages: [String] = ["c", "swift"] + (RustSDK.cargo != nil ? ["rust"] : [])

    /// The documented path, as the "done means" puts it: install, then `catalog new hello
    /// --lang X` with the installed tool, then the project's `make test`, with nothing from the
    /// source tree. (Without cargo the Rust project is not built; `RustSDKTests` says so.)
    @Test(arguments: languages)
    func theInstalledCatalogMakesAProjectWhoseTestPasses(language: String) throws {
        let prefix = try Self.installedPrefix()
        let name = "hello-\(language)"
        let dir = try NewCommandTests.workspace() + "/" + name
        let env = Self.userEnvironment(prefix)
        let made = try runProcess(prefix + "/bin/catalog", ["new", name, "--lang", language, "--dir", dir], environment: env)
        try #require(made.status == 0, "catalog new failed: \(made.stderr)")
        let makefile = try String(contentsOfFile: dir + "/Makefile", encoding: .utf8)
        #expect(makefile.contains("CATALOG ?= \(prefix)/bin/catalog"), "the project runs the installed tool: \(makefile)")
        let root = TestEnvironment.packageRoot.path
        for file in try FileManager.default.subpathsOfDirectory(atPath: dir) {
            guard let text = try? String(contentsOfFile: dir + "/" + file, encoding: .utf8) else { continue }
            #expect(!text.contains(root), "\(file) needs the source tree: \(text.prefix(1500))")
        }
        var buildEnvironment = env
        if language == "rust", let cargo = RustSDK.cargo {
            buildEnvironment["PATH"] = (cargo as NSString).deletingLastPathComponent + ":" + env["PATH"]!
            buildEnvironment["CARGO_NET_OFFLINE"] = "true"
        }
        let tested = try runProcess("/usr/bin/env", ["make", "-C", dir, "test"], environment: buildEnvironment)
        #expect(tested.status == 0, "make test failed: \(tested.stdout.suffix(3000))\(tested.stderr.suffix(2000))")
        if language == "c" {
            #expect(tested.stdout.contains("-I\(prefix)/include"), "the header came from pkg-config: \(tested.stdout.prefix(2000))")
        }
        #expect(tested.stdout.contains("PASS    org.example.\(name):\(name)"), "\(tested.stdout.suffix(3000))")
    }

    /// Runs cmake with no signal blocked: the test runner's threads block SIGCHLD, a child inherits
    /// that mask, and cmake (through libuv) waits for SIGCHLD to learn that its own children ended.
    static func runCMake(_ cmake: String, _ arguments: [String]) throws -> ProcessResult {
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        return try runProcess("/usr/bin/env", ["python3", "-c", unblocked, cmake] + arguments)
    }

    /// A CMake project that builds Examples/minimal_fade.c against `find_package(TransitionCatalog VERSION)`.
    static func cmakeProject(version: String) throws -> String {
        let dir = try NewCommandTests.workspace()
        let source = TestEnvironment.packageRoot.appendingPathComponent("Examples/minimal_fade.c").path
        try FileManager.default.copyItem(atPath: source, toPath: dir + "/minimal_fade.c")
        let lists = """
            cmake_minimum_required(VERSION 3.16)
            project(minimal_fade C)
            find_package(TransitionCatalog \(version) REQUIRED)
            add_library(minimal_fade MODULE minimal_fade.c)
            target_link_libraries(minimal_fade PRIVATE TransitionCatalog::Header)
            message(STATUS "plugin folder: ${TransitionCatalog_PLUGIN_DIR}")
            message(STATUS "catalog: ${TransitionCatalog_CATALOG_EXECUTABLE}")

            """
        try lists.write(toFile: dir + "/CMakeLists.txt", atomically: true, encoding: .utf8)
        return dir
    }

    @Test(.enabled(if: cmake != nil, "cmake is not installed (Debian: cmake; scripts/packages.sh lists it)"))
    func theCMakePackageConfigBuildsAPluginThatValidates() throws {
        let cmake = try #require(Self.cmake)
        let prefix = try Self.installedPrefix()
        let dir = try Self.cmakeProject(version: "1.0")
        let configured = try Self.runCMake(cmake, ["-S", dir, "-B", dir + "/build", "-DCMAKE_PREFIX_PATH=\(prefix)"])
        try #require(configured.status == 0, "cmake could not configure: \(configured.stdout.suffix(2000))\(configured.stderr.suffix(2000))")
        #expect(configured.stdout.contains("plugin folder: \(prefix)/lib/transition-catalog/plugins"), "\(configured.stdout)")
        #expect(configured.stdout.contains("catalog: \(prefix)/bin/catalog"), "\(configured.stdout)")
        let built = try Self.runCMake(cmake, ["--build", dir + "/build"])
        try #require(built.status == 0, "cmake --build failed: \(built.stdout.suffix(2000))\(built.stderr.suffix(2000))")
        let library = dir + "/build/libminimal_fade.so"
        #expect(FileManager.default.fileExists(atPath: library))
        let validated = try runProcess(prefix + "/bin/catalog", ["validate", library, "--only", "descriptor-*", "--only", "endpoints", "--size", "390x844"])
        #expect(validated.status == 0, "\(validated.stdout) \(validated.stderr)")

        // The version file refuses another major version.
        let future = try Self.cmakeProject(version: "2.0")
        let refused = try Self.runCMake(cmake, ["-S", future, "-B", future + "/build", "-DCMAKE_PREFIX_PATH=\(prefix)"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("compatible with requested version \"2.0\""), "\(refused.stderr)")
        #expect(refused.stderr.contains("TransitionCatalogConfig.cmake, version: 1."), "\(refused.stderr)")
    }
}

import Foundation
import Testing
import TestSupport

/// The Swift plugin SDK in `sdk/swift/`: a plugin package outside this one
/// (`Tests/Fixtures/SwiftPlugin`) uses it through `.package(path:)`, builds in Swift 6 mode with
/// warnings as errors, and passes `validate`, both on the shared Swift runtime and with the
/// standard library linked statically.
@Suite struct SwiftSDKTests {
    /// The plugin package.
    static var pluginPackage: String { TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/SwiftPlugin").path }

    /// Builds the plugin package into `scratch` and returns the library's path.
    static func buildPlugin(scratch: String, extra: [String] = []) throws -> String {
        let result = try runProcess(
            "/usr/bin/env",
            ["swift", "build", "--package-path", pluginPackage, "--scratch-path", scratch, "-Xswiftc", "-warnings-as-errors"] + extra)
        try #require(result.status == 0, "the Swift plugin does not build: \(result.stdout.suffix(3000))\(result.stderr.suffix(2000))")
        return scratch + "/debug/libCardStack.so"
    }

    @Test func pluginBuiltFromAnotherPackagePassesValidate() throws {
        let library = try Self.buildPlugin(scratch: TestEnvironment.productsDirectory + "/swift-plugin-build")
        let result = try CLI.run(["validate", library, "--no-builtins"])
        #expect(result.status == 0, "validate failed: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS    org.example.cards:card-stack"))
        #expect(!result.stdout.contains("FAIL"))
    }

    @Test func pluginWithTheStandardLibraryLinkedStaticallyNeedsNoSwiftRuntimeAndPassesValidate() throws {
        let library = try Self.buildPlugin(scratch: TestEnvironment.productsDirectory + "/swift-plugin-static-build", extra: ["-Xswiftc", "-static-stdlib"])
        let needed = try runProcess("/usr/bin/env", ["readelf", "-d", library])
        #expect(needed.status == 0)
        #expect(!needed.stdout.contains("libswiftCore"), "the static build still needs the Swift runtime: \(needed.stdout)")
        let result = try CLI.run(["validate", library, "--no-builtins"])
        #expect(result.status == 0, "validate failed: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS    org.example.cards:card-stack"))
    }
}

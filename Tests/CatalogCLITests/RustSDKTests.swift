import Foundation
import Testing
import TestSupport

/// The Rust SDK in `sdk/rust/`: the example plugin builds with cargo and passes `validate`, and
/// the `-sys` crate's build-time layout check refuses bindings that differ from the header.
@Suite(.enabled(if: RustSDK.cargo != nil, "cargo is not installed (https://rustup.rs); the Rust SDK is not built or checked"))
struct RustSDKTests {
    @Test func examplePluginBuiltWithCargoPassesValidate() throws {
        let cargo = try #require(RustSDK.cargo)
        let built = try RustSDK.build(cargo, ["build", "--offline", "-p", "hello-fade"], targetDirectory: RustSDK.targetDirectory)
        try #require(built.status == 0, "cargo build failed: \(built.stderr)")
        let library = RustSDK.targetDirectory + "/debug/libhello_fade.so"
        let result = try CLI.run(["validate", library, "--no-builtins"])
        #expect(result.status == 0, "validate failed: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS    org.example.hello-rust:hello-fade"))
        #expect(!result.stdout.contains("FAIL"))
    }

    @Test func layoutCheckFailsTheBuildWhenTheHeaderDisagrees() throws {
        let cargo = try #require(RustSDK.cargo)
        let header = try String(contentsOfFile: TestEnvironment.includeDirectory + "/transition_catalog.h", encoding: .utf8)
        let original = "    double corner_radius;      /* points, >= 0 */"
        try #require(header.contains(original), "the header's tc_view_state_t.corner_radius line changed; update this test")
        let broken = TestEnvironment.temporaryDirectory + "/broken-header-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        // The C compiler's own layout check is turned off, so the copy compiles and only the Rust check can object.
        try header.replacingOccurrences(of: original, with: "    float corner_radius;")
            .replacingOccurrences(of: "__STDC_VERSION__ >= 201112L", with: "__STDC_VERSION__ >= 999999L")
            .write(toFile: broken + "/transition_catalog.h", atomically: true, encoding: .utf8)

        let result = try RustSDK.build(
            cargo, ["build", "--offline", "-p", "transition-catalog-sys"], targetDirectory: broken + "/target",
            environment: ["TRANSITION_CATALOG_INCLUDE": broken])
        #expect(result.status != 0, "the bindings built against a header with a different layout")
        #expect(result.stderr.contains("layout differs from transition_catalog.h: offsetof(tc_view_state_t, z_index) is 172 in C"), "\(result.stderr.suffix(2000))")
    }
}

/// Where cargo is and how the tests run it.
enum RustSDK {
    /// cargo on the PATH, else in `~/.cargo/bin`.
    static let cargo: String? = {
        if let found = ExternalTools.findOnPath("cargo") { return found }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        let rustup = home + "/.cargo/bin/cargo"
        return FileManager.default.isExecutableFile(atPath: rustup) ? rustup : nil
    }()

    /// The cargo workspace.
    static var workspace: String { TestEnvironment.packageRoot.appendingPathComponent("sdk/rust").path }

    /// Cargo's target directory, inside the build tree so repeated runs reuse it.
    static var targetDirectory: String { TestEnvironment.productsDirectory + "/cargo-target" }

    /// Runs cargo in the workspace.
    static func build(_ cargo: String, _ arguments: [String], targetDirectory: String, environment: [String: String] = [:]) throws -> ProcessResult {
        var env = environment
        env["CARGO_TARGET_DIR"] = targetDirectory
        return try runProcess(cargo, arguments + ["--manifest-path", workspace + "/Cargo.toml"], environment: env)
    }
}

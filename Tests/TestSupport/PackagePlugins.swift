import Foundation

/// The plugin libraries the package ships: the built-in Swift one, the one written in C that
/// SwiftPM builds, and the one written in Rust that `scripts/build-rust-plugin` builds with cargo.
public enum PackagePlugins {
    /// The C plugin library, built by `swift build`.
    public static var cPlugin: String { TestEnvironment.productsDirectory + "/libCatalogPluginsC.so" }

    /// Why the Rust plugin cannot be built here, or nil when cargo is on the PATH.
    public static var rustUnavailableReason: String? {
        ExternalTools.findOnPath("cargo") == nil ? "cargo is not on PATH, so the Rust plugin (plugins/rust) is not built" : nil
    }

    /// The Rust plugin, built once per test process by `scripts/build-rust-plugin` into a
    /// directory of its own; the failure carries the script's output.
    public static let rustPlugin: Result<String, FixturePlugins.BuildError> = {
        let dir = TestEnvironment.productsDirectory + "/test-fixtures/\(getpid())/rust"
        let script = TestEnvironment.packageRoot.appendingPathComponent("scripts/build-rust-plugin").path
        do {
            let result = try runProcess("/bin/sh", [script, "--bin-path", dir])
            guard result.status == 0 else {
                return .failure(FixturePlugins.BuildError(description: "scripts/build-rust-plugin failed: \(result.stdout)\(result.stderr)"))
            }
            return .success(dir + "/libcatalog_web_transitions.so")
        } catch {
            return .failure(FixturePlugins.BuildError(description: "\(error)"))
        }
    }()

    /// The Rust fixture plugin `Tests/Fixtures/Rust/panics_in_step`, built once per test process
    /// with cargo (offline, release) against the project's SDK; the path of its library.
    public static let panicsInStep: Result<String, FixturePlugins.BuildError> = rustFixture("panics_in_step")

    /// Builds the Rust fixture `Tests/Fixtures/Rust/NAME` into a directory of this test process.
    private static func rustFixture(_ name: String) -> Result<String, FixturePlugins.BuildError> {
        let manifest = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/Rust/\(name)/Cargo.toml").path
        let target = TestEnvironment.productsDirectory + "/test-fixtures/\(getpid())/rust-\(name)"
        guard let cargo = ExternalTools.findOnPath("cargo") else {
            return .failure(FixturePlugins.BuildError(description: rustUnavailableReason ?? "cargo is not on PATH"))
        }
        do {
            let result = try runProcess(cargo, ["build", "--offline", "--release", "--quiet", "--manifest-path", manifest, "--target-dir", target])
            guard result.status == 0 else {
                return .failure(FixturePlugins.BuildError(description: "cargo build of \(name) failed: \(result.stdout)\(result.stderr)"))
            }
            return .success(target + "/release/lib\(name).so")
        } catch {
            return .failure(FixturePlugins.BuildError(description: "\(error)"))
        }
    }
}

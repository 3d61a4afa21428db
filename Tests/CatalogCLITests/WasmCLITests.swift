import Foundation
import PluginHost
import Testing
import TestSupport

/// `.wasm` plugins through every command: listed beside native ones, validated with no worker
/// process, and a module that loops, traps or lies is named by each command, which goes on.
@Suite("wasm plugins in the commands")
struct WasmCLITests {
    /// The tests' fuel per call, so an endless loop is spent quickly in a debug build.
    static let fuel = ["TRANSITION_CATALOG_WASM_FUEL": String(WasmFixtures.testFuel)]

    @Test func listShowsWasmAnimatorsBesideNativeOnes() throws {
        let wasm = try WasmFixtures.path("counts_transitions")
        let json = try CLI.run(["list", "--json", "--no-cache", "--plugin-path", wasm], environment: Self.fuel)
        #expect(json.status == 0, "\(json.stderr)")
        let plugins = try #require(try CLI.jsonObject(json.stdout)["plugins"] as? [[String: Any]])
        #expect(plugins.first { $0["path"] as? String == wasm }?["door"] as? String == "wasm")
        #expect(plugins.contains { ($0["path"] as? String)?.hasSuffix(CLI.builtinPluginFile) == true && $0["door"] as? String == "native" })
        let text = try CLI.run(["list", "--no-cache", "--plugin-path", wasm], environment: Self.fuel)
        #expect(text.stdout.contains("hostile") && text.stdout.contains("counts_transitions.wasm"))
        #expect(text.stdout.contains(CLI.listSummary(extraAnimators: 1, extraPlugins: 1) + " (1 sandboxed: WebAssembly, run in this process)"), "\(text.stdout)")
    }

    /// `validate x.wasm` runs every check in its own process: beside a copy of `catalog` whose
    /// `catalog-worker` only leaves a mark, it passes and no mark appears.
    @Test func validateRunsEveryCheckWithNoWorker() throws {
        let dir = TestEnvironment.temporaryDirectory + "/wasm-validate-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: TestEnvironment.catalogExecutable, toPath: dir + "/catalog")
        let worker = dir + "/catalog-worker"
        try "#!/bin/sh\ntouch '\(dir)/worker-started'\nexit 1\n".write(toFile: worker, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: worker)
        let run = try runProcess(
            dir + "/catalog", ["validate", "--json", "--no-builtins", "--size", "390x844", try WasmFixtures.cBuiltins()], environment: Self.fuel)
        CLI.expectNoCrash(run)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let rows = try #require(try CLI.jsonObject(run.stdout)["results"] as? [[String: Any]])
        #expect(rows.count == ContractSuite.pluginChecks.count + 3 * ContractSuite.animatorChecks.count)
        #expect(!rows.contains { ["FAIL", "CRASH", "TIMEOUT", "SKIP"].contains($0["status"] as? String ?? "") })
        let loading = try #require(rows.first { $0["check"] as? String == "loading" })
        #expect((loading["details"] as? [String])?.first?.hasPrefix("sandboxed: a WebAssembly module, run in this process with no worker") == true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/worker-started"), "validate started a worker for a wasm plugin")
    }

    /// A module that faults while running: preview and export name the call and exit 1,
    /// validate reports TIMEOUT or CRASH for the checks that reach the fault.
    @Test(arguments: [
        ("loop_step", "TIMEOUT", "wasm step at progress 0.75: did not return within its budget"),
        ("loop_setup", "TIMEOUT", "wasm setup: did not return within its budget"),
        ("unreachable", "CRASH", "wasm step at progress 0.75: trapped: unreachable"),
        ("grow_memory", "CRASH", "wasm setup: grew its linear memory past the sandbox's cap"),
    ])
    func aFaultIsNamedByEveryCommand(_ fixture: String, _ status: String, _ message: String) throws {
        let path = try WasmFixtures.path(fixture)
        let preview = try CLI.run(["preview", "push", "hostile", "--no-builtins", "--plugin-path", path, "--frames", "5"], environment: Self.fuel)
        CLI.expectNoCrash(preview)
        #expect(preview.status == 1 && preview.stderr.contains(message), "\(preview.stderr)")
        let out = TestEnvironment.temporaryDirectory + "/\(fixture)-\(UUID().uuidString.prefix(8)).css"
        let export = try CLI.run(["export", "web", "hostile", "push", "--no-builtins", "--plugin-path", path, "--out", out], environment: Self.fuel)
        CLI.expectNoCrash(export)
        #expect(export.status == 1 && export.stderr.contains("wasm "), "\(export.stderr)")
        let validate = try CLI.run(
            ["validate", "--json", "--no-builtins", "--size", "390x844", "--only", "continuity", path], environment: Self.fuel)
        CLI.expectNoCrash(validate)
        #expect(validate.status == 1)
        let rows = try #require(try CLI.jsonObject(validate.stdout)["results"] as? [[String: Any]])
        let continuity = try #require(rows.first { $0["check"] as? String == "continuity" })
        #expect(continuity["status"] as? String == status, "\(continuity)")
        let detail = (continuity["details"] as? [String])?.first ?? ""
        // The validator's step that meets the fault is the first sample past halfway.
        let parts = message.components(separatedBy: " at progress 0.75")
        #expect(parts.allSatisfy { detail.contains($0) }, "\(detail)")
    }

    /// A module that cannot be a plugin is named with its reason by list and validate.
    @Test(arguments: [
        ("wasi_import", "imports `wasi_snapshot_preview1."),
        ("pointer_past_memory", "lies outside the module's"),
        ("not_wasm", "not a WebAssembly module"),
        ("huge", "the module is 64 MiB"),
    ])
    func aBrokenModuleIsNamedByListAndValidate(_ fixture: String, _ reason: String) throws {
        let path = try WasmFixtures.path(fixture)
        let list = try CLI.run(["list", "--no-cache", "--no-builtins", "--plugin-path", path], environment: Self.fuel)
        CLI.expectNoCrash(list)
        #expect(list.status == 1 && list.stderr.contains("\(fixture).wasm") && list.stderr.contains(reason), "\(list.stderr)")
        let validate = try CLI.run(["validate", "--no-builtins", path], environment: Self.fuel)
        CLI.expectNoCrash(validate)
        #expect(validate.status == 1 && validate.stdout.contains(reason), "\(validate.stdout)")
    }
}

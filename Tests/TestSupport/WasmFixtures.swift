import Foundation

/// The wasm plugins of the tests, built once per test process with `scripts/wasm-cc` (the
/// toolchain's clang and wasm-ld over Debian's wasi-libc), as an author builds one: the C
/// built-ins' wasm build, and the hostile modules of `Tests/Fixtures/Wasm/hostile.c`.
public enum WasmFixtures {
    /// The hostile modules by name, with the `HOSTILE_MODE` each is built with.
    public static let hostile: [(name: String, mode: Int)] = [
        ("loop_duration", 1), ("loop_setup", 2), ("loop_step", 3), ("grow_memory", 4), ("oob_store", 5),
        ("unreachable", 6), ("recursion", 7), ("wasi_import", 8), ("unknown_import", 9), ("lying_count", 10),
        ("pointer_past_memory", 11), ("unterminated_string", 12), ("bad_service_pointer", 13), ("counts_transitions", 14),
        ("counts_in_wasm_global", 15), ("counts_by_growing", 16), ("counts_in_table", 17),
    ]

    /// The fuel per call the tests give hostile modules (`TRANSITION_CATALOG_WASM_FUEL`): enough
    /// for every well-behaved animator here, and spent by an endless loop in a fraction of a
    /// second even in a debug build.
    public static let testFuel: UInt64 = 2_000_000

    /// The folder holding every module built (`NAME.wasm`; `binding10_counts` is
    /// `counts_transitions` built against the saved header of wasm binding 1.0), with two that
    /// are not modules:
    /// `not_wasm.wasm` (text) and `huge.wasm` (a 64 MiB file with a wasm header).
    public static let directory: Result<String, FixturePlugins.BuildError> = {
        let fm = FileManager.default
        let dir = TestEnvironment.productsDirectory + "/test-fixtures/\(getpid())/wasm"
        try? fm.removeItem(atPath: dir)
        do {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let script = TestEnvironment.packageRoot.appendingPathComponent("scripts/wasm-cc").path
            let source = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/Wasm/hostile.c").path
            for (name, mode) in hostile {
                let result = try runProcess("/bin/sh", [script, "-D", "HOSTILE_MODE=\(mode)", "-o", dir + "/\(name).wasm", source])
                guard result.status == 0 else { return .failure(.init(description: "\(name): \(result.stdout)\(result.stderr)")) }
            }
            // The transition counter built against the header of wasm binding 1.0 (no tc_wasm_heap).
            let header10 = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/Headers/1.1-wasm-1.0").path
            let old = try runProcess("/usr/bin/env", ["TC_INCLUDE=" + header10, "/bin/sh", script, "-D", "HOSTILE_MODE=14", "-o", dir + "/binding10_counts.wasm", source])
            guard old.status == 0 else { return .failure(.init(description: "binding10_counts: \(old.stdout)\(old.stderr)")) }
            let builtins = TestEnvironment.packageRoot.appendingPathComponent("scripts/build-wasm-plugins").path
            let built = try runProcess("/bin/sh", [builtins, "--bin-path", dir + "/builtins"])
            guard built.status == 0 else { return .failure(.init(description: "build-wasm-plugins: \(built.stdout)\(built.stderr)")) }
            try Data("this is not a module\n".utf8).write(to: URL(fileURLWithPath: dir + "/not_wasm.wasm"))
            _ = fm.createFile(atPath: dir + "/huge.wasm", contents: Data([0, 0x61, 0x73, 0x6D, 1, 0, 0, 0]))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/huge.wasm"))
            try handle.truncate(atOffset: 64 << 20)
            try handle.close()
            return .success(dir)
        } catch {
            return .failure(.init(description: "\(error)"))
        }
    }()

    /// The module `name` (without `.wasm`).
    public static func path(_ name: String) throws -> String {
        try directory.get() + "/\(name).wasm"
    }

    /// The C built-ins (`Sources/CatalogPluginsC`) built for the wasm door.
    public static func cBuiltins() throws -> String {
        try directory.get() + "/builtins/wasm/catalog-plugins-c.wasm"
    }

    /// The Swift built-ins (`Sources/CatalogPlugins`) built for the wasm door with Embedded Swift.
    public static func swiftBuiltins() throws -> String {
        try directory.get() + "/builtins/wasm/catalog-plugins.wasm"
    }
}

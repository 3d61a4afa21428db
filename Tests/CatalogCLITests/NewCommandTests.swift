import Foundation
import Testing
import TestSupport

/// `catalog new NAME --lang c|swift|rust`: the C project, made in the source tree, builds and its
/// `make test` passes `validate` as written; bad names and non-empty directories are refused with nothing written.
@Suite struct NewCommandTests {
    /// A fresh directory for projects.
    static func workspace() throws -> String {
        let dir = TestEnvironment.temporaryDirectory + "/new-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs `catalog new` and then the project's `make test`; returns make's result.
    static func makeAndTest(language: String, name: String) throws -> ProcessResult {
        let dir = try workspace() + "/" + name
        let made = try CLI.run(["new", name, "--lang", language, "--dir", dir])
        try #require(made.status == 0, "catalog new failed: \(made.stderr)")
        for file in ["Makefile", "README.md", "transitions.json"] {
            #expect(FileManager.default.fileExists(atPath: dir + "/" + file), "the \(language) project has no \(file)")
        }
        return try runProcess("/usr/bin/env", ["make", "-C", dir, "test"])
    }

    @Test func cProjectBuildsAndPassesValidate() throws {
        let result = try Self.makeAndTest(language: "c", name: "hello-c")
        #expect(result.status == 0, "make test failed: \(result.stdout.suffix(3000))\(result.stderr.suffix(2000))")
        #expect(result.stdout.contains("PASS    org.example.hello-c:hello-c"))
    }

    /// `--target wasm`: the same C source, built by the Makefile with the toolchain's clang and
    /// wasm-ld alone into a `.wasm` module, which `make test` validates sandboxed, with no worker.
    @Test func cWasmProjectBuildsAModuleAndPassesValidate() throws {
        let dir = try Self.workspace() + "/hello-wasm"
        let made = try CLI.run(["new", "hello-wasm", "--lang", "c", "--target", "wasm", "--dir", dir])
        try #require(made.status == 0, "catalog new failed: \(made.stderr)")
        let result = try runProcess("/usr/bin/env", ["make", "-C", dir, "test"], environment: WasmCLITests.fuel)
        #expect(result.status == 0, "make test failed: \(result.stdout.suffix(3000))\(result.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: dir + "/hello-wasm.wasm"))
        // Passed (a debug build's interpreter may leave step-cost a warning).
        #expect(result.stdout.contains("checks: ") && !result.stdout.contains("fail") && !result.stdout.contains("crash"))
        #expect(result.stdout.contains("sandboxed: a WebAssembly module, run in this process with no worker"))
        let refused = try CLI.run(["new", "x", "--lang", "rust", "--target", "wasm", "--dir", dir + "-rust"])
        #expect(refused.status != 0 && refused.stderr.contains("needs Rust's wasm32 standard library"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "-rust"))
    }

    /// `--lang swift --target wasm`: the Swift SDK and the animator compiled with Embedded Swift,
    /// linked with the header's binding by the toolchain's wasm-ld, and validated sandboxed. The
    /// same source is the one a native project gets.
    @Test func swiftWasmProjectBuildsAModuleAndPassesValidate() throws {
        let dir = try Self.workspace() + "/hello-swift-wasm"
        let made = try CLI.run(["new", "hello-swift-wasm", "--lang", "swift", "--target", "wasm", "--dir", dir])
        try #require(made.status == 0, "catalog new failed: \(made.stderr)")
        let result = try runProcess("/usr/bin/env", ["make", "-C", dir, "test"], environment: WasmCLITests.fuel)
        #expect(result.status == 0, "make test failed: \(result.stdout.suffix(3000))\(result.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: dir + "/hello-swift-wasm.wasm"))
        #expect(result.stdout.contains("checks: ") && !result.stdout.contains("fail") && !result.stdout.contains("crash"))
        #expect(result.stdout.contains("sandboxed: a WebAssembly module, run in this process with no worker"))
        #expect(result.stdout.contains("PASS    org.example.hello-swift-wasm:hello-swift-wasm") || result.stdout.contains("WARN    org.example.hello-swift-wasm:hello-swift-wasm"))
        let native = try Self.workspace() + "/hello-swift-native"
        _ = try CLI.run(["new", "hello-swift-wasm", "--lang", "swift", "--dir", native])
        let source = "/Sources/HelloSwiftWasm/HelloSwiftWasm.swift"
        #expect(try String(contentsOfFile: dir + source, encoding: .utf8) == String(contentsOfFile: native + source, encoding: .utf8))
    }

    // The Swift and Rust projects are built from an installed prefix, as a user builds them:
    // InstalledProjectTests.theInstalledCatalogMakesAProjectWhoseTestPasses.

    @Test(arguments: ["Hello", "hello_world", "hello world", "hello-", "hello--world", "9lives", "", String(repeating: "a", count: 41)])
    func badNamesAreRefusedAndNothingIsWritten(name: String) throws {
        let dir = try Self.workspace() + "/project"
        let result = try CLI.run(["new", name, "--lang", "c", "--dir", dir])
        #expect(result.status != 0)
        #expect(result.stderr.contains("is not a usable plugin name"))
        #expect(!FileManager.default.fileExists(atPath: dir))
    }

    /// A project directory that cannot be made (a path through a file) exits 73, as any output
    /// that cannot be written does, naming the path and what to do.
    @Test func aProjectThatCannotBeWrittenExits73() throws {
        let file = try Self.workspace() + "/a-file"
        try "x\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["new", "hello", "--lang", "c", "--dir", file + "/project"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write the project into \(file)/project") && result.stderr.contains("choose a --dir you can write"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x\n")
    }

    @Test func aNonEmptyDirectoryIsNeverOverwritten() throws {
        let dir = try Self.workspace()
        let kept = dir + "/Makefile"
        try "mine\n".write(toFile: kept, atomically: true, encoding: .utf8)
        let result = try CLI.run(["new", "hello", "--lang", "c", "--dir", dir])
        #expect(result.status != 0)
        #expect(result.stderr.contains("is not empty"))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Makefile"])

        let unknown = try CLI.run(["new", "hello", "--lang", "go", "--dir", dir + "/go"])
        #expect(unknown.status != 0 && unknown.stderr.contains("unknown language 'go'"))
    }
}

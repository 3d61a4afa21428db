import Foundation
import PluginHost
import TestSupport
import Testing

/// The README's plugin example is the file in Examples/, builds with the README's one line and
/// passes the contract suite.
@Suite struct ExampleTests {
    @Test func readmeShowsTheExampleFileVerbatim() throws {
        let readme = try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/minimal_fade.c"), encoding: .utf8)
        #expect(readme.contains("```c\n" + example + "```"))
    }

    @Test func exampleBuildsWithOneLineAndPasses() throws {
        let out = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("libminimal_fade-\(getpid()).so").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let build = try runProcess(
            "/usr/bin/env",
            [TestEnvironment.cCompiler, "-shared", "-fPIC", "-I", TestEnvironment.includeDirectory,
             TestEnvironment.packageRoot.appendingPathComponent("Examples/minimal_fade.c").path, "-o", out])
        #expect(build.status == 0, "\(build.stderr)")
        let results = ContractSuite().validate(path: out)
        #expect(results.contains { $0.subject == "org.example.minimal:minimal-fade" })
        for r in results { #expect(r.status == .pass, "\(r.check): \(r.details)") }
    }
}

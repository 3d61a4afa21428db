import Foundation
import Testing
import TestSupport

/// The fresh-machine contract: the README's two commands are what CI runs, the install lists
/// live in one place, the tool loads no graphics library unless it draws, and a tool without its
/// built-in library says so in every command.
@Suite("set-up and start-up")
struct SetupTests {
    /// The commands of the README's quick-start block, without their comments.
    static func quickStartCommands() throws -> [String] {
        let readme = try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Quick start"), "the README has no Quick start section")
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```sh\n"), "the Quick start has no sh block")
        let close = try #require(rest[open.upperBound...].range(of: "```"), "the sh block is not closed")
        return commands(in: String(rest[open.upperBound..<close.lowerBound]))
    }

    /// The non-empty lines of a shell text with comments and `set`/`cd` plumbing removed.
    static func commands(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            var command = String(line)
            if let hash = command.range(of: " #") ?? (command.hasPrefix("#") ? command.range(of: "#") : nil) {
                command = String(command[..<hash.lowerBound])
            }
            command = command.trimmingCharacters(in: .whitespaces)
            if command.isEmpty || command.hasPrefix("set ") || command.hasPrefix("cd ") { return nil }
            return command
        }
    }

    @Test("the README's quick start is two commands and .ci/run runs exactly those")
    func readmeAndCIAgree() throws {
        let readme = try Self.quickStartCommands()
        #expect(readme == ["scripts/setup", "scripts/test"], "the quick start is \(readme)")
        let ci = try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(Self.commands(in: ci) == readme, ".ci/run runs \(Self.commands(in: ci)), the README says \(readme)")
        #expect(!ci.contains("apt-get") && !ci.contains("pip install"), ".ci/run has an install list of its own")
        for script in readme {
            let path = TestEnvironment.packageRoot.appendingPathComponent(script).path
            #expect(FileManager.default.isExecutableFile(atPath: path), "\(script) is not an executable file")
        }
    }

    @Test("the build needs no -dev package but libffi-dev, and nothing links cairo or giflib")
    func onlyLibffiIsADevPackage() throws {
        let packages = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("scripts/packages.sh"), encoding: .utf8)
        let lists = packages.split(separator: "\n").filter { $0.hasSuffix(")") && $0.contains("_PACKAGES=(") }
        #expect(lists.count == 4, "scripts/packages.sh has \(lists.count) package lists")
        // The SDL2 demo's list is installed only for the demo and its test, never for the build.
        let demo = lists.filter { $0.hasPrefix("DEMO_PACKAGES=(") }
        #expect(demo.count == 1 && demo[0].contains("libsdl2-dev"), "scripts/packages.sh has no DEMO_PACKAGES list with libsdl2-dev")
        let dev = lists.filter { !$0.hasPrefix("DEMO_PACKAGES=(") }.flatMap { $0.split(whereSeparator: { " ()=".contains($0) }) }.filter { $0.hasSuffix("-dev") }
        #expect(Set(dev) == ["libffi-dev"], "-dev packages installed: \(dev)")
        let manifest = try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for name in ["\"cairo\"", "\"libgif\"", "libcairo2-dev", "libgif-dev"] {
            #expect(!manifest.contains(name), "Package.swift still links \(name)")
        }
    }

    @Test("list, validate and a text preview load no graphics library, and no Foundation beyond its essentials", arguments: [
        ["list"], ["validate", "fade", "--only", "endpoints"], ["preview", "push", "slide"],
    ])
    func noGraphicsAtStartUp(arguments: [String]) throws {
        let result = try CLI.run(arguments, environment: ["LD_DEBUG": "files"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        let loaded = result.stderr.split(separator: "\n").filter { $0.contains("file=") && $0.contains("needed") || $0.contains("calling init") }
        #expect(!loaded.isEmpty, "LD_DEBUG printed nothing; the check would prove nothing")
        for library in ["libcairo", "libpng", "libfontconfig", "libfreetype", "libgif"] {
            #expect(!loaded.contains { $0.contains(library) }, "`catalog \(arguments.joined(separator: " "))` loaded \(library)")
        }
        // Foundation proper, with its internationalisation and ICU, doubles the start of a Swift
        // program; catalog and its workers need only FoundationEssentials.
        #expect(loaded.contains { $0.contains("libFoundationEssentials.so") }, "LD_DEBUG did not show FoundationEssentials; the check would prove nothing")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!loaded.contains { $0.contains(library) }, "`catalog \(arguments.joined(separator: " "))` loaded \(library)")
        }
    }

    @Test("a PNG preview loads cairo, as it needs it")
    func pictureLoadsCairo() throws {
        let out = TestEnvironment.temporaryDirectory + "/setup-\(UUID().uuidString.prefix(8)).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try CLI.run(["preview", "push", "fade", "--format", "png", "--frames", "2", "--out", out], environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        #expect(result.stderr.contains("libcairo.so.2"), "cairo was not loaded for a PNG")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("without its built-in library, every command says exactly that", arguments: [
        ["list"], ["preview", "push", "slide"], ["validate", "slide"], ["validate"], ["run", "push"],
        ["gallery", "--out", "gallery-out"],
    ])
    func missingBuiltins(arguments: [String]) throws {
        let dir = TestEnvironment.temporaryDirectory + "/alone-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Copied by a child process: a copy written from this process could still be open for
        // writing in a program another test is starting at that moment, and running it would
        // then fail with "Text file busy".
        let copy = try runProcess("/bin/cp", [TestEnvironment.catalogExecutable, dir + "/catalog"])
        try #require(copy.status == 0, "cp: \(copy.stderr)")
        let args = arguments.map { $0 == "gallery-out" ? dir + "/site" : $0 }
        let result = try runProcess(dir + "/catalog", args)
        CLI.expectNoCrash(result)
        let said = result.stdout + result.stderr
        #expect(said.contains("the built-in plugin library is missing"), "`catalog \(arguments.joined(separator: " "))` said: \(said.suffix(600))")
        #expect(said.contains("--no-builtins"), "the message does not say what to do: \(said.suffix(600))")
        if arguments != ["list"] && arguments != ["run", "push"] { #expect(result.status != 0) }
    }
}

import Foundation
import Testing
import TestSupport

/// The shell completions (`catalog --generate-completion-script bash|zsh|fish`) complete values:
/// files for --out, --source and --plugin-path, lists for --format and --style, and operations and
/// animator ids as `catalog list` finds them. Bash runs the generated script as it would at a prompt.
@Suite struct CompletionTests {
    /// The bash completion script in a temporary file, removed by the returned closure.
    static func bashScript() throws -> (path: String, cleanup: () -> Void) {
        let result = try CLI.run(["--generate-completion-script", "bash"])
        try #require(result.status == 0, "\(result.stderr)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-completion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try result.stdout.write(toFile: dir + "/catalog.bash", atomically: true, encoding: .utf8)
        return (dir + "/catalog.bash", { try? FileManager.default.removeItem(atPath: dir) })
    }

    /// What bash offers for the last of `words` (after `catalog`), as at a prompt.
    static func complete(_ script: String, _ words: [String], environment: [String: String] = [:]) throws -> [String] {
        let program = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _catalog "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runProcess("/bin/bash", ["-c", program, "bash", script, TestEnvironment.catalogExecutable] + words, environment: environment)
        try #require(result.status == 0, "bash failed: \(result.stderr)")
        return CLI.lines(result.stdout).sorted()
    }

    @Test("subcommands, operations and animator ids")
    func namesComplete() throws {
        let script = try Self.bashScript()
        defer { script.cleanup() }
        let top = try Self.complete(script.path, [""])
        #expect(Set(top).isSuperset(of: ["gallery", "help", "list", "preview", "run", "validate"]), "\(top)")
        #expect(!top.contains { $0.hasSuffix("-worker") }, "the hidden workers are offered: \(top)")
        #expect(try Self.complete(script.path, ["v"]) == ["validate"])
        #expect(try Self.complete(script.path, ["preview", "p"]) == ["pop", "present", "push"])
        #expect(try Self.complete(script.path, ["preview", "push", "f"]) == ["fade", "flip"])
        #expect(try Self.complete(script.path, ["preview", "push", ""]) == CLI.builtinAnimators.sorted())
        #expect(try Self.complete(script.path, ["validate", "sl"]) == ["slide"])
        #expect(try Self.complete(script.path, ["run", "pu"]) == ["push"])
    }

    @Test("animator ids come from the plugins found, --plugin-path included")
    func idsFollowPluginPath() throws {
        let script = try Self.bashScript()
        defer { script.cleanup() }
        let plugin = try FixturePlugins.path("third_party_wipe")
        #expect(try Self.complete(script.path, ["preview", "push", "c"]).contains("curtain") == false)
        #expect(try Self.complete(script.path, ["preview", "--plugin-path", plugin, "push", "c"]) == ["cover-vertical", "curtain"])
        #expect(try Self.complete(script.path, ["preview", "push", "c"], environment: ["TRANSITION_ANIMATOR_PATH": plugin]) == ["cover-vertical", "curtain"])
    }

    @Test("--format and --style offer their lists")
    func listsComplete() throws {
        let script = try Self.bashScript()
        defer { script.cleanup() }
        #expect(try Self.complete(script.path, ["preview", "push", "fade", "--format", ""]) == ["gif", "html", "json", "lottie", "png", "text"])
        #expect(try Self.complete(script.path, ["preview", "present", "fade", "--style", ""]) == ["custom", "full-screen"])
        #expect(try Self.complete(script.path, ["run", "--format", ""]) == ["json", "text"])
    }

    @Test("--out, --source and --plugin-path offer files")
    func filesComplete() throws {
        let script = try Self.bashScript()
        defer { script.cleanup() }
        let dir = (script.path as NSString).deletingLastPathComponent
        try "{}".write(toFile: dir + "/rules.json", atomically: true, encoding: .utf8)
        #expect(try Self.complete(script.path, ["preview", "push", "fade", "--out", dir + "/ru"]) == [dir + "/rules.json"])
        #expect(try Self.complete(script.path, ["run", "--source", dir + "/ru"]) == [dir + "/rules.json"])
        #expect(try Self.complete(script.path, ["list", "--plugin-path", dir + "/ru"]) == [dir + "/rules.json"])
    }

    @Test("zsh and fish scripts are generated too, with the same value completions", arguments: ["zsh", "fish"])
    func otherShells(shell: String) throws {
        let result = try CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        for fragment in ["full-screen", "lottie", "---completion", "push"] {
            #expect(result.stdout.contains(fragment), "\(shell) script lacks \(fragment)")
        }
        #expect(!result.stdout.contains("validate-worker") && !result.stdout.contains("scan-worker"))
    }
}

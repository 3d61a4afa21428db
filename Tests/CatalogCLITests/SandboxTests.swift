import Foundation
import Testing
import TestSupport

/// The sandbox fixtures against `validate`, `preview` and `run`: each escape a worker's filter
/// refuses (a file written in the home directory, a socket, a process that leaves the group, a
/// shell, a private file read once the plugin is loaded) is stopped, and named.
@Suite("sandboxed workers stop each escape and name it")
struct SandboxTests {
    /// The environment that turns the worker's filters and namespaces off, for tests of the
    /// protections beneath them (the process group, the host closed to ptrace) and of fixtures
    /// that report through files.
    static let sandboxOff = ["TRANSITION_CATALOG_WORKER_SANDBOX": "off", "TRANSITION_CATALOG_WORKER_NAMESPACES": "off"]

    /// Whether this kernel gives an unprivileged process user and PID namespaces, as
    /// `unshare --user --pid --fork` shows.
    static let namespacesAllowed = ((try? runProcess("/usr/bin/env", ["unshare", "--user", "--pid", "--fork", "true"]))?.status ?? 1) == 0

    /// A fixture, the call its attempt is named by, and what the attempt is called.
    struct Escape: Sendable, CustomStringConvertible {
        var fixture: String
        var named: String
        var description: String { fixture }
        var id: String { fixture.replacingOccurrences(of: "_", with: "-") }
    }

    static let escapes: [Escape] = [
        Escape(fixture: "writes_home", named: "the plugin tried to create or write a file (openat): workers write no files"),
        Escape(fixture: "connects_socket", named: "the plugin tried to use a socket (socket): workers have no network"),
        Escape(fixture: "setsid_child", named: "the plugin tried to start a process (clone): workers start no processes"),
        Escape(fixture: "execs_shell", named: "the plugin tried to run a program (execve): workers run no programs"),
        Escape(fixture: "reads_ssh", named: "the plugin tried to open a file once it was loaded (openat): workers read no files once the plugin is loaded"),
    ]

    /// A home directory of its own with a private key holding a secret drawn for it.
    struct Home {
        let path: String
        let secret = "key-" + UUID().uuidString

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-home-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/.ssh", withIntermediateDirectories: true)
            try secret.write(toFile: path + "/.ssh/id_rsa", atomically: false, encoding: .utf8)
        }

        var environment: [String: String] { ["HOME": path] }

        /// Nothing escaped: no file was planted, the secret was not shown, no child lives on.
        func expectNothingEscaped(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(!FileManager.default.fileExists(atPath: path + "/x"), "the plugin wrote $HOME/x", sourceLocation: sourceLocation)
            #expect(!(result.stdout + result.stderr).contains(secret), "the plugin read the private key", sourceLocation: sourceLocation)
            #expect(SandboxTests.escapees().isEmpty, "a process the plugin started lives on", sourceLocation: sourceLocation)
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The processes named `tc-escapee` (what `setsid_child`'s child calls itself), not ended.
    static func escapees() -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines) == "tc-escapee" && isRunning(pid)
        }
    }

    func rows(_ result: ProcessResult) throws -> [[String: Any]] {
        let report = try CLI.jsonObject(result.stdout)
        return try #require(report["results"] as? [[String: Any]])
    }

    func details(_ row: [String: Any]) -> String { (row["details"] as? [String])?.joined(separator: "\n") ?? "" }

    @Test(arguments: escapes)
    func validateFailsEachEscapeNamingTheCall(_ escape: Escape) throws {
        let home = try Home()
        defer { home.remove() }
        let result = try CLI.run(["validate", "--json", "--no-builtins", try FixturePlugins.path(escape.fixture)], environment: home.environment)
        CLI.expectNoCrash(result)
        #expect(result.status == 1, "\(result.stderr)")
        let failing = try rows(result).filter { $0["status"] as? String == "FAIL" }
        #expect(failing.contains { details($0).contains(escape.named + ", so the call failed with EPERM") }, "\(failing.map(details))")
        home.expectNothingEscaped(result)
    }

    @Test(arguments: escapes)
    func previewDrawsTheTransitionAndWarnsOfTheEscape(_ escape: Escape) throws {
        let home = try Home()
        defer { home.remove() }
        let result = try CLI.run(
            ["preview", "push", escape.id, "--no-builtins", "--plugin-path", try FixturePlugins.path(escape.fixture), "--format", "json"],
            environment: home.environment)
        CLI.expectNoCrash(result)
        // The plugin coped with EPERM, so its transition is drawn, and the attempt is on stderr.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: org.example.\(escape.fixture):\(escape.id): \(escape.named)"), "\(result.stderr)")
        home.expectNothingEscaped(result)
    }

    @Test func runWarnsOfTheEscapeOfTheOperationThatMadeIt() throws {
        let home = try Home()
        defer { home.remove() }
        let escape = Self.escapes[1]
        let source = home.path + "/rules.json"
        try #"{ "version": 1, "rules": [ { "operation": "push", "animator": "\#(escape.id)" } ] }"#.write(toFile: source, atomically: false, encoding: .utf8)
        let result = try CLI.run(
            ["run", "--source", source, "--no-builtins", "--plugin-path", try FixturePlugins.path(escape.fixture), "push"], environment: home.environment)
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: operation 1: org.example.\(escape.fixture):\(escape.id)"), "\(result.stderr)")
        #expect(result.stderr.contains(escape.named), "\(result.stderr)")
        home.expectNothingEscaped(result)
    }

    /// With the namespaces turned off, as where the kernel refuses them, the filter alone still
    /// stops the child that would leave the group, and validate says what the workers lack.
    @Test func withoutNamespacesTheFilterStillStopsTheProcessAndTheLackIsReported() throws {
        let home = try Home()
        defer { home.remove() }
        let plugin = try FixturePlugins.path("setsid_child")
        let result = try CLI.run(
            ["validate", "--json", "--no-builtins", plugin], environment: home.environment.merging(["TRANSITION_CATALOG_WORKER_NAMESPACES": "off"]) { $1 })
        CLI.expectNoCrash(result)
        #expect(result.status == 1)
        let all = try rows(result)
        #expect(all.contains { details($0).contains(Self.escapes[2].named) })
        let loading = try #require(all.first { $0["check"] as? String == "loading" })
        #expect(details(loading).contains("note: workers run without their own user and PID namespaces (TRANSITION_CATALOG_WORKER_NAMESPACES=off)"), "\(details(loading))")
        home.expectNothingEscaped(result)
    }

    /// Where this kernel lets an unprivileged process have user and PID namespaces, a worker runs
    /// in its own, and validate notes nothing; elsewhere it says what the workers lack.
    @Test func whereTheKernelAllowsThemWorkersRunInTheirOwnNamespaces() throws {
        let result = try CLI.run(["validate", "--json", "--no-builtins", try FixturePlugins.path("writes_home")])
        let loading = try #require(try rows(result).first { $0["check"] as? String == "loading" })
        let noted = details(loading).contains("note: workers run without their own user and PID namespaces")
        #expect(noted == !Self.namespacesAllowed, "\(details(loading))")
    }

    /// The PID namespace alone, with the filter off: the child that left the worker's process
    /// group (which killing the group misses) dies with the worker.
    @Test(.enabled(if: SandboxTests.namespacesAllowed))
    func theNamespaceEndsAChildThatLeftTheGroup() throws {
        let home = try Home()
        defer { home.remove() }
        let result = try CLI.run(
            ["validate", "--json", "--no-builtins", try FixturePlugins.path("setsid_child")],
            environment: home.environment.merging(["TRANSITION_CATALOG_WORKER_SANDBOX": "off"]) { $1 })
        CLI.expectNoCrash(result)
        let loading = try #require(try rows(result).first { $0["check"] as? String == "loading" })
        #expect(details(loading).contains("note: workers run without the system-call filter (TRANSITION_CATALOG_WORKER_SANDBOX=off)"), "\(details(loading))")
        #expect(Self.escapees().isEmpty, "the child that called setsid outlived the worker")
    }
}

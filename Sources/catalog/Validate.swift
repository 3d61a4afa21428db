import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PluginHost
import Renderers
import TransitionCore

/// `catalog validate`: the animator contract suite, with each plugin in a child process.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check plugins against the animator contract.",
        discussion: """
            Each argument is a plugin file or an animator id (PLUGIN-ID:ANIMATOR-ID for a shadowed one, \
            PLUGIN-ID@N:ANIMATOR-ID for the Nth copy of a plugin found in several files). \
            With none, every plugin found is checked. Plugin code runs in a child process: a crash is \
            reported as CRASH with its signal, a hang as TIMEOUT, and what the plugin printed is shown. \
            The exit status is 1 when a check FAILs, CRASHes or TIMEs OUT, and 0 otherwise.
            """)

    @Argument(help: ArgumentHelp("Plugin files or animator ids.", valueName: "path|id"), completion: Completions.animators)
    var targets: [String] = []

    @Flag(help: "Print the results (or, with --list-checks, the checks) as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"), completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(parsing: .singleValue, help: ArgumentHelp("Run only checks whose id matches this glob. Repeatable.", valueName: "pattern"))
    var only: [String] = []

    @Option(parsing: .singleValue, help: ArgumentHelp("Skip checks whose id matches this glob. Repeatable.", valueName: "pattern"))
    var skip: [String] = []

    @Option(help: ArgumentHelp("A JSON file of known false positives to silence.", valueName: "file"), completion: .file(extensions: ["json"]))
    var config: String?

    @Option(help: "Seconds one plugin call may take before its check is a TIMEOUT (0.1 to 3600); after two, the plugin's other checks are skipped.")
    var timeout = IsolatedValidator.defaultTimeout

    @Option(help: "The seed of shuffled orders and fuzzed parameters.")
    var seed: UInt64 = ContractSuite().seed

    @Option(help: ArgumentHelp("Run in this container size only, WIDTHxHEIGHT in points (default: 390x844, 844x390, 1024x1366 and 320x568).", valueName: "size"))
    var size: String?

    @Option(help: ArgumentHelp("Where custom presents and dismisses rest, as UIKit's sheet detents: medium (a sheet half the container's height), large (all of it) or a height fraction in (0, 1]; the presented frame every custom scenario ends at (default: a card inset 16 pt, from 15% of the height).", valueName: "detent"), completion: Completions.detents)
    var detent: String?

    @Option(help: ArgumentHelp("Keep the call traces of failing checks in this directory (default: a new folder in the cache directory's transition-catalog/traces, which keeps the 20 newest).", valueName: "dir"), completion: .directory)
    var record: String?

    @Option(help: ArgumentHelp("Replay a recorded call trace, call by call, in a child process.", valueName: "trace"), completion: .file())
    var reproduce: String?

    @Flag(name: .customLong("in-process"), help: "Run plugin code in this process (faster; a crashing plugin takes the validator down).")
    var inProcess = false

    @Flag(name: .customLong("list-checks"), help: "List the checks and exit.")
    var listChecks = false

    @Flag(help: "Show passing checks too.")
    var verbose = false

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard timeout.isFinite, timeout >= WorkerChannel.shortestTimeout, timeout <= 3600 else {
            throw ValidationError(
                "--timeout must be at least \(Format.number(WorkerChannel.shortestTimeout)) and at most 3600 seconds; got \(Format.number(timeout)) (the watchdog hears from the worker every \(Format.number(WorkerChannel.beatInterval * 1000)) ms)")
        }
        for pattern in only + skip where !ContractCheck.all.contains(where: { Glob.matches(pattern, $0.id) }) {
            throw ValidationError("'\(DisplayText.escape(pattern))' matches no check; see --list-checks")
        }
        if !listChecks && reproduce == nil && !ContractCheck.all.contains(where: { isSelected($0.id) }) {
            throw ValidationError("--only and --skip leave no check to run, so nothing would be validated; see --list-checks")
        }
    }

    /// The animator checks selected by --only and --skip.
    var selectedChecks: [ContractCheck] {
        ContractSuite.animatorChecks.filter { check in
            (only.isEmpty || only.contains { Glob.matches($0, check.id) }) && !skip.contains { Glob.matches($0, check.id) }
        }
    }

    func isSelected(_ id: String) -> Bool {
        (only.isEmpty || only.contains { Glob.matches($0, id) }) && !skip.contains { Glob.matches($0, id) }
    }

    func run() throws {
        // A plugin that crashed here is marked in the scan cache, however the command ends.
        defer { plugins.recordCrashes(command: "validate") }
        if listChecks {
            if json {
                print(try ValidateJSON.checks())
            } else {
                print(TextTable.render(ContractCheck.all.map { [$0.id, $0.summary] }))
            }
            return
        }
        let configuration = try config.map { file in (try ValidateJSON.readConfig(file), file) }
        var suite = ContractSuite()
        suite.seed = seed
        suite.detent = try Resolution.detent(detent)
        if let size {
            do { suite.containers = [try ContainerSize(parsing: size)] } catch { throw CLIError.usage("--size: \(error)") }
        }
        var validator = IsolatedValidator(
            executable: WorkerExecutable.current(), timeout: timeout,
            checks: selectedChecks, suite: suite)
        if let record {
            validator.recordDirectory = record
        } else {
            validator.recordDirectory = TraceFolders.runFolder(in: TraceFolders.base(environment: ProcessInfo.processInfo.environment))
            validator.prunesRecordSiblings = true
        }
        if let reproduce {
            guard FileManager.default.isReadableFile(atPath: reproduce) else {
                throw CLIError("cannot read the trace \(DisplayText.escape(reproduce)); check the path", status: .noInput)
            }
            let replay = validator.replay(trace: reproduce)
            for line in replay.lines where line != replay.failure { print(line) }
            if let failure = replay.failure {
                // A crash or a hang is what the replay found: the last line of its report.
                guard failure.hasPrefix("CRASH") || failure.hasPrefix("TIMEOUT") else { throw CLIError(failure, status: .dataError) }
                print(failure)
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            let calls = replay.lines.filter { $0.hasPrefix("#") }.count
            print(replay.diverged
                ? "replayed \(calls) calls: the plugin used the host services differently from the recording"
                : "replayed \(calls) calls exactly as recorded; no crash")
            if replay.diverged { throw ExitCode(1) }
            return
        }

        /// The plugin at `path` checked, with every animator or only `animators`.
        func check(path: String, animators: [String]? = nil) -> [CheckResult] {
            // A wasm plugin runs sandboxed in this process: no worker is needed to survive it.
            if inProcess || PluginDoor.of(path) == .wasm {
                let outcome = suite.checkPlugin(path: path)
                guard let library = try? PluginLibrary.load(path: path), !outcome.animatorIDs.isEmpty else { return outcome.results }
                let chosen = library.animators.filter { animators?.contains($0.id) ?? true }
                // A sandboxed module's transitions share nothing: its checks run on every core.
                if library.door == .wasm { return outcome.results + suite.runConcurrently(selectedChecks, on: chosen) }
                return outcome.results + chosen.flatMap { a in selectedChecks.map { suite.run($0, on: a) } }
            }
            return validator.validate(path: path, animatorIDs: animators)
        }

        var results: [CheckResult] = []
        if targets.isEmpty {
            let found = plugins.searchPath.pluginFiles()
            let progress = ValidationProgress(total: found.files.count, environment: environment())
            for (i, (path, _)) in found.files.enumerated() {
                let started = Date()
                validator.onUnitBegin = progress.unitBegins(index: i + 1, plugin: baseName(path))
                let mine = check(path: path)
                progress.finished(index: i + 1, plugin: baseName(path), results: mine, timing: .alone(Date().timeIntervalSince(started)))
                results += mine
            }
            for error in found.unreadable {
                results.append(CheckResult(check: ContractCheck.loading.id, subject: error.path, status: .fail, details: [error.description]))
            }
        } else {
            // Animators named by id are found first, so a misspelt one stops the command before
            // anything runs; those of one plugin file are then checked together, in one worker.
            var index: PluginIndex?
            var named: [Int: (plugin: PluginInfo, path: String, animator: String)] = [:]
            var requested: [String: [String]] = [:]
            for (n, target) in targets.enumerated() where !(target.contains("/") || target.hasSuffix(".so") || target.hasSuffix(".wasm")) {
                let i = index ?? plugins.loadIndex(quiet: json)
                index = i
                guard let (plugin, animator) = i.locate(target) else {
                    _ = try Resolution.described(target, in: i)
                    continue
                }
                named[n] = (plugin, plugin.path, animator.id)
                if !requested[plugin.path, default: []].contains(animator.id) { requested[plugin.path, default: []].append(animator.id) }
            }
            var checked: [String: [CheckResult]] = [:]
            let progress = ValidationProgress(total: targets.count, environment: environment())
            for (n, target) in targets.enumerated() {
                let started = Date()
                let mine: [CheckResult]
                let timing: ValidationProgress.Timing
                if let (plugin, path, animator) = named[n] {
                    let together = requested[path] ?? [animator]
                    // While the animators of one file run together, the status line names the file.
                    validator.onUnitBegin = progress.unitBegins(index: n + 1, plugin: together.count > 1 ? baseName(path) : DisplayText.escape(target))
                    let first = checked[path] == nil
                    let all = checked[path] ?? check(path: path, animators: together)
                    checked[path] = all
                    let seconds = Date().timeIntervalSince(started)
                    // The first animator named of a file carries the time of the whole group.
                    timing = !first ? .checkedWith(together[0])
                        : together.count > 1 ? .together(seconds: seconds, others: together.count - 1, file: baseName(path)) : .alone(seconds)
                    // The plugin's own failures are reported with the first of its animators named.
                    let subjects = Set(together.map { "\(plugin.id):\($0)" })
                    mine = all.filter { $0.subject == "\(plugin.id):\(animator)" || (first && $0.status.isFailure && !subjects.contains($0.subject)) }
                } else if target.contains("/") || target.hasSuffix(".so") || target.hasSuffix(".wasm") {
                    validator.onUnitBegin = progress.unitBegins(index: n + 1, plugin: baseName(target))
                    mine = check(path: target)
                    timing = .alone(Date().timeIntervalSince(started))
                } else {
                    continue
                }
                progress.finished(index: n + 1, plugin: target.contains("/") ? baseName(target) : target, results: mine, timing: timing)
                results += mine
            }
        }
        results = results.filter { isSelected($0.check) || $0.status.isFailure }
        if let (config, file) = configuration { results = config.apply(to: results, fileName: file) }

        if let junit {
            do {
                try AtomicFile.write(JUnitReport.xml(results, seed: seed), to: junit)
            } catch {
                throw CLIError("cannot write --junit \(DisplayText.escape(junit)): \(error)", status: .cannotCreate)
            }
        }
        if json {
            print(try ValidateJSON.report(results, seed: seed))
        } else {
            printReport(results)
        }
        if results.contains(where: { $0.status.isFailure }) { throw ExitCode(1) }
    }

    private func printReport(_ results: [CheckResult]) {
        var subjects: [String] = []
        for r in results where !subjects.contains(r.subject) { subjects.append(r.subject) }
        for subject in subjects {
            let mine = results.filter { $0.subject == subject }
            let worst = mine.map(\.status).max() ?? .pass
            let file = mine.first?.path.map { "  (\(DisplayText.escape(baseName($0))))" } ?? ""
            print("\(pad(worst.rawValue)) \(DisplayText.escape(subject))\(mine.first?.subject.contains(":") == false ? file : "")")
            for r in mine where verbose || r.status != .pass || !r.details.isEmpty {
                print("  \(pad(r.status.rawValue)) \(r.check)")
                for d in r.details { print("          \(d)") }
                if let o = r.stdout { print("          stdout: \(o)") }
                if let e = r.stderr { print("          stderr: \(e)") }
            }
        }
        var counts: [CheckStatus: Int] = [:]
        for r in results { counts[r.status, default: 0] += 1 }
        let summary = CheckStatus.allCases.filter { counts[$0] != nil }.map { "\(counts[$0]!) \($0.rawValue.lowercased())" }
        print("\n\(results.count) checks: \(summary.joined(separator: ", ")) (seed \(seed))")
    }

    private func pad(_ s: String) -> String {
        let cut = s.prefix(7)
        return cut + String(repeating: " ", count: 7 - cut.count)
    }
}

import Foundation
import TransitionCore

/// Runs the contract suite with the plugin in a child process (the `catalog` executable started
/// again with its hidden `validate-worker` subcommand), so a plugin that crashes, hangs, calls
/// exit() or writes to stdout cannot take the validator down or corrupt its output.
///
/// A crash or a hang is charged to the unit (one check of one animator) that was running: that
/// check gets CRASH (with the signal's name) or TIMEOUT, and a new child goes on with the next unit.
public struct IsolatedValidator: Sendable {
    /// The `catalog` executable that serves as the worker.
    public var executable: String
    /// Seconds a unit may run before it is a TIMEOUT.
    public var timeout: Double
    /// The animator checks to run (the plugin-level checks always run).
    public var checks: [ContractCheck]
    /// The suite's settings (seed, container, samples) passed to the worker.
    public var suite: ContractSuite
    /// Where call traces of failing checks are kept; nil keeps none.
    public var recordDirectory: String?
    /// Told as each unit begins, for progress: the animator (nil while the plugin loads), the
    /// check's id, the unit's number and how many units the plugin has (0 while loading).
    public var onUnitBegin: (@Sendable (_ animator: String?, _ check: String, _ unit: Int, _ count: Int) -> Void)?

    /// Creates an isolated validator.
    public init(executable: String, timeout: Double = 20, checks: [ContractCheck] = ContractSuite.animatorChecks, suite: ContractSuite = ContractSuite()) {
        self.executable = executable
        self.timeout = timeout
        self.checks = checks
        self.suite = suite
    }

    /// Validates the plugin at `path`, or only its animator `animatorID`.
    public func validate(path: String, animatorID: String? = nil) -> [CheckResult] {
        let fm = FileManager.default
        let capture = fm.temporaryDirectory.appendingPathComponent("catalog-validate-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try? fm.createDirectory(atPath: capture, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: capture) }

        var results: [CheckResult] = []
        var subject = path
        var plan: UnitPlan?
        var start = 0
        while true {
            var arguments = ["validate-worker", path, "--start", String(start), "--capture", capture,
                             "--seed", String(suite.seed), "--checks", checks.map(\.id).joined(separator: ",")]
            if let animatorID { arguments += ["--animator", animatorID] }
            if suite.containers != ContainerSize.validationSizes { arguments += ["--sizes", suite.containers.map(\.description).joined(separator: ",")] }
            let child: ChildProcess
            do {
                child = try ChildProcess(executable: executable, arguments: arguments, stdoutPath: capture + "/worker.out", stderrPath: capture + "/worker.err")
            } catch {
                results.append(CheckResult(check: ContractCheck.loading.id, subject: path, status: .fail, details: ["\(error)"], path: path))
                return results
            }
            var current: Int?
            var finished = Set<Int>()
            var timedOut = false
            do {
                while let line = try child.nextReport(timeout: timeout) {
                    guard let message = try? JSONDecoder().decode(WorkerMessage.self, from: Data(line.utf8)) else { continue }
                    switch message {
                    case .begin(let unit):
                        current = unit
                        if let onUnitBegin {
                            if let plan, let (animator, check) = plan.unit(unit) {
                                onUnitBegin(animator, check.id, unit, plan.count)
                            } else {
                                onUnitBegin(nil, ContractCheck.loading.id, unit, plan?.count ?? 0)
                            }
                        }
                    case .plugin(let s, let r, let animators):
                        subject = s
                        results += r
                        plan = UnitPlan(animators: animators, checks: checks)
                        finished.insert(0)
                    case .result(let unit, var r):
                        if r.status.isFailure { r.details += keepTrace(capture, unit: unit, subject: r.subject, check: r.check) }
                        try? FileManager.default.removeItem(atPath: capture + "/unit-\(unit).trace")
                        results.append(r)
                        finished.insert(unit)
                    case .replay: break
                    }
                }
            } catch {
                timedOut = true
            }
            let ending = timedOut ? child.kill() : child.wait()
            guard let unit = current, !finished.contains(unit) else {
                if case .exited(0) = ending { break }
                if current == nil {
                    results.append(failure(.crash, check: .loading, subject: subject, path: path, capture: capture,
                        "the worker ended (\(ending)) before checking anything; run the check in-process with --in-process to debug"))
                }
                break
            }
            let status: CheckStatus = timedOut ? .timeout : .crash
            let what = timedOut
                ? "no answer within \(Format.number(timeout)) s while this check ran: the plugin hangs (an endless loop or a blocking call); duration, setup, step and completion must return promptly"
                : crashDescription(ending)
            if unit == 0 {
                let check: ContractCheck = .loading
                results.append(failure(status, check: check, subject: subject, path: path, capture: capture, "while loading the plugin \(what)"))
                break
            }
            guard let plan, let (animator, check) = plan.unit(unit) else { break }
            var charged = failure(status, check: check, subject: "\(subject):\(animator)", path: path, capture: capture, what)
            charged.details += keepTrace(capture, unit: unit, subject: charged.subject, check: check.id)
            results.append(charged)
            start = unit + 1
            if start >= plan.count { break }
        }
        return results + quietResults(results, plan: plan, subject: subject, path: path)
    }

    /// What replaying a trace showed.
    public struct Replay: Sendable {
        /// The calls made and what they gave, in order.
        public var lines: [String]
        /// How the replay ended: nil when every call returned.
        public var failure: String?
        /// True when the plugin used the host services differently from the record.
        public var diverged: Bool
    }

    /// Replays the trace at `path` in a child process.
    public func replay(trace path: String) -> Replay {
        let fm = FileManager.default
        let capture = fm.temporaryDirectory.appendingPathComponent("catalog-replay-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try? fm.createDirectory(atPath: capture, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: capture) }
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: executable, arguments: ["validate-worker", "--replay", path, "--capture", capture, "--seed", "0", "--checks", ""],
                stdoutPath: capture + "/worker.out", stderrPath: capture + "/worker.err")
        } catch {
            return Replay(lines: [], failure: "\(error)", diverged: false)
        }
        var lines: [String] = []
        var timedOut = false
        do {
            while let line = try child.nextReport(timeout: timeout) {
                if case .replay(let text)? = try? JSONDecoder().decode(WorkerMessage.self, from: Data(line.utf8)) { lines.append(text) }
            }
        } catch {
            timedOut = true
        }
        let ending = timedOut ? child.kill() : child.wait()
        let last = lines.last(where: { $0.hasPrefix("#") }) ?? "the start"
        switch ending {
        case .exited(0): return Replay(lines: lines, failure: nil, diverged: false)
        case .exited(1): return Replay(lines: lines, failure: nil, diverged: true)
        case .exited(2): return Replay(lines: lines, failure: lines.last ?? "the trace could not be replayed", diverged: false)
        case .timedOut, .signaled, .exited:
            let what = timedOut ? "TIMEOUT: no answer within \(Format.number(timeout)) s" : "CRASH: \(ending)"
            return Replay(lines: lines, failure: "\(what) during \(last)", diverged: false)
        }
    }

    /// Copies the unit's call trace to the record directory and describes it: its last calls and
    /// the command that replays it.
    private func keepTrace(_ capture: String, unit: Int, subject: String, check: String) -> [String] {
        let source = capture + "/unit-\(unit).trace"
        guard let directory = recordDirectory, FileManager.default.fileExists(atPath: source) else { return [] }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = "\(subject)-\(check)".map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }
        let target = directory + "/" + String(name) + ".trace"
        try? FileManager.default.removeItem(atPath: target)
        guard (try? FileManager.default.copyItem(atPath: source, toPath: target)) != nil else { return [] }
        let calls = CallTracer.summary(path: target).map { "  \($0)" }
        return ["last calls:"] + calls + ["replay: catalog validate --reproduce \(target)"]
    }

    private func crashDescription(_ ending: ChildProcess.Ending) -> String {
        switch ending {
        case .signaled: "the plugin crashed with \(ending) while this check ran"
        case .exited(let code): "the plugin ended the process with exit status \(code) while this check ran (it called exit()); a plugin must never end its host"
        case .timedOut: "\(ending)"
        }
    }

    private func failure(_ status: CheckStatus, check: ContractCheck, subject: String, path: String, capture: String, _ message: String) -> CheckResult {
        CheckResult(
            check: check.id, subject: subject, status: status, details: [message], seconds: 0,
            stdout: OutputCapture.read(capture + "/unit.out"), stderr: OutputCapture.read(capture + "/unit.err"), path: path)
    }

    /// One `quiet` result per subject: FAIL when the plugin wrote to stdout during any of its units.
    private func quietResults(_ results: [CheckResult], plan: UnitPlan?, subject: String, path: String) -> [CheckResult] {
        var subjects = [subject]
        for a in plan?.animators ?? [] { subjects.append("\(subject):\(a)") }
        return subjects.compactMap { s in
            let mine = results.filter { $0.subject == s }
            guard !mine.isEmpty, !mine.contains(where: { $0.check == ContractCheck.loading.id && $0.status.isFailure }) || s != subject else {
                return nil
            }
            let noisy = mine.filter { $0.stdout != nil }
            if noisy.isEmpty { return CheckResult(check: ContractCheck.quiet.id, subject: s, status: .pass, path: path) }
            let sample = noisy[0].stdout!.prefix(200)
            return CheckResult(
                check: ContractCheck.quiet.id, subject: s, status: .fail,
                details: ["wrote to stdout during \(noisy.map(\.check).joined(separator: ", ")): \"\(sample)\"; stdout belongs to the host: log through host->log instead"],
                path: path)
        }
    }
}

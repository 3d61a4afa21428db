#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// Runs the contract suite with the plugin in worker processes (see `WorkerProcess`), so a plugin
/// that crashes, hangs, calls exit(), forks, prints or writes to descriptors it does not own cannot
/// take the validator down, corrupt its output or change its verdict.
///
/// The host enforces the plan itself: it accepts a result only for the unit that began last, no
/// unit outside the plan or twice, and every unit of the plan ends with exactly one result. A
/// crash or a hang is charged to the unit (one check of one animator) that was running: that check
/// gets CRASH (with the signal's name) or TIMEOUT, and a new worker goes on with the rest. After a
/// plugin has hung twice its remaining checks are skipped. A packet on the report channel that the
/// worker did not sign fails the unit that was running.
public struct IsolatedValidator: Sendable {
    /// The seconds one plugin call may take by default, and a unit between two reports when it
    /// makes no call: short enough that a plugin that hangs twice costs a few seconds.
    public static let defaultTimeout = 2.0

    /// The seconds one unit may run in all, however many calls it makes.
    public static let unitLimit = 120.0

    /// How many hangs stop the remaining checks of a plugin.
    public static let hangLimit = 2

    /// The executable that serves as the worker (the host's own, so the worker looks like the host).
    public var executable: String
    /// Seconds one plugin call (or a unit that makes no call) may take before it is a TIMEOUT.
    public var timeout: Double
    /// The animator checks to run (the plugin-level checks always run).
    public var checks: [ContractCheck]
    /// The suite's settings (seed, container, samples) passed to the worker.
    public var suite: ContractSuite
    /// Where call traces of failing checks are kept; nil keeps none.
    public var recordDirectory: String?
    /// True when `recordDirectory` is a run folder of `TraceFolders`: when it is made, the
    /// oldest run folders beside it beyond `TraceFolders.kept` are removed.
    public var prunesRecordSiblings = false
    /// Told as each unit begins, for progress: the animator (nil while the plugin loads), the
    /// check's id, the unit's number and how many units the plugin has (0 while loading).
    public var onUnitBegin: (@Sendable (_ animator: String?, _ check: String, _ unit: Int, _ count: Int) -> Void)?

    /// Creates an isolated validator.
    public init(executable: String, timeout: Double = IsolatedValidator.defaultTimeout, checks: [ContractCheck] = ContractSuite.animatorChecks, suite: ContractSuite = ContractSuite()) {
        self.executable = executable
        self.timeout = timeout
        self.checks = checks
        self.suite = suite
    }

    /// Validates the plugin at `path`, or only its animator `animatorID`.
    public func validate(path: String, animatorID: String? = nil) -> [CheckResult] {
        validate(path: path, animatorIDs: animatorID.map { [$0] })
    }

    /// Validates the plugin at `path`, or only its animators `animatorIDs`, in one worker: the
    /// plugin is loaded and its plugin-level checks run once for all of them.
    public func validate(path: String, animatorIDs: [String]?) -> [CheckResult] {
        let given = path
        let path = AbsolutePath.resolve(path)
        let capture = CaptureDirectory.make(prefix: "catalog-worker")
        defer { CaptureDirectory.remove(capture) }

        var state = ValidationState(path: path)
        workers: while true {
            let request = WorkerRequest.validate(.init(
                path: path, checks: checks.map(\.id), animators: animatorIDs, seed: suite.seed,
                settled: state.settled.sorted(), capture: capture, containers: suite.containers,
                detent: suite.detent?.heightFraction))
            let worker: WorkerProcess
            do {
                worker = try WorkerProcess(executable: executable, request: Array(try JSONEncoder().encode(request)))
            } catch {
                state.pluginResults.append(CheckResult(check: ContractCheck.loading.id, subject: path, status: .fail, details: ["\(error)"], path: path))
                break
            }
            var current: Int?
            var expected = state.remaining(seed: suite.seed)
            func trace(_ unit: Int) -> String { capture + "/unit-\(unit).trace" }
            while true {
                let running = trace(current ?? -1)
                switch worker.next(timeout: timeout, limit: Self.unitLimit, progress: current == nil ? nil : { Self.progress(of: running) }) {
                case .forged(let bytes):
                    state.tampered[current ?? expected.first ?? 0, default: 0] += bytes
                case .report(let bytes):
                    guard let message = try? WorkerMessageCoding.decode(bytes) else {
                        state.tampered[current ?? expected.first ?? 0, default: 0] += bytes.count
                        continue
                    }
                    switch message {
                    case .begin(let unit):
                        guard current == nil, unit == expected.first else {
                            state.tampered[current ?? expected.first ?? 0, default: 0] += bytes.count
                            continue
                        }
                        // What was printed between units belongs to none; the worker waits for
                        // this go-ahead before it runs the unit, so the unit's output is its own.
                        _ = worker.takeOutput()
                        current = unit
                        expected.removeFirst()
                        // The unit's call trace is created here and handed over: the worker may
                        // create no file. Unit 0 (loading) is not traced.
                        let file = unit == 0 ? -1 : open(trace(unit), O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
                        _ = worker.send(WorkerChannel.goAhead, descriptor: file)
                        if file >= 0 { close(file) }
                        if let onUnitBegin {
                            if let plan = state.plan, let (animator, check) = plan.unit(unit) {
                                onUnitBegin(animator, check.id, unit, plan.count)
                            } else {
                                onUnitBegin(nil, ContractCheck.loading.id, unit, state.plan?.count ?? 0)
                            }
                        }
                    case .plugin(let subject, var results, let animators):
                        guard current == 0 else {
                            state.tampered[current ?? expected.first ?? 0, default: 0] += bytes.count
                            continue
                        }
                        let output = Self.output(worker)
                        if !results.isEmpty { results[0].stdout = output.stdout; results[0].stderr = output.stderr }
                        Self.charge(worker.takeAttempts(), to: &results)
                        if let shortfall = worker.confinement?.shortfall, let i = results.firstIndex(where: { $0.check == ContractCheck.loading.id }) {
                            results[i].details.append("note: \(shortfall)")
                        }
                        state.subject = subject
                        state.pluginResults = results
                        state.plan = UnitPlan(animators: animators.filter { animatorIDs?.contains($0) ?? true }, checks: checks)
                        state.settled.insert(0)
                        expected = state.remaining(seed: suite.seed)
                        current = nil
                    case .result(let unit, var result):
                        guard unit == current, let plan = state.plan, let (animator, check) = plan.unit(unit) else {
                            state.tampered[current ?? expected.first ?? 0, default: 0] += bytes.count
                            continue
                        }
                        let output = Self.output(worker)
                        result.stdout = output.stdout
                        result.stderr = output.stderr
                        result.check = check.id
                        result.subject = "\(state.subject):\(animator)"
                        if let panic = PluginLastWords.rustPanic(output.rawStderr) {
                            // What the unit found is what the panic left behind: the panic is the finding.
                            result.status = .fail
                            result.details = ["the plugin panicked while this check ran: \(panic.quoted); a Rust panic inside a plugin call is caught at the C boundary and the call returns with nothing done (a step leaves its views as the host gave them), so every call must return normally"]
                        }
                        Self.charge(worker.takeAttempts(), to: &result)
                        if result.status.isFailure { result.details += keepTrace(capture, unit: unit, subject: result.subject, check: result.check) }
                        unlink(capture + "/unit-\(unit).trace")
                        state.unitResults[unit] = result
                        state.settled.insert(unit)
                        current = nil
                    case .replay:
                        state.tampered[current ?? expected.first ?? 0, default: 0] += bytes.count
                    }
                case .ended(let ending):
                    // A worker that ends early charges the unit it was in, or, between units, the
                    // next unit of the plan.
                    let finishedPlan = state.plan != nil && expected.isEmpty && current == nil
                    if finishedPlan, case .exited(0) = ending { break workers }
                    guard let unit = current ?? expected.first else { break workers }
                    let timedOut: Bool = if case .timedOut = ending { true } else { false }
                    let output = Self.output(worker)
                    let status: CheckStatus = timedOut ? .timeout : .crash
                    let what = current == nil
                        ? "the worker ended with \(ending) before this check began (plugin code ended the process between checks)"
                        : timedOut ? crashDescription(ending) : PluginLastWords.crash(crashDescription(ending), stderr: output.rawStderr)
                    let attempts = SandboxAttempt.summary(worker.takeAttempts())
                    if timedOut { state.hangs += 1 }
                    let during = state.plan?.unit(unit).map { "\(state.subject):\($0.animator), check \($0.check.id)" } ?? "loading"
                    PluginCrashes.note(path: given, ending: ending, reason: "\(during): \(what)")
                    if unit == 0 {
                        var result = CheckResult(
                            check: ContractCheck.loading.id, subject: path, status: status,
                            details: ["while loading the plugin \(what)"] + attempts, path: path)
                        result.stdout = output.stdout
                        result.stderr = output.stderr
                        state.pluginResults.append(result)
                        break workers
                    }
                    guard let plan = state.plan, let (animator, check) = plan.unit(unit) else { break workers }
                    var charged = CheckResult(check: check.id, subject: "\(state.subject):\(animator)", status: status, details: [what] + attempts, path: path)
                    charged.stdout = output.stdout
                    charged.stderr = output.stderr
                    charged.details += keepTrace(capture, unit: unit, subject: charged.subject, check: check.id)
                    state.unitResults[unit] = charged
                    state.settled.insert(unit)
                    if state.hangs >= Self.hangLimit {
                        for rest in state.remaining(seed: suite.seed) {
                            guard let (a, c) = plan.unit(rest) else { continue }
                            state.unitResults[rest] = CheckResult(
                                check: c.id, subject: "\(state.subject):\(a)", status: .skip,
                                details: ["not run: the plugin hung \(state.hangs) times, so its remaining checks were stopped"], path: path)
                        }
                        break workers
                    }
                    if state.remaining(seed: suite.seed).isEmpty { break workers }
                    continue workers
                }
            }
        }
        let results = state.verdict()
        return results + quietResults(results, plan: state.plan, subject: state.subject, path: path)
    }

    /// Fails `result` (when it did not fail already) with one line per distinct call the worker's
    /// filter refused while it ran: a plugin that tried to escape does not pass, even when it
    /// coped with the refusal.
    static func charge(_ attempts: [SandboxAttempt], to result: inout CheckResult) {
        guard !attempts.isEmpty else { return }
        if !result.status.isFailure { result.status = .fail }
        result.details += SandboxAttempt.summary(attempts)
    }

    /// `charge` for the plugin-level checks: the loading check takes the attempts made while the
    /// plugin loaded.
    static func charge(_ attempts: [SandboxAttempt], to results: inout [CheckResult]) {
        guard !attempts.isEmpty else { return }
        let i = results.firstIndex { $0.check == ContractCheck.loading.id } ?? 0
        if results.indices.contains(i) {
            charge(attempts, to: &results[i])
        }
    }

    /// How far a unit's call trace has come: its size and modification time, -1 when missing.
    private static func progress(of path: String) -> Int64 {
        var st = stat()
        guard stat(path, &st) == 0 else { return -1 }
        return Int64(st.st_size) &* 1_000_003 &+ Int64(st.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_mtim.tv_nsec)
    }

    /// What the worker printed since the last unit began, escaped and cut at 4 KiB, with the
    /// bytes of its standard error as captured.
    private static func output(_ worker: WorkerProcess) -> (stdout: String?, stderr: String?, rawStderr: [UInt8]) {
        let o = worker.takeOutput()
        return (CapturedOutput.text(o.stdout, total: o.stdoutBytes), CapturedOutput.text(o.stderr, total: o.stderrBytes), o.stderr)
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
        let worker: WorkerProcess
        do {
            let request = WorkerRequest.replay(trace: AbsolutePath.resolve(path), capture: capture)
            worker = try WorkerProcess(executable: executable, request: Array(try JSONEncoder().encode(request)))
        } catch {
            return Replay(lines: [], failure: "\(error)", diverged: false)
        }
        var lines: [String] = []
        var timedOut = false
        var ending: WorkerProcess.Ending
        events: while true {
            switch worker.next(timeout: timeout) {
            case .report(let bytes):
                if case .replay(let text)? = try? WorkerMessageCoding.decode(bytes) { lines.append(text) }
            case .forged: continue
            case .ended(let e):
                ending = e
                if case .timedOut = e { timedOut = true }
                break events
            }
        }
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
        if !FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if prunesRecordSiblings, let slash = directory.lastIndex(of: "/") {
                TraceFolders.prune(String(directory[..<slash]), keeping: directory)
            }
        }
        let name = "\(subject)-\(check)".map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }
        let target = directory + "/" + String(name) + ".trace"
        try? FileManager.default.removeItem(atPath: target)
        // The lines only: a worker that crashed leaves the rest of its last window zero.
        guard let bytes = FileManager.default.contents(atPath: source),
            FileManager.default.createFile(atPath: target, contents: Data(CallTracer.written(bytes)))
        else { return [] }
        let calls = CallTracer.summary(path: target).map { "  \($0)" }
        return ["last calls:"] + calls + ["replay: catalog validate --reproduce \(target)"]
    }

    private func crashDescription(_ ending: WorkerProcess.Ending) -> String {
        switch ending {
        case .signaled: "the plugin crashed with \(ending) while this check ran"
        case .exited(let code): "the plugin ended the process with exit status \(code) while this check ran (it called exit()); a plugin must never end its host"
        case .timedOut:
            "\(ending) while this check ran: the plugin hangs (an endless loop, a fault loop or a blocking call); duration, setup, step and completion must return promptly"
        }
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

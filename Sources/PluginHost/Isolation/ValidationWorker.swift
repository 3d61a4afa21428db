#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// The worker side of isolated validation: runs units of the contract suite for one plugin, in
/// the order the plan gives for the seed, and reports each on the report channel. What the plugin
/// prints goes to the worker's standard output and error, pipes the host drains and charges to
/// the unit that was running. After announcing a unit the worker waits for the host's go-ahead,
/// so that the host has taken everything printed before the unit began: output cannot slip into
/// the wrong unit however late the host reads its reports.
///
/// The worker is confined before the plugin loads (`WorkerMain.confine`), and opens no file once
/// it has loaded the plugin for its units (`WorkerMain.lockFiles`).
public enum ValidationWorker {
    /// Runs the units `request` asks for.
    static func run(_ request: WorkerRequest.ValidationRequest, reporter: Reporter) -> Int32 {
        WorkerMain.confine(reporter.channel)
        var suite = ContractSuite()
        suite.seed = request.seed
        suite.containers = request.containers
        suite.detent = request.detent.flatMap { try? SheetDetent(fraction: $0) }
        let checks = request.checks.compactMap { ContractCheck.named($0) }
        let settled = Set(request.settled)
        var animators: [String] = []
        if !settled.contains(0) {
            reporter.send(.begin(unit: 0))
            guard let unused = reporter.awaitGoAhead() else { return 0 }
            if unused >= 0 { close(unused) }
            let outcome = suite.checkPlugin(path: request.path)
            animators = outcome.animatorIDs.filter { request.animators?.contains($0) ?? true }
            fflush(nil)
            reporter.send(.plugin(subject: outcome.subject, results: outcome.results, animators: animators))
        } else {
            guard let library = try? PluginLibrary.load(path: request.path) else { return 2 }
            animators = library.animators.map(\.id).filter { request.animators?.contains($0) ?? true }
        }
        let plan = UnitPlan(animators: animators, checks: checks)
        guard plan.count > 1, let library = try? PluginLibrary.load(path: request.path) else { return 0 }
        // Loaded: from here the worker opens no file; each unit's trace comes with its go-ahead.
        WorkerMain.lockFiles()
        for index in plan.order(seed: request.seed) where !settled.contains(index) {
            guard let (id, check) = plan.unit(index), let animator = library.animator(id) else { return 2 }
            reporter.send(.begin(unit: index))
            guard let trace = reporter.awaitGoAhead() else { return 0 }
            suite.tracer = trace >= 0 ? CallTracer(descriptor: trace) : nil
            let result = suite.run(check, on: animator)
            // The trace gets its exact length before the host, which may keep it, hears the result.
            suite.tracer?.close()
            fflush(nil)
            reporter.send(.result(unit: index, result: result))
        }
        return 0
    }

    /// Replays a recorded trace, reporting each call, then the divergences.
    static func replay(trace: String, captureDirectory: String, reporter: Reporter) -> Int32 {
        do {
            let divergences = try TraceReplayer.replay(path: trace, reporter: reporter, scratch: captureDirectory) {
                WorkerMain.confine(reporter.channel)
            }
            for d in divergences { reporter.send(.replay(line: "diverged: \(d)")) }
            return divergences.isEmpty ? 0 : 1
        } catch {
            reporter.send(.replay(line: "error: \(error)"))
            return 2
        }
    }
}

/// Sends worker reports on the report channel, one per packet (`WorkerMessageCoding`).
struct Reporter {
    let channel: WorkerChannel

    func send(_ message: WorkerMessage) {
        channel.send(WorkerMessageCoding.encode(message))
    }

    /// Waits for the host's packet that lets the announced unit start; nil when the host closed
    /// the channel. Returns the descriptor of the unit's trace file that came with it (the host
    /// creates it, since the worker may not), or -1.
    func awaitGoAhead() -> Int32? {
        channel.receiveWithDescriptor()?.descriptor
    }
}

import Benchmark
import Foundation
import PluginHost
import TransitionCore

/// The ratio the host isolation benchmarks report: a native plugin's transition run in its
/// worker (`IsolatedSession`, what the C host API does by default) ÷ the same transition loaded
/// in this process (`TransitionSession`, `TCH_ISOLATION_IN_PROCESS`), side by side in each
/// iteration.
var workerRatioMetric: BenchmarkMetric { .custom("worker ÷ in-process (‰)", polarity: .prefersSmaller, useScalingFactor: false) }

/// Nanoseconds of one frame (or one begin) through the worker.
var workerNanosecondsMetric: BenchmarkMetric { .custom("worker ns per operation", polarity: .prefersSmaller, useScalingFactor: false) }

/// The tiles fixture (`count` views) in this process and in a pooled worker, set up and checked
/// to step alike.
final class WorkerPair {
    let animator: Animator
    let context: TransitionContext
    let parameters: [Double]
    let sampler: IsolatedSampler
    let inProcess: TransitionSession
    let worker: IsolatedSession

    init(views count: Int) throws {
        let path = try BenchEnvironment.fixture("tiles")
        guard let animator = try PluginLibrary.load(path: path).animator("tiles") else { throw BenchError("\(path) has no tiles animator") }
        self.animator = animator
        context = try TransitionContext(operation: .push, containerBounds: benchContainer)
        parameters = [0.5, Double(count)]
        sampler = IsolatedSampler(executable: BenchEnvironment.catalogExecutable, timeout: 2, pool: WorkerPool())
        inProcess = animator.begin(context, parameters: parameters)
        try inProcess.setup()
        worker = try Self.begin(animator, context: context, parameters: parameters, sampler: sampler)
        try worker.setup()
        for p in sampledProgresses {
            let a = inProcess.step(p), b = worker.step(p)
            guard a.views.count == b.views.count, a.views.count >= count,
                zip(a.views, b.views).allSatisfy({ abs($0.state.frame.x - $1.state.frame.x) < 1e-9 && abs($0.state.alpha - $1.state.alpha) < 1e-9 })
            else { throw BenchError("the tiles fixture does not step alike in its worker at \(p): \(worker.failure ?? "")") }
        }
    }

    deinit {
        inProcess.complete(finished: true)
        worker.complete(finished: true)
    }

    /// A transition of `animator` in a worker of `sampler`'s pool.
    static func begin(_ animator: Animator, context: TransitionContext, parameters: [Double], sampler: IsolatedSampler) throws -> IsolatedSession {
        try IsolatedSession(
            sampler: sampler, path: animator.pluginPath, animatorID: animator.id, qualifiedID: animator.qualifiedID,
            context: context, parameters: parameters)
    }

    /// Nanoseconds for the 241 sampled frames of `step`, one frame a call, back to back.
    static func time(_ step: (Double) -> TransitionFrame) -> UInt64 {
        let start = DispatchTime.now().uptimeNanoseconds
        for p in sampledProgresses { blackHole(step(p)) }
        return DispatchTime.now().uptimeNanoseconds - start
    }

    /// Every eighth of the sampled progresses.
    static let pacedProgresses = stride(from: 0, to: sampledProgresses.count, by: 8).map { sampledProgresses[$0] }

    /// Nanoseconds for the frames of `step` at `pacedProgresses`, each a 120 Hz frame (8.33 ms)
    /// after the last, as an app's frame clock asks for them: between two frames the worker
    /// sleeps, and its CPU may go idle. Only the frames are timed.
    static func timePaced(_ step: (Double) -> TransitionFrame) -> UInt64 {
        var total: UInt64 = 0
        var pause = timespec(tv_sec: 0, tv_nsec: 8_333_333)
        for p in pacedProgresses {
            nanosleep(&pause, nil)
            let start = DispatchTime.now().uptimeNanoseconds
            blackHole(step(p))
            total += DispatchTime.now().uptimeNanoseconds - start
        }
        return total
    }
}

/// What running native plugins in workers costs the C host API (`TCH_ISOLATION_WORKER`, the
/// default), against loading them into the app (`TCH_ISOLATION_IN_PROCESS`), each a ratio
/// measured side by side in one run, with the worker's own time in nanoseconds:
/// - `Host/worker-frame/16`: one frame of the tiles fixture with 16 views, one step a call, back
///   to back: the round trip to the worker, its step, and the check of the views that come back;
/// - `Host/worker-frame/16/paced`: frames a 120 Hz frame apart, as an app's frame clock asks
///   for them (the worker sleeps between two, and its CPU may go idle): the app's case
///   (goal: at most 0.1 ms, about 1 % of a 120 Hz frame);
/// - `Host/worker-begin`: beginning a transition and drawing its first frame (begin, setup, the
///   step at 0) and completing it, in the plugin file's pooled worker, the path of every
///   transition after the first;
/// - `Host/worker-begin/cold`: the same in a worker started for it, as the first transition of a
///   plugin file pays.
func registerHostIsolationBenchmarks() {
    let pair = Prepared<WorkerPair>()
    let frameRows: [(name: String, frames: Int, seconds: Int, time: ((Double) -> TransitionFrame) -> UInt64)] = [
        ("Host/worker-frame/16", sampledProgresses.count, 2, WorkerPair.time),
        ("Host/worker-frame/16/paced", WorkerPair.pacedProgresses.count, 6, WorkerPair.timePaced),
    ]
    for row in frameRows {
        var configuration = Configurations.paired(workerRatioMetric)
        configuration.metrics.append(workerNanosecondsMetric)
        if !BenchEnvironment.smoke { configuration.maxDuration = .seconds(row.seconds) }
        Benchmark(row.name, configuration: configuration) { benchmark in
            var local: UInt64 = 0, remote: UInt64 = 0
            for i in benchmark.scaledIterations {
                if i % 2 == 0 {
                    local += row.time(pair.value.inProcess.step)
                    remote += row.time(pair.value.worker.step)
                } else {
                    remote += row.time(pair.value.worker.step)
                    local += row.time(pair.value.inProcess.step)
                }
            }
            if let failure = pair.value.worker.failure { fail(benchmark, failure) }
            benchmark.measurement(workerRatioMetric, Int((Double(remote) / Double(max(local, 1)) * 1000).rounded()))
            benchmark.measurement(workerNanosecondsMetric, Int(remote) / max(benchmark.scaledIterations.count * row.frames, 1))
        } setup: {
            try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable) }
            try pair.prepare { try WorkerPair(views: 16) }
        }
    }

    for (name, pooled) in [("Host/worker-begin", true), ("Host/worker-begin/cold", false)] {
        let begins = Prepared<WorkerPair>()
        var configuration = Configurations.paired(workerRatioMetric)
        configuration.metrics.append(workerNanosecondsMetric)
        Benchmark(name, configuration: configuration) { benchmark in
            let p = begins.value
            let sampler = pooled ? p.sampler : IsolatedSampler(executable: BenchEnvironment.catalogExecutable, timeout: 2)
            func inProcess() throws -> UInt64 {
                let start = DispatchTime.now().uptimeNanoseconds
                let session = p.animator.begin(p.context, parameters: p.parameters)
                try session.setup()
                blackHole(session.step(0))
                session.complete(finished: true)
                return DispatchTime.now().uptimeNanoseconds - start
            }
            func inWorker() throws -> UInt64 {
                let start = DispatchTime.now().uptimeNanoseconds
                let session = try WorkerPair.begin(p.animator, context: p.context, parameters: p.parameters, sampler: sampler)
                try session.setup()
                blackHole(session.step(0))
                session.complete(finished: true)
                if let failure = session.failure { throw BenchError(failure) }
                return DispatchTime.now().uptimeNanoseconds - start
            }
            var local: UInt64 = 0, remote: UInt64 = 0
            for i in benchmark.scaledIterations {
                do {
                    if i % 2 == 0 { local += try inProcess(); remote += try inWorker() } else { remote += try inWorker(); local += try inProcess() }
                } catch {
                    fail(benchmark, "\(error)")
                    return
                }
            }
            benchmark.measurement(workerRatioMetric, Int((Double(remote) / Double(max(local, 1)) * 1000).rounded()))
            benchmark.measurement(workerNanosecondsMetric, Int(remote) / max(benchmark.scaledIterations.count, 1))
        } setup: {
            try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable) }
            try begins.prepare { try WorkerPair(views: 16) }
        }
    }
}

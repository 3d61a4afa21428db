#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The workers of one run, one per plugin file: every transition of a plugin runs in the same
/// worker process, one after the other, as an app runs them. A worker goes back to the pool only
/// when its transition ended as the protocol says (completed, setup refused, or a duration the
/// host refused before setup); a worker that crashed, hung, exited or answered out of turn is
/// ended, and the next transition of its plugin starts a new one, which `restarts` records.
///
/// Set it as the `pool` of an `IsolatedSampler`; call `close()` when the run is over (workers also
/// end by themselves when this process ends).
public final class WorkerPool: @unchecked Sendable {
    private let lock = Lock()
    private var idle: [String: WorkerProcess] = [:]
    private var failed: [String: String] = [:]
    private var notes: [String] = []
    private var count = 0

    /// Creates an empty pool.
    public init() {}

    deinit { close() }

    /// One line for every worker started again after the previous one of its plugin failed:
    /// `started a new worker for PATH after: REASON`.
    public var restarts: [String] { lock.withLock { notes } }

    /// How many workers the pool's transitions started.
    public var workersStarted: Int { lock.withLock { count } }

    /// The idle worker of the plugin at `path`, taken out of the pool; nil when there is none.
    func take(path: String) -> WorkerProcess? {
        lock.withLock { idle.removeValue(forKey: path) }
    }

    /// Notes that a new worker starts for `path`: a restart when the last one failed.
    func starting(path: String) {
        lock.withLock {
            count += 1
            if let reason = failed.removeValue(forKey: path) {
                notes.append("started a new worker for \(path) after: \(reason)")
            }
        }
    }

    /// Puts `worker`, whose transition ended cleanly, back as the worker of `path`.
    func giveBack(_ worker: WorkerProcess, path: String) {
        let previous = lock.withLock { () -> WorkerProcess? in
            let previous = idle[path]
            idle[path] = worker
            return previous
        }
        if let previous { _ = previous.finish() }
    }

    /// Notes that the worker of `path` failed with `reason` (it was ended).
    func failed(path: String, reason: String) {
        lock.withLock { failed[path] = reason }
    }

    /// Ends every idle worker and what its plugins forked.
    public func close() {
        let workers = lock.withLock { () -> [WorkerProcess] in
            let all = Array(idle.values)
            idle = [:]
            return all
        }
        for worker in workers { _ = worker.finish() }
    }
}

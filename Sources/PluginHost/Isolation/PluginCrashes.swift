/// The plugin files whose worker crashed (a signal) or ended the process while this process ran
/// their code in it, sampling, stepping or validating, each with one line saying how. A command
/// hands them to ``PluginScanner/markCrashed(_:by:)`` when it is done, so that the scan cache
/// stops offering them as usable until their files change. A worker that timed out is not kept:
/// a busy machine can make a sound plugin late.
public enum PluginCrashes {
    private static let lock = Lock()
    nonisolated(unsafe) private static var seen: [(path: String, reason: String)] = []

    /// Notes that the worker running the plugin at `path` (as the caller named it) ended with
    /// `ending`; `reason` says how and during which call. Timeouts are ignored.
    static func note(path: String, ending: WorkerProcess.Ending, reason: String) {
        if case .timedOut = ending { return }
        lock.withLock {
            if !seen.contains(where: { $0.path == path }) { seen.append((path, reason)) }
        }
    }

    /// The crashes noted so far, the first of each file, in the order seen; they are forgotten.
    public static func take() -> [(path: String, reason: String)] {
        lock.withLock {
            let all = seen
            seen = []
            return all
        }
    }
}

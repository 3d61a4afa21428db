#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// Where `validate` keeps the call traces of failing checks when no `--record` directory is
/// given: a folder per run (`run-SECONDS-PID`) in `traces/` of the cache directory, beside the
/// scan cache (`$XDG_CACHE_HOME/transition-catalog/traces`, else
/// `~/.cache/transition-catalog/traces`, else the temporary directory's `catalog-traces`). The
/// folder is made only when a trace is kept, and then the oldest run folders beyond the newest
/// `kept` are removed.
public enum TraceFolders {
    /// How many run folders are kept, the one just made included.
    public static let kept = 20

    /// The folder that holds the run folders, for `environment`.
    public static func base(environment: [String: String]) -> String {
        if let folder = CacheFolder.path(environment: environment) { return folder + "/traces" }
        var temporary = environment["TMPDIR"] ?? ""
        if temporary.isEmpty { temporary = "/tmp" }
        return temporary + "/catalog-traces"
    }

    /// A new run folder's path in `base` (not made yet), named by the time and this process's id.
    public static func runFolder(in base: String) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return base + "/run-\(now.tv_sec)-\(getpid())"
    }

    /// Removes the run folders of `base` beyond the `kept` newest (by modification time, then
    /// name), never `current`.
    public static func prune(_ base: String, keeping current: String) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: base) else { return }
        var runs: [(path: String, modified: Int)] = []
        for name in names where name.hasPrefix("run-") {
            let path = base + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { continue }
            runs.append((path, st.st_mtim.tv_sec * 1_000_000_000 + st.st_mtim.tv_nsec))
        }
        runs.sort { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path > $1.path }
        var keptCount = runs.contains { $0.path == current } ? 1 : 0
        for run in runs where run.path != current {
            if keptCount < kept {
                keptCount += 1
            } else {
                try? fm.removeItem(atPath: run.path)
            }
        }
    }
}

import CFFIShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The working directory and the environment variables the host reads, as they were when the host
/// started, put back after plugin code ran, so a plugin that calls chdir() or setenv() cannot
/// move the host's files or change what it searches next.
public enum ProcessState {
    /// The environment variables the host reads.
    public static let watchedVariables = [
        "TRANSITION_ANIMATOR_PATH", "TRANSITION_CATALOG_CACHE", "XDG_CACHE_HOME", "HOME", "TMPDIR", "PATH",
    ]

    /// The state when recorded. Immutable once made; the name pointers live as long as the process.
    private struct Snapshot: @unchecked Sendable {
        var directory: String
        /// The watched variables' names as C strings, in `watchedVariables` order.
        var names: UnsafeMutablePointer<UnsafePointer<CChar>?>
        /// Each watched variable's value (nil when unset), in the same order, as C strings:
        /// comparing them with the environment allocates nothing.
        var values: [[CChar]?]
    }

    private static let snapshot: Snapshot = {
        let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: watchedVariables.count)
        for (i, name) in watchedVariables.enumerated() { names[i] = UnsafePointer(strdup(name)) }
        let values = watchedVariables.map { name in getenv(name).map { Array(String(cString: $0).utf8CString) } }
        return Snapshot(directory: AbsolutePath.startDirectory, names: names, values: values)
    }()

    /// Records the state; call it once at start, before any plugin code runs.
    public static func record() {
        _ = snapshot
    }

    /// Puts back the working directory and the watched variables where plugin code changed them.
    /// Nothing is allocated when nothing changed, and the environment is read in one pass: a scan
    /// calls it for every plugin.
    public static func restore() {
        let s = snapshot
        if !isCurrentDirectory(s.directory) { _ = chdir(s.directory) }
        let count = s.values.count
        withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: count) { now in
            tc_find_variables(s.names, count, now.baseAddress!)
            for i in 0..<count {
                let unchanged = switch (s.values[i], now[i]) {
                case (nil, nil): true
                case (let value?, let now?): value.withUnsafeBufferPointer { strcmp($0.baseAddress!, now) == 0 }
                default: false
                }
                guard !unchanged, let name = s.names[i] else { continue }
                if let value = s.values[i] {
                    _ = value.withUnsafeBufferPointer { setenv(name, $0.baseAddress!, 1) }
                } else {
                    unsetenv(name)
                }
            }
        }
    }

    /// True when the working directory is `directory`.
    private static func isCurrentDirectory(_ directory: String) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            guard getcwd(buffer.baseAddress, buffer.count) != nil else { return false }
            return directory.withCString { strcmp($0, buffer.baseAddress!) == 0 }
        }
    }
}

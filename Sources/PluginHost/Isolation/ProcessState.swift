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

    private struct Snapshot: Sendable {
        var directory: String
        /// Each watched variable's name and its value (nil when unset), in `watchedVariables`
        /// order, as C strings: comparing them with the environment allocates nothing.
        var environment: [(name: [CChar], value: [CChar]?)]
    }

    private static let snapshot: Snapshot = {
        let environment = watchedVariables.map { name in
            (name: Array(name.utf8CString), value: getenv(name).map { Array(String(cString: $0).utf8CString) })
        }
        return Snapshot(directory: AbsolutePath.startDirectory, environment: environment)
    }()

    /// Records the state; call it once at start, before any plugin code runs.
    public static func record() {
        _ = snapshot
    }

    /// Puts back the working directory and the watched variables where plugin code changed them.
    /// Nothing is allocated when nothing changed: a scan calls it for every plugin.
    public static func restore() {
        let s = snapshot
        if !isCurrentDirectory(s.directory) { _ = chdir(s.directory) }
        for (name, value) in s.environment {
            name.withUnsafeBufferPointer { name in
                let now = getenv(name.baseAddress!)
                let unchanged = switch (value, now) {
                case (nil, nil): true
                case (let value?, let now?): value.withUnsafeBufferPointer { strcmp($0.baseAddress!, now) == 0 }
                default: false
                }
                guard !unchanged else { return }
                if let value {
                    _ = value.withUnsafeBufferPointer { setenv(name.baseAddress!, $0.baseAddress!, 1) }
                } else {
                    unsetenv(name.baseAddress!)
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Counts the threads of this process: a scan worker compares the count before and after a
/// plugin ran, and keeps loaded a library that left a thread behind.
///
/// The kernel gives `/proc/self/task` one link per thread beyond the usual two, so the count is
/// one `fstat` of a descriptor kept open, far cheaper than reading `/proc/self/stat`.
final class ThreadCount {
    private let directory: Int32

    /// Opens `/proc/self/task`; nil when it cannot be opened.
    init?() {
        directory = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
    }

    deinit { close(directory) }

    /// The threads of this process now; nil when they cannot be counted.
    var current: Int? {
        var st = stat()
        guard fstat(directory, &st) == 0, st.st_nlink > 2 else { return nil }
        return Int(st.st_nlink) - 2
    }
}

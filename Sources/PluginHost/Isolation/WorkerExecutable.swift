#if canImport(Glibc)
import Glibc
#endif

/// The executable a host starts as its worker (see ``WorkerProcess``): `catalog-worker` beside
/// the host's executable, which links only the plugin host and so starts faster; else the host's
/// executable itself, since `catalog` also serves as a worker (``WorkerMain/runIfWorker()``).
public enum WorkerExecutable {
    /// The worker's file name.
    public static let fileName = "catalog-worker"

    /// The worker for a host whose executable is `host`: `catalog-worker` in the same directory
    /// when it is an executable file there, else `host`.
    public static func forHost(_ host: String) -> String {
        guard let slash = host.lastIndex(of: "/") else { return host }
        let candidate = String(host[...slash]) + fileName
        var st = stat()
        guard stat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else { return host }
        return candidate
    }

    /// The worker for the running executable.
    public static func current() -> String {
        forHost(PluginSearchPath.executablePath() ?? CommandLine.arguments[0])
    }
}

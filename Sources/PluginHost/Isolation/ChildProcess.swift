#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A child process with a private report channel: the child writes newline-separated messages
/// to file descriptor 3, while its standard output and error go to files the parent names. The
/// parent reads reports as they come and kills the child when none arrives in time.
public final class ChildProcess {
    /// How a child ended.
    public enum Ending: Sendable, Hashable, CustomStringConvertible {
        /// It exited with a status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It sent no report within the deadline and was killed.
        case timedOut(seconds: Double)

        /// True when a signal ended it.
        public var isSignal: Bool { if case .signaled = self { true } else { false } }

        /// `exit status 3`, `SIGSEGV (segmentation fault)`, `no report within 10 s`.
        public var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signaled(let signal): signalDescription(signal)
            case .timedOut(let s): "no answer within \(s) s"
            }
        }
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    private let pid: pid_t
    private let reports: Int32
    private var buffer: [UInt8] = []

    /// Starts `executable` with `arguments`; its standard input is /dev/null and its standard
    /// output and error are appended to `stdoutPath` and `stderrPath`.
    public init(executable: String, arguments: [String], stdoutPath: String, stderrPath: String) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError(description: "pipe failed: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        // The read end may itself be descriptor 3: close it before the write end takes that number.
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_adddup2(&actions, fds[1], 3)
        if fds[1] != 3 { posix_spawn_file_actions_addclose(&actions, fds[1]) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        // The Swift runtime's crash backtracer would print its own report and slow every crash down.
        var environment: [UnsafeMutablePointer<CChar>?] = []
        var p = environ
        while let entry = p.pointee {
            if !String(cString: entry).hasPrefix("SWIFT_BACKTRACE=") { environment.append(strdup(entry)) }
            p += 1
        }
        environment.append(strdup("SWIFT_BACKTRACE=enable=no"))
        environment.append(nil)
        defer { for e in environment { free(e) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, nil, argv, environment)
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        reports = fds[0]
    }

    deinit {
        close(reports)
    }

    /// The next report line, or nil when the child closed the channel (it is ending). Waits at most
    /// `timeout` seconds; on time-out the child is killed and `ChildProcess.TimedOut` is thrown.
    public func nextReport(timeout: Double) throws(TimedOut) -> String? {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Double(deadline.tv_sec) + Double(deadline.tv_nsec) / 1e9 + timeout
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let remaining = end - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            if remaining <= 0 {
                _ = Glibc.kill(pid, SIGKILL)
                throw TimedOut(seconds: timeout)
            }
            var p = pollfd(fd: reports, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(reports, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if buffer.isEmpty { return nil }
                let line = String(decoding: buffer, as: UTF8.self)
                buffer.removeAll()
                return line
            }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Raised when no report arrived in time; the child has been killed.
    public struct TimedOut: Error {
        /// The time waited.
        public let seconds: Double
    }

    /// Waits for the child to end and says how.
    public func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(status & 0x7f)
    }

    /// Kills the child and waits for it.
    public func kill() -> Ending {
        _ = Glibc.kill(pid, SIGKILL)
        return wait()
    }
}

/// `SIGSEGV (segmentation fault)` for a signal number.
public func signalDescription(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGILL: "SIGILL",
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGPIPE: "SIGPIPE", SIGSYS: "SIGSYS",
        SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGALRM: "SIGALRM",
    ]
    let name = names[signal] ?? "signal \(signal)"
    guard let text = strsignal(signal) else { return name }
    return "\(name) (\(String(cString: text).lowercased()))"
}

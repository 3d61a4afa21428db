import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A `catalog` process started in the background, set up as `CLI.run` sets one up, whose output
/// can be watched while it runs, which can be sent a signal, and which is killed if it is still
/// running when the test lets go of it: a test of a command that may block never blocks the suite.
///
/// It is started as a shell starts a command in the foreground: no signal blocked, and SIGINT and
/// SIGTERM at their default actions, whatever the test runner itself ignores or blocks.
final class RunningCLI: @unchecked Sendable {
    private let pid: pid_t
    private let lock = NSLock()
    private var errorBytes = Data()
    private var outputBytes = Data()
    private var ended: Set<Bool> = []
    private var exitStatus: Int32?

    /// Starts `catalog` with `arguments` and extra `environment` variables.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let env = TestEnvironment.childEnvironment(adding: environment)
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw POSIXError(.EMFILE) }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([TestEnvironment.catalogExecutable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, TestEnvironment.catalogExecutable, &actions, &attributes, argv, envp)
        close(out[1])
        close(err[1])
        guard spawned == 0 else {
            close(out[0])
            close(err[0])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        pid = child
        for (fd, error) in [(out[0], false), (err[0], true)] {
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = read(fd, &buffer, buffer.count)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    append(Data(buffer[..<n]), error: error)
                }
                close(fd)
                append(Data(), error: error)
            }
        }
    }

    deinit {
        if status(within: 0) == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
    }

    private func append(_ data: Data, error: Bool) {
        lock.lock()
        if data.isEmpty { ended.insert(error) } else if error { errorBytes.append(data) } else { outputBytes.append(data) }
        lock.unlock()
    }

    /// True once both pipes reached their end.
    private var drained: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ended.count == 2
    }

    /// What the process wrote to standard error so far.
    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errorBytes, as: UTF8.self)
    }

    /// What the process wrote to standard output so far.
    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: outputBytes, as: UTF8.self)
    }

    /// Waits up to `seconds` for standard error to contain `text`; true when it does.
    func waitForStderr(containing text: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if stderr.contains(text) { return true }
            usleep(20_000)
        }
        return stderr.contains(text)
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// The exit status once the process has ended (128 plus the signal's number when a signal
    /// ended it), or nil when it is still running after `seconds`. What it wrote is read to its
    /// end before the status is given.
    func status(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let exitStatus { return exitStatus }
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                // WIFSIGNALED / WTERMSIG and WEXITSTATUS, spelled out: Swift does not import the macros.
                exitStatus = raw & 0x7F != 0 ? 128 + (raw & 0x7F) : (raw >> 8) & 0xFF
                while !drained && Date() < deadline.addingTimeInterval(5) { usleep(10_000) }
                return exitStatus
            }
            guard Date() < deadline else { return nil }
            usleep(20_000)
        }
    }
}

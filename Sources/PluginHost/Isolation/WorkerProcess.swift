import CFFIShims
import CWorkerSandbox
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import TransitionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A worker process that runs plugin code for the host, seen from the host's side.
///
/// The worker is the executable the host names (`WorkerExecutable.current()`: `catalog-worker`
/// beside the host's executable, else the host's executable itself), started with its own path as
/// its only argument and the host's environment (less the Rust backtrace variables, which the
/// worker removes itself; see `WorkerMain`). It learns what to do from the first packet on a private report
/// channel: a `SOCK_SEQPACKET` socket placed at a descriptor number chosen at random, whose first
/// packet also carries a secret drawn for this worker alone. Every report the worker sends starts
/// with that secret; any packet without it is a forgery by plugin code and is reported as such.
/// The secret never enters argv, the environment or a file.
///
/// The worker leads a process group of its own: whatever a plugin forks is killed with it. Its
/// standard output and error are pipes the host drains, so what the plugin prints can be shown and
/// charged to the unit that printed it. Its standard input is /dev/null.
///
/// Before it runs plugin code the worker confines itself (`CWorkerSandbox`): it goes on in user
/// and PID namespaces of its own where the kernel allows them, and installs a system-call filter
/// that refuses processes, programs, sockets and file writes. It reports how it is confined
/// (`confinement`) and each refused call (`takeAttempts`).
public final class WorkerProcess {
    /// How a worker ended.
    public enum Ending: Sendable, Hashable, CustomStringConvertible {
        /// It exited with a status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It sent no report within the deadline and was killed.
        case timedOut(seconds: Double)

        /// True when a signal ended it.
        public var isSignal: Bool { if case .signaled = self { true } else { false } }

        /// True when it was killed for sending no report in time.
        public var isTimeOut: Bool { if case .timedOut = self { true } else { false } }

        /// `exit status 3`, `SIGSEGV (segmentation fault)`, `no answer within 2 s`.
        public var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signaled(let signal): signalDescription(signal)
            case .timedOut(let s): "no answer within \(Format.number(s)) s"
            }
        }
    }

    /// Why a worker could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// What the host learns from a worker next.
    public enum Event: Sendable {
        /// A report carrying the secret: the worker wrote it.
        case report([UInt8])
        /// A packet without the secret: plugin code wrote to the report channel. Its size in bytes.
        case forged(Int)
        /// The worker ended (and its process group was killed).
        case ended(Ending)
    }

    /// The most output kept per stream between two calls of `takeOutput`.
    public static let outputLimit = 65536

    private let pid: pid_t
    private var channel: Int32
    private var streams: [Int32]
    private let secret: [UInt8]
    private var captured: [[UInt8]] = [[], []]
    private var capturedBytes = [0, 0]
    private var ending: Ending?
    private var channelClosed = false
    /// Where packets are received into: left uninitialised, so only the pages a packet fills are
    /// ever touched.
    private var packet = [UInt8](unsafeUninitializedCapacity: 1 << 20) { _, count in count = 1 << 20 }
    /// Where the worker's output is read into, kept from one read to the next.
    private var chunk: [UInt8] = []
    /// The parts of a long report received so far.
    private var partial: [UInt8] = []
    private var lastBeat = 0.0
    /// The calls the worker's filter refused, not yet taken.
    private var attempts: [SandboxAttempt] = []

    /// How the worker is confined, once it has said so (before it runs any plugin code).
    public private(set) var confinement: WorkerConfinement?

    /// The process that calls the plugin, as this process numbers it (in its own namespaces it is
    /// PID 2, the child of the worker's first process): it sent the confinement report. 0 until
    /// then.
    package private(set) var stepperID: Int32 = 0
    /// The CPU `followCaller` last kept the stepping process on; -1 before.
    private var stepperCPU: Int32 = -1

    /// Keeps the worker's stepping thread on the CPU the calling thread runs on, before the
    /// caller sends a request it will wait for with `next(timeout:limit:progress:spin:)`'s `spin`.
    ///
    /// The call is synchronous: the caller looks for the answer and yields its CPU, so a worker
    /// kept on that CPU runs there at once, on a CPU that is awake and holds the caller's data,
    /// and the caller finds the answer when the worker goes back to wait. Left to the scheduler,
    /// the worker is often woken on another CPU, idle, and an idle CPU (a virtual machine's most
    /// of all) can take longer to wake than the step takes. Costs one system call when the
    /// caller has moved since the last request, none otherwise. Does nothing before the worker
    /// reported its confinement, or when the caller may not keep it there (another user's
    /// process, a CPU outside its set).
    public func followCaller() {
        guard stepperID > 0, ending == nil else { return }
        let cpu = tc_current_cpu()
        guard cpu >= 0, cpu != stepperCPU else { return }
        stepperCPU = cpu
        _ = tc_keep_on_cpu(stepperID, cpu)
    }

    /// The system calls the worker's filter refused since the last call, in the order made: what
    /// plugin code tried (a socket, a file write, a process) that workers may not do.
    public func takeAttempts() -> [SandboxAttempt] {
        defer { attempts = [] }
        return attempts
    }

    /// Starts `executable` as a worker and hands it `request` (any bytes the worker side
    /// understands) over the report channel. A worker `startEarly` started for the same
    /// executable is used when it is still waiting for its request.
    public init(executable: String, request: [UInt8]) throws {
        let started = try Self.takeEarly(executable: executable) ?? Self.spawn(executable: executable)
        pid = started.pid
        channel = started.channel
        streams = started.streams
        var generator = SystemRandomNumberGenerator()
        secret = Array((0..<32).map { _ in UInt8(ascii: "a") + UInt8.random(in: 0..<26, using: &generator) })
        let hello = Array(WorkerChannel.magic.utf8) + secret + [UInt8(ascii: " ")] + request
        let sent = hello.withUnsafeBytes { Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent != hello.count {
            let reason = sent < 0 ? String(cString: strerror(errno)) : "it took \(sent) of \(hello.count) bytes"
            _ = finish()
            throw SpawnError(description: "cannot hand the worker \(executable) its request: \(reason)")
        }
    }

    /// Starts a worker of `executable` now, before the host knows what to ask of it, so that its
    /// start-up (loading the executable and its libraries) overlaps the host's own; the next
    /// `init(executable:request:)` for the same executable hands it its request. A worker waits
    /// `earlyWait` seconds for its request; one not used by then, or when this process exits, is
    /// ended. Call it at most once, as early as possible, in a process that will start a worker.
    public static func startEarly(executable: String) {
        guard let started = try? spawn(executable: executable) else { return }
        let previous = early.withLock { slot in
            defer { slot = (executable, started, now()) }
            return slot?.process
        }
        if let previous { discard(previous) }
        _ = endsEarlyWorkerAtExit
    }

    /// Registers, once, the exit handler that ends an early worker nobody used.
    private static let endsEarlyWorkerAtExit: Void = { atexit { _ = WorkerProcess.discardEarly() } }()

    /// How long an early worker is used after it started: less than the time a worker waits for
    /// its request (`WorkerChannel.requestWait`).
    static let earlyWait = WorkerChannel.requestWait - 5

    /// A started worker process that has not yet been handed its request.
    private struct Started: Sendable {
        var pid: pid_t
        var channel: Int32
        var streams: [Int32]
    }

    /// The worker `startEarly` started: its executable, the process and when it started.
    private static let early = Mutex<(executable: String, process: Started, at: Double)?>(nil)

    /// The early worker, when it was started for `executable`, recently enough, and still runs.
    /// One started for another executable is left waiting for a request of its own.
    private static func takeEarly(executable: String) -> Started? {
        let taken = early.withLock { slot -> (process: Started, at: Double)? in
            guard let waiting = slot, waiting.executable == executable else { return nil }
            slot = nil
            return (waiting.process, waiting.at)
        }
        guard let (started, at) = taken else { return nil }
        var status: Int32 = 0
        guard now() - at < earlyWait, waitpid(started.pid, &status, WNOHANG) == 0 else {
            discard(started)
            return nil
        }
        return started
    }

    /// The process id of the early worker waiting for its request, if there is one.
    static var earlyProcessID: pid_t? { early.withLock { $0?.process.pid } }

    /// Ends an early worker nobody used; returns its process id, nil when there was none.
    @discardableResult
    static func discardEarly() -> pid_t? {
        guard let unused = early.withLock({ slot in defer { slot = nil }; return slot?.process }) else { return nil }
        discard(unused)
        return unused.pid
    }

    private static func discard(_ started: Started) {
        _ = Glibc.kill(-started.pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(started.pid, &status, 0) < 0 && errno == EINTR {}
        for fd in [started.channel] + started.streams { close(fd) }
    }

    /// Starts `executable` with its report channel, pipes for its output and a process group of
    /// its own; the request follows in the channel's first packet.
    private static func spawn(executable: String) throws -> Started {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw SpawnError(description: "socketpair failed: \(String(cString: strerror(errno)))")
        }
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0, pipe(&err) == 0 else {
            let reason = String(cString: strerror(errno))
            for fd in pair + out + err where fd >= 0 { close(fd) }
            throw SpawnError(description: "pipe failed: \(reason)")
        }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var buffer: Int32 = 4 << 20
        setsockopt(pair[1], SOL_SOCKET, SO_SNDBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(pair[0], SOL_SOCKET, SO_RCVBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
        // Each packet then names the process that sent it, as this process numbers it: how the host
        // learns the worker's process id inside its namespaces (`followCaller`).
        var passCredentials: Int32 = 1
        setsockopt(pair[0], SOL_SOCKET, SO_PASSCRED, &passCredentials, socklen_t(MemoryLayout<Int32>.size))

        var generator = SystemRandomNumberGenerator()
        let number = channelNumber(avoiding: pair + out + err, using: &generator)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        posix_spawn_file_actions_adddup2(&actions, pair[1], number)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)

        let argv = [strdup(executable), nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(pair[1]); close(out[1]); close(err[1])
        guard rc == 0 else {
            close(pair[0]); close(out[0]); close(err[0])
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        for fd in [pair[0], out[0], err[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return Started(pid: child, channel: pair[0], streams: [out[0], err[0]])
    }

    deinit {
        if ending == nil { _ = finish() }
        if channel >= 0 { close(channel) }
        for fd in streams where fd >= 0 { close(fd) }
    }

    /// A descriptor number between 100 and the descriptor limit, not one of `taken`.
    private static func channelNumber(avoiding taken: [Int32], using generator: inout SystemRandomNumberGenerator) -> Int32 {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let top = Int32(clamping: min(UInt64(limit.rlim_cur), 1024))
        guard top > 110 else { return max(10, (taken.max() ?? 9) + 1) }
        while true {
            let n = Int32.random(in: 100..<top, using: &generator)
            if !taken.contains(n) { return n }
        }
    }

    /// The next thing the worker did, waiting at most `timeout` seconds for it. The wait starts
    /// again at each heartbeat (plugin calls returned) and, when `progress` is given, whenever the
    /// value it returns changes: a watchdog per plugin call, not per unit, up to `limit` seconds in
    /// all. A `timeout` under `WorkerChannel.shortestTimeout` is taken as that: below it, a
    /// heartbeat late on a busy machine would be taken for a hang. When the time is up the
    /// worker's process group is killed and `.ended(.timedOut)` is returned.
    ///
    /// With `spin`, the first `spin` seconds are spent looking for the answer without sleeping
    /// (yielding the CPU to anything that waits for it, the worker included): for an answer
    /// expected within microseconds, as a step's is, this spares the caller the wake-up from a
    /// sleep, which an idle CPU can make longer than the step.
    public func next(timeout: Double, limit: Double? = nil, progress: (() -> Int64)? = nil, spin: Double = 0) -> Event {
        if let ending { return .ended(ending) }
        if spin > 0, !channelClosed {
            let end = Self.now() + spin
            repeat {
                if let event = receive() { return event }
                if channelClosed { break }
                sched_yield()
            } while Self.now() < end
        }
        let timeout = max(timeout, WorkerChannel.shortestTimeout)
        let start = Self.now()
        let hardEnd = start + max(limit ?? timeout, timeout)
        var seen = progress?()
        var lastChange = start
        while true {
            if !channelClosed, let event = receive() { return event }
            if let status = reap(blocking: channelClosed && streams.allSatisfy { $0 < 0 }) {
                while !channelClosed, let event = receive() { return event }
                return .ended(conclude(status))
            }
            let now = Self.now()
            lastChange = max(lastChange, lastBeat)
            if let progress {
                let value = progress()
                if value != seen {
                    seen = value
                    lastChange = now
                }
            }
            let remaining = min(lastChange + timeout, hardEnd) - now
            if remaining <= 0 {
                _ = Glibc.kill(-pid, SIGKILL)
                _ = reap(blocking: true)
                return .ended(conclude(.timedOut(seconds: timeout)))
            }
            var fds = ([channelClosed ? -1 : channel] + streams).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // The worker may end while a process it forked keeps every descriptor open: look at it
            // at least every 50 ms.
            let slice = Int32(min(remaining * 1000, 50).rounded(.up))
            let ready = poll(&fds, nfds_t(fds.count), slice)
            if ready > 0 { drainStreams() }
        }
    }

    /// Sends one packet to the worker; false when it cannot be sent.
    public func send(_ bytes: [UInt8]) -> Bool {
        guard ending == nil, !channelClosed else { return false }
        let n = bytes.withUnsafeBytes { Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return n == bytes.count
    }

    /// Sends one packet to the worker with a copy of the open file `descriptor`: a confined
    /// worker opens no file of its own. False when it cannot be sent.
    func send(_ bytes: [UInt8], descriptor: Int32) -> Bool {
        guard ending == nil, !channelClosed else { return false }
        let n = bytes.withUnsafeBytes { tc_send_with_descriptor(channel, $0.baseAddress, $0.count, descriptor) }
        return n == bytes.count
    }

    /// What the worker wrote to its standard error since `takeOutput` last took it, cut at
    /// `outputLimit` bytes, left for `takeOutput`: the plugin's last words after a crash.
    func standardErrorSoFar() -> [UInt8] {
        drainStreams()
        return captured[1]
    }

    /// What the worker wrote to its standard output and error since the last call, each cut at
    /// `outputLimit` bytes, with the full byte counts.
    public func takeOutput() -> (stdout: [UInt8], stderr: [UInt8], stdoutBytes: Int, stderrBytes: Int) {
        drainStreams()
        defer { captured = [[], []]; capturedBytes = [0, 0] }
        return (captured[0], captured[1], capturedBytes[0], capturedBytes[1])
    }

    /// Ends the worker now if it is still running, kills its process group and says how it ended.
    public func finish() -> Ending {
        if let ending { return ending }
        _ = Glibc.kill(-pid, SIGKILL)
        let status = reap(blocking: true) ?? .signaled(SIGKILL)
        return conclude(status)
    }

    /// Makes this process the reaper of the processes its workers' plugins fork, so that a
    /// finished worker is only reported once everything in its group is gone, not merely sent
    /// SIGKILL. The catalog tool calls it at start; an embedder may (it applies to the whole
    /// process: orphaned descendants of any child come back to it).
    public static func adoptOrphans() {
        _ = tc_set_child_subreaper()
    }

    /// Closes this process to its workers: makes it non-dumpable, so plugin code in a worker (a
    /// child of this process, running as the same user) can neither attach to it with `ptrace`
    /// nor read or write its memory through `/proc/<pid>/mem`, which would let it rewrite a
    /// verdict or anything else the host holds. The catalog tool calls it at start; an embedder
    /// that runs untrusted plugins in workers may (it applies to the whole process, and the
    /// process then leaves no core dump; a debugger that started the process stays attached).
    /// Returns false when the system refused.
    @discardableResult
    public static func closeToWorkers() -> Bool {
        tc_set_not_dumpable() == 0
    }

    private func conclude(_ status: Ending) -> Ending {
        // Whatever the plugin forked dies with the worker's group; nothing outlives the worker.
        _ = Glibc.kill(-pid, SIGKILL)
        awaitGroupDeath()
        drainStreams()
        ending = status
        return status
    }

    /// Waits, at most a second, until no process of the worker's (already reaped) group runs:
    /// SIGKILL lands when a killed process is next scheduled, so on a busy machine a process the
    /// plugin forked may run on for a moment after `kill` returns. The processes this one adopted
    /// (`adoptOrphans`) are reaped here; the zombies of the others are their new parent's to reap,
    /// and run nothing. Returns at once when the plugin forked nothing.
    private func awaitGroupDeath() {
        let deadline = Self.now() + 1
        var status: Int32 = 0
        while Glibc.kill(-pid, 0) == 0, Self.now() < deadline {
            while waitpid(-pid, &status, WNOHANG) > 0 {}
            guard Self.groupHasRunningMember(pid) else { return }
            _ = Glibc.kill(-pid, SIGKILL)
            usleep(2000)
        }
    }

    /// True when a process of group `group` exists and is not a zombie (from `/proc/PID/stat`).
    private static func groupHasRunningMember(_ group: pid_t) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for entry in entries where entry.first?.isNumber == true {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command name: state, ppid, pgrp.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[2]) == group else { continue }
            if fields[0] != "Z" && fields[0] != "X" { return true }
        }
        return false
    }

    /// The next packet, if one is waiting; heartbeats are noted, not returned.
    private func receive() -> Event? {
        while true {
            var sender: Int32 = 0
            let n = packet.withUnsafeMutableBytes { tc_receive_with_sender(channel, $0.baseAddress, UInt($0.count), Int32(MSG_DONTWAIT), &sender) }
            if n < 0 { return nil }
            if n == 0 {
                channelClosed = true
                return nil
            }
            let body = packet[..<n]
            guard body.count > secret.count, body.starts(with: secret), body[body.startIndex + secret.count] == UInt8(ascii: " ") else {
                return .forged(n)
            }
            var payload = Array(body.dropFirst(secret.count + 1))
            if payload == WorkerChannel.heartbeat {
                lastBeat = Self.now()
                continue
            }
            if let attempt = SandboxAttempt(report: payload) {
                attempts.append(attempt)
                continue
            }
            if let reported = WorkerConfinement(report: payload) {
                confinement = reported
                // Sent by the worker's main thread once it is confined, before any plugin code.
                stepperID = sender
                continue
            }
            if payload.first == WorkerChannel.continuation {
                partial += payload.dropFirst()
                lastBeat = Self.now()
                continue
            }
            if !partial.isEmpty {
                // The end of a long report starts with its marker; anything else after parts is
                // not the worker's framing, and the parts so far are dropped with it.
                guard payload.first == WorkerChannel.lastPart else {
                    partial = []
                    return .report(payload)
                }
                payload = partial + payload.dropFirst()
                partial = []
            }
            return .report(payload)
        }
    }

    private func reap(blocking: Bool) -> Ending? {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { return nil }
            break
        }
        if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(status & 0x7f)
    }

    private func drainStreams() {
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 65536) }
        for i in streams.indices where streams[i] >= 0 {
            while true {
                let n = chunk.withUnsafeMutableBytes { read(streams[i], $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { break }
                if n == 0 {
                    close(streams[i])
                    streams[i] = -1
                    break
                }
                capturedBytes[i] += n
                let room = Self.outputLimit - captured[i].count
                if room > 0 { captured[i] += chunk[..<min(n, room)] }
            }
        }
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
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

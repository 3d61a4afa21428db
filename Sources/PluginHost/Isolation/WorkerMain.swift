#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif
import CWorkerSandbox

/// The entry of a worker process: what the host's executable does when `WorkerProcess` started it.
public enum WorkerMain {
    /// When this process is a worker, does what its host asked and returns the exit status; nil
    /// when it is not a worker. Call it first in `main`, before parsing arguments or loading any
    /// plugin.
    public static func runIfWorker() -> Int32? {
        guard let channel = WorkerChannel.adopt() else { return nil }
        // Before any thread starts (a user namespace takes a process with one thread): the worker
        // goes on as PID 2 of a PID namespace of its own, or here when the kernel refuses.
        namespaceRefusal = tc_sandbox_enter_namespaces()
        // Before any thread: what the worker's own code would otherwise open after the plugin
        // loaded (see `tc_sandbox_prepare`).
        tc_sandbox_prepare()
        // A crash is the host's to report: the default action ends the worker at once, where the
        // runtime's own crash handler would print a report and take seconds.
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS] { signal(s, SIG_DFL) }
        // A Rust plugin's panic prints its message and place at once; with a backtrace asked for,
        // Rust would symbolize this executable's debug information at every panic, which takes
        // long enough for a check whose steps all panic to reach the unit limit.
        unsetenv("RUST_BACKTRACE")
        unsetenv("RUST_LIB_BACKTRACE")
        watchHost(channel)
        beat(channel)
        if let scan = ScanRequest(bytes: channel.request) {
            ScanWorker.run(scan, channel: channel)
            return 0
        }
        if let (sample, session) = SampleMessageCoding.decodeRequest(channel.request) {
            return session ? SessionWorker.run(sample, channel: channel) : SamplingWorker.run(sample, channel: channel)
        }
        let reporter = Reporter(channel: channel)
        guard let request = try? JSONDecoder().decode(WorkerRequest.self, from: Data(channel.request)) else { return 2 }
        switch request {
        case .validate(let r): return ValidationWorker.run(r, reporter: reporter)
        case .replay(let trace, let capture): return ValidationWorker.replay(trace: trace, captureDirectory: capture, reporter: reporter)
        }
    }

    /// What entering the namespaces returned: 0, or why the worker runs without them.
    nonisolated(unsafe) static var namespaceRefusal: Int32 = 0

    /// Confines the worker (`WorkerChannel.confine`) before the first plugin code runs.
    static func confine(_ channel: WorkerChannel) {
        channel.confine(namespaceRefusal: namespaceRefusal)
    }

    /// Stacks the filter that refuses every open: call it once the plugin is loaded and every
    /// file the worker itself needs is open.
    static func lockFiles() {
        _ = tc_sandbox_lock_files()
    }

    /// Ends the worker and its process group as soon as the host's end of the channel closes
    /// (the host ended or was killed), so no worker outlives its host.
    private static func watchHost(_ channel: WorkerChannel) {
        let fd = channel.fd
        DetachedThread.start {
            var p = pollfd(fd: fd, events: 0, revents: 0)
            while true {
                let r = poll(&p, 1, -1)
                if r < 0 && errno == EINTR { continue }
                if r > 0 && p.revents & Int16(POLLHUP | POLLERR) != 0 { break }
                if r < 0 { return }
            }
            Glibc.kill(0, SIGKILL)
        }
    }

    /// Every `WorkerChannel.beatInterval` in which plugin calls returned or none was running,
    /// sends the host a heartbeat: the watchdog then waits for the next one, so only a plugin call
    /// that does not return times out, never the check's own work between calls, down to the
    /// shortest timeout a host may set (`WorkerChannel.shortestTimeout`). After 200 ms without, a
    /// scan sends the records it held back (``RecordOutbox``).
    private static func beat(_ channel: WorkerChannel) {
        DetachedThread.start {
            var last = CallCounter.returned
            var quietBeats = 0
            var pause = timespec(tv_sec: 0, tv_nsec: Int(WorkerChannel.beatInterval * 1e9))
            while true {
                nanosleep(&pause, nil)
                let now = CallCounter.returned
                if now != last || CallCounter.running == 0 {
                    last = now
                    quietBeats = 0
                    channel.send(WorkerChannel.heartbeat)
                } else {
                    quietBeats += 1
                    // A scan's held-back records go out once a stall, so the host knows which file hangs.
                    if quietBeats == WorkerChannel.stallBeats { RecordOutbox.shared.stalled(channel: channel) }
                }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// Samples a transition with the plugin in a worker process (see `WorkerProcess`): the worker asks
/// the animator for its duration, the host checks it and chooses the progresses, the worker runs
/// setup, the steps and completion, and the host checks every value before it draws anything.
///
/// This is the default for untrusted plugins: a plugin that crashes, hangs, exits, prints or forks
/// while it is sampled costs one clear error, never the host. `Animator.run` does the same work in
/// the calling process, for embedders that accept that risk.
public struct IsolatedSampler: Sendable {
    /// The executable that serves as the worker (the host's own).
    public var executable: String
    /// Seconds one plugin call may take: the worker reports each call before it makes it.
    public var timeout: Double
    /// When set, the transitions of an `IsolatedSession` reuse one worker per plugin file (a run of
    /// several transitions); nil starts a worker for each transition.
    public var pool: WorkerPool?

    /// Creates a sampler; with `pool`, stepped transitions of a plugin share its worker.
    public init(executable: String, timeout: Double = IsolatedValidator.defaultTimeout, pool: WorkerPool? = nil) {
        self.executable = executable
        self.timeout = timeout
        self.pool = pool
    }

    /// Why sampling failed: a value the host cannot use, or a worker that crashed, hung or ended.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// One line naming the animator, the call and the signal or limit.
        public var description: String
    }

    /// What a worker printed while sampling, escaped for display.
    public struct Printed: Sendable {
        /// What the plugin wrote to standard output, nil when nothing.
        public var stdout: String?
        /// What the plugin wrote to standard error, nil when nothing.
        public var stderr: String?
        /// How many bytes the plugin wrote to standard output.
        public var stdoutBytes = 0
        /// How many bytes the plugin wrote to standard error.
        public var stderrBytes = 0
        /// The first line the plugin wrote to standard output, escaped; nil when nothing.
        public var stdoutFirstLine: String?
        /// The first line the plugin wrote to standard error, escaped; nil when nothing.
        public var stderrFirstLine: String?
        /// What the worker's sandbox reported: one line per distinct system call it refused
        /// (`SandboxAttempt`), and, when the worker lacked a protection, what it lacked
        /// (`WorkerConfinement.shortfall`). The transition still ran: each refused call failed
        /// with EPERM, and the plugin went on.
        public var sandbox: [String] = []
        /// The lines of `sandbox` that name a system call the plugin tried and the sandbox
        /// refused: an attempt to escape, whatever the transition looked like.
        public var refusedCalls: [String] = []

        /// What `worker` printed since its output was last taken, escaped, and what its sandbox
        /// reported.
        init(_ worker: WorkerProcess) {
            self.init(worker.takeOutput())
            refusedCalls = SandboxAttempt.summary(worker.takeAttempts())
            sandbox = refusedCalls + [worker.confinement?.shortfall].compactMap { $0 }
        }

        /// What a worker's `takeOutput` returned, escaped.
        init(_ output: (stdout: [UInt8], stderr: [UInt8], stdoutBytes: Int, stderrBytes: Int)) {
            stdout = CapturedOutput.text(output.stdout, total: output.stdoutBytes)
            stderr = CapturedOutput.text(output.stderr, total: output.stderrBytes)
            stdoutBytes = output.stdoutBytes
            stderrBytes = output.stderrBytes
            stdoutFirstLine = CapturedOutput.firstLine(output.stdout, total: output.stdoutBytes)
            stderrFirstLine = CapturedOutput.firstLine(output.stderr, total: output.stderrBytes)
        }

        /// Nothing printed.
        init() {}
    }

    /// Runs the animator `animatorID` of the plugin at `path` in `context`: duration, setup, a step
    /// at each of the progresses `progresses` gives for the duration, then completion. With a
    /// `pool`, the run takes the plugin's idle worker (or starts one that stays for the next), so
    /// many transitions of one plugin cost one worker.
    public func run(
        path: String, animatorID: String, qualifiedID: String, context: TransitionContext, parameters: [Double]? = nil,
        finished: Bool = true, progresses: (Double) throws -> [Double]
    ) throws -> (sampled: SampledTransition, printed: Printed) {
        if pool != nil {
            return try runPooled(
                path: path, animatorID: animatorID, qualifiedID: qualifiedID, context: context, parameters: parameters,
                finished: finished, progresses: progresses)
        }
        let capture = CaptureDirectory.make(prefix: "catalog-worker")
        defer { CaptureDirectory.remove(capture) }
        let request = WorkerRequest.SampleRequest(
            path: AbsolutePath.resolve(path), animator: animatorID, operation: context.operation, style: context.style,
            width: context.containerBounds.width, height: context.containerBounds.height, presentedFrame: Self.presentedFrame(context),
            interactive: context.interactive, tabFrom: context.tabFromIndex, tabTo: context.tabToIndex,
            parameters: parameters, matchedElements: context.matchedElements, finished: finished, capture: capture)
        let worker: WorkerProcess
        do {
            worker = try WorkerProcess(executable: executable, request: SampleMessageCoding.encode(request: request, session: false))
        } catch {
            throw Failure(description: "\(qualifiedID): cannot start a worker: \(error)")
        }
        var call = "loading"
        var duration: Double?
        while true {
            // The timeout is the watchdog of one plugin call: heartbeats restart it while the
            // worker does its own work (encoding a report of many views takes longer than a call).
            switch worker.next(timeout: timeout, limit: IsolatedValidator.unitLimit) {
            case .forged(let bytes):
                _ = worker.finish()
                throw Failure(description: "\(qualifiedID): plugin code wrote \(bytes) bytes to the host's report channel during \(call)")
            case .report(let bytes):
                guard let message = try? SampleMessageCoding.decode(bytes) else {
                    _ = worker.finish()
                    throw Failure(description: "\(qualifiedID): the worker sent a report the host cannot read during \(call)")
                }
                switch message {
                case .call(let name): call = name
                case .duration(let d):
                    try PluginValueCheck.duration(d, animator: qualifiedID, operation: context.operation)
                    duration = d
                    let list = try progresses(d)
                    guard worker.send(SampleMessageCoding.encode(progresses: list)) else {
                        throw Failure(description: "\(qualifiedID): the worker stopped listening after duration")
                    }
                case .refused(let reason):
                    _ = worker.finish()
                    throw Failure(description: "\(qualifiedID): \(reason)")
                case .sampled(let report):
                    let printed = Printed(worker)
                    _ = worker.finish()
                    guard let duration, report.frames.count == report.requested else {
                        throw Failure(description: "\(qualifiedID): the worker reported \(report.frames.count) frames for \(report.requested) progresses")
                    }
                    try PluginValueCheck.frames(report.frames, animator: qualifiedID)
                    try PluginValueCheck.stayedInViews(report.misbehaviours, animator: qualifiedID)
                    let sampled = SampledTransition(
                        animatorID: qualifiedID, context: context, duration: duration, frames: report.frames,
                        completion: report.completion, misbehaviours: report.misbehaviours, log: report.log)
                    return (sampled, printed)
                default:
                    _ = worker.finish()
                    throw Failure(description: "\(qualifiedID): the worker answered out of turn during \(call)")
                }
            case .ended(let ending):
                let reason = Self.describe(ending, during: call, qualifiedID: qualifiedID, timeout: timeout, worker: worker)
                PluginCrashes.note(path: path, ending: ending, reason: reason)
                throw Failure(description: reason)
            }
        }
    }

    /// `run` through a pooled worker: the same calls in the same order, as one `IsolatedSession`
    /// whose steps go in one request, with the same failures named the same way.
    private func runPooled(
        path: String, animatorID: String, qualifiedID: String, context: TransitionContext, parameters: [Double]?,
        finished: Bool, progresses: (Double) throws -> [Double]
    ) throws -> (sampled: SampledTransition, printed: Printed) {
        let session: IsolatedSession
        do {
            session = try IsolatedSession(
                sampler: self, path: path, animatorID: animatorID, qualifiedID: qualifiedID, context: context, parameters: parameters)
        } catch {
            throw Failure(description: error.description)
        }
        let duration = session.duration()
        let list = try progresses(duration)
        do {
            try session.setup()
        } catch let refused as TransitionSession.SetupRefused {
            throw Failure(description: "\(qualifiedID): \(refused)")
        } catch {
            throw Failure(description: "\(error)")
        }
        let frames = session.steps(list)
        let completion = session.complete(finished: finished)
        if let failure = session.failure { throw Failure(description: failure) }
        try PluginValueCheck.stayedInViews(session.misbehaviours, animator: qualifiedID)
        let sampled = SampledTransition(
            animatorID: qualifiedID, context: context, duration: duration, frames: frames, completion: completion,
            misbehaviours: session.misbehaviours, log: session.log)
        return (sampled, session.printed)
    }

    /// One line saying how a worker ended during `call`.
    static func describe(_ ending: WorkerProcess.Ending, during call: String, qualifiedID: String, timeout: Double, worker: WorkerProcess) -> String {
        let what: String = switch ending {
        case .timedOut: "did not answer within \(Format.number(timeout)) s"
        case .signaled: "crashed with \(ending)"
        case .exited(let code): "ended the process with exit status \(code)"
        }
        let plain = "the plugin \(what) during \(call)"
        // A Rust panic's message, or the line a C abort() printed, says more than the signal.
        return "\(qualifiedID): " + (ending.isTimeOut ? plain : PluginLastWords.crash(plain, stderr: worker.standardErrorSoFar()))
    }

    /// The presented frame a custom-style context was built with.
    static func presentedFrame(_ context: TransitionContext) -> Rect? {
        guard context.style == .custom else { return nil }
        return context.operation == .dismiss ? context.fromInitialFrame : context.toFinalFrame
    }
}

extension WorkerChannel {
    /// Sends a sampling or stepping worker's message to its host.
    func send(_ message: SampleMessage) {
        send(SampleMessageCoding.encode(message))
    }
}

/// A report of a sampling worker.
enum SampleMessage {
    /// The worker is about to make this plugin call.
    case call(String)
    /// The animator's duration; the worker waits for the progresses.
    case duration(Double)
    /// The plugin or the request could not be used (the plugin did not load, no such animator,
    /// setup refused).
    case refused(String)
    /// The whole transition.
    case sampled(SampleReport)
    /// Setup succeeded; the transition has this many views.
    case ready(Int)
    /// Setup returned false.
    case setupRefused
    /// The views at the progresses asked for.
    case frames([TransitionFrame])
    /// Completion ran; the worker ends.
    case completed(SessionEnd)
}

/// What a sampling worker learned.
struct SampleReport {
    var requested: Int
    var frames: [TransitionFrame]
    var completion: CompletionReport
    var misbehaviours: [Misbehaviour]
    var log: [LogEntry]
}

/// The worker side of isolated sampling: it opens its trace, confines itself
/// (`WorkerMain.confine`), loads the plugin and then opens no file (`WorkerMain.lockFiles`).
enum SamplingWorker {
    static func run(_ request: WorkerRequest.SampleRequest, channel: WorkerChannel) -> Int32 {
        let send: (SampleMessage) -> Void = channel.send
        let tracer = openTrace(request)
        WorkerMain.confine(channel)
        let begun = begin(request, tracer: tracer, send: send)
        WorkerMain.lockFiles()
        guard let session = begun else { return 0 }
        send(.call("duration"))
        send(.duration(session.duration()))
        guard let answer = channel.receive(), let progresses = try? SampleMessageCoding.decodeProgresses(answer) else { return 0 }
        send(.call("setup"))
        do { try session.setup() } catch {
            send(.refused("\(error)"))
            return 0
        }
        var frames: [TransitionFrame] = []
        frames.reserveCapacity(progresses.count)
        for p in progresses {
            send(.call("step(\(Format.number(p, decimals: 4)))"))
            frames.append(session.step(p))
        }
        send(.call("completion"))
        let completion = session.complete(finished: request.finished)
        fflush(nil)
        send(.sampled(SampleReport(
            requested: progresses.count, frames: frames, completion: completion, misbehaviours: session.misbehaviours,
            log: session.log)))
        return 0
    }

    /// The trace of the request's calls when it has a capture directory: the calls are traced as
    /// a validation unit's are (the same calls through libffi, the same guard after the views, a
    /// trace file open at a high descriptor), so the two kinds of worker look alike to the plugin.
    /// Opened before the worker is confined, which forbids creating files.
    static func openTrace(_ request: WorkerRequest.SampleRequest) -> CallTracer? {
        request.capture.isEmpty ? nil : CallTracer(path: request.capture + "/unit-1.trace")
    }

    /// Loads the plugin and begins the transition the request names, traced by `tracer`; nil,
    /// after sending why, when it cannot.
    static func begin(_ request: WorkerRequest.SampleRequest, tracer: CallTracer?, send: (SampleMessage) -> Void) -> TransitionSession? {
        let library: PluginLibrary
        do { library = try PluginLibrary.load(path: request.path) } catch {
            send(.refused("\(error)"))
            return nil
        }
        guard let animator = library.animator(request.animator) else {
            send(.refused("the plugin has no animator '\(DisplayText.escape(request.animator))'"))
            return nil
        }
        let context: TransitionContext
        do {
            context = try TransitionContext(
                operation: request.operation, style: request.style,
                containerBounds: Rect(x: 0, y: 0, width: request.width, height: request.height),
                presentedFrame: request.presentedFrame, interactive: request.interactive,
                tabFromIndex: request.tabFrom, tabToIndex: request.tabTo, matchedElements: request.matchedElements)
        } catch {
            send(.refused("\(error)"))
            return nil
        }
        return animator.begin(context, parameters: request.parameters, tracer: tracer)
    }
}

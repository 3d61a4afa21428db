#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// One transition whose plugin runs in a worker process, stepped on request: the host sends
/// setup, each step and completion as the app needs them (a scrubbing gesture, a timeline), and
/// the worker answers with the views. Every call has the sampler's time-out, every value is
/// checked before the host uses it, and a plugin that crashes, hangs, exits, prints or forks
/// costs a `failure`, never the host.
///
/// `TransitionDirector` uses it when its `isolation` is set; `TransitionSession` is the same
/// transition in this process.
public final class IsolatedSession: PluginTransition {
    /// `PLUGIN-ID:ANIMATOR-ID`.
    public let qualifiedID: String
    /// The context the plugin runs in.
    public let context: TransitionContext
    /// The lifecycle phase.
    public private(set) var phase: TransitionSession.Phase = .ready
    /// How many views the transition has, once set up.
    public private(set) var viewCount = 0
    /// Contract breaches the worker saw, known at completion.
    public private(set) var misbehaviours: [Misbehaviour] = []
    /// What the plugin logged, known at completion.
    public private(set) var log: [LogEntry] = []
    /// Why the plugin could not be used, when it failed after it started.
    public private(set) var failure: String?
    /// What the plugin printed, escaped, known at completion.
    public private(set) var printed = IsolatedSampler.Printed()

    /// The seconds the host looks for the worker's answer to setup, a step or completion before
    /// it sleeps (`WorkerProcess.next(timeout:limit:progress:spin:)`), with the worker kept on the
    /// caller's CPU (`WorkerProcess.followCaller()`): a 16-view step comes back in tens of
    /// microseconds, less than an idle CPU can take to wake. 0 sleeps at once and lets the
    /// scheduler place the worker.
    package nonisolated(unsafe) static var answerSpin = 0.0003

    private let worker: WorkerProcess
    /// The worker's process that calls the plugin, as this process numbers it (0 when unknown).
    package var stepperID: Int32 { worker.stepperID }
    private let timeout: Double
    private var answer = 0.0
    private let capture: String
    /// The pool the worker goes back to after a clean end, and the plugin file it serves.
    private let pool: (pool: WorkerPool, path: String)?
    /// The plugin file as the caller named it, for ``PluginCrashes``.
    private let path: String
    /// True once the transition ended as the protocol says, so the worker can serve the next one.
    private var clean = false

    /// Starts a worker that loads the plugin at `path` and begins its animator `animatorID` in
    /// `context`, and asks it for the duration. With the sampler's `pool`, the plugin's idle
    /// worker begins the transition instead, when there is one.
    /// - Throws: `PluginCallError` when the worker cannot start, the plugin does not load or has
    ///   no such animator, or the duration is unusable or does not come.
    public init(
        sampler: IsolatedSampler, path: String, animatorID: String, qualifiedID: String, context: TransitionContext,
        parameters: [Double]? = nil
    ) throws(PluginCallError) {
        self.qualifiedID = qualifiedID
        self.context = context
        timeout = sampler.timeout
        // The calls are traced as a validation unit's are, so a stepping worker looks to the
        // plugin like the validator's.
        let capture = CaptureDirectory.make(prefix: "catalog-worker")
        self.capture = capture
        self.path = path
        let absolute = AbsolutePath.resolve(path)
        pool = sampler.pool.map { ($0, absolute) }
        let transition = WorkerRequest.SampleRequest(
            path: absolute, animator: animatorID, operation: context.operation, style: context.style,
            width: context.containerBounds.width, height: context.containerBounds.height,
            presentedFrame: IsolatedSampler.presentedFrame(context), interactive: context.interactive,
            tabFrom: context.tabFromIndex, tabTo: context.tabToIndex, parameters: parameters,
            matchedElements: context.matchedElements, finished: true, capture: capture)
        do {
            var reused: WorkerProcess?
            if let idle = sampler.pool?.take(path: absolute) {
                if idle.send(SampleMessageCoding.encode(command: .begin(transition))) {
                    reused = idle
                } else {
                    // It ended while idle (plugin code of its own, between transitions).
                    let ending = idle.finish()
                    sampler.pool?.failed(path: absolute, reason: "the idle worker ended with \(ending)")
                }
            }
            if let reused {
                worker = reused
            } else {
                sampler.pool?.starting(path: absolute)
                worker = try WorkerProcess(executable: sampler.executable, request: SampleMessageCoding.encode(request: transition, session: true))
            }
        } catch {
            CaptureDirectory.remove(capture)
            throw PluginCallError("\(qualifiedID): cannot start a worker: \(error)")
        }
        var duration: Double?
        while duration == nil {
            switch Self.await(worker, "loading and duration", qualifiedID: qualifiedID, path: path, timeout: timeout) {
            case .failure(let failed):
                sampler.pool?.failed(path: absolute, reason: failed.description)
                throw failed
            case .success(.duration(let d)): duration = d
            case .success(.refused(let reason)):
                // The plugin did not load, or has no such animator: the worker runs nothing.
                sampler.pool?.giveBack(worker, path: absolute)
                throw PluginCallError("\(qualifiedID): \(reason)")
            case .success:
                _ = worker.finish()
                let reason = "\(qualifiedID): the worker answered out of turn during duration"
                sampler.pool?.failed(path: absolute, reason: reason)
                throw PluginCallError(reason)
            }
        }
        answer = duration ?? 0
        do {
            try PluginValueCheck.duration(answer, animator: qualifiedID, operation: context.operation)
        } catch {
            // Setup never ran: the worker can begin the plugin's next transition.
            sampler.pool?.giveBack(worker, path: absolute)
            throw PluginCallError(error.description)
        }
    }

    deinit {
        if !clean { _ = worker.finish() }
        CaptureDirectory.remove(capture)
    }

    /// Ends the transition cleanly: the worker goes back to the pool, or ends when there is none.
    private func release() {
        clean = true
        if let pool { pool.pool.giveBack(worker, path: pool.path) } else { _ = worker.finish() }
    }

    /// The duration the animator gave, checked.
    public func duration() -> Double { answer }

    /// Runs the plugin's setup in the worker.
    /// - Throws: `TransitionSession.SetupRefused` when setup returns false; `PluginCallError`
    ///   when the plugin could not answer.
    public func setup() throws {
        precondition(phase == .ready, "setup is called once, first")
        phase = .done
        switch exchange(.setup, call: "setup") {
        case .ready(let count)?:
            viewCount = count
            phase = .running
        case .setupRefused?:
            release()
            throw TransitionSession.SetupRefused(animatorID: qualifiedID, operation: context.operation)
        default:
            throw PluginCallError(failure ?? "\(qualifiedID): setup did not answer")
        }
    }

    /// The views at `progress`; a frame without views once the plugin has failed.
    public func step(_ progress: Double) -> TransitionFrame {
        steps([progress])[0]
    }

    /// The views at each of `progresses`, in one exchange with the worker.
    public func steps(_ progresses: [Double]) -> [TransitionFrame] {
        let empty = progresses.map { TransitionFrame(progress: $0, views: []) }
        guard phase == .running, failure == nil, !progresses.isEmpty else { return empty }
        let call = progresses.count == 1 ? "step(\(Format.number(progresses[0], decimals: 4)))" : "step (\(progresses.count) progresses)"
        guard case .frames(let frames)? = exchange(.step(progresses), call: call) else {
            if failure == nil { fail("\(qualifiedID): the worker answered out of turn during \(call)") }
            return empty
        }
        guard frames.count == progresses.count else {
            fail("\(qualifiedID): the worker reported \(frames.count) frames for \(progresses.count) progresses")
            return empty
        }
        do {
            try PluginValueCheck.frames(frames, animator: qualifiedID)
        } catch {
            fail(error.description)
            return empty
        }
        return frames
    }

    /// Completes the transition in the worker, takes what the plugin printed, and ends the worker
    /// (or gives it back to the sampler's pool). After a failure, the hierarchy settles as
    /// cancelled.
    @discardableResult
    public func complete(finished: Bool) -> CompletionReport {
        precondition(phase == .running, "completion runs once, after setup")
        phase = .done
        var report: CompletionReport?
        if failure == nil, case .completed(let end)? = exchange(.complete(finished: finished), call: "completion") {
            misbehaviours = end.misbehaviours
            log = end.log
            if end.completion.finished == finished, end.completion.container == context.settledContainer(finished: finished) {
                report = end.completion
            } else {
                fail("\(qualifiedID): the worker reported a completion that does not match the one asked for")
            }
        }
        printed = IsolatedSampler.Printed(worker)
        if let report {
            release()
            return report
        }
        _ = worker.finish()
        return CompletionReport(finished: finished, leakedViews: [], leakedRoles: [], container: context.settledContainer(finished: finished))
    }

    private func fail(_ reason: String) {
        if failure == nil {
            failure = reason
            if let pool { pool.pool.failed(path: pool.path, reason: reason) }
        }
        _ = worker.finish()
    }

    /// Sends `command` and waits for the worker's answer; nil (with `failure` set) when none came.
    private func exchange(_ command: SessionCommand, call: String) -> SampleMessage? {
        guard failure == nil else { return nil }
        if Self.answerSpin > 0 { worker.followCaller() }
        guard worker.send(SampleMessageCoding.encode(command: command)) else {
            fail("\(qualifiedID): the worker stopped listening before \(call)")
            return nil
        }
        // The worker names each step of a batch before it makes it: a crash or a hang is charged
        // to that step, and the watchdog times each one.
        var call = call
        while true {
            switch Self.await(worker, call, qualifiedID: qualifiedID, path: path, timeout: timeout, spin: Self.answerSpin) {
            case .failure(let failed):
                fail(failed.description)
                return nil
            case .success(.call(let name)):
                call = name
            case .success(.refused(let reason)):
                fail("\(qualifiedID): \(reason)")
                return nil
            case .success(let message):
                return message
            }
        }
    }

    /// The worker's next report, or why none can be used: it forged one, sent one the host cannot
    /// read, or ended (the worker is then ended; a crash or an exit is noted for the plugin file
    /// at `path` in ``PluginCrashes``).
    private static func await(
        _ worker: WorkerProcess, _ call: String, qualifiedID: String, path: String, timeout: Double, spin: Double = 0
    ) -> Result<SampleMessage, PluginCallError> {
        switch worker.next(timeout: timeout, spin: spin) {
        case .report(let bytes):
            if let message = try? SampleMessageCoding.decode(bytes) { return .success(message) }
            _ = worker.finish()
            return .failure(PluginCallError("\(qualifiedID): the worker sent a report the host cannot read during \(call)"))
        case .forged(let bytes):
            _ = worker.finish()
            return .failure(PluginCallError("\(qualifiedID): plugin code wrote \(bytes) bytes to the host's report channel during \(call)"))
        case .ended(let ending):
            let reason = IsolatedSampler.describe(ending, during: call, qualifiedID: qualifiedID, timeout: timeout, worker: worker)
            PluginCrashes.note(path: path, ending: ending, reason: reason)
            return .failure(PluginCallError(reason))
        }
    }
}

/// What the host asks of a stepping worker, one command a packet (in the binary form of
/// `SampleMessageCoding`).
enum SessionCommand {
    /// Begin the plugin's next transition (a worker of a `WorkerPool`), once the last one
    /// completed or never set up; answered with `duration` or `refused`.
    case begin(WorkerRequest.SampleRequest)
    /// Run setup; answered with `ready` or `setupRefused`.
    case setup
    /// Step at each progress; answered with `frames`, after a `call` naming each step when
    /// there are several.
    case step([Double])
    /// Complete; answered with `completed`.
    case complete(finished: Bool)
}

/// How a stepped transition ended in the worker.
struct SessionEnd {
    var completion: CompletionReport
    var misbehaviours: [Misbehaviour]
    var log: [LogEntry]
}

/// The worker side of an `IsolatedSession`: the transition of the request, then, for a worker
/// kept in a `WorkerPool`, each transition a `begin` command asks for, one after the other in
/// the same process. Confined as a sampling worker is; its one trace file, opened before, serves
/// every transition it runs (a pooled worker's next plugin load is the library it already holds).
enum SessionWorker {
    static func run(_ request: WorkerRequest.SampleRequest, channel: WorkerChannel) -> Int32 {
        let send: (SampleMessage) -> Void = channel.send
        let tracer = SamplingWorker.openTrace(request)
        WorkerMain.confine(channel)
        var locked = false
        func begin(_ request: WorkerRequest.SampleRequest) -> TransitionSession? {
            tracer?.truncate()
            let begun = SamplingWorker.begin(request, tracer: tracer, send: send)
            if !locked {
                WorkerMain.lockFiles()
                locked = true
            }
            guard let session = begun else { return nil }
            send(.duration(session.duration()))
            return session
        }
        var session = begin(request)
        while let packet = channel.receive() {
            guard let command = try? SampleMessageCoding.decodeCommand(packet) else {
                send(.refused("the host sent a command the worker cannot read"))
                return 0
            }
            switch (command, session?.phase) {
            case (.begin(let next), nil), (.begin(let next), .ready?), (.begin(let next), .done?):
                session = begin(next)
            case (.setup, .ready?):
                do {
                    try session?.setup()
                    send(.ready(session?.viewCount ?? 0))
                } catch {
                    session = nil
                    send(.setupRefused)
                }
            case (.step(let progresses), .running?):
                let batch = progresses.count > 1
                send(.frames(progresses.map { p in
                    if batch { send(.call("step(\(Format.number(p, decimals: 4)))")) }
                    return session?.step(p) ?? TransitionFrame(progress: p, views: [])
                }))
            case (.complete(let finished), .running?):
                guard let current = session else { return 0 }
                let completion = current.complete(finished: finished)
                fflush(nil)
                session = nil
                send(.completed(SessionEnd(completion: completion, misbehaviours: current.misbehaviours, log: current.log)))
            default:
                send(.refused("the host sent a command out of turn"))
                return 0
            }
        }
        return 0
    }
}

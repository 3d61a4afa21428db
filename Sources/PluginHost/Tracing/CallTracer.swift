#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// One line of a call trace: a transition's start, an entry point the host called, or a host
/// service the plugin called.
public enum TraceEvent: Codable, Sendable, Hashable {
    /// A new transition: what is needed to build it again.
    case session(TraceSession)
    /// The host called an entry point: `duration`, `setup`, `step` (with progress) or
    /// `completion` (with finished).
    case call(name: String, progress: Double?, finished: Bool?)
    /// The plugin called a host service, with its arguments and result.
    case host(name: String, arguments: [Double], result: String)
}

/// What a trace needs to rebuild a transition.
public struct TraceSession: Codable, Sendable, Hashable {
    /// A number for the session, unique within the trace.
    public var id: Int
    /// The plugin file.
    public var path: String
    /// The animator id.
    public var animator: String
    /// The operation.
    public var operation: TransitionOperation
    /// The presentation style.
    public var style: PresentationStyle
    /// The container's size.
    public var width: Double
    /// The container's size.
    public var height: Double
    /// The interactive flag.
    public var interactive: Bool
    /// Tab indexes.
    public var tabFrom: Int
    /// Tab indexes.
    public var tabTo: Int
    /// The parameter values.
    public var parameters: [Double]
    /// The matched elements, when there were any.
    public var matchedElements: [MatchedElement]? = nil

    /// The context this session ran in.
    public func context() throws -> TransitionContext {
        try TransitionContext(
            operation: operation, style: style, containerBounds: Rect(x: 0, y: 0, width: width, height: height),
            interactive: interactive, tabFromIndex: tabFrom, tabToIndex: tabTo, matchedElements: matchedElements ?? [])
    }
}

/// Records the calls of the sessions that use it, as JSON lines appended to a shared mapping of
/// the file (`MappedTraceFile`), so the trace survives a crash of the process that wrote it and
/// its growth shows the host's watchdog that calls are returning, without a system call per line.
/// The hot events are written with a fixed layout (`TraceLineEncoder`).
public final class CallTracer: @unchecked Sendable {
    private let file: MappedTraceFile
    private let lock = Lock()
    private var nextSession = 0
    private var lines = 0
    /// Writes the lines into a buffer it keeps, so that a line allocates nothing.
    private var encoder = TraceLineEncoder()
    /// Lines beyond which a trace stops growing (it still ends with the calls that matter most:
    /// the first sessions of the unit).
    public static let lineLimit = 200_000

    /// A tracer writing to `path` (created or truncated).
    public init?(path: String) {
        let opened = open(path, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        if opened < 0 { return nil }
        // Kept at a high descriptor number, so the low numbers look as they do in a host that
        // traces nothing.
        let high = fcntl(opened, F_DUPFD_CLOEXEC, Int32.random(in: 100..<500))
        if high >= 0 {
            Glibc.close(opened)
            file = MappedTraceFile(fd: high)
        } else {
            file = MappedTraceFile(fd: opened)
        }
    }

    /// A tracer writing to the open file `descriptor` (read and write, empty), which it owns: the
    /// host creates a validation unit's trace and hands it to the worker.
    public init(descriptor: Int32) {
        let high = fcntl(descriptor, F_DUPFD_CLOEXEC, Int32.random(in: 100..<500))
        if high >= 0 {
            Glibc.close(descriptor)
            file = MappedTraceFile(fd: high)
        } else {
            file = MappedTraceFile(fd: descriptor)
        }
    }

    /// Ends the trace: the file gets its exact length and later calls are not recorded.
    public func close() {
        lock.lock()
        file.close()
        lock.unlock()
    }

    /// Starts a new trace in the same file.
    public func truncate() {
        lock.lock()
        file.truncate()
        lines = 0
        lock.unlock()
    }

    func beginSession(_ session: TransitionSession) -> Int {
        lock.lock()
        let id = nextSession
        nextSession += 1
        lock.unlock()
        let c = session.context
        write(.session(TraceSession(
            id: id, path: session.animator.library.path, animator: session.animator.id, operation: c.operation,
            style: c.style, width: c.containerBounds.width, height: c.containerBounds.height, interactive: c.interactive,
            tabFrom: c.tabFromIndex, tabTo: c.tabToIndex, parameters: session.parameters,
            matchedElements: c.matchedElements.isEmpty ? nil : c.matchedElements)))
        return id
    }

    func write(_ event: TraceEvent) {
        lock.lock()
        defer { lock.unlock() }
        lines += 1
        guard lines <= Self.lineLimit else {
            // A full trace still shows the host's watchdog that calls return.
            if lines % 256 == 0 { file.touch() }
            return
        }
        if encoder.withLine(event, { file.append($0) }) == nil {
            guard var encoded = try? JSONEncoder().encode(event) else { return }
            encoded.append(10)
            encoded.withUnsafeBytes { file.append($0) }
        }
    }

    /// Reads a trace file: its events in order.
    public static func read(path: String) throws -> [TraceEvent] {
        guard let bytes = FileManager.default.contents(atPath: path), let text = String(validating: Self.written(bytes), as: UTF8.self) else {
            throw TraceError(description: "cannot read the trace \(DisplayText.escape(path))")
        }
        return try text.split(separator: "\n").enumerated().map { i, line in
            do { return try JSONDecoder().decodeChecked(TraceEvent.self, from: Data(line.utf8)) } catch {
                throw TraceError(description: "\(DisplayText.escape(path)):\(i + 1): not a trace line; give a file that `catalog validate` recorded")
            }
        }
    }

    /// The lines of a trace file: its bytes up to the first zero byte, which a worker that crashed
    /// leaves after its last line (`MappedTraceFile`); a line never holds one.
    public static func written(_ bytes: Data) -> Data.SubSequence {
        bytes.firstIndex(of: 0).map { bytes[..<$0] } ?? bytes[...]
    }

    /// A short account of the end of a trace: the last transition and its last calls, with runs
    /// of steps folded into one line.
    public static func summary(path: String, calls: Int = 8) -> [String] {
        guard let events = try? read(path: path), let start = events.lastIndex(where: { if case .session = $0 { true } else { false } }),
            case .session(let s) = events[start]
        else { return [] }
        let lines = ["\(s.animator) \(s.operation)\(s.operation.isModal ? " (\(s.style))" : "") in \(Format.number(s.width))x\(Format.number(s.height)), parameters \(s.parameters.map { Format.number($0, decimals: 4) })"]
        var folded: [String] = []
        var steps: [Double] = []
        func flush() {
            guard !steps.isEmpty else { return }
            folded.append(steps.count == 1 ? "step(\(Format.number(steps[0], decimals: 6)))" : "step ×\(steps.count) (\(Format.number(steps[0], decimals: 4)) … \(Format.number(steps.last!, decimals: 4)))")
            steps.removeAll()
        }
        for e in events[(start + 1)...] {
            switch e {
            case .call("step", let p?, _): steps.append(p)
            case .call(let name, _, let finished):
                flush()
                folded.append(finished.map { "\(name)(\($0 ? "finished" : "cancelled"))" } ?? "\(name)()")
            case .host(let name, let args, let result):
                flush()
                folded.append("  plugin → \(name)(\(args.map { Format.number($0) }.joined(separator: ", "))) = \(result)")
            case .session: break
            }
        }
        flush()
        return lines + folded.suffix(calls)
    }
}

/// A trace file that cannot be used.
public struct TraceError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String
}

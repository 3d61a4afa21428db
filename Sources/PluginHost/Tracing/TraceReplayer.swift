#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

/// Replays a recorded call trace: rebuilds each transition, calls its entry points in the
/// recorded order through libffi, and compares the host services the plugin uses with the record.
/// Runs in the validation worker, so a crash replays as a crash without taking the caller down.
enum TraceReplayer {
    /// Replays the trace at `path`, reporting one line per call on `reporter` (sent before the
    /// call, so the line in progress names a call that crashes or hangs). Returns the divergences.
    /// `opened` runs once the trace is read and the replay's own trace is open, before any
    /// plugin code (the worker confines itself there).
    static func replay(path: String, reporter: Reporter, scratch: String, opened: () -> Void) throws -> [String] {
        let events = try CallTracer.read(path: path)
        let tracer = CallTracer(path: scratch + "/replay.trace")
        opened()
        var divergences: [String] = []
        var session: TransitionSession?
        var expectedHost: [TraceEvent] = []
        var callIndex = 0

        func compareHost() {
            guard tracer != nil else { return }
            let replayed = ((try? CallTracer.read(path: scratch + "/replay.trace")) ?? []).filter {
                if case .host = $0 { true } else { false }
            }
            for (i, (want, got)) in zip(expectedHost, replayed).enumerated() where want != got {
                divergences.append("host call \(i + 1) of the transition: recorded \(describe(want)), replayed \(describe(got))")
            }
            if expectedHost.count != replayed.count {
                divergences.append("the transition made \(replayed.count) host calls on replay, \(expectedHost.count) when recorded")
            }
        }

        for event in events {
            switch event {
            case .session(let s):
                if session != nil { compareHost() }
                tracer?.truncate()
                expectedHost = []
                let library = try loadLibrary(s.path)
                guard let animator = library.animator(s.animator) else {
                    throw TraceError(description: "\(DisplayText.escape(s.path)) has no animator '\(DisplayText.escape(s.animator))' any more")
                }
                let context = try s.context()
                session = animator.begin(context, parameters: s.parameters, tracer: tracer)
                reporter.send(.replay(line: "transition \(s.id): \(s.animator) \(s.operation)\(s.operation.isModal ? " (\(s.style))" : "")\(s.interactive ? " interactive" : "") \(Format.number(s.width))x\(Format.number(s.height)) parameters \(s.parameters.map { Format.number($0, decimals: 6) })"))
            case .call(let name, let progress, let finished):
                guard let current = session else { throw TraceError(description: "\(DisplayText.escape(path)): a call before any transition") }
                callIndex += 1
                switch name {
                case "duration":
                    reporter.send(.replay(line: "#\(callIndex) duration()"))
                    let d = current.duration()
                    reporter.send(.replay(line: "    = \(d)"))
                case "setup":
                    reporter.send(.replay(line: "#\(callIndex) setup()"))
                    let ok = (try? current.setup()) != nil
                    reporter.send(.replay(line: "    = \(ok)"))
                case "step":
                    let p = progress ?? 0
                    reporter.send(.replay(line: "#\(callIndex) step(\(p))"))
                    guard current.phase == .running else { continue }
                    let frame = current.step(p)
                    let views = frame.views.map { v in
                        "\(v.id) \(v.role) \(v.isInContainer ? v.state.frame.description : "out") α\(Format.number(v.state.alpha, decimals: 4))\(v.state.hidden ? " hidden" : "") \(v.state.transform.summary)"
                    }
                    reporter.send(.replay(line: "    → " + views.joined(separator: " | ")))
                case "completion":
                    reporter.send(.replay(line: "#\(callIndex) completion(\(finished == true ? "finished" : "cancelled"))"))
                    guard current.phase == .running else { continue }
                    let report = current.complete(finished: finished ?? true)
                    if !report.leakedViews.isEmpty {
                        reporter.send(.replay(line: "    left behind: \(zip(report.leakedRoles, report.leakedViews).map { "\($0) \($1)" }.joined(separator: ", "))"))
                    }
                default:
                    throw TraceError(description: "\(DisplayText.escape(path)): unknown call '\(DisplayText.escape(name))'")
                }
            case .host:
                expectedHost.append(event)
            }
        }
        if session != nil { compareHost() }
        return divergences
    }

    private static func loadLibrary(_ path: String) throws -> PluginLibrary {
        do { return try PluginLibrary.load(path: path) } catch { throw TraceError(description: error.description) }
    }

    private static func describe(_ event: TraceEvent) -> String {
        if case .host(let name, let args, let result) = event {
            return "\(name)(\(args.map { Format.number($0) }.joined(separator: ", "))) = \(result)"
        }
        return "\(event)"
    }
}

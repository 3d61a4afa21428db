import Foundation
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// The child side of isolated validation: runs units of the contract suite for one plugin and
/// reports each on descriptor 3, capturing what the plugin writes to stdout and stderr per unit.
public enum ValidationWorker {
    /// Runs the units of the plugin at `path` from `start` on.
    /// - Parameters:
    ///   - checks: the animator checks to run, in order.
    ///   - animatorFilter: when set, only this animator's units run.
    ///   - captureDirectory: where each unit's output is captured (`unit.out`, `unit.err`).
    public static func run(
        path: String, checks: [ContractCheck], animatorFilter: String?, start: Int, captureDirectory: String,
        suite: ContractSuite
    ) -> Int32 {
        let reporter = Reporter(fd: 3)
        let capture = OutputCapture(directory: captureDirectory)
        var suite = suite
        var animators: [String] = []
        if start == 0 {
            reporter.send(.begin(unit: 0))
            capture.begin()
            let outcome = suite.checkPlugin(path: path)
            let output = capture.end()
            var results = outcome.results
            if let i = results.indices.first { results[i].stdout = output.stdout; results[i].stderr = output.stderr }
            animators = outcome.animatorIDs.filter { animatorFilter == nil || $0 == animatorFilter }
            reporter.send(.plugin(subject: outcome.subject, results: results, animators: animators))
        } else {
            guard let library = try? PluginLibrary.load(path: path) else { return 2 }
            animators = library.animators.map(\.id).filter { animatorFilter == nil || $0 == animatorFilter }
        }
        let plan = UnitPlan(animators: animators, checks: checks)
        guard plan.count > 1, let library = try? PluginLibrary.load(path: path) else { return 0 }
        for index in max(1, start)..<plan.count {
            guard let (id, check) = plan.unit(index), let animator = library.animator(id) else { continue }
            reporter.send(.begin(unit: index))
            suite.tracer = CallTracer(path: captureDirectory + "/unit-\(index).trace")
            capture.begin()
            var result = suite.run(check, on: animator)
            let output = capture.end()
            result.stdout = output.stdout
            result.stderr = output.stderr
            reporter.send(.result(unit: index, result: result))
        }
        return 0
    }
}

extension ValidationWorker {
    /// Replays a recorded trace, reporting each call on descriptor 3, then the divergences.
    public static func replay(trace: String, captureDirectory: String) -> Int32 {
        let reporter = Reporter(fd: 3)
        do {
            let divergences = try TraceReplayer.replay(path: trace, reporter: reporter, scratch: captureDirectory)
            for d in divergences { reporter.send(.replay(line: "diverged: \(d)")) }
            return divergences.isEmpty ? 0 : 1
        } catch {
            reporter.send(.replay(line: "error: \(error)"))
            return 2
        }
    }
}

/// Writes worker messages to a descriptor, one JSON line each, unbuffered.
struct Reporter {
    let fd: Int32

    func send(_ message: WorkerMessage) {
        guard var data = try? JSONEncoder().encode(message) else { return }
        data.append(10)
        write(data)
    }

    func write(_ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { if errno == EINTR { continue } else { return } }
                offset += n
            }
        }
    }
}

/// Sends the process's stdout and stderr to files for the length of a unit, then reads them back.
final class OutputCapture {
    let directory: String
    private static let limit = 4096

    init(directory: String) { self.directory = directory }

    func begin() {
        fflush(nil)
        redirect(1, to: directory + "/unit.out")
        redirect(2, to: directory + "/unit.err")
    }

    func end() -> (stdout: String?, stderr: String?) {
        fflush(nil)
        return (Self.read(directory + "/unit.out"), Self.read(directory + "/unit.err"))
    }

    private func redirect(_ target: Int32, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        dup2(fd, target)
        close(fd)
    }

    /// The escaped text of a capture file, cut at 4 KiB; nil when empty or missing.
    static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        var text = DisplayText.decode(utf8: data.prefix(limit)).text
        if data.count > limit { text += " … (\(data.count) bytes in all)" }
        return text
    }
}

import CFFIShims
import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// A stepped transition's worker runs on the CPU its caller waits on, and follows the caller
/// when it moves: the host knows the worker's stepping process by the id the kernel gives its
/// packets, even inside the worker's own PID namespace.
@Suite struct WorkerColocationTests {
    /// The CPUs this process may use, from its status file.
    static func allowedCPUs(of pid: Int32) throws -> [Int32] {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        var cpus: [Int32] = []
        for part in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let bounds = part.split(separator: "-").compactMap { Int32($0) }
            if let first = bounds.first { cpus += Array(first...(bounds.last ?? first)) }
        }
        return cpus
    }

    /// The `NSpid:` numbers of `pid`: its id in each PID namespace it is in, outermost first.
    static func namespaceIDs(of pid: Int32) throws -> [Int32] {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("NSpid:") })
        return line.dropFirst("NSpid:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int32($0) }
    }

    /// Runs `body` on a thread of its own, kept on `cpu`, and waits for it.
    static func onCPU(_ cpu: Int32, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = tc_keep_on_cpu(0, cpu)
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test func theWorkerStepsOnTheCallersCPUAndFollowsItWhenItMoves() throws {
        let cpus = try Self.allowedCPUs(of: getpid())
        let context = try TransitionContext(operation: .push, containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        let sampler = IsolatedSampler(executable: TestEnvironment.catalogExecutable)
        let session = try IsolatedSession(
            sampler: sampler, path: TestEnvironment.builtinPlugin, animatorID: "slide",
            qualifiedID: "transition-catalog.builtins:slide", context: context)
        try session.setup()
        // The stepper is the worker's process that reported its confinement: inside the worker's
        // PID namespace, where the kernel allows one, it is PID 2, not the process the host started.
        let stepper = session.stepperID
        #expect(stepper > 0)
        let ids = try Self.namespaceIDs(of: stepper)
        #expect(ids.first == stepper)
        if ids.count > 1 { #expect(ids.last == 2, "the stepper is \(ids) in its namespaces") }
        nonisolated(unsafe) let shared = session
        for cpu in [cpus.last!, cpus.first!] {
            Self.onCPU(cpu) { _ = shared.steps([0.25, 0.5]) }
            #expect(try Self.allowedCPUs(of: stepper) == [cpu], "the worker did not follow its caller to CPU \(cpu)")
        }
        #expect(session.failure == nil)
        session.complete(finished: true)
    }
}

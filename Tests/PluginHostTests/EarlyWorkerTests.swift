import Foundation
@testable import PluginHost
import TestSupport
import Testing
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// A worker started before the host knows what to ask of it waits for its request, serves the
/// first worker the host starts, and is ended when nothing uses it.
@Suite(.serialized) struct EarlyWorkerTests {
    /// The worker executable under a name of this suite's own, so that the workers other suites
    /// start in this process at the same time never take this suite's early worker.
    static let executable: String = {
        let dir = TestEnvironment.temporaryDirectory + "/early-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let link = dir + "/catalog"
        try? FileManager.default.removeItem(atPath: link)
        try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TestEnvironment.catalogExecutable)
        return link
    }()

    @Test func aWorkerStartedEarlyServesTheNextRequestAfterTheHostsOwnStartUp() throws {
        let executable = Self.executable
        WorkerProcess.startEarly(executable: executable)
        let early = try #require(WorkerProcess.earlyProcessID)
        // Longer than a worker's start-up: it waits for its request rather than giving up.
        usleep(1_500_000)
        #expect(kill(early, 0) == 0, "the early worker is still waiting")
        let context = try TransitionContext(operation: .push, containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        let (sampled, _) = try IsolatedSampler(executable: executable).run(
            path: TestEnvironment.builtinPlugin, animatorID: "slide", qualifiedID: "slide", context: context
        ) { _ in [0, 0.5, 1] }
        #expect(sampled.frames.count == 3)
        #expect(sampled.frames.allSatisfy { $0.views.count >= 2 })
        #expect(WorkerProcess.earlyProcessID == nil, "the request went to the early worker")
    }

    @Test func anEarlyWorkerNobodyUsedIsEnded() throws {
        WorkerProcess.startEarly(executable: Self.executable)
        let early = try #require(WorkerProcess.discardEarly())
        #expect(kill(early, 0) != 0, "the unused worker was killed and reaped")
    }
}

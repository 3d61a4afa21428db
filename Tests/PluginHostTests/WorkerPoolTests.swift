import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// A director whose sampler has a `WorkerPool` runs every transition of a plugin in one worker,
/// draws what a director without one draws, and replaces a worker that crashed, saying so.
@Suite struct WorkerPoolTests {
    func index(_ paths: [String]) -> PluginIndex {
        PluginIndex.build(
            PluginSearchPath(explicit: paths, environment: [:], builtInDirectory: nil),
            scanner: PluginScanner(executable: TestEnvironment.catalogExecutable, cacheFile: nil))
    }

    /// A push, an interactive pop that is cancelled, the pop finished, and a second push: the
    /// frames each shows at a few times.
    func play(_ director: TransitionDirector) throws -> [TransitionFrame] {
        let navigation = NavigationDriver(root: "home", director: director)
        var frames: [TransitionFrame] = []
        let push = try navigation.beginPush("detail")
        frames += [0, 0.4, 1].map { push.frame(at: $0 * push.duration) }
        try push.complete()
        let cancelled = try navigation.beginPop(interactive: true)
        try cancelled.update(0.4, at: 0.1)
        frames.append(cancelled.frame(at: 0.1))
        try cancelled.release(velocity: -2, at: 0.2)
        #expect(try !cancelled.complete().finished)
        let pop = try navigation.beginPop()
        frames += [0.3, 1].map { pop.frame(at: $0 * pop.duration) }
        try pop.complete()
        let again = try navigation.beginPush("other")
        frames.append(again.frame(at: 0.5 * again.duration))
        try again.complete()
        #expect(navigation.stack.screens == ["home", "other"])
        return frames
    }

    @Test func everyTransitionOfAPluginRunsInOneWorkerAndDrawsWhatAFreshWorkerDraws() throws {
        let builtins = index([TestEnvironment.builtinPlugin])
        let pool = WorkerPool()
        defer { pool.close() }
        let pooled = TransitionDirector(catalog: builtins, source: Choices(), containerBounds: HostFixtures.bounds)
        pooled.isolation = IsolatedSampler(executable: TestEnvironment.catalogExecutable, pool: pool)
        let fresh = TransitionDirector(catalog: builtins, source: Choices(), containerBounds: HostFixtures.bounds)
        fresh.isolation = IsolatedSampler(executable: TestEnvironment.catalogExecutable)
        let a = try play(pooled), b = try play(fresh)
        #expect(a == b)
        #expect(a.allSatisfy { $0.views.count >= 2 })
        #expect(pool.workersStarted == 1, "four transitions of one plugin file share its worker")
        #expect(pool.restarts.isEmpty)
    }

    @Test func aWorkerThatCrashedIsReplacedForThePluginsNextTransitionAndTheRestartIsSaid() throws {
        let path = try FixturePlugins.path("crash_in_step")
        let pool = WorkerPool()
        defer { pool.close() }
        let director = TransitionDirector(catalog: index([path]), source: Choices(animator: "crash-in-step"), containerBounds: HostFixtures.bounds)
        director.isolation = IsolatedSampler(executable: TestEnvironment.catalogExecutable, pool: pool)
        let navigation = NavigationDriver(root: "home", director: director)
        do {
            let push = try navigation.beginPush("detail")
            _ = push.frame(at: 0)
            #expect(pool.workersStarted == 1)
            _ = push.frame(at: push.duration)
            #expect(throws: DriverError.self) { try push.complete() }
        }
        // The crash ended the worker: the next transition of the plugin gets a new one.
        let next = try navigation.beginPush("other")
        #expect(next.duration == 0.3)
        #expect(pool.workersStarted == 2)
        let restarts = pool.restarts
        #expect(restarts.count == 1)
        #expect(restarts.first?.hasPrefix("started a new worker for \(AbsolutePath.resolve(path)) after: org.example.crash:crash-in-step: the plugin crashed with SIGSEGV") == true, "\(restarts)")
    }
}

/// Picks `animator` for every operation, or the system defaults.
private struct Choices: TransitionsSource {
    var animator: String?

    func animator(for request: TransitionRequest) -> AnimatorChoice? {
        animator.map { AnimatorChoice(animatorID: $0) }
    }
}

import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The embedding API in isolation: a director whose transitions run in worker processes draws
/// what the same director draws in process, and a plugin that crashes costs one `DriverError`
/// of kind `plugin`, never the host, with the driver's state left where it was.
@Suite struct IsolatedDirectorTests {
    static var sampler: IsolatedSampler { IsolatedSampler(executable: TestEnvironment.catalogExecutable) }

    func index(_ paths: [String]) -> PluginIndex {
        PluginIndex.build(
            PluginSearchPath(explicit: paths, environment: [:], builtInDirectory: nil),
            scanner: PluginScanner(executable: TestEnvironment.catalogExecutable, cacheFile: nil))
    }

    /// The frames a push and an interactive pop give, sampled at `times`.
    func frames(_ director: TransitionDirector, times: [Double]) throws -> [TransitionFrame] {
        let navigation = NavigationDriver(root: "home", director: director)
        let push = try navigation.beginPush("detail")
        var frames = times.map { push.frame(at: $0 * push.duration) }
        try push.complete()
        let pop = try navigation.beginPop(interactive: true)
        try pop.update(0.4, at: 0.1)
        frames.append(pop.frame(at: 0.1))
        try pop.release(velocity: -2, at: 0.2)
        frames.append(pop.frame(at: 0.25))
        let record = try pop.complete()
        #expect(!record.finished, "the release towards the start cancels the pop")
        #expect(navigation.stack.screens == ["home", "detail"])
        return frames
    }

    @Test func anIsolatedDirectorDrawsWhatAnInProcessOneDraws() throws {
        let builtins = index([TestEnvironment.builtinPlugin])
        let times = [0, 0.1, 0.5, 0.93, 1]
        let isolated = TransitionDirector(catalog: builtins, source: FixedSource(), containerBounds: HostFixtures.bounds)
        isolated.isolation = Self.sampler
        let local = TransitionDirector(catalog: try HostFixtures.catalog(), source: FixedSource(), containerBounds: HostFixtures.bounds)
        let a = try frames(isolated, times: times), b = try frames(local, times: times)
        #expect(a.count == times.count + 2)
        // A camera that changes nothing crosses the worker's channel as none, wherever its centre is.
        func seen(_ f: TransitionFrame) -> TransitionFrame {
            TransitionFrame(progress: f.progress, views: f.views, camera: f.camera.isNone ? .none : f.camera, matchedElements: f.matchedElements)
        }
        #expect(a.map(seen) == b.map(seen))
        #expect(a.allSatisfy { $0.views.count >= 2 })
    }

    @Test func aCrashInStepIsADriverErrorAndTheStackStays() throws {
        let catalog = index([try FixturePlugins.path("crash_in_step")])
        let director = TransitionDirector(catalog: catalog, source: FixedSource(animator: "crash-in-step"), containerBounds: HostFixtures.bounds)
        director.isolation = Self.sampler
        let navigation = NavigationDriver(root: "home", director: director)
        do {
            let push = try navigation.beginPush("detail")
            for p in [0, 0.25, 0.75, 1] { _ = push.frame(at: p * push.duration) }
            try push.complete()
            Issue.record("the crashing plugin completed")
        } catch {
            #expect(error.kind == .plugin)
            #expect(error.description == "push home → detail: org.example.crash:crash-in-step: the plugin crashed with SIGSEGV (segmentation fault) during step(0.75); the transition was cancelled", "\(error)")
        }
        #expect(navigation.stack.screens == ["home"])
        // The failed push is over: the driver takes the next one.
        #expect(try navigation.beginPush("other").duration == 0.3)
    }

    @Test func aNaNDurationIsRefusedBeforeAnyFrame() throws {
        let catalog = index([try FixturePlugins.path("nan_duration")])
        let director = TransitionDirector(catalog: catalog, source: FixedSource(animator: "nan-duration"), containerBounds: HostFixtures.bounds)
        director.isolation = Self.sampler
        let navigation = NavigationDriver(root: "home", director: director)
        #expect(throws: DriverError.self) { try navigation.beginPush("detail") }
        #expect(navigation.stack.screens == ["home"])
    }
}

/// Picks `animator` for every operation, or the system defaults.
private struct FixedSource: TransitionsSource {
    var animator: String?

    func animator(for request: TransitionRequest) -> AnimatorChoice? {
        animator.map { AnimatorChoice(animatorID: $0) }
    }
}

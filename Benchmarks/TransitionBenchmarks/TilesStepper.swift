import Benchmark
import Dispatch
import PluginHost
import TransitionABI
import TransitionCore

/// The tiles fixture with a given number of tiles, stepped over the 241 sampled progresses two
/// ways: through the C ABI (the session: the host resets every view to its base state, then calls
/// the plugin's step), and as the plugin's step alone, called on states of its own that nothing
/// resets between steps. The difference between the two is the host's part of a step.
final class TilesStepper {
    /// The session's transition.
    let transition: SteppedTransition
    /// How many tiles the fixture made.
    let tiles: Int
    /// How many views the step writes: the tiles and the two screens.
    let views: Int
    private let step: @convention(c) (
        UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Double,
        UnsafeMutablePointer<tc_view_state_t>?, UInt32
    ) -> Void
    private let animator: UnsafePointer<tc_animator_t>
    private let context: UnsafePointer<tc_context_t>
    private let pluginState: UnsafeMutableRawPointer?
    private let bases: UnsafeMutablePointer<tc_view_state_t>
    private let states: UnsafeMutablePointer<tc_view_state_t>

    /// Loads the tiles fixture, sets up a transition with `tiles` tiles and checks that the
    /// plugin's step alone writes what the session's step does.
    init(tiles: Int) throws {
        let library = try PluginLibrary.load(path: try BenchEnvironment.fixture("tiles"))
        guard let animator = library.animator("tiles") else { throw BenchError("the tiles fixture has no animator") }
        transition = try SteppedTransition(animator, parameters: [0.5, Double(tiles)])
        let session = transition.session
        guard session.viewCount == tiles + 2 else {
            throw BenchError("the tiles fixture made \(session.viewCount - 2) tiles, not \(tiles)")
        }
        guard let step = animator.pointer.pointee.step else { throw BenchError("the tiles fixture has no step") }
        self.tiles = tiles
        views = session.viewCount
        self.step = step
        self.animator = animator.pointer
        context = session.contextPointer
        pluginState = session.pluginStatePointer
        bases = .allocate(capacity: views)
        bases.initialize(from: session.baseStates, count: views)
        states = .allocate(capacity: views)
        states.initialize(from: bases, count: views)
        let progress = 0.375
        let expected = Array(session.stepInPlace(progress))
        self.step(self.animator, context, pluginState, progress, states, UInt32(views))
        let same = (0..<views).allSatisfy {
            ViewState(states[$0], madeByAnimator: true) == ViewState(expected[$0], madeByAnimator: true)
        }
        guard same else {
            throw BenchError("the tiles fixture's step alone does not write what its step through the session does")
        }
    }

    deinit {
        bases.deallocate()
        states.deallocate()
    }

    /// Nanoseconds for one step at each of the 241 sampled progresses, through the C ABI.
    func timeViaABI() -> UInt64 {
        let session = transition.session
        let start = DispatchTime.now().uptimeNanoseconds
        for p in sampledProgresses { blackHole(session.stepInPlace(p)) }
        return DispatchTime.now().uptimeNanoseconds - start
    }

    /// Nanoseconds for the plugin's step alone at each of the 241 sampled progresses. The states
    /// start from their bases, reset once before the pass and outside the time.
    func timePluginAlone() -> UInt64 {
        states.update(from: bases, count: views)
        let start = DispatchTime.now().uptimeNanoseconds
        for p in sampledProgresses { step(animator, context, pluginState, p, states, UInt32(views)) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        blackHole(states)
        return elapsed
    }
}

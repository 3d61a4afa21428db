import CFFI
import CFFIShims
import CatalogPlugins
import PluginHost
import TransitionABI
import TransitionCore

/// The 241 progresses the step benchmarks cycle through: 0, 1/240, ... 1, as the validator samples.
let sampledProgresses: [Double] = (0...240).map { Double($0) / 240 }

/// The container every benchmark transition runs in.
let benchContainer = Rect(x: 0, y: 0, width: 390, height: 844)

/// A transition of a loaded animator, set up and stepped through every sampled progress once, so
/// that whatever a first step fills (the fitted springs a session keeps) is in place.
final class SteppedTransition {
    /// The running session.
    let session: TransitionSession
    /// The scenario it runs.
    let scenario: Scenario

    /// Begins, sets up and warms a transition of `animator` in its first scenario (or the one given).
    init(_ animator: Animator, scenario: Scenario? = nil, parameters: [Double]? = nil, tracer: CallTracer? = nil) throws {
        guard let scenario = scenario ?? Scenario.all(for: animator.description).first,
            let context = scenario.context(container: benchContainer)
        else { throw BenchError("\(animator.qualifiedID) has no scenario to run") }
        self.scenario = scenario
        session = animator.begin(context, parameters: parameters, tracer: tracer)
        try session.setup()
        for p in sampledProgresses { _ = session.stepInPlace(p) }
    }

    deinit { session.complete(finished: true) }
}

/// The same step as a built-in's C entry, called as Swift: the host's reset of every view to its
/// base state, then the choreography function the C step calls, with the same context and host
/// services.
final class DirectStepper {
    /// The transition whose context and host services the direct calls use.
    let transition: SteppedTransition
    private let run: DirectRun
    private let context: UnsafePointer<tc_context_t>
    private let bases: UnsafeMutablePointer<tc_view_state_t>
    private let states: UnsafeMutablePointer<tc_view_state_t>
    private let count: Int

    /// A direct stepper of the built-in animator that `transition` runs.
    init(_ transition: SteppedTransition) throws {
        let session = transition.session
        self.transition = transition
        context = session.contextPointer
        count = session.viewCount
        let dimming = (0..<count).first { session.role(of: ViewID(Int32($0))) == .dimming }.map(Int32.init) ?? TC_VIEW_NONE
        // Setup makes the pieces (doors, tiles) one after another, after the dimming view.
        let firstPiece = (0..<count).first {
            let role = session.role(of: ViewID(Int32($0)))
            return role == .snapshot || role == .tile
        }.map(Int32.init)
        // Then the flat bands (an edge shadow, a surface box), made after the dimming view.
        let bands = (0..<count).filter { [.shadow, .decoration].contains(session.role(of: ViewID(Int32($0)))) }.map(Int32.init)
        guard let run = DirectRun(animatorID: session.animator.id, context: context, dimming: dimming, firstPieceView: firstPiece, bandViews: bands) else {
            throw BenchError("\(session.animator.id) is not a built-in animator")
        }
        self.run = run
        bases = .allocate(capacity: count)
        bases.initialize(from: session.baseStates, count: count)
        states = .allocate(capacity: count)
        states.initialize(from: bases, count: count)
        for p in sampledProgresses { step(p) }
    }

    deinit {
        bases.deallocate()
        states.deallocate()
    }

    /// One step at `progress`; the states it wrote.
    @inline(__always) @discardableResult
    func step(_ progress: Double) -> UnsafeMutablePointer<tc_view_state_t> {
        states.update(from: bases, count: count)
        run.step(context, progress: progress, views: states, count: UInt32(count))
        return states
    }

    /// True when the states of this stepper and of the session's C step agree at every sampled
    /// progress: the two paths compute the same thing.
    func agreesWithSession() -> Bool {
        for p in sampledProgresses {
            let direct = step(p)
            let viaABI = transition.session.stepInPlace(p)
            for i in 0..<count where !equal(direct[i], viaABI[i]) { return false }
        }
        return true
    }

    private func equal(_ a: tc_view_state_t, _ b: tc_view_state_t) -> Bool {
        var a = a, b = b
        return withUnsafeBytes(of: &a.frame) { x in withUnsafeBytes(of: &b.frame) { y in x.elementsEqual(y) } }
            && a.alpha == b.alpha && a.corner_radius == b.corner_radius && a.hidden == b.hidden && a.z_index == b.z_index
            && withUnsafeBytes(of: &a.transform) { x in withUnsafeBytes(of: &b.transform) { y in x.elementsEqual(y) } }
    }
}

/// A step entry called through `ffi_call` with a call interface prepared once and argument slots
/// filled once: the least libffi can cost, without the project's wrapper around it.
final class RawFFIStep {
    private let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
    private let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: 6)
    private let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 6)
    private let pointers = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 4)
    private let progress = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private let count = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private let function: @convention(c) () -> Void

    /// Prepares calls of `step` with these arguments; only the progress changes between calls.
    init(
        step: UnsafeRawPointer, animator: UnsafeRawPointer, context: UnsafeRawPointer, state: UnsafeRawPointer?,
        views: UnsafeRawPointer, viewCount: UInt32
    ) throws {
        function = unsafeBitCast(step, to: (@convention(c) () -> Void).self)
        let kinds = [tc_ffi_type_pointer(), tc_ffi_type_pointer(), tc_ffi_type_pointer(), tc_ffi_type_double(), tc_ffi_type_pointer(), tc_ffi_type_uint32()]
        for (i, t) in kinds.enumerated() { types[i] = t }
        guard ffi_prep_cif(cif, tc_ffi_default_abi(), 6, tc_ffi_type_void(), types) == FFI_OK else {
            throw BenchError("ffi_prep_cif failed")
        }
        pointers[0] = animator
        pointers[1] = context
        pointers[2] = state
        pointers[3] = views
        count.pointee = viewCount
        progress.pointee = 0
        values[0] = UnsafeMutableRawPointer(pointers)
        values[1] = UnsafeMutableRawPointer(pointers + 1)
        values[2] = UnsafeMutableRawPointer(pointers + 2)
        values[3] = UnsafeMutableRawPointer(progress)
        values[4] = UnsafeMutableRawPointer(pointers + 3)
        values[5] = UnsafeMutableRawPointer(count)
    }

    deinit {
        cif.deallocate()
        types.deallocate()
        values.deallocate()
        pointers.deallocate()
        progress.deallocate()
        count.deallocate()
    }

    /// One call at `progress`.
    @inline(__always)
    func call(_ p: Double) {
        progress.pointee = p
        ffi_call(cif, function, nil, values)
    }
}

/// The trivial fixture's step called without a session, by every call path: the pure cost of a call.
final class TrivialCalls {
    let transition: SteppedTransition
    let animator: UnsafePointer<tc_animator_t>
    let step: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Double, UnsafeMutablePointer<tc_view_state_t>?, UInt32) -> Void
    let context: UnsafeMutablePointer<tc_context_t>
    let states: UnsafeMutablePointer<tc_view_state_t>
    let count: UInt32
    let raw: RawFFIStep

    /// Loads the compiled trivial fixture and prepares a push transition of it.
    init() throws {
        let library = try PluginLibrary.load(path: try BenchEnvironment.fixture("trivial"))
        guard let a = library.animator("trivial") else { throw BenchError("the trivial fixture has no animator") }
        transition = try SteppedTransition(a)
        animator = a.pointer
        guard let step = a.pointer.pointee.step else { throw BenchError("the trivial fixture has no step") }
        self.step = step
        context = UnsafeMutablePointer(mutating: transition.session.contextPointer)
        count = UInt32(transition.session.viewCount)
        states = .allocate(capacity: Int(count))
        states.initialize(from: transition.session.baseStates, count: Int(count))
        raw = try RawFFIStep(
            step: unsafeBitCast(step, to: UnsafeRawPointer.self), animator: UnsafeRawPointer(animator),
            context: UnsafeRawPointer(context), state: nil, views: UnsafeRawPointer(states), viewCount: count)
    }

    deinit { states.deallocate() }
}

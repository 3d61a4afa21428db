/// One animator value behind its C descriptor, with its calls for a state held as a raw pointer.
final class AnimatorBox: @unchecked Sendable {
    let duration: (Context) -> Double
    let setup: (Context) -> UnsafeMutableRawPointer?
    let step: (Context, UnsafeMutableRawPointer, Double, Views) -> Void
    let completion: (Context, UnsafeMutableRawPointer, Bool) -> Void

    init<A: Animator>(_ type: A.Type) {
        let animator = A()
        duration = { animator.duration($0) }
        setup = { ctx in animator.setup(ctx).map { Unmanaged.passRetained(StateBox($0)).toOpaque() } }
        step = { ctx, state, progress, views in
            animator.step(ctx, state: Unmanaged<StateBox<A.State>>.fromOpaque(state).takeUnretainedValue().value, progress: progress, views: views)
        }
        completion = { ctx, state, finished in
            let box = Unmanaged<StateBox<A.State>>.fromOpaque(state).takeRetainedValue()
            animator.completion(ctx, state: box.value, finished: finished)
        }
    }

    /// The box of a descriptor made by ``Plugin``.
    static func of(_ descriptor: UnsafePointer<tc_animator_t>?) -> AnimatorBox {
        Unmanaged<AnimatorBox>.fromOpaque(descriptor!.pointee.animator_data!).takeUnretainedValue()
    }
}

/// A per-transition state on the heap, from setup to completion.
final class StateBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

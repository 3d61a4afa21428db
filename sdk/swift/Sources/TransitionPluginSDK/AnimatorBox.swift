/// One animator value behind its C descriptor, with its calls for a state held as a raw pointer.
final class AnimatorBox: @unchecked Sendable {
    let duration: (Context) -> Double
    let setup: (Context) -> UnsafeMutableRawPointer?
    let step: (Context, UnsafeMutableRawPointer, Double, Views) -> Void
    let completion: (Context, UnsafeMutableRawPointer, Bool) -> Void

    init(
        duration: @escaping (Context) -> Double, setup: @escaping (Context) -> UnsafeMutableRawPointer?,
        step: @escaping (Context, UnsafeMutableRawPointer, Double, Views) -> Void,
        completion: @escaping (Context, UnsafeMutableRawPointer, Bool) -> Void
    ) {
        self.duration = duration
        self.setup = setup
        self.step = step
        self.completion = completion
    }

    /// The box of a value of `A`, made once: a transition's state lives on the heap from setup to
    /// completion. (A generic function rather than a generic initializer, which Embedded Swift
    /// does not allow in a class.)
    static func make<A: Animator>(_ type: A.Type) -> AnimatorBox {
        let animator = A()
        return AnimatorBox(
            duration: { animator.duration($0) },
            setup: { ctx in
                guard let state = animator.setup(ctx) else { return nil }
                let stored = UnsafeMutablePointer<A.State>.allocate(capacity: 1)
                stored.initialize(to: state)
                return UnsafeMutableRawPointer(stored)
            },
            step: { ctx, state, progress, views in
                animator.step(ctx, state: state.assumingMemoryBound(to: A.State.self).pointee, progress: progress, views: views)
            },
            completion: { ctx, state, finished in
                let stored = state.assumingMemoryBound(to: A.State.self)
                animator.completion(ctx, state: stored.move(), finished: finished)
                stored.deallocate()
            })
    }

    /// The box of a descriptor made by ``Plugin``.
    static func of(_ descriptor: UnsafePointer<tc_animator_t>?) -> AnimatorBox {
        Unmanaged<AnimatorBox>.fromOpaque(descriptor!.pointee.animator_data!).takeUnretainedValue()
    }
}

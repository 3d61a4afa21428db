#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own for work that blocks for the life of the process (watching a descriptor,
/// ticking a clock), which would tie up a thread of a shared pool.
package enum DetachedThread {
    /// Starts `body` on a new detached thread with a stack of `stackSize` bytes (at least
    /// `PTHREAD_STACK_MIN`). Returns false when the system refuses to create the thread.
    @discardableResult
    package static func start(stackSize: Int = 1 << 16, _ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN)))
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        if status != 0 {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        return true
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Runs work on threads of its own and waits for them, without libdispatch's pool: on Linux that
/// pool's monitor opens `/proc/self/task/*/stat` from time to time and crashes the process when
/// it cannot, which a worker that opens no file once the plugin is loaded must avoid.
package enum JoinedThreads {
    /// Runs `body(0)` … `body(count - 1)`, each on a new thread, and returns once all have
    /// returned. A thread the system refuses to create runs its part on the calling thread.
    package static func run(count: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in start(count: count, body) }
    }

    /// `run` with the body it may hand to threads, since it joins them before returning.
    private static func start(count: Int, _ body: @escaping (Int) -> Void) {
        final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        var threads: [pthread_t] = []
        for index in 0..<count {
            let context = Unmanaged.passRetained(Box({ body(index) })).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { context in
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                box.body()
                return nil
            }, context)
            if status == 0 {
                threads.append(thread)
            } else {
                Unmanaged<Box>.fromOpaque(context).release()
                body(index)
            }
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}

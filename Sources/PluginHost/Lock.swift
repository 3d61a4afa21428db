#if canImport(Glibc)
import Glibc
#endif

/// A mutual-exclusion lock over a `pthread_mutex_t`, for classes whose state several threads
/// touch and whose critical sections do more than read or swap one value (for those, use
/// `Synchronization.Mutex`).
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked lock.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back; only the thread that took it may.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

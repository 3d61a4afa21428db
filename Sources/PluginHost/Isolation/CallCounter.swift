import Synchronization

/// Plugin calls in this process: how many have returned and how many are running now. A worker's
/// heartbeat reports them, so the host's watchdog times out a plugin call that does not return,
/// never a check whose own work between calls (comparing frames, projecting views) takes long.
public enum CallCounter {
    private static let returnedCount = Atomic<Int>(0)
    private static let runningCount = Atomic<Int>(0)

    /// Plugin calls (duration, setup, step, completion) that returned.
    public static var returned: Int { returnedCount.load(ordering: .relaxed) }

    /// Plugin calls running now, on any thread.
    public static var running: Int { runningCount.load(ordering: .relaxed) }

    /// Notes that a plugin call starts.
    @inline(__always)
    public static func enter() { runningCount.add(1, ordering: .relaxed) }

    /// Notes that a plugin call returned.
    @inline(__always)
    public static func leave() {
        runningCount.subtract(1, ordering: .relaxed)
        returnedCount.add(1, ordering: .relaxed)
    }
}

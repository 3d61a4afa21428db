/// How many plugin calls have returned in this process: what a worker's heartbeat tells the host,
/// so the host's watchdog times out a call, not a check that makes many calls. Threads update it
/// without synchronisation; a lost update still shows that calls return.
public enum CallCounter {
    /// Plugin calls that returned (duration and step).
    nonisolated(unsafe) public static var returned = 0
}

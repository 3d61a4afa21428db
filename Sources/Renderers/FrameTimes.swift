/// Where to sample a transition for each kind of preview.
public enum FrameTimes {
    /// `count` progresses evenly spaced from 0 to 1, both included (at least 2).
    public static func even(_ count: Int) -> [Double] {
        let n = max(2, count)
        return (0..<n).map { $0 == n - 1 ? 1 : Double($0) / Double(n - 1) }
    }

    /// Evenly spaced progresses about `fps` frames a second over `duration` seconds, both ends
    /// included: `duration · fps` intervals, rounded, and at least one.
    public static func progresses(duration: Double, fps: Double) -> [Double] {
        guard duration.isFinite, duration > 0, fps.isFinite, fps > 0 else { return [0, 1] }
        let intervals = max(1, min(100_000, Int((duration * fps).rounded())))
        return even(intervals + 1)
    }
}

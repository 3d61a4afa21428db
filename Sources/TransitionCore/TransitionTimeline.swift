/// A transition as a sequence of frames at points in time: what every renderer draws and what a
/// plain or interactive run produces.
public struct TransitionTimeline: Sendable, Hashable, Codable {
    /// One frame and when it shows, in seconds from the start.
    public struct Entry: Sendable, Hashable, Codable {
        /// Seconds from the start of the timeline.
        public var time: Double
        /// The views' states.
        public var frame: TransitionFrame

        /// Creates an entry.
        public init(time: Double, frame: TransitionFrame) {
            self.time = time
            self.frame = frame
        }
    }

    /// What is shown: `push slide`, or a scenario's description.
    public var title: String
    /// The container's bounds.
    public var containerBounds: Rect
    /// The frames, in time order.
    public var entries: [Entry]

    /// Creates a timeline.
    public init(title: String, containerBounds: Rect, entries: [Entry]) {
        self.title = title
        self.containerBounds = containerBounds
        self.entries = entries
    }

    /// The time of the last frame.
    public var duration: Double { entries.last?.time ?? 0 }

    /// A timeline of frames sampled at even progress over `duration` seconds.
    public static func even(title: String, containerBounds: Rect, duration: Double, frames: [TransitionFrame]) -> TransitionTimeline {
        TransitionTimeline(
            title: title, containerBounds: containerBounds,
            entries: frames.map { Entry(time: $0.progress * duration, frame: $0) })
    }
}

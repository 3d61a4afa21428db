/// Sightings of problems over a transition's frames, grouped by key in the order first seen: for
/// each, the first and last progress and how many frames showed it, with what the first sighting
/// said. A check reports one finding per key, not one per frame.
struct ProgressSightings<Detail> {
    /// One key's sightings.
    struct Run {
        /// The progress of the first frame that showed it.
        var first: Double
        /// The progress of the last frame that showed it.
        var last: Double
        /// How many frames showed it.
        var count: Int
        /// What the first sighting said.
        var detail: Detail
    }

    private var runs: [String: Run] = [:]
    private var order: [String] = []

    /// Notes a sighting of `key` at `progress`; `detail` is made only for a key's first sighting.
    mutating func note(_ key: String, at progress: Double, _ detail: () -> Detail) {
        if var run = runs[key] {
            run.last = progress
            run.count += 1
            runs[key] = run
        } else {
            runs[key] = Run(first: progress, last: progress, count: 1, detail: detail())
            order.append(key)
        }
    }

    /// Every key's sightings, in the order the keys were first seen.
    var all: [Run] { order.compactMap { runs[$0] } }
}

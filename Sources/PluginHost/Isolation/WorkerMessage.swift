/// A report a validation worker sends its host, one per packet on the report channel, in the form
/// `WorkerMessageCoding` writes.
enum WorkerMessage {
    /// A unit is starting: from now on, a crash or a hang belongs to it.
    case begin(unit: Int)
    /// The plugin-level checks and the animators to check.
    case plugin(subject: String, results: [CheckResult], animators: [String])
    /// The result of one animator check.
    case result(unit: Int, result: CheckResult)
    /// One line of a replayed call sequence.
    case replay(line: String)
}

/// The units of one plugin's validation: unit 0 checks the plugin; then one unit per animator
/// and check, numbered animator-major in descriptor order, and run in an order shuffled by the
/// seed, so a plugin sees checks of different animators in one process as an app would run them.
struct UnitPlan: Sendable, Hashable {
    var animators: [String]
    var checks: [ContractCheck]

    var count: Int { 1 + animators.count * checks.count }

    func unit(_ index: Int) -> (animator: String, check: ContractCheck)? {
        guard index >= 1 && index < count else { return nil }
        let i = index - 1
        return (animators[i / checks.count], checks[i % checks.count])
    }

    /// The animator units in the order a worker runs them for `seed`.
    func order(seed: UInt64) -> [Int] {
        var generator = SplitMix64(seed: seed ^ 0x5EED_0DE5)
        return Array(1..<max(1, count)).shuffled(using: &generator)
    }
}

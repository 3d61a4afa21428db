/// What the host has settled so far while validating one plugin across workers.
struct ValidationState {
    /// The plugin file.
    var path: String
    /// The plugin's id once unit 0 reported it, the path until then.
    var subject: String
    /// The units of the plan, once unit 0 reported the animators.
    var plan: UnitPlan?
    /// The plugin-level results (unit 0).
    var pluginResults: [CheckResult] = []
    /// One result per settled animator unit.
    var unitResults: [Int: CheckResult] = [:]
    /// Units with a result or a charge; never run again.
    var settled = Set<Int>()
    /// Bytes of packets on the report channel that the worker did not sign, by the unit that ran.
    var tampered: [Int: Int] = [:]
    /// Units that timed out.
    var hangs = 0

    init(path: String) {
        self.path = path
        subject = path
    }

    /// The units still to run, in the plan's order.
    func remaining(seed: UInt64) -> [Int] {
        guard let plan else { return settled.contains(0) ? [] : [0] }
        return plan.order(seed: seed).filter { !settled.contains($0) }
    }

    /// The results in plan order, each unit exactly once; a unit during which the report channel
    /// was written by someone else fails whatever it reported.
    func verdict() -> [CheckResult] {
        var results = pluginResults
        if let bytes = tampered[0], !results.isEmpty { results[0] = Self.tamper(results[0], bytes: bytes) }
        guard let plan else { return results }
        for unit in 1..<plan.count {
            guard let (animator, check) = plan.unit(unit) else { continue }
            var result = unitResults[unit] ?? CheckResult(
                check: check.id, subject: "\(subject):\(animator)", status: .crash,
                details: ["the worker never reported this check"], path: path)
            if let bytes = tampered[unit] { result = Self.tamper(result, bytes: bytes) }
            results.append(result)
        }
        return results
    }

    private static func tamper(_ result: CheckResult, bytes: Int) -> CheckResult {
        var r = result
        r.status = max(r.status, .fail)
        r.details.insert(
            "plugin code wrote \(bytes) bytes to the validator's report channel, a descriptor it does not own, while this check ran; a plugin must only write to descriptors it opened",
            at: 0)
        return r
    }
}

/// Findings collected per check while an animator is exercised; each check ends with the worst
/// status reported for it (PASS when nothing was reported). A scenario that could not run is
/// named in the details even when other scenarios passed, so one SKIP never hides behind a PASS.
struct Findings {
    private(set) var statuses: [String: CheckStatus] = [:]
    private(set) var details: [String: [String]] = [:]
    /// Per check, why scenarios were not run, in the order they were met.
    private(set) var skips: [String: [String]] = [:]
    /// Per check, remarks that do not change its status (a measurement on a PASS).
    private(set) var notes: [String: [String]] = [:]
    private static let detailLimit = 8

    mutating func pass(_ check: ContractCheck) {
        if statuses[check.id] == nil || statuses[check.id] == .skip { statuses[check.id] = .pass }
    }

    mutating func report(_ check: ContractCheck, _ status: CheckStatus, _ message: String) {
        statuses[check.id] = max(statuses[check.id] ?? .pass, status)
        Self.append(message, to: &details[check.id, default: []])
    }

    mutating func fail(_ check: ContractCheck, _ message: String) { report(check, .fail, message) }

    mutating func warn(_ check: ContractCheck, _ message: String) { report(check, .warn, message) }

    /// Records that one scenario of `check` could not run, and why; the check is SKIP unless
    /// another scenario gives it a status.
    mutating func skip(_ check: ContractCheck, _ message: String) {
        if statuses[check.id] == nil { statuses[check.id] = .skip }
        Self.append(message, to: &skips[check.id, default: []])
    }

    /// A remark shown with the check whatever its status, such as a measurement.
    mutating func note(_ check: ContractCheck, _ message: String) {
        Self.append(message, to: &notes[check.id, default: []])
    }

    private static func append(_ message: String, to list: inout [String]) {
        if list.count < detailLimit, !list.contains(message) { list.append(message) }
        else if list.count == detailLimit { list.append("(more findings not shown)") }
    }

    func results(subject: String, checks: [ContractCheck]) -> [CheckResult] {
        checks.compactMap { check in
            guard let status = statuses[check.id] else { return nil }
            let skipped = skips[check.id] ?? []
            var lines = details[check.id] ?? []
            lines += status == .skip ? skipped : skipped.map { "not run in \($0)" }
            lines += notes[check.id] ?? []
            return CheckResult(check: check.id, subject: subject, status: status, details: lines)
        }
    }
}

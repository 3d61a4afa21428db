/// Findings collected per check while an animator is exercised; each check ends with the worst
/// status reported for it (PASS when nothing was reported).
struct Findings {
    private(set) var statuses: [String: CheckStatus] = [:]
    private(set) var details: [String: [String]] = [:]
    private static let detailLimit = 8

    mutating func pass(_ check: ContractCheck) {
        if statuses[check.id] == nil || statuses[check.id] == .skip { statuses[check.id] = .pass }
    }

    mutating func report(_ check: ContractCheck, _ status: CheckStatus, _ message: String) {
        statuses[check.id] = max(statuses[check.id] ?? .pass, status)
        var list = details[check.id, default: []]
        if list.count < Self.detailLimit, !list.contains(message) { list.append(message) }
        else if list.count == Self.detailLimit { list.append("(more findings not shown)") }
        details[check.id] = list
    }

    mutating func fail(_ check: ContractCheck, _ message: String) { report(check, .fail, message) }

    mutating func warn(_ check: ContractCheck, _ message: String) { report(check, .warn, message) }

    mutating func skip(_ check: ContractCheck, _ message: String) {
        if statuses[check.id] == nil {
            statuses[check.id] = .skip
            details[check.id] = [message]
        }
    }

    func results(subject: String, checks: [ContractCheck]) -> [CheckResult] {
        checks.compactMap { check in
            guard let status = statuses[check.id] else { return nil }
            return CheckResult(check: check.id, subject: subject, status: status, details: details[check.id] ?? [])
        }
    }
}

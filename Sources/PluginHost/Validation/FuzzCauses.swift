/// The parameter check's findings grouped by cause: parameter sets that break the contract in the
/// same way (the same message once the numbers in it are set aside) give one finding, with how
/// many sets showed it and the first of them, rather than one finding per set.
struct FuzzCauses {
    private struct Cause {
        var firstSet: String
        var finding: String
        var count: Int
    }

    private var causes: [Cause] = []
    private var index: [String: Int] = [:]

    /// True when no parameter set broke the contract.
    var isEmpty: Bool { causes.isEmpty }

    /// Records that the parameter set `set` (`edge=left speed=0.3`) gave `finding`.
    mutating func add(set: String, finding: String) {
        let key = Self.shape(of: finding)
        if let i = index[key] {
            causes[i].count += 1
        } else {
            index[key] = causes.count
            causes.append(Cause(firstSet: set, finding: finding, count: 1))
        }
    }

    /// One line per cause, out of `total` parameter sets tried with `seed`.
    func lines(of total: Int, seed: UInt64) -> [String] {
        causes.map { c in
            let sets = c.count == 1 ? "with \(c.firstSet)" : "in \(c.count) of \(total) parameter sets, first with \(c.firstSet)"
            return "\(sets) (seed \(seed)), \(c.finding)"
        }
    }

    /// `finding` with every number replaced by `#`, so findings that differ only in their values
    /// share a shape.
    static func shape(of finding: String) -> String {
        var out = ""
        var inNumber = false
        for ch in finding {
            if ch.isNumber || (inNumber && (ch == "." || ch == "e")) {
                if !inNumber { out.append("#") }
                inNumber = true
            } else {
                inNumber = false
                out.append(ch)
            }
        }
        return out
    }
}

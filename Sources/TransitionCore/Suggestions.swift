/// "Did you mean" suggestions for mistyped names.
public enum Suggestions {
    /// The candidate closest to `word` by case-insensitive edit distance (Levenshtein), or nil
    /// when even the closest is more than `max(2, word.count / 3)` edits away. Ties go to the
    /// candidate listed first.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = Swift.max(2, target.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(target, Array(candidate.lowercased()))
            if d <= limit && d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// The number of single-character insertions, deletions and substitutions turning `a` into `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

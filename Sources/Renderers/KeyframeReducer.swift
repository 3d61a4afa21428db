/// Chooses which samples of a sampled motion must stay keyframes: a sample is dropped when
/// interpolating linearly between the kept samples around it reproduces it within tolerance,
/// so straight stretches become one segment and curves keep as many keyframes as they need.
enum KeyframeReducer {
    /// The indices of the samples to keep, ascending, always with the first and the last.
    /// - Parameters:
    ///   - count: how many samples there are.
    ///   - mustKeep: samples that stay keyframes whatever their neighbours (both sides of a jump).
    ///   - fits: whether sample `i` lies within tolerance of the interpolation between samples
    ///     `a` and `b` (a < i < b).
    static func keep(count: Int, mustKeep: (Int) -> Bool = { _ in false }, fits: (_ a: Int, _ b: Int, _ i: Int) -> Bool) -> [Int] {
        guard count > 2 else { return Array(0..<count) }
        var kept = [0]
        var anchor = 0
        var end = 2
        while end < count {
            var ok = !mustKeep(end - 1)
            if ok {
                for i in (anchor + 1)..<end where !fits(anchor, end, i) {
                    ok = false
                    break
                }
            }
            if ok {
                end += 1
            } else {
                anchor = end - 1
                kept.append(anchor)
                end = anchor + 2
            }
        }
        if kept.last != count - 1 { kept.append(count - 1) }
        return kept
    }
}

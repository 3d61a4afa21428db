/// The initial guesses of a ``CubicBezier`` solver: for x = i / segments, i = 0...segments, the
/// curve parameter t(x) and the slope dt/dx times the interval 1 / segments, interleaved
/// (t₀, m₀, t₁, m₁, …). The slopes are limited as Fritsch and Carlson do, so the cubic Hermite
/// interpolant of each interval is monotone and stays inside it.
///
/// The entries live in memory of their own, read in place by the solver; the curve value holds
/// only a reference, so copying a curve stays cheap.
final class BezierGuessTable: @unchecked Sendable {
    /// 2 (segments + 1) numbers, written once by the initialiser and only read afterwards.
    let entries: UnsafeMutablePointer<Double>

    /// The table of x(t) = ((ax t + bx) t + cx) t on `segments` equal intervals of x.
    init(ax: Double, bx: Double, cx: Double, segments: Int) {
        entries = .allocate(capacity: 2 * (segments + 1))
        let samples = 4 * segments
        let h = 1 / Double(segments)
        func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func slope(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        entries[0] = 0
        entries[2 * segments] = 1
        // t at each x = i / segments: read off x(t) sampled at an even, finer spacing in t, then
        // Newton steps kept inside the sample interval, which brackets the solution.
        var j = 0
        var tj = 0.0
        var xj = 0.0
        var tNext = 1.0 / Double(samples)
        var xNext = x(tNext)
        for i in 1..<segments {
            let target = Double(i) * h
            while xNext < target && j < samples - 1 {
                j += 1
                tj = tNext
                xj = xNext
                tNext = Double(j + 1) / Double(samples)
                xNext = j + 1 == samples ? 1 : x(tNext)
            }
            let span = xNext - xj
            let fraction = span > 0 ? min(max((target - xj) / span, 0), 1) : 0.5
            var t = tj + (tNext - tj) * fraction
            for _ in 0..<3 {
                let d = slope(t)
                guard d > 0 else { break }
                let next = t - (x(t) - target) / d
                guard next >= tj && next <= tNext else { break }
                t = next
            }
            entries[2 * i] = t
        }
        // dt/dx = 1 / x'(t), times h; infinite where x(t) is flat. A slope at most three times
        // the secant of either neighbouring interval keeps the cubic monotone (Fritsch–Carlson).
        for i in 0...segments {
            let t = entries[2 * i]
            let d = slope(t)
            let left = i == 0 ? .infinity : t - entries[2 * i - 2]
            let right = i == segments ? .infinity : entries[2 * i + 2] - t
            entries[2 * i + 1] = min(d > 0 ? h / d : .infinity, 3 * left, 3 * right)
        }
    }

    deinit { entries.deallocate() }
}

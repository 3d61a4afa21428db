/// An independent, exact solver for a CSS cubic-bezier timing function, for checking the fast
/// solver's accuracy: bisection over doubles on the Bernstein form of x(t) evaluated in
/// double-double, down to two neighbouring doubles.
public struct ReferenceBezier: Sendable {
    /// The control points.
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A solver for cubic-bezier(x1, y1, x2, y2).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// y at `x`; 0 before the start and 1 after the end.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func residual(_ t: Double) -> Double { (Self.bernstein(t, x1, x2) + Wide(-x)).hi }
        var low = 0.0, high = 1.0
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if residual(middle) < 0 { low = middle } else { high = middle }
        }
        let t = abs(residual(low)) < abs(residual(high)) ? low : high
        let y = Self.bernstein(t, y1, y2)
        return y.hi + y.lo
    }

    /// The largest |f(x) − exact(x)| over an even grid of `samples` + 1 inputs in [0, 1] and
    /// inputs next to 0, 1/2 and 1.
    public func worstError(samples: Int, of f: (Double) -> Double) -> Double {
        var inputs = (0...samples).map { Double($0) / Double(samples) }
        inputs += [1e-12, 1e-9, 1e-7, 0.5.nextDown, 0.5.nextUp, 0.5 - 1e-9, 0.5 + 1e-9, 1 - 1e-12, 1 - 1e-9, 1.0.nextDown]
        return inputs.reduce(0) { max($0, abs(f($1) - value(at: $1))) }
    }

    /// One coordinate of 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³ in double-double.
    private static func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Wide {
        let tt = Wide(t)
        let u = Wide.twoSum(1, -t)
        return u * u * tt * Wide.twoProduct(3, p1) + u * tt * tt * Wide.twoProduct(3, p2) + tt * tt * tt
    }

    /// A double-double number.
    private struct Wide {
        var hi: Double
        var lo: Double

        init(_ hi: Double, _ lo: Double = 0) {
            self.hi = hi
            self.lo = lo
        }

        static func twoSum(_ a: Double, _ b: Double) -> Wide {
            let s = a + b
            let v = s - a
            return Wide(s, (a - (s - v)) + (b - v))
        }

        static func twoProduct(_ a: Double, _ b: Double) -> Wide {
            let p = a * b
            return Wide(p, (-p).addingProduct(a, b))
        }

        static func + (a: Wide, b: Wide) -> Wide {
            let s = twoSum(a.hi, b.hi)
            let t = twoSum(a.lo, b.lo)
            let u = twoSum(s.hi, s.lo + t.hi)
            return twoSum(u.hi, u.lo + t.lo)
        }

        static func * (a: Wide, b: Wide) -> Wide {
            let p = twoProduct(a.hi, b.hi)
            return twoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi))
        }
    }
}

/// An unevaluated sum `hi + lo` of two doubles, carrying about 106 bits of precision.
///
/// Used where a double cannot resolve the answer, such as solving a timing curve near a point
/// where it is flat in x. Only the few operations the solvers need are provided.
struct DoubleDouble: Sendable, Hashable {
    /// The leading part, the double nearest to the value.
    var hi: Double
    /// The trailing part, much smaller than `hi`.
    var lo: Double

    /// The value `hi + lo`, assuming `|lo|` is at most half an ulp of `hi`.
    init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// The exact sum of two doubles.
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        let e = (a - (s - bb)) + (b - bb)
        return DoubleDouble(s, e)
    }

    /// The exact sum of two doubles when `|a| >= |b|` or `a` is zero.
    static func quickSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// The exact product of two doubles.
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(p, (-p).addingProduct(a, b))
    }

    /// The sum of two double-doubles, accurate to about 2⁻¹⁰⁴ relative to the larger operand.
    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let s = sum(a.hi, b.hi)
        let t = sum(a.lo, b.lo)
        var r = quickSum(s.hi, s.lo + t.hi)
        r = quickSum(r.hi, r.lo + t.lo)
        return r
    }

    /// The negated value.
    static prefix func - (a: DoubleDouble) -> DoubleDouble {
        DoubleDouble(-a.hi, -a.lo)
    }

    /// The difference of two double-doubles.
    static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        a + (-b)
    }

    /// The product with a double.
    static func * (a: DoubleDouble, b: Double) -> DoubleDouble {
        let p = product(a.hi, b)
        return quickSum(p.hi, p.lo + a.lo * b)
    }
}

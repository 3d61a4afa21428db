/// A timing curve: one of the standard curves of the plugin ABI (`tc_curve_t`) or any CSS
/// cubic Bézier.
///
/// The standard cases are distinct from a `.cubicBezier` with the same control points: they
/// compare unequal, but they produce the same values.
public enum TimingCurve: Sendable, Hashable {
    /// `cubic-bezier(0, 0, 1, 1)`: the output equals the input.
    case linear
    /// CSS `ease`, `cubic-bezier(0.25, 0.1, 0.25, 1)`.
    case ease
    /// CSS `ease-in`, `cubic-bezier(0.42, 0, 1, 1)`.
    case easeIn
    /// CSS `ease-out`, `cubic-bezier(0, 0, 0.58, 1)`.
    case easeOut
    /// CSS `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)`.
    case easeInOut
    /// Material Design standard easing, `cubic-bezier(0.4, 0, 0.2, 1)`.
    case materialStandard
    /// Material Design deceleration, `cubic-bezier(0, 0, 0.2, 1)`.
    case materialDecelerate
    /// Material Design acceleration, `cubic-bezier(0.4, 0, 1, 1)`.
    case materialAccelerate
    /// Material Design sharp curve, `cubic-bezier(0.4, 0, 0.6, 1)`.
    case materialSharp
    /// Any CSS cubic Bézier timing function.
    case cubicBezier(CubicBezier)

    /// The standard curves, indexed by their `tc_curve_t` value (`TC_CURVE_LINEAR` = 0 through
    /// `TC_CURVE_MATERIAL_SHARP` = 8).
    public static let standard: [TimingCurve] = [
        .linear, .ease, .easeIn, .easeOut, .easeInOut,
        .materialStandard, .materialDecelerate, .materialAccelerate, .materialSharp,
    ]

    /// The standard curve with `tc_curve_t` value `standardIndex`, or nil when there is none.
    public init?(standardIndex: Int) {
        guard Self.standard.indices.contains(standardIndex) else { return nil }
        self = Self.standard[standardIndex]
    }

    /// The `tc_curve_t` value of a standard curve; nil for `.cubicBezier`.
    public var standardIndex: Int? {
        switch self {
        case .linear: return 0
        case .ease: return 1
        case .easeIn: return 2
        case .easeOut: return 3
        case .easeInOut: return 4
        case .materialStandard: return 5
        case .materialDecelerate: return 6
        case .materialAccelerate: return 7
        case .materialSharp: return 8
        case .cubicBezier: return nil
        }
    }

    /// The kebab-case name: `"linear"`, `"ease"`, `"ease-in"`, `"ease-out"`, `"ease-in-out"`,
    /// `"material-standard"`, `"material-decelerate"`, `"material-accelerate"`,
    /// `"material-sharp"`, or `"cubic-bezier(x1, y1, x2, y2)"`.
    public var name: String {
        switch self {
        case .linear: return "linear"
        case .ease: return "ease"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .materialStandard: return "material-standard"
        case .materialDecelerate: return "material-decelerate"
        case .materialAccelerate: return "material-accelerate"
        case .materialSharp: return "material-sharp"
        case let .cubicBezier(curve): return curve.description
        }
    }

    /// Parses a name as produced by ``name``, ignoring surrounding whitespace and letter case.
    /// `cubic-bezier(a, b, c, d)` accepts spaces around the numbers and the parentheses. Returns
    /// nil for unknown names, malformed numbers and invalid control points.
    public init?(name: String) {
        let text = name.lowercased().trimmingWhitespace()
        if let curve = Self.standard.first(where: { $0.name == text }) {
            self = curve
            return
        }
        let prefix = "cubic-bezier"
        guard text.hasPrefix(prefix) else { return nil }
        let rest = text.dropFirst(prefix.count).trimmingWhitespace()
        guard rest.hasPrefix("("), rest.hasSuffix(")"), rest.count >= 2 else { return nil }
        let fields = rest.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        var numbers: [Double] = []
        for field in fields {
            guard let number = Double(field.trimmingWhitespace()) else { return nil }
            numbers.append(number)
        }
        guard let curve = try? CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3]) else {
            return nil
        }
        self = .cubicBezier(curve)
    }

    /// The control points of the curve (`linear` is `cubic-bezier(0, 0, 1, 1)`).
    public var bezier: CubicBezier {
        switch self {
        case .linear: return Solvers.linear
        case .ease: return Solvers.ease
        case .easeIn: return Solvers.easeIn
        case .easeOut: return Solvers.easeOut
        case .easeInOut: return Solvers.easeInOut
        case .materialStandard: return Solvers.materialStandard
        case .materialDecelerate: return Solvers.materialDecelerate
        case .materialAccelerate: return Solvers.materialAccelerate
        case .materialSharp: return Solvers.materialSharp
        case let .cubicBezier(curve): return curve
        }
    }

    /// The output of the curve for input `t`: exact identity for `linear`, otherwise the
    /// Bézier's ``CubicBezier/value(at:)`` (error below 1e-9 in [0, 1], tangent lines outside).
    public func value(at t: Double) -> Double {
        switch self {
        case .linear: return t
        case .ease: return Solvers.ease.value(at: t)
        case .easeIn: return Solvers.easeIn.value(at: t)
        case .easeOut: return Solvers.easeOut.value(at: t)
        case .easeInOut: return Solvers.easeInOut.value(at: t)
        case .materialStandard: return Solvers.materialStandard.value(at: t)
        case .materialDecelerate: return Solvers.materialDecelerate.value(at: t)
        case .materialAccelerate: return Solvers.materialAccelerate.value(at: t)
        case .materialSharp: return Solvers.materialSharp.value(at: t)
        case let .cubicBezier(curve): return curve.value(at: t)
        }
    }

    /// The value at `t` of the standard curve with `tc_curve_t` value `standardIndex`, as
    /// `TimingCurve(standardIndex:)?.value(at:)` gives it but without making the curve (a
    /// Bézier solver is a few hundred bytes to copy); nil when there is no such curve.
    public static func standardValue(index standardIndex: Int, at t: Double) -> Double? {
        switch standardIndex {
        case 0: return t
        case 1: return Solvers.ease.value(at: t)
        case 2: return Solvers.easeIn.value(at: t)
        case 3: return Solvers.easeOut.value(at: t)
        case 4: return Solvers.easeInOut.value(at: t)
        case 5: return Solvers.materialStandard.value(at: t)
        case 6: return Solvers.materialDecelerate.value(at: t)
        case 7: return Solvers.materialAccelerate.value(at: t)
        case 8: return Solvers.materialSharp.value(at: t)
        default: return nil
        }
    }

    /// The standard curves, built once.
    private enum Solvers {
        static let linear = CubicBezier(validated: 0, 0, 1, 1)
        static let ease = CubicBezier(validated: 0.25, 0.1, 0.25, 1)
        static let easeIn = CubicBezier(validated: 0.42, 0, 1, 1)
        static let easeOut = CubicBezier(validated: 0, 0, 0.58, 1)
        static let easeInOut = CubicBezier(validated: 0.42, 0, 0.58, 1)
        static let materialStandard = CubicBezier(validated: 0.4, 0, 0.2, 1)
        static let materialDecelerate = CubicBezier(validated: 0, 0, 0.2, 1)
        static let materialAccelerate = CubicBezier(validated: 0.4, 0, 1, 1)
        static let materialSharp = CubicBezier(validated: 0.4, 0, 0.6, 1)
    }
}

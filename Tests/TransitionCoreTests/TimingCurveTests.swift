import Testing
import TransitionCore

@Suite struct TimingCurveTests {
    /// The `tc_curve_t` table of the plugin ABI: index, name and control points.
    static let table: [(Int, String, [Double])] = [
        (0, "linear", [0, 0, 1, 1]),
        (1, "ease", [0.25, 0.1, 0.25, 1]),
        (2, "ease-in", [0.42, 0, 1, 1]),
        (3, "ease-out", [0, 0, 0.58, 1]),
        (4, "ease-in-out", [0.42, 0, 0.58, 1]),
        (5, "material-standard", [0.4, 0, 0.2, 1]),
        (6, "material-decelerate", [0, 0, 0.2, 1]),
        (7, "material-accelerate", [0.4, 0, 1, 1]),
        (8, "material-sharp", [0.4, 0, 0.6, 1]),
    ]

    @Test("standard curves follow the C enum order, names and control points", arguments: table)
    func standardTable(index: Int, name: String, points: [Double]) throws {
        let curve = try #require(TimingCurve(standardIndex: index))
        #expect(TimingCurve.standard[index] == curve)
        #expect(curve.standardIndex == index)
        #expect(curve.name == name)
        #expect(TimingCurve(name: name) == curve)
        let bezier = curve.bezier
        #expect([bezier.x1, bezier.y1, bezier.x2, bezier.y2] == points)
    }

    @Test("the standard list has the nine ABI curves in order")
    func standardList() {
        #expect(TimingCurve.standard == [
            .linear, .ease, .easeIn, .easeOut, .easeInOut,
            .materialStandard, .materialDecelerate, .materialAccelerate, .materialSharp,
        ])
        #expect(TimingCurve(standardIndex: -1) == nil)
        #expect(TimingCurve(standardIndex: 9) == nil)
    }

    @Test("standard curves evaluate like their Bézier", arguments: TimingCurve.standard)
    func standardValues(curve: TimingCurve) throws {
        let b = curve.bezier
        let fresh = try CubicBezier(b.x1, b.y1, b.x2, b.y2)
        for i in -100...1100 {
            let t = Double(i) / 1000
            #expect(abs(curve.value(at: t) - fresh.value(at: t)) <= 1e-12, "at t = \(t)")
        }
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
    }

    @Test("linear is the exact identity")
    func linear() {
        for t in [-1.5, 0, 1e-300, 0.1, 1.0 / 3, 0.7, 1, 2.25] {
            #expect(TimingCurve.linear.value(at: t) == t)
        }
    }

    @Test("ease-in-out is symmetric about (1/2, 1/2)")
    func easeInOutSymmetry() {
        for i in 0...1000 {
            let t = Double(i) / 1000
            let sum = TimingCurve.easeInOut.value(at: t) + TimingCurve.easeInOut.value(at: 1 - t)
            #expect(abs(sum - 1) <= 2e-9, "at t = \(t)")
        }
    }

    @Test("known values of the CSS keywords")
    func knownValues() {
        // ease-in is x = 3·0.42·t(1−t)² + 3t²(1−t) + t³, y = 3t²(1−t) + t³; at t = 1/2:
        // x = 0.1575 + 0.375 + 0.125 = 0.6575, y = 0.5.
        #expect(abs(TimingCurve.easeIn.value(at: 0.6575) - 0.5) <= 1e-9)
        // ease-out mirrors ease-in: y(1 − x) = 1 − y_in(x).
        #expect(abs(TimingCurve.easeOut.value(at: 1 - 0.6575) - 0.5) <= 1e-9)
        // material-standard at t = 1/2: x = 3·0.4/8 + 3·0.2/8 + 1/8 = 0.35, y = 3/8 + 1/8 = 0.5.
        #expect(abs(TimingCurve.materialStandard.value(at: 0.35) - 0.5) <= 1e-9)
    }

    @Test("custom curves are named in CSS syntax and parse back")
    func customNames() throws {
        let curve = TimingCurve.cubicBezier(try CubicBezier(0.1, -0.5, 0.9, 1.25))
        #expect(curve.name == "cubic-bezier(0.1, -0.5, 0.9, 1.25)")
        #expect(TimingCurve(name: curve.name) == curve)
        let integral = TimingCurve.cubicBezier(try CubicBezier(0, 0, 1, 1))
        #expect(integral.name == "cubic-bezier(0, 0, 1, 1)")
        #expect(TimingCurve(name: integral.name) == integral)
        #expect(integral != .linear)
        #expect(integral.standardIndex == nil)
    }

    @Test("parses cubic-bezier with or without spaces", arguments: [
        "cubic-bezier(0.3,0.1,0.6,0.9)",
        "cubic-bezier(0.3, 0.1, 0.6, 0.9)",
        "  cubic-bezier( 0.3 ,0.1 , 0.6,   0.9 )  ",
        "cubic-bezier (0.3, 0.1, 0.6, 0.9)",
        "Cubic-Bezier(3e-1, 0.1, .6, 0.9)",
    ])
    func parsesCubicBezier(text: String) throws {
        let curve = try #require(TimingCurve(name: text))
        #expect(curve == .cubicBezier(try CubicBezier(0.3, 0.1, 0.6, 0.9)))
    }

    @Test("rejects unknown and malformed names", arguments: [
        "", "bounce", "ease-in-out-back", "cubic-bezier", "cubic-bezier()", "cubic-bezier(0, 0, 1)",
        "cubic-bezier(0, 0, 1, 1, 1)", "cubic-bezier(0, 0, 1, x)", "cubic-bezier(1.5, 0, 0.5, 1)",
        "cubic-bezier(0, nan, 1, 1)", "cubic-bezier(0, 0, 1, 1", "cubic-bezier 0, 0, 1, 1)",
        "cubic-bezier(0,, 1, 1)", "linear2",
    ])
    func rejectsNames(text: String) {
        #expect(TimingCurve(name: text) == nil)
    }

    @Test("keyword names parse regardless of case and surrounding spaces")
    func keywordParsing() {
        #expect(TimingCurve(name: " Ease-In-Out ") == .easeInOut)
        #expect(TimingCurve(name: "MATERIAL-SHARP") == .materialSharp)
    }
}

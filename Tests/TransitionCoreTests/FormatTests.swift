import Testing
@testable import TransitionCore

/// `Format.number` writes the digits of small rounded values itself; it must print exactly what
/// its general path, through `String(Double)`, prints.
@Suite struct FormatTests {
    /// Values near every edge of the direct path: zeros, halves, the last digit of 15, the
    /// smallest decimals, values that are not exact in binary.
    static let edges: [Double] = [
        0, -0.0, 0.5, -0.5, 1, -1, 0.35, 0.1 + 0.2, 2.675, 1.005, 0.0001, -0.0001, 0.00049, 0.00051,
        0.0004999, 999_999_999_999.9, 99_999_999_999.99, 999_999_999_999_999, 1e15, -1e15, 1e16,
        123_456.789_5, 390, 844.000_01, 1 / 3, -2 / 3, 0.045, 1e-5, 5e-5, 0.999_95, 9.999_5,
    ]

    @Test(arguments: 0...4)
    func edgesPrintAsTheGeneralPathDoes(decimals: Int) {
        let differing = Self.edges.filter { Format.number($0, decimals: decimals) != general($0, decimals: decimals) }
        #expect(differing.isEmpty, "\(differing.map { "\($0): \(Format.number($0, decimals: decimals)) against \(general($0, decimals: decimals))" })")
    }

    /// Random values over twenty orders of magnitude, both signs.
    @Test(arguments: 0...4)
    func randomValuesPrintAsTheGeneralPathDoes(decimals: Int) {
        var generator = SystemRandomNumberGenerator()
        var differing: [Double] = []
        for _ in 0..<10_000 {
            let magnitude = Double.random(in: -6...16, using: &generator)
            let value = (Bool.random(using: &generator) ? 1 : -1) * Double.random(in: 1..<10, using: &generator) * pow10(magnitude)
            if Format.number(value, decimals: decimals) != general(value, decimals: decimals) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { "\($0): \(Format.number($0, decimals: decimals)) against \(general($0, decimals: decimals))" })")
    }

    @Test func examples() {
        #expect(Format.number(0.35, decimals: 3) == "0.35")
        #expect(Format.number(-0.0004, decimals: 3) == "0")
        #expect(Format.number(-0.25) == "-0.25")
        #expect(Format.number(390) == "390")
        #expect(Format.number(1e-5, decimals: 5) == "1e-05")
        #expect(Format.number(.infinity) == "inf")
    }

    private func general(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return Format.number(value, decimals: decimals) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return Format.generalNumber((value * scale).rounded() / scale, decimals: decimals)
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0, e = exponent.rounded(.down)
        while e > 0 { result *= 10; e -= 1 }
        while e < 0 { result /= 10; e += 1 }
        return result * (1 + (exponent - exponent.rounded(.down)) * 9) / 10
    }
}

/// Number formatting shared by the text outputs.
public enum Format {
    /// `value` with at most `decimals` decimals and no trailing zeros: 1.5, 390, -0.25.
    public static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() && abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        var text = String(rounded)
        if let dot = text.firstIndex(of: "."), !text.utf8.contains(UInt8(ascii: "e")) {
            let fraction = text[text.index(after: dot)...]
            if fraction.count > decimals {
                text = String(text[..<text.index(dot, offsetBy: decimals + 1)])
            }
        }
        return text == "-0" ? "0" : text
    }

    /// `value` with exactly `decimals` decimals, rounded half away from zero: 3.0, 0.25, -1.50.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else { return String(value) }
        let digits = String(UInt64(scaled))
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        let whole = padded.dropLast(decimals)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return decimals == 0 ? sign + whole : sign + whole + "." + padded.suffix(decimals)
    }
}

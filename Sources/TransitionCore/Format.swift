/// Number formatting shared by the text outputs.
public enum Format {
    /// `value` with at most `decimals` decimals and no trailing zeros: 1.5, 390, -0.25.
    public static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let units = (value * scale).rounded()
        // Up to 15 digits and 4 decimals, the digits of `units` are what `String(Double)` prints
        // for units ÷ scale (it never uses an exponent there), so they are written directly.
        guard decimals <= 4, abs(units) < 1e15 else { return generalNumber(units / scale, decimals: decimals) }
        return decimal(Int64(units), places: decimals)
    }

    /// `number(_:decimals:)` for a value already rounded to `decimals`, through `String(Double)`.
    static func generalNumber(_ rounded: Double, decimals: Int) -> String {
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

    /// `units` ÷ 10^`places` in decimal, without trailing zeros after the point or a sign on zero.
    private static func decimal(_ units: Int64, places: Int) -> String {
        var n = units.magnitude, places = places
        while places > 0 && n % 10 == 0 {
            n /= 10
            places -= 1
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var i = buffer.count
            for _ in 0..<places {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
            }
            if places > 0 {
                i -= 1
                buffer[i] = UInt8(ascii: ".")
            }
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
            } while n > 0
            if units < 0 {
                i -= 1
                buffer[i] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[i...]), as: UTF8.self)
        }
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

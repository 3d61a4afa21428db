import TransitionABI
import TransitionCore

extension Rect {
    package init(_ r: tc_rect_t) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
    package var c: tc_rect_t { tc_rect_t(x: x, y: y, width: width, height: height) }
}

extension Color {
    package init(_ c: tc_color_t) { self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a) }
    package var c: tc_color_t { tc_color_t(r: red, g: green, b: blue, a: alpha) }
}

extension Transform3D {
    package init(_ t: tc_transform_t) {
        var m = SIMD16<Double>()
        withUnsafeBytes(of: t.m) { raw in
            let d = raw.bindMemory(to: Double.self)
            for i in 0..<16 { m[i] = d[i] }
        }
        self.init(m)
    }

    package var c: tc_transform_t {
        var t = tc_transform_t()
        withUnsafeMutableBytes(of: &t.m) { raw in
            let d = raw.bindMemory(to: Double.self)
            for i in 0..<16 { d[i] = m[i] }
        }
        return t
    }
}

extension ViewState {
    package init(_ s: tc_view_state_t, madeByAnimator: Bool) {
        self.init(
            frame: Rect(s.frame), alpha: s.alpha, transform: Transform3D(s.transform),
            cornerRadius: s.corner_radius, zIndex: s.z_index, hidden: s.hidden,
            color: madeByAnimator ? Color(s.color) : nil)
    }

    package var c: tc_view_state_t {
        tc_view_state_t(
            frame: frame.c, alpha: alpha, transform: transform.c, corner_radius: cornerRadius,
            z_index: zIndex, hidden: hidden, color: (color ?? .clear).c)
    }
}

/// Reads a NUL-terminated string from plugin memory, at most `limit` bytes, decoding invalid
/// UTF-8 as `\xNN` and escaping control characters.
struct PluginString {
    /// The escaped text; empty when the pointer was NULL.
    var text: String
    /// False when the pointer was NULL.
    var present: Bool
    /// False when the bytes were not valid UTF-8.
    var validUTF8: Bool
    /// True when the string was longer than the limit (the text is cut there).
    var tooLong: Bool
    /// True when escaping changed the text (control characters, terminal escapes).
    var hadControlCharacters: Bool

    init(_ pointer: UnsafePointer<CChar>?, limit: Int) {
        guard let pointer else {
            self.init(text: "", present: false, validUTF8: true, tooLong: false, hadControlCharacters: false)
            return
        }
        let length = strnlen(pointer, limit + 1)
        let bytes = UnsafeRawBufferPointer(start: pointer, count: min(length, limit))
        // Printable ASCII without a backslash, the usual case, is valid and needs no escape.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }) {
            self.init(
                text: String(decoding: bytes, as: UTF8.self), present: true, validUTF8: true, tooLong: length > limit,
                hadControlCharacters: false)
            return
        }
        let decoded = DisplayText.decode(utf8: bytes)
        let raw = String(decoding: bytes, as: UTF8.self)
        self.init(
            text: decoded.text, present: true, validUTF8: decoded.validUTF8, tooLong: length > limit,
            hadControlCharacters: decoded.validUTF8 && decoded.text != raw)
    }

    private init(text: String, present: Bool, validUTF8: Bool, tooLong: Bool, hadControlCharacters: Bool) {
        self.text = text
        self.present = present
        self.validUTF8 = validUTF8
        self.tooLong = tooLong
        self.hadControlCharacters = hadControlCharacters
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

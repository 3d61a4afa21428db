/// Makes text from untrusted sources (plugin strings, file contents) safe to print on a terminal.
public enum DisplayText {
    /// Escapes control characters (C0, DEL, C1), including the escape that starts terminal
    /// sequences, as `\n`, `\t`, `\e`, `\u{9b}`, and format characters (bidi overrides,
    /// zero-width spaces and joiners, the byte-order mark) as `\u{200b}`; other text is unchanged.
    public static func escape(_ text: String) -> String {
        // Printable ASCII without a backslash, the usual case, needs no escape.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x1B: out += "\\e"
            case 0x5C: out += "\\\\"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                // Format characters (zero-width space and joiners, the byte-order mark, soft hyphen)
                // are invisible on a terminal and change what the text seems to say.
                if scalar.properties.generalCategory == .format {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Decodes UTF-8 bytes, writing each byte that is not valid UTF-8 as `\xFF`, then escapes
    /// control characters. Returns the text and whether the bytes were valid UTF-8.
    public static func decode<Bytes: Collection>(utf8 bytes: Bytes) -> (text: String, validUTF8: Bool)
    where Bytes.Element == UInt8 {
        if let valid = String(validating: bytes, as: UTF8.self) { return (escape(valid), true) }
        var out = ""
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            var decoder = UTF8()
            var iterator = rest.makeIterator()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                out += escape(String(scalar))
                rest = rest.dropFirst(UTF8.width(scalar))
            case .error, .emptyInput:
                out += "\\x" + String(rest.first!, radix: 16, uppercase: true)
                rest = rest.dropFirst()
            }
        }
        return (out, false)
    }
}

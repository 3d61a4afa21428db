import TransitionCore

/// A JSON value that keeps the order of object keys, written compactly with short numbers.
///
/// Foundation's serialisers do not keep key order, and Lottie players need it: rlottie reads a
/// shape's keys in order and must see `ty` before the rest (the cross-check tests fail with
/// sorted keys). Numbers are written with four decimals, which keeps files small.
enum JSONValue: Sendable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// An array of numbers.
    static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }

    /// The compact JSON text.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .number(let v):
            out += v.isFinite ? Format.number(v, decimals: 4) : "0"
        case .integer(let v):
            out += String(v)
        case .string(let s):
            out += JSONValue.quoted(s)
        case .bool(let b):
            out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                out += JSONValue.quoted(key) + ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `s` as a JSON string literal; `insideScript` also escapes `<`, `>` and `&`, so the literal
    /// can stand in an HTML `<script>` element.
    static func quoted(_ s: String, insideScript: Bool = false) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<" where insideScript: out += "\\u003c"
            case ">" where insideScript: out += "\\u003e"
            case "&" where insideScript: out += "\\u0026"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

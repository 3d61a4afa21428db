#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes the trace events (`call`, `host` and `session`) as JSON lines with a fixed layout, the
/// same text `JSONEncoder` gives for `TraceEvent` and that `CallTracer.read` decodes, without
/// building an encoder per call. Events it cannot write exactly (non-finite numbers, a session
/// with matched elements) return nil, for the general encoder to handle.
enum TraceLineEncoder {
    /// The line for `event`, ending in a newline; nil for events this encoder leaves to JSONEncoder.
    static func line(_ event: TraceEvent) -> [UInt8]? {
        var out = ""
        switch event {
        case .call(let name, let progress, let finished):
            out.reserveCapacity(64)
            out += "{\"call\":{\"name\":"
            appendString(name, to: &out)
            if let progress {
                guard progress.isFinite else { return nil }
                out += ",\"progress\":"
                out += number(progress)
            }
            if let finished { out += finished ? ",\"finished\":true" : ",\"finished\":false" }
            out += "}}\n"
        case .host(let name, let arguments, let result):
            out.reserveCapacity(96)
            out += "{\"host\":{\"name\":"
            appendString(name, to: &out)
            out += ",\"arguments\":["
            for (i, a) in arguments.enumerated() {
                guard a.isFinite else { return nil }
                if i > 0 { out += "," }
                out += number(a)
            }
            out += "],\"result\":"
            appendString(result, to: &out)
            out += "}}\n"
        case .session(let s):
            // Matched elements and non-finite numbers are rare: the general encoder writes those.
            guard s.matchedElements == nil, s.width.isFinite, s.height.isFinite, s.parameters.allSatisfy(\.isFinite) else { return nil }
            out.reserveCapacity(256)
            out += "{\"session\":{\"_0\":{\"id\":"
            out += String(s.id)
            out += ",\"path\":"
            appendString(s.path, to: &out)
            out += ",\"animator\":"
            appendString(s.animator, to: &out)
            out += ",\"operation\":"
            appendString(s.operation.name, to: &out)
            out += ",\"style\":"
            appendString(s.style.name, to: &out)
            out += ",\"width\":"
            out += number(s.width)
            out += ",\"height\":"
            out += number(s.height)
            out += s.interactive ? ",\"interactive\":true" : ",\"interactive\":false"
            out += ",\"tabFrom\":"
            out += String(s.tabFrom)
            out += ",\"tabTo\":"
            out += String(s.tabTo)
            out += ",\"parameters\":["
            for (i, p) in s.parameters.enumerated() {
                if i > 0 { out += "," }
                out += number(p)
            }
            out += "]}}}\n"
        }
        return Array(out.utf8)
    }

    /// A finite double as JSON: integers without a fraction, others in Swift's shortest form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `text` as a JSON string, escaping quotes, backslashes and control characters.
    static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

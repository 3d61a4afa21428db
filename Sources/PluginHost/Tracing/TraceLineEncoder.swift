/// Writes the trace events (`call`, `host` and `session`) as JSON lines with a fixed layout, the
/// same text `JSONEncoder` gives for `TraceEvent` and that `CallTracer.read` decodes, straight
/// into bytes, without building an encoder or a string per call. Events it cannot write exactly
/// (non-finite numbers, a session with matched elements) return nil, for the general encoder.
enum TraceLineEncoder {
    /// The line for `event`, ending in a newline; nil for events this encoder leaves to JSONEncoder.
    static func line(_ event: TraceEvent) -> [UInt8]? {
        var out = Line()
        switch event {
        case .call(let name, let progress, let finished):
            out.bytes.reserveCapacity(64)
            out.raw("{\"call\":{\"name\":")
            out.string(name)
            if let progress {
                guard progress.isFinite else { return nil }
                out.raw(",\"progress\":")
                out.number(progress)
            }
            if let finished { out.raw(finished ? ",\"finished\":true" : ",\"finished\":false") }
            out.raw("}}\n")
        case .host(let name, let arguments, let result):
            out.bytes.reserveCapacity(96)
            out.raw("{\"host\":{\"name\":")
            out.string(name)
            out.raw(",\"arguments\":[")
            for (i, a) in arguments.enumerated() {
                guard a.isFinite else { return nil }
                if i > 0 { out.raw(",") }
                out.number(a)
            }
            out.raw("],\"result\":")
            out.string(result)
            out.raw("}}\n")
        case .session(let s):
            // Matched elements and non-finite numbers are rare: the general encoder writes those.
            guard s.matchedElements == nil, s.width.isFinite, s.height.isFinite, s.parameters.allSatisfy(\.isFinite) else { return nil }
            out.bytes.reserveCapacity(256)
            out.raw("{\"session\":{\"_0\":{\"id\":")
            out.integer(Int64(s.id))
            out.raw(",\"path\":")
            out.string(s.path)
            out.raw(",\"animator\":")
            out.string(s.animator)
            out.raw(",\"operation\":")
            out.string(s.operation.name)
            out.raw(",\"style\":")
            out.string(s.style.name)
            out.raw(",\"width\":")
            out.number(s.width)
            out.raw(",\"height\":")
            out.number(s.height)
            out.raw(s.interactive ? ",\"interactive\":true" : ",\"interactive\":false")
            out.raw(",\"tabFrom\":")
            out.integer(Int64(s.tabFrom))
            out.raw(",\"tabTo\":")
            out.integer(Int64(s.tabTo))
            out.raw(",\"parameters\":[")
            for (i, p) in s.parameters.enumerated() {
                if i > 0 { out.raw(",") }
                out.number(p)
            }
            out.raw("]}}}\n")
        }
        return out.bytes
    }

    /// The bytes of one line as they are appended.
    struct Line {
        var bytes: [UInt8] = []

        /// Appends fixed text.
        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// Appends a whole number in decimal.
        mutating func integer(_ value: Int64) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            var digits = 1
            var probe = magnitude
            while probe >= 10 {
                probe /= 10
                digits += 1
            }
            var i = bytes.count + digits - 1
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
            repeat {
                bytes[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                i -= 1
            } while magnitude > 0
        }

        /// Appends a finite double as JSON: integers without a fraction, others in Swift's
        /// shortest form that reads back to the same value.
        mutating func number(_ value: Double) {
            if value == value.rounded(), abs(value) < 1e15 { return integer(Int64(value)) }
            var text = value.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// The lowercase hexadecimal digit of a value below 16.
        static func hexDigit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
        }

        /// Appends `text` as a JSON string, escaping quotes, backslashes and control characters;
        /// every other byte of its UTF-8 as it is.
        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                for byte in utf8 {
                    switch byte {
                    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
                    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
                    case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
                    case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
                    case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
                    case 0..<0x20:
                        raw("\\u00")
                        bytes.append(Self.hexDigit(byte >> 4))
                        bytes.append(Self.hexDigit(byte & 15))
                    default: bytes.append(byte)
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}

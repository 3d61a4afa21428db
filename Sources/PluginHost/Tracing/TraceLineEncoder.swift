import TransitionCore

/// Writes the trace events (`call`, `host` and `session`) as JSON lines with a fixed layout that
/// `CallTracer.read` decodes to the same events as `JSONEncoder`'s lines, straight into a buffer
/// the tracer keeps, without building an encoder, an array or a string per call. Events with a
/// non-finite number are left to the general encoder (JSON has no text for them).
///
/// A validation unit traces every step it makes, tens of thousands of lines in a suite, so this
/// is the validator's hot path: the buffer is sized once per line from `maximumLength(_:)` and
/// written without checks, and the text of the numbers seen last is kept (`NumberText`), as the
/// suite steps through the same progresses in every scenario.
struct TraceLineEncoder: ~Copyable {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var numbers = NumberText()

    /// An encoder with a buffer for lines of up to `capacity` bytes; longer lines grow it.
    init(capacity: Int = 4096) {
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Calls `body` with the line for `event`, ending in a newline, valid only during the call;
    /// nil, without calling it, for an event this encoder leaves to JSONEncoder.
    mutating func withLine<R>(_ event: TraceEvent, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let needed = Self.maximumLength(event)
        if needed > capacity {
            buffer.deallocate()
            capacity = needed
            buffer = .allocate(capacity: capacity)
        }
        var out = Line(base: buffer)
        guard encode(event, into: &out) else { return nil }
        return body(UnsafeRawBufferPointer(start: buffer, count: out.count))
    }

    /// At least the length of the line of `event`: every byte of a string may become six
    /// (`\u00XX`), a number is at most `Line.numberLength` bytes.
    static func maximumLength(_ event: TraceEvent) -> Int {
        let number = Line.numberLength + 1
        switch event {
        case .call(let name, _, _):
            return 64 + 6 * name.utf8.count + number
        case .host(let name, let arguments, let result):
            return 64 + 6 * (name.utf8.count + result.utf8.count) + number * arguments.count
        case .session(let s):
            let matched = (s.matchedElements ?? []).reduce(0) { $0 + 128 + 6 * $1.id.utf8.count + 10 * number }
            let strings = s.path.utf8.count + s.animator.utf8.count + s.operation.name.utf8.count + s.style.name.utf8.count
            return 256 + 6 * strings + number * (s.parameters.count + 6) + matched
        }
    }

    private mutating func encode(_ event: TraceEvent, into out: inout Line) -> Bool {
        switch event {
        case .call(let name, let progress, let finished):
            out.raw("{\"call\":{\"name\":")
            out.string(name)
            if let progress {
                guard progress.isFinite else { return false }
                out.raw(",\"progress\":")
                out.number(progress, &numbers)
            }
            if let finished { out.raw(finished ? ",\"finished\":true" : ",\"finished\":false") }
            out.raw("}}\n")
        case .host(let name, let arguments, let result):
            guard arguments.allSatisfy(\.isFinite) else { return false }
            out.raw("{\"host\":{\"name\":")
            out.string(name)
            out.raw(",\"arguments\":[")
            for (i, a) in arguments.enumerated() {
                if i > 0 { out.raw(",") }
                out.number(a, &numbers)
            }
            out.raw("],\"result\":")
            out.string(result)
            out.raw("}}\n")
        case .session(let s):
            let frames = (s.matchedElements ?? []).flatMap { [$0.fromFrame, $0.toFrame] }
            let values = [s.width, s.height] + s.parameters + frames.flatMap { [$0.x, $0.y, $0.width, $0.height] }
            guard values.allSatisfy(\.isFinite) else { return false }
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
            out.number(s.width, &numbers)
            out.raw(",\"height\":")
            out.number(s.height, &numbers)
            out.raw(s.interactive ? ",\"interactive\":true" : ",\"interactive\":false")
            out.raw(",\"tabFrom\":")
            out.integer(Int64(s.tabFrom))
            out.raw(",\"tabTo\":")
            out.integer(Int64(s.tabTo))
            out.raw(",\"parameters\":[")
            for (i, p) in s.parameters.enumerated() {
                if i > 0 { out.raw(",") }
                out.number(p, &numbers)
            }
            out.raw("]")
            if let matched = s.matchedElements {
                out.raw(",\"matchedElements\":[")
                for (i, m) in matched.enumerated() {
                    if i > 0 { out.raw(",") }
                    out.raw("{\"id\":")
                    out.string(m.id)
                    out.raw(",\"fromFrame\":")
                    out.rect(m.fromFrame, &numbers)
                    out.raw(",\"toFrame\":")
                    out.rect(m.toFrame, &numbers)
                    if let view = m.fromView {
                        out.raw(",\"fromView\":")
                        out.integer(Int64(view.rawValue))
                    }
                    if let view = m.toView {
                        out.raw(",\"toView\":")
                        out.integer(Int64(view.rawValue))
                    }
                    out.raw("}")
                }
                out.raw("]")
            }
            out.raw("}}}\n")
        }
        return true
    }

    /// The bytes of one line, written into a buffer `maximumLength` sized.
    struct Line {
        /// The longest text `number` writes: a sign, 17 digits, a point and an exponent.
        static let numberLength = 26

        let base: UnsafeMutablePointer<UInt8>
        private(set) var count = 0

        init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

        mutating func byte(_ value: UInt8) {
            base[count] = value
            count += 1
        }

        /// Appends fixed text.
        mutating func raw(_ text: StaticString) {
            (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            count += text.utf8CodeUnitCount
        }

        /// Appends a whole number in decimal.
        mutating func integer(_ value: Int64) {
            if value < 0 { byte(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            var digits = 1
            var probe = magnitude
            while probe >= 10 {
                probe /= 10
                digits += 1
            }
            var i = count + digits - 1
            count += digits
            repeat {
                base[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                i -= 1
            } while magnitude > 0
        }

        /// Appends a finite double as JSON: integers without a fraction, others in Swift's
        /// shortest form that reads back to the same value.
        mutating func number(_ value: Double, _ texts: inout NumberText) {
            if value == value.rounded(), abs(value) < 1e15 { return integer(Int64(value)) }
            count += texts.write(value, to: base + count)
        }

        /// Appends a rectangle as `Rect`'s Codable form.
        mutating func rect(_ r: Rect, _ texts: inout NumberText) {
            raw("{\"x\":")
            number(r.x, &texts)
            raw(",\"y\":")
            number(r.y, &texts)
            raw(",\"width\":")
            number(r.width, &texts)
            raw(",\"height\":")
            number(r.height, &texts)
            raw("}")
        }

        /// The lowercase hexadecimal digit of a value below 16.
        static func hexDigit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
        }

        /// Appends `text` as a JSON string, escaping quotes, backslashes and control characters;
        /// every other byte of its UTF-8 as it is.
        mutating func string(_ text: String) {
            byte(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                for b in utf8 {
                    switch b {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                        byte(UInt8(ascii: "\\"))
                        byte(b)
                    case UInt8(ascii: "\n"):
                        byte(UInt8(ascii: "\\"))
                        byte(UInt8(ascii: "n"))
                    case UInt8(ascii: "\r"):
                        byte(UInt8(ascii: "\\"))
                        byte(UInt8(ascii: "r"))
                    case UInt8(ascii: "\t"):
                        byte(UInt8(ascii: "\\"))
                        byte(UInt8(ascii: "t"))
                    case 0..<0x20:
                        raw("\\u00")
                        byte(Self.hexDigit(b >> 4))
                        byte(Self.hexDigit(b & 15))
                    default:
                        byte(b)
                    }
                }
            }
            byte(UInt8(ascii: "\""))
        }
    }
}

/// The text of the numbers a tracer wrote last, by bit pattern: a direct-mapped table of
/// `slots` entries, so a progress the suite steps through again costs a copy, not a conversion.
struct NumberText: ~Copyable {
    static let slots = 1024
    private static let width = 32
    private let keys: UnsafeMutablePointer<UInt64>
    private let lengths: UnsafeMutablePointer<UInt8>
    private let texts: UnsafeMutablePointer<UInt8>

    init() {
        keys = .allocate(capacity: Self.slots)
        lengths = .allocate(capacity: Self.slots)
        lengths.initialize(repeating: 0, count: Self.slots)
        keys.initialize(repeating: 0, count: Self.slots)
        texts = .allocate(capacity: Self.slots * Self.width)
    }

    deinit {
        keys.deallocate()
        lengths.deallocate()
        texts.deallocate()
    }

    /// Writes the shortest text that reads back as `value` (`Double.description`) to
    /// `destination`, which has room for `TraceLineEncoder.Line.numberLength` bytes, and returns
    /// its length.
    func write(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = value.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 54) & (Self.slots - 1)
        let text = texts + slot * Self.width
        let length = Int(lengths[slot])
        if length > 0 && keys[slot] == bits {
            destination.update(from: text, count: length)
            return length
        }
        var description = value.description
        return description.withUTF8 { utf8 in
            let n = min(utf8.count, TraceLineEncoder.Line.numberLength)
            destination.update(from: utf8.baseAddress!, count: n)
            if n <= Self.width {
                text.update(from: utf8.baseAddress!, count: n)
                keys[slot] = bits
                lengths[slot] = UInt8(n)
            }
            return n
        }
    }
}

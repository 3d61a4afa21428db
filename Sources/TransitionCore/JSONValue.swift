/// A parsed JSON value that keeps object members in file order (duplicates included) and
/// numbers as their literal text.
enum JSONValue: Sendable, Hashable {
    /// An object's members, in file order.
    case object([Member])
    /// An array's elements.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// A number, as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One key and value of an object.
    struct Member: Sendable, Hashable {
        /// The key.
        var key: String
        /// The value.
        var value: JSONValue
    }

    /// The value's kind with an article, for "expected ..., got ..." messages.
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }

    /// Why text is not JSON, and where.
    struct SyntaxError: Swift.Error, Hashable {
        /// The 1-based line of the problem.
        var line: Int
        /// The 1-based column, in Unicode scalars, of the problem.
        var column: Int
        /// What is wrong.
        var message: String
    }

    /// Parses one JSON value (RFC 8259) from UTF-8 bytes; a leading byte order mark is skipped.
    static func parse(utf8 bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        do {
            return try parser.document()
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw SyntaxError(line: line, column: column, message: error.message)
        }
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<Swift.min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// A recursive-descent JSON parser over UTF-8 bytes.
private struct Parser {
    struct Failure: Swift.Error {
        var offset: Int
        var message: String
    }

    let bytes: [UInt8]
    var index = 0
    var depth = 0
    static let maximumDepth = 200

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(Failure) -> JSONValue {
        skipWhitespace()
        if index == bytes.count { throw Failure(offset: index, message: "the text is empty; expected a JSON value") }
        let value = try value()
        skipWhitespace()
        if index < bytes.count {
            throw Failure(offset: index, message: "unexpected \(describeCurrent()) after the JSON value")
        }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of text" }
        var decoder = UTF8()
        var iterator = bytes[index...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return "'\(DisplayText.escape(String(scalar)))'"
        }
        return "byte \\x" + String(bytes[index], radix: 16, uppercase: true)
    }

    mutating func value() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end of text; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: throw Failure(offset: index, message: "unexpected \(describeCurrent()); expected a value")
        }
    }

    mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Failure(offset: index, message: "nested more than \(Self.maximumDepth) levels deep")
        }
    }

    mutating func object() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") && !members.isEmpty {
                    throw Failure(offset: index, message: "trailing comma before '}'")
                }
                throw Failure(offset: index, message: "unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw Failure(offset: index, message: "unexpected \(describeCurrent()); expected ':' after the key")
            }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key: key, value: try value()))
            skipWhitespace()
            guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end of text; expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default: throw Failure(offset: index, message: "unexpected \(describeCurrent()); expected ',' or '}'")
            }
        }
    }

    mutating func array() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") && !elements.isEmpty {
                throw Failure(offset: index, message: "trailing comma before ']'")
            }
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end of text; expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw Failure(offset: index, message: "unexpected \(describeCurrent()); expected ',' or ']'")
            }
        }
    }

    mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else {
            throw Failure(offset: index, message: "unexpected \(describeCurrent()); expected a value")
        }
        index += expected.count
    }

    mutating func number() throws(Failure) -> String {
        let start = index
        func digits(_ parser: inout Parser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count,
                  (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        if integerDigits == 0 {
            throw Failure(offset: index, message: "invalid number: expected a digit")
        }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw Failure(offset: integerStart, message: "invalid number: leading zeros are not allowed")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw Failure(offset: index, message: "invalid number: expected a digit after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            if digits(&self) == 0 { throw Failure(offset: index, message: "invalid number: expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func string() throws(Failure) -> String {
        let open = index
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw Failure(offset: open, message: "unterminated string")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0x00..<0x20:
                throw Failure(offset: index, message: "control character \(describeCurrent()) in a string; write it as an escape")
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    mutating func escape(into out: inout [UInt8]) throws(Failure) {
        let start = index
        index += 1
        guard index < bytes.count else { throw Failure(offset: start, message: "unterminated string") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(code)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(value) {
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw Failure(offset: start, message: "invalid \\u escape: a high surrogate must be followed by a low one")
                }
                let lowStart = index
                index += 2
                let low = try hex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw Failure(offset: lowStart, message: "invalid \\u escape: expected a low surrogate")
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw Failure(offset: start, message: "invalid \\u escape: a low surrogate without a high one")
            }
            out.append(contentsOf: Array(String(Unicode.Scalar(value)!).utf8))
        default:
            index -= 1
            throw Failure(offset: start, message: "invalid escape '\\\(describeCurrent().dropFirst().dropLast())' in a string")
        }
    }

    mutating func hex4(escapeStart: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                throw Failure(offset: escapeStart, message: "invalid \\u escape: expected four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

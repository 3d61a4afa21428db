#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The first syntax error in JSON text (RFC 8259), located to the byte.
///
/// `JSONDecoder` says only that text is not valid JSON; this check says where and why, so that a
/// transitions file's author is pointed at the line and column to fix. It reads the grammar only
/// and builds no values. Like `JSONDecoder`, it accepts a comma after the last element of an
/// array or object.
public enum JSONSyntax {
    /// A syntax error: the byte offset where the text goes wrong, and why.
    public struct Failure: Error, Equatable {
        /// The offset, in bytes from the start of the text, of the first byte that is wrong (the
        /// text's length when it ends too early).
        public let offset: Int
        /// What is wrong, in lower case without a final period, e.g. "invalid escape".
        public let reason: String

        /// Where the error is in `bytes`, the text it was found in: "at line 3, column 13", the
        /// column counted in Unicode scalars.
        public func location(in bytes: [UInt8]) -> String {
            let (line, column) = JSONSyntax.position(of: offset, in: bytes[...])
            return "at line \(line), column \(column)"
        }
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset` in UTF-8 text.
    public static func position(of offset: Int, in bytes: ArraySlice<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The 1-based line and column (in Unicode scalars) of the first byte of `bytes` that is not
    /// part of valid UTF-8; nil when all of them are.
    public static func invalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .error, .emptyInput: break decoding
            }
        }
        return position(of: offset, in: bytes[...])
    }

    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// The first syntax error in `bytes` (an array, `Data`), UTF-8 text without a byte order mark;
    /// nil when the text is one well-formed JSON value with only whitespace around it. The bytes
    /// are read in place.
    public static func firstError(in bytes: some ContiguousBytes) -> Failure? {
        bytes.withUnsafeBytes { raw -> Failure? in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Failure) {
                try scanner.document()
                return nil
            } catch {
                return error
            }
        }
    }

    private enum Container { case array, object }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        private var atEnd: Bool { index >= bytes.count }

        private func fail(_ reason: String, at offset: Int? = nil) -> Failure {
            Failure(offset: offset ?? index, reason: reason)
        }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private mutating func expectMore() throws(Failure) {
            if atEnd { throw fail("unexpected end of file") }
        }

        mutating func document() throws(Failure) {
            var stack: [Container] = []
            var expectingValue = true
            while true {
                skipWhitespace()
                if expectingValue {
                    try expectMore()
                    switch bytes[index] {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard stack.count < JSONSyntax.maximumDepth else {
                            throw fail("too many nested arrays or objects (more than \(JSONSyntax.maximumDepth))")
                        }
                        let isObject = bytes[index] == UInt8(ascii: "{")
                        stack.append(isObject ? .object : .array)
                        index += 1
                        skipWhitespace()
                        try expectMore()
                        if bytes[index] == UInt8(ascii: isObject ? "}" : "]") {
                            index += 1
                            stack.removeLast()
                            expectingValue = false
                        } else if isObject {
                            try key()
                        }
                        continue
                    case UInt8(ascii: "\""): try string()
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
                    case UInt8(ascii: "t"): try literal("true")
                    case UInt8(ascii: "f"): try literal("false")
                    case UInt8(ascii: "n"): try literal("null")
                    default: throw fail("invalid value")
                    }
                    expectingValue = false
                    continue
                }
                guard let container = stack.last else {
                    if atEnd { return }
                    throw fail("unexpected text after the JSON value")
                }
                try expectMore()
                let close = UInt8(ascii: container == .array ? "]" : "}")
                switch bytes[index] {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == close {
                        // A trailing comma, which `JSONDecoder` accepts too.
                        index += 1
                        stack.removeLast()
                        continue
                    }
                    if container == .object {
                        skipWhitespace()
                        try expectMore()
                        try key()
                    }
                    expectingValue = true
                case close:
                    index += 1
                    stack.removeLast()
                default:
                    throw fail(container == .array ? "expected ',' or ']' after a value in an array" : "expected ',' or '}' after a value in an object")
                }
            }
        }

        /// A member's key and its colon; the index is at the key's opening quote.
        private mutating func key() throws(Failure) {
            guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
            try string()
            skipWhitespace()
            try expectMore()
            guard bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            index += 1
        }

        private mutating func string() throws(Failure) {
            index += 1
            while true {
                try expectMore()
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case 0..<0x20:
                    throw fail("unescaped control character in a string")
                case UInt8(ascii: "\\"):
                    let escape = index
                    index += 1
                    try expectMore()
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        index += 1
                        let unit = try hexUnit(escape: escape)
                        if (0xDC00...0xDFFF).contains(unit) {
                            throw fail("invalid hex escape sequence: unpaired surrogate", at: escape)
                        }
                        if (0xD800...0xDBFF).contains(unit) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                            else { throw fail("invalid hex escape sequence: unpaired surrogate", at: escape) }
                            index += 2
                            guard (0xDC00...0xDFFF).contains(try hexUnit(escape: escape)) else {
                                throw fail("invalid hex escape sequence: unpaired surrogate", at: escape)
                            }
                        }
                    default:
                        throw fail("invalid escape", at: escape)
                    }
                default:
                    index += 1
                }
            }
        }

        /// Four hex digits after `\u`; the index is at the first.
        private mutating func hexUnit(escape: Int) throws(Failure) -> UInt32 {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                try expectMore()
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw fail("invalid hex escape sequence: expected four hex digits", at: escape)
                }
                unit = unit << 4 | UInt32(digit)
                index += 1
            }
            return unit
        }

        private func isDigit(_ offset: Int) -> Bool {
            offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
        }

        private mutating func digits() throws(Failure) {
            guard isDigit(index) else { throw fail(atEnd ? "unexpected end of file" : "invalid number: expected a digit") }
            while isDigit(index) { index += 1 }
        }

        private mutating func number() throws(Failure) {
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
                index += 1
                if isDigit(index) { throw fail("number with leading zero") }
            } else {
                try digits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                try digits()
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                try digits()
            }
        }

        private mutating func literal(_ word: StaticString) throws(Failure) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
                throw fail("invalid value")
            }
            index += expected.count
        }
    }
}

extension JSONDecoder {
    /// Decodes a value of `type` from text that may come from anywhere (a user's file, a plugin's
    /// process): text that `JSONSyntax` refuses, nesting too deep included, throws its
    /// `JSONSyntax.Failure` before the decoder reads it.
    ///
    /// The decoder itself stops a program, rather than throwing, on some text nested past its
    /// limit (513 open brackets and nothing after them), so no such text may reach it.
    package func decodeChecked<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let failure = JSONSyntax.firstError(in: data) { throw failure }
        return try decode(type, from: data)
    }
}

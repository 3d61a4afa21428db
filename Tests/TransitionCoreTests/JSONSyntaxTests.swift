#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import TransitionCore

/// The syntax check that locates a transitions file's JSON errors: it accepts what a JSON decoder
/// accepts and points at the first wrong byte of what it refuses.
@Suite struct JSONSyntaxTests {
    struct Bad: CustomTestStringConvertible, Sendable {
        let text: String
        let offset: Int
        let phrase: String
        /// Whether `JSONDecoder` may be handed the text to see that it refuses it too (text nested
        /// past the limit can stop the decoder's program instead).
        var decoderMaySee = true
        var testDescription: String { text.count > 40 ? "\(text.prefix(8))… (\(text.utf8.count) bytes)" : text }
    }

    static let bad: [Bad] = [
        Bad(text: "[,]", offset: 1, phrase: "invalid value"),
        Bad(text: "[1,,]", offset: 3, phrase: "invalid value"),
        Bad(text: #"{,}"#, offset: 1, phrase: "expected a key"),
        Bad(text: #"{"a": 1,,}"#, offset: 8, phrase: "expected a key"),
        Bad(text: #"{"a" 1}"#, offset: 5, phrase: "expected ':'"),
        Bad(text: #"{"a": 1"#, offset: 7, phrase: "unexpected end of file"),
        Bad(text: "[1 2]", offset: 3, phrase: "expected ',' or ']'"),
        Bad(text: #"{"a": 1 "b": 2}"#, offset: 8, phrase: "expected ',' or '}'"),
        Bad(text: "tru", offset: 0, phrase: "invalid value"),
        Bad(text: "nul", offset: 0, phrase: "invalid value"),
        Bad(text: "-", offset: 1, phrase: "unexpected end of file"),
        Bad(text: "-x", offset: 1, phrase: "expected a digit"),
        Bad(text: "1.e3", offset: 2, phrase: "expected a digit"),
        Bad(text: "1e+", offset: 3, phrase: "unexpected end of file"),
        Bad(text: "012", offset: 1, phrase: "leading zero"),
        Bad(text: "-01", offset: 2, phrase: "leading zero"),
        Bad(text: "+1", offset: 0, phrase: "invalid value"),
        Bad(text: ".5", offset: 0, phrase: "invalid value"),
        Bad(text: #""a\xb""#, offset: 2, phrase: "invalid escape"),
        Bad(text: #""\u12g4""#, offset: 1, phrase: "four hex digits"),
        Bad(text: #""\ud800x""#, offset: 1, phrase: "unpaired surrogate"),
        Bad(text: #""\ud800\u0041""#, offset: 1, phrase: "unpaired surrogate"),
        Bad(text: #""\udc00""#, offset: 1, phrase: "unpaired surrogate"),
        Bad(text: "\"a\tb\"", offset: 2, phrase: "control character"),
        Bad(text: "[] []", offset: 3, phrase: "after the JSON value"),
        Bad(text: "", offset: 0, phrase: "unexpected end of file"),
        Bad(text: "   ", offset: 3, phrase: "unexpected end of file"),
        Bad(text: String(repeating: "[", count: 513), offset: 512, phrase: "too many nested", decoderMaySee: false),
        Bad(text: String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513), offset: 2560, phrase: "too many nested", decoderMaySee: false),
    ]

    @Test(arguments: bad)
    func refusesAtTheFirstWrongByte(_ bad: Bad) throws {
        let failure = try #require(JSONSyntax.firstError(in: Array(bad.text.utf8)))
        #expect(failure.offset == bad.offset)
        #expect(failure.reason.contains(bad.phrase), "\(failure.reason)")
        if bad.decoderMaySee {
            #expect(throws: (any Error).self) { try JSONDecoder().decodeAnything(from: Data(bad.text.utf8)) }
        }
        let refused = #expect(throws: JSONSyntax.Failure.self) {
            _ = try JSONDecoder().decodeChecked([Int].self, from: Data(bad.text.utf8))
        }
        #expect(refused == failure)
    }

    @Test func aFailureNamesTheLineAndTheColumnInScalars() throws {
        let text = Array("[\n  \"é\", x]".utf8)
        let failure = try #require(JSONSyntax.firstError(in: text))
        #expect(failure.location(in: text) == "at line 2, column 8")
    }

    static let good = [
        "0", "-0", "1.5e-3", "-12E+2", "true", "false", "null", #""""#, #""\"\\\/\b\f\n\r\t""#,
        #""\ud83d\ude00 é""#, "[]", "{}", " [ 1 , { \"a\" : [ null ] } ] \n", #"{"a":{"b":{"c":[[[]]]}}}"#,
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
        // A comma after the last element, which JSONDecoder accepts too.
        "[1,]", #"{"a": 1 , }"#,
    ]

    @Test(arguments: good)
    func theDecoderAcceptsItToo(_ text: String) throws {
        try JSONDecoder().decodeAnything(from: Data(text.utf8))
    }

    @Test(arguments: good)
    func acceptsWellFormedText(_ text: String) {
        #expect(JSONSyntax.firstError(in: Array(text.utf8)) == nil)
    }

    /// Anything a JSON encoder writes is accepted.
    @Test func acceptsWhatAnEncoderWrites() throws {
        struct Sample: Encodable {
            let name: String
            let values: [Double]
            let nested: [String: [Int?]]
            let flag: Bool
        }
        for seed in 0..<50 {
            let sample = Sample(
                name: String((0..<seed).map { Character(UnicodeScalar(UInt8(32 + ($0 * 7 + seed) % 95))) }) + "\u{1}é😀",
                values: (0..<seed).map { Double($0) * -1.25e-7 + Double(seed) * 1e12 },
                nested: ["k\(seed)": (0..<seed % 5).map { $0 % 2 == 0 ? $0 : nil }],
                flag: seed % 2 == 0)
            let data = try JSONEncoder().encode(sample)
            #expect(JSONSyntax.firstError(in: Array(data)) == nil, "\(String(decoding: data, as: UTF8.self))")
        }
    }
}

extension JSONDecoder {
    /// Decodes any JSON value, for checking that a decoder refuses text.
    fileprivate func decodeAnything(from data: Data) throws {
        _ = try decode(AnyJSON.self, from: data)
    }
}

/// Any JSON value, read and thrown away.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyJSON.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyJSON.self, forKey: key) }
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() { return }
            if (try? value.decode(Bool.self)) != nil { return }
            if (try? value.decode(Double.self)) != nil { return }
            _ = try value.decode(String.self)
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

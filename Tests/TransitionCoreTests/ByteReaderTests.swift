import Testing
import TransitionCore

/// Strings read back as written, ASCII or not, and bytes that are not UTF-8 are refused wherever
/// they are in the string.
@Suite struct ByteReaderTests {
    static func bytes(_ strings: [String]) -> [UInt8] {
        var w = ByteWriter()
        for s in strings { w.string(s) }
        return w.bytes
    }

    @Test(arguments: ["", "a", "/plugins/libtrivial-000042.so", "wipé ✨ 日本語 plugin description", String(repeating: "x", count: 200) + "é"])
    func stringsRoundTrip(_ text: String) throws {
        var r = ByteReader(Self.bytes([text, text]))
        #expect(try r.string() == text)
        #expect(try r.string(sameAs: text) == text)
        #expect(r.isAtEnd)
    }

    @Test func aStringLikeAKnownOneIsReadAsItAndAnotherIsDecoded() throws {
        let known = "/plugins/a-long-path-of-a-plugin.so"
        var r = ByteReader(Self.bytes([known, "/plugins/a-long-path-of-a-plugin.sx", "short", known + "/"]))
        #expect(try r.string(sameAs: known) == known)
        #expect(try r.string(sameAs: known) == "/plugins/a-long-path-of-a-plugin.sx")
        #expect(try r.string(sameAs: known) == "short")
        #expect(try r.string(sameAs: known) == known + "/")
        #expect(r.isAtEnd)
    }

    /// One bad byte in the first eight, in a later group of eight, or in the tail.
    @Test(arguments: [0, 7, 8, 15, 16, 18])
    func aByteThatIsNotUTF8IsRefusedWhereverItIs(_ place: Int) {
        for bad: UInt8 in [0x80, 0xC3, 0xFF] {
            var text = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
            text[place] = bad
            var r = ByteReader([UInt8(text.count)] + text)
            #expect(throws: ByteReader.Malformed.self, "byte \(bad) at \(place)") { try r.string() }
            var s = ByteReader([UInt8(text.count)] + text)
            #expect(throws: ByteReader.Malformed.self, "byte \(bad) at \(place)") { try s.string(sameAs: "aaaa") }
        }
    }

    @Test func aStringLongerThanTheInputIsRefused() {
        var r = ByteReader([20, 0x61, 0x62])
        #expect(throws: ByteReader.Malformed.self) { try r.string(sameAs: "ab") }
    }
}

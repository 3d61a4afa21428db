import Testing
import TransitionCore

@Suite struct DisplayTextTests {
    @Test(arguments: [
        ("\u{1B}[31mred", "\\e[31mred"),
        ("bell\u{07}", "bell\\u{7}"),
        ("two\nlines\r", "two\\nlines\\r"),
        ("tab\there", "tab\\there"),
        ("csi\u{9B}2J", "csi\\u{9b}2J"),
        ("del\u{7F}", "del\\u{7f}"),
        ("evil\u{202E}txt.exe", "evil\\u{202e}txt.exe"),
        ("iso\u{2066}late\u{2069}", "iso\\u{2066}late\\u{2069}"),
        ("line\u{2028}sep", "line\\u{2028}sep"),
        ("back\\slash", "back\\\\slash"),
        ("nul\u{0}", "nul\\u{0}"),
        ("zero\u{200B}width", "zero\\u{200b}width"),
        ("join\u{200D}er", "join\\u{200d}er"),
        ("\u{FEFF}bom", "\\u{feff}bom"),
        ("soft\u{AD}hyphen", "soft\\u{ad}hyphen"),
    ])
    func escapesControlCharacters(raw: String, escaped: String) {
        #expect(DisplayText.escape(raw) == escaped)
    }

    @Test(arguments: ["plain", "héllo wörld", "→ 🎉 中文", "right-to-left עברית", ""])
    func leavesValidTextUnchanged(text: String) {
        #expect(DisplayText.escape(text) == text)
        let decoded = DisplayText.decode(utf8: Array(text.utf8))
        #expect(decoded.text == text)
        #expect(decoded.validUTF8)
    }

    @Test func decodeShowsInvalidBytesAsHex() {
        let decoded = DisplayText.decode(utf8: [0x61, 0xFF, 0x62])
        #expect(decoded.text == "a\\xFFb")
        #expect(!decoded.validUTF8)
    }

    @Test func decodeKeepsValidScalarsAroundBadOnes() {
        let bytes: [UInt8] = Array("é".utf8) + [0xE2, 0x82] + [0x1B] + Array("ok".utf8)
        let decoded = DisplayText.decode(utf8: bytes)
        #expect(decoded.text == "é\\xE2\\x82\\eok")
        #expect(!decoded.validUTF8)
    }

    @Test func decodeEscapesControlsInValidText() {
        let decoded = DisplayText.decode(utf8: Array("a\u{1B}b\n".utf8))
        #expect(decoded.text == "a\\eb\\n")
        #expect(decoded.validUTF8)
    }
}

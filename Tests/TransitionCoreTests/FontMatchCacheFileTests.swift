import Foundation
import Testing
import TransitionCore

/// The kept font matches' file: what it writes reads back, and every malformed file is refused
/// (each check below has a file that only it refuses).
@Suite("Font match cache file")
struct FontMatchCacheFileTests {
    static let stamp = FontMatchCacheFile.FileStamp(size: 759_720, seconds: 1_678_437_335, nanoseconds: 123_456_789, inode: 342_388)
    static let table = FontMatchCacheFile(
        configuration: "fontconfig 3261f2517d942233",
        entries: [
            "DejaVu Sans:slant=0:weight=200:pixelsize=15/0x1.ep+3": .init(
                match: ":antialias=True:hintstyle=1:file=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:index=0", stamp: stamp),
            "DejaVu Sans:slant=0:weight=100:pixelsize=13/0x1.ap+3": .init(
                match: ":file=/fonts/a b.ttf:index=2", stamp: .init(size: 0, seconds: -5, nanoseconds: 0, inode: UInt64.max)),
        ])

    /// The serialized table with `target` replaced by `replacement`, or the whole text when
    /// `target` is empty.
    static func edited(_ target: String, _ replacement: String) -> [UInt8] {
        let text = String(decoding: table.serialized(), as: UTF8.self)
        return Array((target.isEmpty ? replacement : text.replacingOccurrences(of: target, with: replacement)).utf8)
    }

    @Test("a table reads back as written, entries sorted by request")
    func roundTrip() throws {
        let bytes = Self.table.serialized()
        #expect(FontMatchCacheFile(parsing: bytes) == Self.table)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == FontMatchCacheFile.header)
        #expect(lines[2].hasPrefix("DejaVu Sans:slant=0:weight=100"))
        #expect(lines[2].hasSuffix("\t0\t-5\t0\t18446744073709551615"))
        #expect(FontMatchCacheFile(parsing: FontMatchCacheFile(configuration: "c").serialized()) == FontMatchCacheFile(configuration: "c"))
    }

    @Test(
        "malformed files are refused",
        arguments: [
            ("empty", "", ""),
            ("another header", "font matches 1", "font matches 2"),
            ("no final line break", "\t342388\n", "\t342388"),
            ("no configuration line", "", FontMatchCacheFile.header + "\n"),
            ("an empty configuration", "fontconfig 3261f2517d942233", ""),
            ("a field missing", "\t342388\n", "\n"),
            ("a field too many", "\t342388\n", "\t342388\t1\n"),
            ("a negative size", "\t759720\t", "\t-1\t"),
            ("a size that is not a number", "\t759720\t", "\t7x\t"),
            ("nanoseconds of a whole second", "\t123456789\t", "\t1000000000\t"),
            ("an inode beyond 64 bits", "\t342388\n", "\t18446744073709551616\n"),
            ("an empty request", "DejaVu Sans:slant=0:weight=200:pixelsize=15/0x1.ep+3", ""),
            ("an empty match", ":file=/fonts/a b.ttf:index=2", ""),
            ("a blank line among the entries", "\nDejaVu Sans:slant=0:weight=200", "\n\nDejaVu Sans:slant=0:weight=200"),
            ("a carriage return", "\t342388\n", "\t342388\r\n"),
        ])
    func refused(_ name: String, _ target: String, _ replacement: String) {
        let bytes = Self.edited(target, replacement)
        #expect(bytes != Self.table.serialized(), "\(name): the edit changed nothing")
        #expect(FontMatchCacheFile(parsing: bytes) == nil, "\(name) was accepted")
    }

    @Test("bytes that are not UTF-8, or more than the largest file, are refused")
    func notText() {
        #expect(FontMatchCacheFile(parsing: Self.table.serialized() + [0xff, 0x0a]) == nil)
        var large = Array((FontMatchCacheFile.header + "\nc\n").utf8)
        large += [UInt8](repeating: 0x61, count: FontMatchCacheFile.maximumBytes) + [0x0a]
        #expect(FontMatchCacheFile(parsing: large) == nil)
        #expect(FontMatchCacheFile(parsing: Array(repeating: 0, count: 64)) == nil)
    }

    @Test("only texts without tabs, line breaks or NUL, of 1 to 4096 bytes, can be kept")
    func canKeep() {
        #expect(FontMatchCacheFile.canKeep("DejaVu Sans:weight=200"))
        #expect(FontMatchCacheFile.canKeep(String(repeating: "a", count: 4096)))
        #expect(!FontMatchCacheFile.canKeep(String(repeating: "a", count: 4097)))
        #expect(!FontMatchCacheFile.canKeep(""))
        for bad in ["a\tb", "a\nb", "a\rb", "a\u{0}b"] { #expect(!FontMatchCacheFile.canKeep(bad), "\(bad.debugDescription)") }
    }
}

import Testing
import TransitionCore

/// Tables pad each column to its widest cell counted in characters, whatever the cells hold.
@Suite struct TextTableTests {
    /// The table as its definition reads: every cell but a row's last padded to its column's
    /// widest cell in characters, joined by two spaces, rows joined by newlines.
    static func padded(_ rows: [[String]]) -> String {
        var widths: [Int] = []
        for row in rows {
            for (i, cell) in row.enumerated() {
                if widths.count <= i { widths.append(0) }
                widths[i] = max(widths[i], cell.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    @Test func asciiCellsAreAligned() {
        let rows = [["ID", "OPS", "FILE"], ["fade", "push,pop", "a.so"], ["slide-long", "tab", "b.so"]]
        #expect(TextTable.render(rows) == """
            ID          OPS       FILE
            fade        push,pop  a.so
            slide-long  tab       b.so
            """)
    }

    @Test(arguments: [
        "wipé", "e\u{301}e\u{301}", "✨✨", "👩‍👩‍👧", "a\r\nb", "tab\there", "\u{1B}[31m", "", "日本語", "x\u{7F}y",
    ])
    func cellsOutsidePrintableASCIIAreCountedInCharacters(_ cell: String) {
        let rows = [[cell, "next", "last"], ["ab", cell, "z"], ["a", "b"], [cell]]
        #expect(TextTable.render(rows) == Self.padded(rows))
        #expect(TextTable.width(cell) == cell.count)
    }

    @Test func appendingKeepsWhatWasThere() {
        var out = Array("before\n".utf8)
        TextTable.append([["a", "b"], ["ccc", "d"]], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "before\na    b\nccc  d")
        #expect(TextTable.render([]) == "")
    }
}

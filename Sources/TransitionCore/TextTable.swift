/// Plain-text tables with aligned columns: each cell but a row's last is padded with spaces to
/// its column's widest cell (in characters), and cells are separated by two spaces.
public enum TextTable {
    /// The rows as lines, each column padded to its widest cell.
    public static func render(_ rows: [[String]]) -> String {
        var out: [UInt8] = []
        append(rows, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the rows' lines to `out`, a newline between two lines and none after the last.
    public static func append(_ rows: [[String]], to out: inout [UInt8]) {
        var widths: [Int] = []
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(rows.count * (rows.first?.count ?? 0))
        for row in rows {
            if widths.count < row.count { widths += [Int](repeating: 0, count: row.count - widths.count) }
            for (i, cell) in row.enumerated() {
                let w = width(cell)
                cellWidths.append(w)
                widths[i] = max(widths[i], w)
            }
        }
        out.reserveCapacity(out.count + rows.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        var k = 0
        for (r, row) in rows.enumerated() {
            if r > 0 { out.append(UInt8(ascii: "\n")) }
            for (i, cell) in row.enumerated() {
                if i > 0 { out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
                out.append(contentsOf: cell.utf8)
                if i < row.count - 1 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[i] - cellWidths[k])) }
                k += 1
            }
        }
    }

    /// The characters `cell` takes: its byte count when it is printable ASCII, else its count of
    /// characters (grapheme clusters).
    public static func width(_ cell: String) -> Int {
        let printable = cell.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 < 0x20 || $0 > 0x7E }
        } ?? !cell.utf8.contains { $0 < 0x20 || $0 > 0x7E }
        return printable ? cell.utf8.count : cell.count
    }
}

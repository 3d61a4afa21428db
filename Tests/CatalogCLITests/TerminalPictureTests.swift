import Foundation
import Testing
import TestSupport

/// What the terminal picture shows, read back from a run on a pseudo-terminal in 24-bit colour.
@Suite struct TerminalPictureTests {
    /// The frames of a terminal run: for each frame, its rows of cells, each cell the colours of
    /// its upper and lower pixel.
    static func frames(_ output: String) -> [[[(top: (Int, Int, Int), bottom: (Int, Int, Int))]]] {
        let cell = try! NSRegularExpression(pattern: "\u{1B}\\[38;2;(\\d+);(\\d+);(\\d+)m\u{1B}\\[48;2;(\\d+);(\\d+);(\\d+)m▀")
        var frames: [[[(top: (Int, Int, Int), bottom: (Int, Int, Int))]]] = []
        for chunk in output.components(separatedBy: "\u{1B}8") {
            var rows: [[(top: (Int, Int, Int), bottom: (Int, Int, Int))]] = []
            for line in chunk.components(separatedBy: .newlines) {
                let ns = line as NSString
                let cells = cell.matches(in: line, range: NSRange(location: 0, length: ns.length)).map { m -> (top: (Int, Int, Int), bottom: (Int, Int, Int)) in
                    let v = (1...6).map { Int(ns.substring(with: m.range(at: $0)))! }
                    return ((v[0], v[1], v[2]), (v[3], v[4], v[5]))
                }
                if !cells.isEmpty { rows.append(cells) }
            }
            if !rows.isEmpty { frames.append(rows) }
        }
        return frames
    }

    @Test("a custom present or dismiss plays over the presenting screen: the top of the picture shows it, dimmed")
    func presentingScreen() throws {
        for (operation, presenting) in [("present", "from"), ("dismiss", "to")] {
            let run = try TerminalTests.run(
                ["preview", operation, "dimmed-sheet", "--speed", "4"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
            let frames = Self.frames(run.output)
            try #require(frames.count >= 2, "\(operation): no frames in \(run.output.prefix(300).debugDescription)")
            // Where the sheet is fully up (the last frame of a present, the first of a dismiss),
            // the top rows lie above it: the presenting screen under the dimming.
            let resting = operation == "present" ? frames[frames.count - 1] : frames[0]
            try #require(resting.count >= 4, "\(operation): a picture of \(resting.count) rows")
            let row = resting[1]
            let (r, g, b) = row[row.count / 2].top
            if presenting == "from" {
                #expect(b - r > 30 && b < 217, "\(operation): the blue from-screen, dimmed: \((r, g, b))")
            } else {
                #expect(r - b > 30 && r < 245, "\(operation): the orange to-screen, dimmed: \((r, g, b))")
            }
        }
    }
}

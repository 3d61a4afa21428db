#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// Plays a timeline on a terminal at its own times.
enum TimelinePlayer {
    static func play(_ timeline: TransitionTimeline, phases: [InteractionController.Phase], speed: Double) throws {
        let (columns, rows) = TerminalPlayer.terminalSize()
        let bounds = timeline.containerBounds
        let pixelRows = max(8, min(2 * (rows - 4), 64))
        var width = Int((Double(pixelRows) * bounds.width / bounds.height).rounded())
        width = max(4, min(width, columns - 2))
        let height = max(4, Int((Double(width) * bounds.height / bounds.width).rounded()) / 2 * 2)
        let raster = Raster(width: width, height: min(height, pixelRows), bounds: bounds, terminal: TerminalCapabilities.current)
        let lines = raster.height / 2 + 1
        TerminalSession.begin(lines: lines)
        defer { TerminalSession.end() }
        let start = Date()
        for (i, entry) in timeline.entries.enumerated() {
            let due = start.addingTimeInterval(entry.time / speed)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            var text = TerminalSession.frameStart
            text += raster.render(entry.frame)
            let bar = Int((min(1, max(0, entry.frame.progress)) * Double(raster.width)).rounded())
            text += String(repeating: "━", count: bar) + String(repeating: "─", count: raster.width - bar)
            text += " \(Format.number(entry.frame.progress, decimals: 2)) \(phases[i])\u{1B}[K\n"
            TerminalSession.write(text)
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PluginHost
import Renderers
import TransitionCore

/// Plays a transition on a terminal: views as coloured cards, two pixels per character cell
/// (the upper half block), in 24-bit colour.
enum TerminalPlayer {
    static func terminalSize() -> (columns: Int, rows: Int) {
        var w = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 {
            return (Int(w.ws_col), Int(w.ws_row))
        }
        return (80, 24)
    }

    /// The frames a second terminal playback draws.
    static let framesPerSecond = 30.0

    /// The progresses terminal playback draws for `duration` at `speed`: one a frame at 30 fps of
    /// wall time, from 0 to 1.
    static func progresses(duration: Double, speed: Double) -> [Double] {
        let wallDuration = duration / speed
        let frameCount = max(2, min(Int((wallDuration * framesPerSecond).rounded()) + 1, 100_000))
        return (0..<frameCount).map { $0 == frameCount - 1 ? 1 : Double($0) / Double(frameCount - 1) }
    }

    /// Plays `sampled` (sampled at `progresses(duration:speed:)`, in a worker) at its real pace.
    static func play(_ sampled: SampledTransition, animatorID: String, speed: Double) throws {
        let context = sampled.context
        let duration = sampled.duration
        let (columns, rows) = terminalSize()
        let bounds = context.containerBounds
        let pixelRows = max(8, min(2 * (rows - 4), 64))
        var width = Int((Double(pixelRows) * bounds.width / bounds.height).rounded())
        width = max(4, min(width, columns - 2))
        let height = max(4, Int((Double(width) * bounds.height / bounds.width).rounded()) / 2 * 2)
        let terminal = TerminalCapabilities.current
        let raster = Raster(width: width, height: min(height, pixelRows), bounds: bounds, terminal: terminal)

        let backdrop = Backdrop.standalone(for: context)
        let lines = raster.height / 2 + 1
        TerminalSession.begin(lines: lines)
        defer { TerminalSession.end() }
        let start = Date()
        for (i, sample) in sampled.frames.enumerated() {
            let progress = sample.progress
            let frame = backdrop.compose(sample, context: context)
            var text = TerminalSession.frameStart
            text += raster.render(frame)
            let bar = Int((progress * Double(raster.width)).rounded())
            text += String(repeating: "━", count: bar) + String(repeating: "─", count: raster.width - bar)
            text += " \(Format.number(progress, decimals: 2))\u{1B}[K\n"
            TerminalSession.write(text)
            let due = start.addingTimeInterval(Double(i + 1) / framesPerSecond)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        }
        let legend = [ViewRole.from, .to, .snapshot, .dimming].map { role -> String in
            let c = Raster.color(for: role)
            let shade = (Double(c.0), Double(c.1), Double(c.2))
            let swatch = terminal.colors == .none ? terminal.cell(top: shade, bottom: shade) : terminal.sgr(c) + "■" + terminal.reset
            return swatch + " \(role)"
        }
        TerminalSession.write(
            "\(context.operation) \(animatorID) · \(Format.number(duration, decimals: 3)) s · " + legend.joined(separator: "  ") + "\n"
                + "(--no-play prints the frames as a table; --speed 0.25 plays slower)\n")
    }
}

/// A tiny software rasterizer for the terminal: each view is a flat card with a darker border.
struct Raster {
    let width: Int
    let height: Int
    let bounds: Rect
    /// How the terminal takes colours.
    var terminal = TerminalCapabilities(environment: ["TERM": "xterm", "COLORTERM": "truecolor"])

    static func color(for role: ViewRole) -> (Int, Int, Int) {
        switch role {
        case .from: (74, 144, 217)
        case .to: (245, 166, 35)
        case .snapshot: (155, 89, 182)
        case .dimming: (0, 0, 0)
        case .shadow: (40, 40, 40)
        case .tile: (80, 200, 120)
        case .decoration: (160, 160, 160)
        }
    }

    /// The colour of each pixel, row by row: the views as the pictures draw them (under the
    /// container's camera, one-sided views facing away left out, snapshots in their source's
    /// colour), each a flat card with a darker border.
    func pixels(_ frame: TransitionFrame) -> [(Double, Double, Double)] {
        var image = [(Double, Double, Double)](repeating: (16, 16, 16), count: width * height)
        let sx = bounds.width / Double(width), sy = bounds.height / Double(height)
        for drawn in FramePainter(bounds: bounds, frames: [frame]).drawnViews(frame) {
            let view = drawn.view, polygon = drawn.outline
            var base = Raster.color(for: drawn.faceRole)
            if let c = drawn.ownColor {
                base = (Int(c.red * 255), Int(c.green * 255), Int(c.blue * 255))
            }
            let alpha = min(1, max(0, view.state.alpha * (drawn.ownColor?.alpha ?? 1)))
            let minX = polygon.map(\.x).min()!, maxX = polygon.map(\.x).max()!
            let minY = polygon.map(\.y).min()!, maxY = polygon.map(\.y).max()!
            let border = max(sx, sy) * 0.9
            let framed = drawn.faceRole.isScreen
            for py in 0..<height {
                let y = bounds.y + (Double(py) + 0.5) * sy
                if y < minY || y > maxY { continue }
                for px in 0..<width {
                    let x = bounds.x + (Double(px) + 0.5) * sx
                    if x < minX || x > maxX { continue }
                    guard let edge = Raster.inside(polygon, x, y) else { continue }
                    let shade = edge < border && framed ? 0.6 : 1.0
                    let i = py * width + px
                    let under = image[i]
                    image[i] = (
                        under.0 + (Double(base.0) * shade - under.0) * alpha,
                        under.1 + (Double(base.1) * shade - under.1) * alpha,
                        under.2 + (Double(base.2) * shade - under.2) * alpha)
                }
            }
        }
        return image
    }

    /// The distance from (x, y) to the nearest edge of a convex polygon when inside it, else nil.
    static func inside(_ q: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Double? {
        var sign = 0.0
        var nearest = Double.infinity
        for i in q.indices {
            let a = q[i], b = q[(i + 1) % q.count]
            let ex = b.x - a.x, ey = b.y - a.y
            let cross = ex * (y - a.y) - ey * (x - a.x)
            let length = (ex * ex + ey * ey).squareRoot()
            if length < 1e-9 { continue }
            if cross != 0 {
                if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return nil }
            }
            nearest = min(nearest, abs(cross) / length)
        }
        return sign == 0 ? nil : nearest
    }

    /// The frame as terminal lines: each character shows two pixels with the upper half block.
    func render(_ frame: TransitionFrame) -> String {
        let image = pixels(frame)
        var text = ""
        for row in stride(from: 0, to: height - 1, by: 2) {
            for px in 0..<width {
                let top = image[row * width + px], bottom = image[(row + 1) * width + px]
                text += terminal.cell(top: top, bottom: bottom)
            }
            text += terminal.reset + "\u{1B}[K\n"
        }
        return text
    }
}

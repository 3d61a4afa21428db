#if canImport(Glibc)
import Glibc
#endif

/// What a terminal accepts, by the conventions: `NO_COLOR` (any non-empty value) turns colour
/// off; `TERM=dumb` (or no TERM) takes no escapes at all; 24-bit colour only where `COLORTERM`
/// is `truecolor` or `24bit`, otherwise the 256-colour palette.
struct TerminalCapabilities: Sendable, Equatable {
    /// How colours are written.
    enum Colors: Sendable, Equatable {
        /// No colour escapes.
        case none
        /// The xterm 256-colour palette (`38;5;N`).
        case palette256
        /// 24-bit colour (`38;2;R;G;B`).
        case trueColor
    }

    /// True when cursor movement and other escapes may be written.
    let acceptsEscapes: Bool
    /// How colours are written.
    let colors: Colors

    /// The capabilities the environment variables describe (for a terminal; output that is not a
    /// terminal gets no escapes whatever they say).
    init(environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        acceptsEscapes = !term.isEmpty && term != "dumb"
        if !acceptsEscapes || !(environment["NO_COLOR"] ?? "").isEmpty {
            colors = .none
        } else if ["truecolor", "24bit"].contains((environment["COLORTERM"] ?? "").lowercased()) {
            colors = .trueColor
        } else {
            colors = .palette256
        }
    }
}

extension TerminalCapabilities {
    /// The capabilities of this process's environment.
    static var current: TerminalCapabilities { TerminalCapabilities(environment: environment()) }

    /// True when a transition can be played on standard output: a terminal that takes escapes.
    static var canPlay: Bool { stdoutIsTerminal && current.acceptsEscapes }

    /// The escape that sets the foreground (`background` false) or background colour.
    func sgr(_ rgb: (Int, Int, Int), background: Bool = false) -> String {
        let layer = background ? 48 : 38
        switch colors {
        case .none: return ""
        case .trueColor: return "\u{1B}[\(layer);2;\(rgb.0);\(rgb.1);\(rgb.2)m"
        case .palette256: return "\u{1B}[\(layer);5;\(Self.palette256(rgb))m"
        }
    }

    /// The escape that resets colours, when colours are written.
    var reset: String { colors == .none ? "" : "\u{1B}[0m" }

    /// The nearest xterm 256-colour palette index: the 6×6×6 cube or the 24-step grey ramp.
    static func palette256(_ rgb: (Int, Int, Int)) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: Int) -> Int { levels.indices.min { abs(levels[$0] - v) < abs(levels[$1] - v) }! }
        let (r, g, b) = (nearestLevel(rgb.0), nearestLevel(rgb.1), nearestLevel(rgb.2))
        let cube = (levels[r], levels[g], levels[b])
        let grey = min(23, max(0, ((rgb.0 + rgb.1 + rgb.2) / 3 - 8 + 5) / 10))
        let greyValue = 8 + grey * 10
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - rgb.0, dg = c.1 - rgb.1, db = c.2 - rgb.2
            return dr * dr + dg * dg + db * db
        }
        return distance((greyValue, greyValue, greyValue)) < distance(cube) ? 232 + grey : 16 + 36 * r + 6 * g + b
    }

    /// One character cell showing two pixels: the upper half block in colour, or without colour
    /// a glyph as dark or light as the two pixels together.
    func cell(top: (Double, Double, Double), bottom: (Double, Double, Double)) -> String {
        if colors == .none {
            let light = (top.0 + top.1 + top.2 + bottom.0 + bottom.1 + bottom.2) / (6 * 255)
            let glyphs: [Character] = [" ", "░", "▒", "▓", "█"]
            return String(glyphs[min(glyphs.count - 1, max(0, Int(light * Double(glyphs.count) * 1.6)))])
        }
        return sgr((Int(top.0), Int(top.1), Int(top.2))) + sgr((Int(bottom.0), Int(bottom.1), Int(bottom.2)), background: true) + "▀"
    }
}

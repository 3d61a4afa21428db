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

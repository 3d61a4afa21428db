/// Where the numbers of an animator the package ships come from: the file and the class or
/// function they were read from, the revision read, whether the animator is exact to it or an
/// approximation, and what it approximates or leaves out. `catalog list --json`, the gallery and
/// the catalogue page show it; ``AnimatorSources`` holds one per shipped animator.
public struct AnimatorSource: Sendable, Equatable, Encodable {
    /// How closely the animator follows its source.
    public enum Fidelity: String, Sendable, Equatable, Encodable {
        /// The source's constants and curves, as they are.
        case exact
        /// From the source, with the differences `notes` lists.
        case approximation
        /// The platform publishes no numbers: they come from a measurement or a guess, which
        /// `notes` names.
        case unpublished
        /// The catalogue's own design, after no platform.
        case own
    }

    /// The file read, as repository and path (or the specification); empty for the catalogue's own.
    public var file: String
    /// The class, function or resource in that file.
    public var symbol: String
    /// The revision read (a commit or a release); empty when it was not recorded.
    public var version: String
    /// How closely the animator follows the file.
    public var fidelity: Fidelity
    /// True when a test compares the animator with a reference written from the file.
    public var checked: Bool
    /// What is approximated or left out; empty when nothing is.
    public var notes: String

    /// Creates a source.
    public init(file: String, symbol: String, version: String = "", fidelity: Fidelity, checked: Bool = false, notes: String = "") {
        self.file = file
        self.symbol = symbol
        self.version = version
        self.fidelity = fidelity
        self.checked = checked
        self.notes = notes
    }

    /// The catalogue's own design.
    public static let own = AnimatorSource(file: "", symbol: "", fidelity: .own)

    /// One sentence or two for a page: what it follows and how closely, as plain text.
    public var text: String { text(code: { $0 }, prose: { $0 }) }

    /// The same sentences for a markup: `code` formats a file or symbol name, `prose` the rest.
    public func text(code: (String) -> String, prose: (String) -> String) -> String {
        let read = version.isEmpty ? "" : prose(" at ") + code(version)
        let place = code(symbol) + prose(" in ") + code(file) + read
        var text: String
        switch fidelity {
        case .own: return prose("The catalogue's own design, after no platform.")
        case .exact:
            text = prose("Exact to ") + place + prose(checked ? "; a reference test compares them." : "; no reference test compares them yet.")
        case .approximation:
            text = prose("An approximation of ") + place + prose(checked ? " (a reference test compares what it follows)." : ".")
        case .unpublished:
            text = prose("After ") + code(symbol) + prose(", whose numbers are unpublished.")
        }
        if !notes.isEmpty { text += prose(" " + notes) }
        return text
    }
}

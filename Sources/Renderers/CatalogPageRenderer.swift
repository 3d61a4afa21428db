import TransitionCore

/// Writes the catalogue as a Markdown page: a section per animator with its summary, plugin,
/// operations, a filmstrip and a table of its parameters.
///
/// Text from plugins is escaped for Markdown (pipes, emphasis and HTML characters) and stripped of
/// control characters, so a plugin's strings cannot change the page's structure.
public struct CatalogPageRenderer: Sendable {
    /// One animator on the page.
    public struct Entry: Sendable {
        /// The animator as it describes itself.
        public var description: AnimatorDescription
        /// The file name of the plugin library that serves it.
        public var pluginFile: String
        /// The plugin's language or origin, as the page shows it ("Swift", "C"...); empty when unknown.
        public var pluginNote: String
        /// The filmstrip's path relative to the page, or nil for none.
        public var image: String?
        /// What the filmstrip shows ("push, full screen").
        public var imageCaption: String
        /// Where its numbers come from, for an animator the package ships.
        public var source: AnimatorSource?

        /// Creates an entry.
        public init(
            description: AnimatorDescription, pluginFile: String, pluginNote: String = "", image: String?, imageCaption: String,
            source: AnimatorSource? = nil
        ) {
            self.description = description
            self.pluginFile = pluginFile
            self.pluginNote = pluginNote
            self.image = image
            self.imageCaption = imageCaption
            self.source = source
        }
    }

    /// Creates a renderer.
    public init() {}

    /// The page for `entries`, in the order given.
    public func render(_ entries: [Entry], title: String = "The catalog") -> String {
        var lines: [String] = []
        let plugins = Set(entries.map(\.pluginFile)).count
        let variants = entries.reduce(0) { $0 + Self.variantCount($1.description) }
        lines.append("# \(title)")
        lines.append("")
        lines.append("\(entries.count) animators (\(variants) variants, counted as id x direction) from \(plugins) plugin files, made by `catalog gallery --markdown`. Every filmstrip shows the animator with its default parameters in a 390x844 container.")
        lines.append("")
        lines.append("| animator | operations | plugin | what it does |")
        lines.append("|---|---|---|---|")
        for e in entries {
            let d = e.description
            lines.append("| [`\(Self.code(d.id))`](#\(Self.anchor(d.id))) | \(Self.operations(d)) | `\(Self.code(e.pluginFile))` | \(Self.text(d.summary)) |")
        }
        for e in entries {
            let d = e.description
            lines.append("")
            lines.append("## \(Self.code(d.id))")
            lines.append("")
            lines.append("**\(Self.text(d.name))**: \(Self.text(d.summary))")
            lines.append("")
            let note = e.pluginNote.isEmpty ? "" : " (\(Self.text(e.pluginNote)))"
            lines.append("Operations: \(Self.operations(d)). Plugin: `\(Self.code(e.pluginFile))`\(note).\(d.reversible ? " Reversible: serves a missing reverse operation by running backwards." : "")")
            if let source = e.source {
                lines.append("")
                lines.append("Source: " + source.text(code: { "`\(Self.code($0))`" }, prose: Self.text))
            }
            if let image = e.image {
                lines.append("")
                lines.append("![\(Self.code(d.id)) \(Self.text(e.imageCaption))](\(image))")
            }
            if !d.parameters.isEmpty {
                lines.append("")
                lines.append("| parameter | default | allowed | what it does |")
                lines.append("|---|---|---|---|")
                for p in d.parameters {
                    lines.append("| `\(Self.code(p.id))` | \(Self.text(p.display(p.defaultValue))) | \(Self.text(p.allowedDescription)) | \(Self.text(p.doc)) |")
                }
            }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// Variants as Hero counts them: one per direction choice, else one.
    static func variantCount(_ d: AnimatorDescription) -> Int {
        d.parameters.first { $0.id == "direction" && $0.kind == .choice }.map { max($0.choices.count, 1) } ?? 1
    }

    /// The operations, with "(custom)" when the animator serves the custom presentation style.
    static func operations(_ d: AnimatorDescription) -> String {
        let names = d.operations.map(\.name).joined(separator: ", ")
        return d.styles.contains(.custom) ? names + " (custom style)" : names
    }

    /// A GitHub-style heading anchor for an id, also a safe file name.
    public static func anchor(_ id: String) -> String {
        String(id.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    /// Plugin text made safe for a Markdown table cell or paragraph.
    static func text(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "|": out += "\\|"
            case "*", "_", "`", "[", "]", "#", "\\": out += "\\" + String(c)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r", "\t": out += " "
            default:
                if c.properties.generalCategory == .control || c.properties.generalCategory == .format { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Plugin text made safe inside a code span: no backticks, pipes or line breaks.
    static func code(_ s: String) -> String {
        String(text(s).replacing("\\", with: "").map { $0 == "`" ? "'" : $0 }).replacing("|", with: "\\|")
    }
}

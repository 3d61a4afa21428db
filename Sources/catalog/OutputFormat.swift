import ArgumentParser
import TransitionCore

/// How `catalog preview` picks its format: --format when given, else the extension of --out
/// (`a.gif` writes a GIF), else text. A --format that contradicts a known extension is refused
/// rather than writing, say, PNG bytes into `a.gif`.
enum OutputFormat {
    /// The file extensions each format writes; `lottie` shares `.json` with `json`.
    static let extensions: [String: [String]] = [
        "text": ["txt"], "json": ["json"], "png": ["png"], "gif": ["gif"], "html": ["html", "htm"], "lottie": ["json", "lottie"],
    ]

    /// The format an extension implies, when it implies one.
    static func inferred(from path: String?) -> String? {
        guard let ext = fileExtension(path) else { return nil }
        return ["txt": "text", "json": "json", "png": "png", "gif": "gif", "html": "html", "htm": "html"][ext]
    }

    /// The lower-case extension of the file name in `path`, if it has one.
    static func fileExtension(_ path: String?) -> String? {
        guard let path, let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return ext.isEmpty ? nil : ext
    }

    /// The format to use for an explicit --format (or none) and --out.
    static func resolve(_ explicit: String?, out: String?) -> String {
        explicit ?? inferred(from: out) ?? "text"
    }

    /// Refuses an explicit --format whose files never end like --out.
    static func check(_ explicit: String?, out: String?) throws {
        guard let explicit, let ext = fileExtension(out), let allowed = extensions[explicit] else { return }
        let known = Set(extensions.values.joined())
        guard known.contains(ext), !allowed.contains(ext) else { return }
        let implied = inferred(from: out).map { " (which means --format \($0))" } ?? ""
        throw ValidationError(
            "--format \(explicit) contradicts --out \(DisplayText.escape(out ?? "")): a .\(ext) file\(implied); name the file .\(allowed[0]) or drop --format")
    }
}

import PluginHost
import TransitionCore

/// The text of `catalog list --paths`: every place searched, in order, with what it gave, and
/// under each the plugin files it held.
enum SearchPathListing {
    /// The listing of `report`.
    static func render(_ report: SearchPathReport) -> String {
        var lines = ["Plugins are searched in this order; the first plugin to use an animator id wins."]
        for (n, place) in report.places.enumerated() {
            lines.append("\(n + 1). \(place.entry.origin): \(DisplayText.escape(place.entry.path)) (\(place.summary))")
            for file in place.files {
                let outcome: String
                switch file.outcome {
                case .plugin(let id, let animators): outcome = "\(DisplayText.escape(id)), \(animators) animator\(animators == 1 ? "" : "s")"
                case .error(let reason): outcome = "error: \(DisplayText.escape(reason))"
                case .foundEarlier: outcome = "found earlier on the path"
                }
                lines.append("     \(DisplayText.escape(baseName(file.path))): \(outcome)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

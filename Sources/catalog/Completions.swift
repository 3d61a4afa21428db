import ArgumentParser
import PluginHost
import TransitionCore

/// What the shell completion scripts (`catalog --generate-completion-script bash|zsh|fish`)
/// offer for values: operation and format names, and the animator ids `catalog list` shows.
enum Completions {
    /// The operations, for `preview` and `run`.
    static let operations = CompletionKind.list(TransitionOperation.allCases.map(\.name))

    /// The formats of `preview`.
    static let previewFormats = CompletionKind.list(PreviewExport.allFormats)

    /// The presentation styles.
    static let styles = CompletionKind.list(["full-screen", "custom"])

    /// The named sheet detents (a fraction may be typed too).
    static let detents = CompletionKind.list(["medium", "large"])

    /// The animator ids of every plugin found, with the --plugin-path options already typed.
    static let animators = CompletionKind.custom { words, _, prefix in
        animatorIDs(words: words).filter { $0.hasPrefix(prefix) }
    }

    /// The animator ids `catalog list` shows for the command line in `words`, sorted.
    static func animatorIDs(words: [String]) -> [String] {
        var paths: [String] = []
        for (i, word) in words.enumerated() {
            if word == "--plugin-path", i + 1 < words.count { paths.append(words[i + 1]) }
            if word.hasPrefix("--plugin-path=") { paths.append(String(word.dropFirst("--plugin-path=".count))) }
        }
        let arguments = paths.flatMap { ["--plugin-path", $0] } + (words.contains("--no-builtins") ? ["--no-builtins"] : [])
        guard let options = try? PluginOptions.parse(arguments) else { return [] }
        return Array(Set(options.loadIndex(quiet: true).animators.map(\.animator.id))).sorted()
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PluginHost
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// What `validate` shows on standard error while it works. On a terminal: one status line,
/// rewritten in place, naming the plugin, the animator and check running and a count, so a
/// hanging plugin is visible at once. Elsewhere (CI logs, TERM=dumb): one line per plugin as it
/// finishes.
struct ValidationProgress: Sendable {
    /// True when the status line is drawn in place.
    let live: Bool
    /// How many plugins will be checked.
    let total: Int

    /// Progress for `total` plugins, live when standard error is a terminal that takes escapes.
    init(total: Int, environment: [String: String]) {
        self.total = total
        live = isatty(STDERR_FILENO) != 0 && TerminalCapabilities(environment: environment).acceptsEscapes
    }

    /// The status line while unit `unit` of `count` of the `index`-th plugin runs.
    static func statusLine(index: Int, total: Int, plugin: String, animator: String?, check: String, unit: Int, count: Int) -> String {
        let subject = animator.map { "\(DisplayText.escape($0)): " } ?? ""
        let counted = count > 0 ? " (\(unit)/\(count - 1))" : ""
        return "[\(index)/\(total)] \(DisplayText.escape(plugin)) · \(subject)\(check)\(counted)"
    }

    /// The line printed when the `index`-th plugin is done.
    static func finishedLine(index: Int, total: Int, plugin: String, results: [CheckResult], seconds: Double) -> String {
        var counts: [CheckStatus: Int] = [:]
        for r in results { counts[r.status, default: 0] += 1 }
        let summary = CheckStatus.allCases.filter { counts[$0] != nil }.map { "\(counts[$0]!) \($0.rawValue.lowercased())" }
        return "[\(index)/\(total)] \(DisplayText.escape(plugin)): \(results.count) checks, \(summary.joined(separator: ", ")) (\(Format.number(seconds, decimals: 1)) s)"
    }

    /// A callback for `IsolatedValidator.onUnitBegin` that redraws the status line.
    func unitBegins(index: Int, plugin: String) -> @Sendable (String?, String, Int, Int) -> Void {
        let total = total, live = live
        return { animator, check, unit, count in
            guard live else { return }
            let line = ValidationProgress.statusLine(index: index, total: total, plugin: plugin, animator: animator, check: check, unit: unit, count: count)
            writeStderr("\r\u{1B}[K" + line)
        }
    }

    /// Reports a finished plugin: clears the status line on a terminal, prints a line elsewhere.
    func finished(index: Int, plugin: String, results: [CheckResult], seconds: Double) {
        if live {
            writeStderr("\r\u{1B}[K")
        } else {
            printError(Self.finishedLine(index: index, total: total, plugin: plugin, results: results, seconds: seconds))
        }
    }
}

/// Writes text to standard error as it is, with no newline added.
func writeStderr(_ text: String) {
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

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

    /// How long a finished subject took.
    enum Timing: Sendable {
        /// It was checked alone, in this many seconds.
        case alone(Double)
        /// It was checked in one worker together with `others` more animators of the plugin file
        /// `file`, all of them in this many seconds.
        case together(seconds: Double, others: Int, file: String)
        /// It was checked together with the animator named, whose line gave the time.
        case checkedWith(String)
    }

    /// The line printed when the `index`-th subject is done.
    static func finishedLine(index: Int, total: Int, plugin: String, results: [CheckResult], timing: Timing) -> String {
        var counts: [CheckStatus: Int] = [:]
        for r in results { counts[r.status, default: 0] += 1 }
        let summary = CheckStatus.allCases.filter { counts[$0] != nil }.map { "\(counts[$0]!) \($0.rawValue.lowercased())" }
        let time = switch timing {
        case .alone(let seconds): "\(Format.number(seconds, decimals: 1)) s"
        case .together(let seconds, let others, let file):
            "\(Format.number(seconds, decimals: 1)) s, with the \(others == 1 ? "other animator" : "other \(others) animators") named of \(DisplayText.escape(file))"
        case .checkedWith(let first): "checked with \(DisplayText.escape(first))"
        }
        return "[\(index)/\(total)] \(DisplayText.escape(plugin)): \(results.count) checks, \(summary.joined(separator: ", ")) (\(time))"
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

    /// Reports a finished subject: clears the status line on a terminal, prints a line elsewhere.
    func finished(index: Int, plugin: String, results: [CheckResult], timing: Timing) {
        if live {
            writeStderr("\r\u{1B}[K")
        } else {
            printError(Self.finishedLine(index: index, total: total, plugin: plugin, results: results, timing: timing))
        }
    }
}

/// Writes text to standard error as it is, with no newline added.
func writeStderr(_ text: String) {
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif
import PluginHost
import TransitionCore

/// A status line on standard error for work that may take a while (a GIF, a gallery): drawn
/// only when standard error is a terminal that takes escapes, only once the work has run for a
/// second, redrawn ten times a second with the count and the time so far, and cleared when done.
final class StderrProgress: @unchecked Sendable {
    private let label: String
    private let total: Int?
    private let start = Date()
    private let lock = Lock()
    private var done = 0
    private var detail = ""
    private var drawn = false
    private var finished = false

    /// Progress for `label` (such as `writing a.gif`), out of `total` steps when known.
    init(_ label: String, total: Int? = nil) {
        self.label = label
        self.total = total
        guard isatty(STDERR_FILENO) != 0, TerminalCapabilities.current.acceptsEscapes else {
            finished = true
            return
        }
        DetachedThread.start { [self] in
            while tick() { usleep(100_000) }
        }
    }

    /// Records that `done` steps are done, the current one described by `detail`.
    func update(_ done: Int, _ detail: String = "") {
        lock.lock()
        self.done = done
        self.detail = detail
        lock.unlock()
    }

    /// Clears the line; nothing more is drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { writeStderr("\r\u{1B}[K") }
        drawn = false
        finished = true
    }

    /// The line as drawn after `seconds`.
    static func line(label: String, done: Int, total: Int?, detail: String, seconds: Double) -> String {
        var text = label
        if let total { text += " [\(done)/\(total)]" }
        if !detail.isEmpty { text += " " + detail }
        return text + " " + Format.fixed(seconds, decimals: 1) + " s"
    }

    /// Draws the line when a second has passed; false once finished.
    private func tick() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if finished { return false }
        let seconds = Date().timeIntervalSince(start)
        if seconds >= 1 {
            writeStderr("\r\u{1B}[K" + Self.line(label: label, done: done, total: total, detail: detail, seconds: seconds))
            drawn = true
        }
        return true
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The terminal while a transition plays on it. The space of the picture is made first and its
/// top left saved (DECSC); each frame starts there (DECRC) and is written whole with SIGINT,
/// SIGTERM, SIGHUP and SIGPIPE held back. When one of them arrives, even after the terminal
/// threw away the rest of a frame (as it does on Ctrl-C), the colours are reset, the cursor goes
/// to the line below the picture and is shown again, and the signal ends the process as it would
/// have (status 128 plus the signal's number).
enum TerminalSession {
    /// The signals that end a playing transition.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// Begins playing: installs the handlers (leaving alone a signal the parent ignores, as a
    /// shell does for background jobs) and hides the cursor.
    static func begin(lines: Int) {
        terminalSessionInterruptBytes = strdup(interruptText(lines: lines))
        for s in signals {
            let previous = signal(s, terminalSessionSignalHandler)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(s, SIG_IGN) }
        }
        write("\u{1B}[?25l" + String(repeating: "\n", count: lines) + "\u{1B}[\(lines)A\u{1B}7")
    }

    /// What starts each frame: the cursor back at the picture's top left.
    static let frameStart = "\u{1B}8"

    /// What a signal writes: reset colours, go to the line below a picture of `lines` lines, show
    /// the cursor.
    static func interruptText(lines: Int) -> String {
        "\u{1B}[0m\u{1B}8\u{1B}[\(lines)B\r\u{1B}[?25h"
    }

    /// Writes a frame whole, with the ending signals held back until it is out.
    static func write(_ text: String) {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for s in signals { sigaddset(&held, s) }
        sigprocmask(SIG_BLOCK, &held, &previous)
        writeAll(text)
        sigprocmask(SIG_SETMASK, &previous, nil)
    }

    /// Ends playing: resets the colours, shows the cursor and puts the default handlers back.
    static func end() {
        writeAll("\u{1B}[0m\u{1B}[?25h")
        for s in signals {
            let current = signal(s, SIG_DFL)
            if unsafeBitCast(current, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(s, SIG_IGN) }
        }
    }

    /// Writes all of `text` to standard output, going on after interrupted or partial writes.
    static func writeAll(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
        bytes.removeAll()
    }
}

/// What a signal writes, as C bytes made before any signal can arrive (a handler may not allocate).
nonisolated(unsafe) var terminalSessionInterruptBytes: UnsafeMutablePointer<CChar>?

/// Restores the terminal, then lets the signal end the process as it would have.
private func terminalSessionSignalHandler(_ signalNumber: Int32) {
    if let bytes = terminalSessionInterruptBytes { _ = write(STDOUT_FILENO, bytes, strlen(bytes)) }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

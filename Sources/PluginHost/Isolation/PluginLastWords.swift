import TransitionCore

/// What a plugin wrote to standard error as it failed, read from a worker's captured output: a
/// Rust panic's message and place, or the last line printed before a crash (a C `abort()` with a
/// message). Everything it returns is escaped for display.
enum PluginLastWords {
    /// A Rust panic, as Rust's default panic hook prints it.
    struct Panic: Sendable, Hashable {
        /// The panic's message.
        var message: String
        /// Where it panicked (`src/lib.rs:45:13`), when printed.
        var location: String?

        /// `"MESSAGE" (LOCATION)`.
        var quoted: String { "\"\(message)\"" + (location.map { " (\($0))" } ?? "") }
    }

    /// The first Rust panic in `stderr`: `thread 'NAME' panicked at LOCATION:` then the message on
    /// the next line (Rust 1.73 and later, with or without the thread's id after its name), or
    /// `thread 'NAME' panicked at 'MESSAGE', LOCATION` (earlier); nil when there is none.
    static func rustPanic(_ stderr: [UInt8]) -> Panic? {
        let lines = escapedLines(stderr.prefix(CapturedOutput.limit))
        for (index, line) in lines.enumerated() where line.hasPrefix("thread '") {
            guard let marker = line.firstRange(of: " panicked at ") else { continue }
            let rest = String(line[marker.upperBound...])
            if rest.hasPrefix("'"), let end = rest.ranges(of: "', ").last {
                return Panic(message: String(rest[rest.index(after: rest.startIndex)..<end.lowerBound]), location: String(rest[end.upperBound...]))
            }
            let location = rest.hasSuffix(":") ? String(rest.dropLast()) : rest
            let message = lines.dropFirst(index + 1).first { !$0.isEmpty } ?? ""
            guard !message.hasPrefix("note: "), !message.hasPrefix("stack backtrace:") else {
                return Panic(message: "", location: location)
            }
            return Panic(message: message, location: location.isEmpty ? nil : location)
        }
        return nil
    }

    /// The last line of `stderr` that is not empty, cut at 200 characters; nil when there is none.
    static func lastLine(_ stderr: [UInt8]) -> String? {
        let lines = escapedLines(stderr.suffix(CapturedOutput.limit))
        guard let last = lines.last(where: { !$0.isEmpty }) else { return nil }
        return last.count > 200 ? String(last.prefix(200)) + " …" : last
    }

    /// The lines of `bytes`, each escaped, without trailing spaces.
    private static func escapedLines(_ bytes: ArraySlice<UInt8>) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { DisplayText.decode(utf8: $0).text.trimmingTrailingWhitespace }
    }

    /// How a unit's crash reads with what the plugin printed: the panic that aborted it, or the
    /// last line it printed; `description` alone when it printed nothing.
    static func crash(_ description: String, stderr: [UInt8]) -> String {
        if let panic = rustPanic(stderr) { return "the plugin panicked: \(panic.quoted), then \(description.dropPrefix("the plugin "))" }
        if let last = lastLine(stderr) { return "\(description); the last line it printed on stderr: \"\(last)\"" }
        return description
    }
}

extension String {
    /// The string without trailing spaces, tabs and carriage returns.
    fileprivate var trimmingTrailingWhitespace: String {
        var s = Substring(self)
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return String(s)
    }

    /// The string without `prefix` when it starts with it.
    fileprivate func dropPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}

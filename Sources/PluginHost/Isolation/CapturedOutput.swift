import TransitionCore

/// What a worker printed while a unit ran, as the report shows it.
enum CapturedOutput {
    /// The most bytes of one stream shown in a report.
    static let limit = 4096

    /// The escaped text of `bytes` cut at 4 KiB, with the full count when there was more; nil
    /// when nothing was written.
    static func text(_ bytes: [UInt8], total: Int) -> String? {
        guard total > 0 else { return nil }
        var text = DisplayText.decode(utf8: bytes.prefix(limit)).text
        if total > limit { text += " … (\(total) bytes in all)" }
        return text
    }

    /// The escaped first line of `bytes` (up to the first newline, cut at 4 KiB); nil when
    /// nothing was written.
    static func firstLine(_ bytes: [UInt8], total: Int) -> String? {
        guard total > 0 else { return nil }
        let line = bytes.prefix(limit).prefix { $0 != UInt8(ascii: "\n") }
        return DisplayText.decode(utf8: line).text
    }
}

extension StringProtocol {
    /// The text without the whitespace (spaces, tabs, line breaks, and every other Unicode
    /// whitespace scalar) at either end.
    package func trimmingWhitespace() -> String {
        let scalars = String(self).unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}

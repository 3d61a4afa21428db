/// Values a command keeps until the process ends instead of freeing them when it returns: the
/// process exits right after the command, and freeing a large result first (a listing of
/// thousands of plugins is several percent of the command's instructions) only costs time.
enum KeptUntilExit {
    nonisolated(unsafe) private static var values: [Any] = []

    /// Keeps `value` until the process ends. Call it from the main thread only.
    static func keep(_ value: Any) {
        values.append(value)
    }
}

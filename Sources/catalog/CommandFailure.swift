/// A command's failure: printed as one `Error: ...` line, with a non-zero exit.
struct CommandFailure: Error, CustomStringConvertible {
    /// The line, with a suggestion of what to do.
    let description: String

    init(_ description: String) { self.description = description }
}

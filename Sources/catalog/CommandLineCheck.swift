import TransitionCore

/// Checks of the command line made before the argument parser sees it.
enum CommandLineCheck {
    /// The subcommands a user types.
    static let subcommands = ["list", "preview", "gallery", "run", "validate", "help"]

    /// An error with a "did you mean" when the first word is not a subcommand.
    static func unknownSubcommand(_ arguments: [String]) -> CLIError? {
        guard let first = arguments.first, !first.hasPrefix("-"), !subcommands.contains(first) else { return nil }
        // The other commands' names come from the argument parser, which reflects on each command
        // type: asked only for a word that is not a listed command, so a listed one starts sooner.
        let hidden = Catalog.configuration.subcommands.map { $0._commandName }
        guard !hidden.contains(first) else { return nil }
        let hint = Suggestions.closest(to: first, in: subcommands).map { "did you mean '\($0)'? " } ?? ""
        return CLIError.usage(
            "unknown command '\(DisplayText.escape(first))'; \(hint)commands are \(subcommands.dropLast().joined(separator: ", ")) (see catalog --help)")
    }

    /// The commands that run plugin code in a worker unless told `--in-process`. An array: five
    /// names need no hash table, whose first use at start-up costs the runtime a conformance search.
    static let workerCommands = ["preview", "run", "validate", "gallery", "export"]

    /// True when the command line asks for a command that will start a worker process: one the
    /// host can start before it parses the rest, so that the worker's start-up overlaps its own.
    /// `validate` of wasm files only starts none: they run sandboxed in this process.
    static func startsWorker(_ arguments: [String]) -> Bool {
        guard let first = arguments.first, workerCommands.contains(first) else { return false }
        if first == "validate" && validatesWasmOnly(arguments.dropFirst()) { return false }
        return !arguments.contains { ["--in-process", "--help", "-h", "--"].contains($0) }
    }

    /// The options of `validate` that take a value.
    static let validateValueOptions = [
        "--timeout", "--seed", "--only", "--skip", "--config", "--record", "--reproduce", "--junit", "--size", "--detent", "--plugin-path",
    ]

    /// True when every target of a `validate` command line is a `.wasm` file (and there is one).
    static func validatesWasmOnly(_ arguments: ArraySlice<String>) -> Bool {
        var targets: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if argument.hasPrefix("-") {
                skipNext = validateValueOptions.contains(argument)
                continue
            }
            targets.append(argument)
        }
        return !targets.isEmpty && targets.allSatisfy { $0.hasSuffix(".wasm") }
    }
}

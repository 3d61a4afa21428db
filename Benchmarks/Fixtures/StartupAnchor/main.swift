// The start-up floor of a tool built as `catalog` is built: swift-argument-parser parsing the same
// tree of commands, with FoundationEssentials loaded, and none of the tool's own work. A warm
// `catalog list` is read against it (`Startup/list-parser/paired`): what the tool adds to the
// start of the libraries it is made of. Run as `startup-anchor list`, it parses the arguments
// `catalog list` takes and prints one line.
import ArgumentParser
import FoundationEssentials

/// `catalog`'s plugin options.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"), help: ArgumentHelp("A plugin file or a directory of plugins.", valueName: "path"))
    var pluginPaths: [String] = []

    @Flag(name: .customLong("no-builtins"), help: "Do not load the built-in plugin library.")
    var noBuiltins = false

    @Flag(name: .customLong("no-cache"), help: "Scan every plugin again.")
    var noCache = false
}

/// `catalog list`'s arguments.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the animators of every plugin found.")

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "Show every place searched for plugins.")
    var paths = false

    func run() throws {
        print("\(plugins.pluginPaths.count) paths, builtins \(!plugins.noBuiltins), \(Date.now > .distantPast ? "listed" : "")")
    }
}

// The other subcommands, named and never run.
struct New: ParsableCommand { static let configuration = CommandConfiguration(commandName: "new") }
struct Preview: ParsableCommand { static let configuration = CommandConfiguration(commandName: "preview") }
struct Gallery: ParsableCommand { static let configuration = CommandConfiguration(commandName: "gallery") }
struct Export: ParsableCommand { static let configuration = CommandConfiguration(commandName: "export") }
struct Run: ParsableCommand { static let configuration = CommandConfiguration(commandName: "run") }
struct Validate: ParsableCommand { static let configuration = CommandConfiguration(commandName: "validate") }

@main
struct Anchor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog", abstract: "The start-up anchor of catalog.", version: "0.1.0",
        subcommands: [List.self, New.self, Preview.self, Gallery.self, Export.self, Run.self, Validate.self])
}

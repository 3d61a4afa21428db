import ArgumentParser
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

/// `catalog new NAME --lang c|swift|rust [--target native|wasm] [--dir DIR]`: a plugin project that builds and passes
/// `catalog validate` as it stands.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new plugin project: one animator, a build file, a README, a transitions file and a test.",
        discussion: """
            The project's Makefile builds the plugin (`make`), validates it (`make test`) and draws a \
            push (`make preview`). NAME is kebab-case and is the animator's id. DIR (by default ./NAME) \
            must not exist or be empty: nothing is ever overwritten.
            """)

    @Argument(help: "The plugin's name, kebab-case: card-stack.")
    var name: String

    @Option(name: .customLong("lang"), help: "c, swift or rust.")
    var language: String

    @Option(help: "native (a shared library) or wasm (a sandboxed WebAssembly module; --lang c or swift).")
    var target: String = "native"

    @Option(help: ArgumentHelp("The project directory; ./NAME by default.", valueName: "dir"))
    var dir: String?

    func run() throws {
        guard let lang = PluginProject.Language(rawValue: language) else {
            throw ValidationError("unknown language '\(DisplayText.escape(language))'; use c, swift or rust")
        }
        guard let door = PluginProject.Target(rawValue: target) else {
            throw ValidationError("unknown target '\(DisplayText.escape(target))'; use native or wasm")
        }
        let locations = try Self.locations()
        let project: PluginProject
        do {
            project = try PluginProject(name: name, language: lang, target: door, locations: locations)
        } catch {
            throw ValidationError(error.description)
        }
        let directory = dir ?? name
        let fm = FileManager.default
        var isDirectory = false
        if fm.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory else {
                throw ValidationError("\(DisplayText.escape(directory)) is a file; choose another --dir")
            }
            let contents = (try? fm.contentsOfDirectory(atPath: directory)) ?? []
            guard contents.isEmpty else {
                throw ValidationError("\(DisplayText.escape(directory)) is not empty; choose a new or empty --dir (nothing was written)")
            }
        }
        do {
            for file in project.files {
                let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw CLIError(
                "cannot write the project into \(DisplayText.escape(directory)): \(FileErrorText.describe(error)); choose a --dir you can write",
                status: .cannotCreate)
        }
        print("Wrote a \(lang.rawValue) plugin project into \(directory):")
        for file in project.files { print("  \(file.path)") }
        print("Next: cd \(directory) && make test")
    }

    /// Where the project's build finds the header, the SDKs and this `catalog`: an installation
    /// (`PREFIX/include`, `PREFIX/share/transition-catalog/sdk`) or the source tree this
    /// executable was built in.
    static func locations() throws -> PluginProject.Locations {
        let executable = PluginSearchPath.executablePath() ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let fm = FileManager.default
        if let prefix = StandardPluginFolders.installPrefix(executableDirectory: directory.path) {
            let include = prefix + "/include", sdk = prefix + "/share/transition-catalog/sdk"
            if fm.fileExists(atPath: include + "/transition_catalog.h") && fm.fileExists(atPath: sdk) {
                return .init(includeDirectory: include, sdkDirectory: sdk, catalogExecutable: executable)
            }
        }
        while directory.path != "/" {
            let root = directory.path
            if fm.fileExists(atPath: root + "/include/transition_catalog.h") && fm.fileExists(atPath: root + "/sdk/rust") {
                return .init(includeDirectory: root + "/include", sdkDirectory: root + "/sdk", catalogExecutable: executable)
            }
            directory.deleteLastPathComponent()
        }
        throw ValidationError("cannot find the plugin header and SDKs for \(executable): install Transition Catalog with scripts/install, or run the catalog built in its source tree")
    }
}

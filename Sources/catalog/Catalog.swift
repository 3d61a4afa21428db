import ArgumentParser
import PluginHost

#if canImport(Glibc)
import Glibc
#endif

/// The `catalog` command: list, preview and validate screen-transition animators.
@main
struct Catalog: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "List, preview and validate screen-transition animator plugins.",
        discussion: """
            Plugins are found in the built-in library next to this executable, in the directories \
            of TRANSITION_ANIMATOR_PATH (colon-separated) and in --plugin-path. On a clash of \
            animator ids, --plugin-path wins over TRANSITION_ANIMATOR_PATH, which wins over the \
            built-ins; within a list the first entry wins. PLUGIN-ID:ANIMATOR-ID names any animator.

            Data goes to standard output and diagnostics (warnings, errors, progress, 'wrote FILE') \
            to standard error. Colour follows NO_COLOR, TERM and COLORTERM.

            EXIT STATUS:
            \(ExitStatus.table)
            """,
        version: HostInfo.versionDescription,
        subcommands: [List.self, New.self, Preview.self, Gallery.self, Export.self, Run.self, Validate.self]
    )

    /// Runs the command line, ending with the status `ExitStatus` documents; or, when the host
    /// started this process as its worker, the worker's job.
    static func main() {
        if let status = WorkerMain.runIfWorker() { Glibc.exit(status) }
        WorkerProcess.adoptOrphans()
        WorkerProcess.closeToWorkers()
        ProcessState.record()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if CommandLineCheck.startsWorker(arguments) {
            WorkerProcess.startEarly(executable: WorkerExecutable.current())
        }
        if let error = CommandLineCheck.unknownSubcommand(arguments) {
            printError("Error: \(error.description)")
            Glibc.exit(error.status.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as CLIError {
            printError("Error: \(error.description)")
            Glibc.exit(error.status.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}

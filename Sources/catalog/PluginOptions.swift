import ArgumentParser
import PluginHost
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// Options shared by every subcommand that loads plugins.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"), help: ArgumentHelp("A plugin file or a directory of plugins, searched before TRANSITION_ANIMATOR_PATH, the standard folders and the built-ins. Repeatable.", valueName: "path"), completion: .file())
    var pluginPaths: [String] = []

    @Flag(name: .customLong("no-builtins"), help: "Do not load the built-in plugin library.")
    var noBuiltins = false

    @Flag(name: .customLong("no-cache"), help: "Scan every plugin again instead of reusing what the cache knows about unchanged files.")
    var noCache = false

    /// The search path for these options and the process environment.
    var searchPath: PluginSearchPath {
        let executableDirectory = PluginSearchPath.executableDirectory()
        return PluginSearchPath(
            explicit: pluginPaths, environment: environment(),
            standardFolders: StandardPluginFolders.entries(environment: environment(), executableDirectory: executableDirectory),
            builtInDirectory: noBuiltins ? nil : executableDirectory.map(StandardPluginFolders.builtInDirectory(executableDirectory:)))
    }

    /// Scans every plugin in a child process (or reuses the cache) and, unless `quiet`, reports
    /// shadowed ids and unreadable paths on standard error. No plugin code runs in this process.
    func loadIndex(quiet: Bool = false) -> PluginIndex {
        let env = environment()
        let scanner = PluginScanner(
            executable: WorkerExecutable.current(),
            cacheFile: noCache ? nil : PluginScanner.defaultCacheFile(environment: env))
        let index = PluginIndex.build(searchPath, scanner: scanner)
        if let warning = index.cacheWarning { printError("warning: \(warning)") }
        if !quiet {
            for s in index.shadowings { printError("warning: \(s)") }
            for c in index.copies { printError("warning: \(c)") }
            for e in index.unreadable { printError(e.isMissingBuiltIns ? "error: \(e)" : "warning: \(e)") }
        }
        return index
    }
}

extension PluginOptions {
    /// Marks in the scan cache the plugin files whose worker crashed or exited while `command`
    /// ran them, so `catalog list` shows them as unusable until they change.
    func recordCrashes(command: String) {
        let scanner = PluginScanner(
            executable: WorkerExecutable.current(),
            cacheFile: noCache ? nil : PluginScanner.defaultCacheFile(environment: environment()))
        scanner.markCrashed(PluginCrashes.take(), by: command)
    }
}

/// The process environment as a dictionary, as it was when first asked for.
func environment() -> [String: String] { processEnvironment }

/// The environment `catalog` started with: read once, splitting each entry at its first `=`
/// byte (the C library's own rule), whatever the commands later ask of it.
private let processEnvironment: [String: String] = {
    var result: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
        let length = strlen(entry)
        entry.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            let text = UnsafeBufferPointer(start: bytes, count: length)
            if let eq = text.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: text[..<eq], as: UTF8.self)] = String(decoding: text[(eq + 1)...], as: UTF8.self)
            }
        }
        p += 1
    }
    return result
}()

/// Writes a line to standard error.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// True when standard output is a terminal.
var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

/// The file name of a path.
func baseName(_ path: String) -> String {
    FileName.of(path)
}

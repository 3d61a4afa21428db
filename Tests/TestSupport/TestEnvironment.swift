import Foundation

/// Where the package and its built products are, for tests that load plugins or run the tool.
public enum TestEnvironment {
    /// The package's root directory.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The directory of the public C header.
    public static var includeDirectory: String { packageRoot.appendingPathComponent("include").path }

    /// The C fixture sources.
    public static var fixtureSources: URL { packageRoot.appendingPathComponent("Tests/Fixtures/Plugins") }

    /// The build products directory: where the test bundle, `catalog` and the built-in plugin are.
    public static let productsDirectory: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().path
    }()

    /// The built `catalog` executable.
    public static var catalogExecutable: String { productsDirectory + "/catalog" }

    /// The built-in plugin library.
    public static var builtinPlugin: String { productsDirectory + "/libCatalogPlugins.so" }

    /// The plugin scan cache used by the programs tests run: one per test process, so tests never
    /// touch the user's cache.
    public static let scanCache: String = processDirectory + "/scan-cache.json"

    /// The temporary directory of the tests and of the programs they run (their `TMPDIR`: where
    /// `validate` keeps the traces of failing checks, for instance). It is inside this test
    /// process's own directory, which is removed when the process exits, so a test run leaves
    /// nothing behind. Its path stays short: Chromium makes Unix sockets there.
    public static let temporaryDirectory: String = {
        let path = processDirectory + "/tmp"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The `XDG_DATA_HOME` of the programs tests run: empty unless a test puts plugins in its
    /// `transition-catalog/plugins` folder.
    public static let userDataDirectory: String = processDirectory + "/data"

    /// The environment a child process of a test runs with: this process's, without
    /// `TRANSITION_ANIMATOR_PATH`, with this process's scan cache, temporary directory and user
    /// data folder (so plugins the user installed never reach a test), then `extra`.
    public static func childEnvironment(adding extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "TRANSITION_ANIMATOR_PATH")
        env["TRANSITION_CATALOG_CACHE"] = scanCache
        env["TMPDIR"] = temporaryDirectory
        env["XDG_DATA_HOME"] = userDataDirectory
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// This test process's directory for what the programs it runs write, removed at exit.
    static let processDirectory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tc-tests-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestEnvironment.processDirectory) }
        return path
    }()

    /// The system C compiler.
    public static var cCompiler: String { ProcessInfo.processInfo.environment["CC"] ?? "cc" }
}

/// The result of running a program.
public struct ProcessResult: Sendable {
    /// The exit status (or 128 + signal).
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: String
    /// Everything written to standard error.
    public var stderr: String
}

/// Runs `executable` with `arguments` and `environment` added to this process's, with no input,
/// and returns its exit status and output.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = TestEnvironment.childEnvironment(adding: environment)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = Reader(out.fileHandleForReading), errData = Reader(err.fileHandleForReading)
    process.waitUntilExit()
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return ProcessResult(status: status, stdout: outData.finish(), stderr: errData.finish())
}

/// Drains a pipe on a background thread so a chatty child never blocks on a full pipe.
private final class Reader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation

/// Where the package, the built products and the benchmark fixtures are, and how much to run.
enum BenchEnvironment {
    /// The package's root directory.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The directory of this executable: the build products of its configuration, where
    /// `swift build` also puts `catalog` and `libCatalogPlugins.so`.
    static let productsDirectory: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().path
    }()

    /// True in the short smoke mode (`TRANSITION_BENCHMARKS_SMOKE=1`): every benchmark runs a
    /// couple of iterations on small inputs, to show that each still works, never how fast.
    static let smoke: Bool = {
        let value = ProcessInfo.processInfo.environment["TRANSITION_BENCHMARKS_SMOKE"] ?? ""
        return !value.isEmpty && value != "0"
    }()

    /// The built `catalog` executable (`$CATALOG_EXECUTABLE`, else next to this executable).
    static var catalogExecutable: String {
        ProcessInfo.processInfo.environment["CATALOG_EXECUTABLE"] ?? productsDirectory + "/catalog"
    }

    /// The built-in plugin library next to this executable.
    static var builtinPlugin: String { productsDirectory + "/libCatalogPlugins.so" }

    /// The system C compiler.
    static var cCompiler: String { ProcessInfo.processInfo.environment["CC"] ?? "cc" }

    /// Fails with a message saying what to build when a product is missing.
    static func requireProduct(_ path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) || FileManager.default.fileExists(atPath: path) else {
            let configuration = URL(fileURLWithPath: productsDirectory).lastPathComponent
            throw BenchError("\(path) is missing: build the package first (swift build -c \(configuration == "debug" ? "debug" : "release"))")
        }
    }

    /// The directory holding the compiled benchmark fixtures.
    static var fixturesDirectory: String { productsDirectory + "/benchmark-fixtures" }

    /// The fixture plugin `name` (`Benchmarks/Fixtures/NAME.c`), compiled with `-O2` against
    /// `include/` the first time it is asked for, or again when its source is newer.
    static func fixture(_ name: String, defines: [String] = [], as outputName: String? = nil) throws -> String {
        let source = packageRoot + "/Benchmarks/Fixtures/\(name).c"
        let output = fixturesDirectory + "/\(outputName ?? name).so"
        let fm = FileManager.default
        if let built = try? fm.attributesOfItem(atPath: output)[.modificationDate] as? Date,
            let written = try? fm.attributesOfItem(atPath: source)[.modificationDate] as? Date, built >= written
        {
            return output
        }
        try fm.createDirectory(atPath: fixturesDirectory, withIntermediateDirectories: true)
        let temporary = output + ".\(getpid()).tmp"
        let status = try run(
            "/usr/bin/env",
            [cCompiler, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I", packageRoot + "/include"]
                + defines.map { "-D" + $0 } + [source, "-o", temporary, "-lm"],
            quiet: false)
        guard status == 0 else { throw BenchError("cannot compile \(source) (status \(status))") }
        guard rename(temporary, output) == 0 else { throw BenchError("cannot move the compiled fixture to \(output)") }
        return output
    }

    /// The fixture program `name` (`Benchmarks/Fixtures/NAME.c`, compiled with `cc -O2`, or
    /// `NAME.swift`, compiled with `swiftc -O`), built the first time it is asked for, or again
    /// when its source is newer.
    static func program(_ name: String) throws -> String {
        let fm = FileManager.default
        let swiftSource = packageRoot + "/Benchmarks/Fixtures/\(name).swift"
        let isSwift = fm.fileExists(atPath: swiftSource)
        let source = isSwift ? swiftSource : packageRoot + "/Benchmarks/Fixtures/\(name).c"
        let output = fixturesDirectory + "/\(name)"
        if let built = try? fm.attributesOfItem(atPath: output)[.modificationDate] as? Date,
            let written = try? fm.attributesOfItem(atPath: source)[.modificationDate] as? Date, built >= written
        {
            return output
        }
        try fm.createDirectory(atPath: fixturesDirectory, withIntermediateDirectories: true)
        let temporary = output + ".\(getpid()).tmp"
        let command = isSwift
            ? ["swiftc", "-O", source, "-o", temporary]
            : [cCompiler, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-I", packageRoot + "/include", source, "-o", temporary, "-ldl"]
        let status = try run("/usr/bin/env", command, quiet: false)
        guard status == 0 else { throw BenchError("cannot compile \(source) (status \(status))") }
        guard rename(temporary, output) == 0 else { throw BenchError("cannot move the compiled program to \(output)") }
        return output
    }

    /// Runs a program with `environment` added to this process's (and `TRANSITION_ANIMATOR_PATH`
    /// removed), its output discarded unless `quiet` is false, and returns its exit status.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], quiet: Bool = true) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "TRANSITION_ANIMATOR_PATH")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}

/// A benchmark that cannot run, with the reason.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    let description: String

    init(_ description: String) { self.description = description }
}

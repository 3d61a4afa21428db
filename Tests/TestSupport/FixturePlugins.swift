import Foundation

/// The C fixture plugins of `Tests/Fixtures/Plugins`, compiled once per test process with the
/// system C compiler against `include/`, exactly as a third-party author would build them.
public enum FixturePlugins {
    /// Why a fixture could not be built.
    public struct BuildError: Error, CustomStringConvertible {
        /// The compiler's message.
        public var description: String

        /// Creates an error with a message.
        public init(description: String) { self.description = description }
    }

    /// The directory holding every compiled fixture (`NAME.so`) and nothing else.
    public static let directory: Result<String, BuildError> = {
        let fm = FileManager.default
        let parent = TestEnvironment.productsDirectory + "/test-fixtures"
        // One directory per test process; directories of processes that have ended are removed.
        for stale in (try? fm.contentsOfDirectory(atPath: parent)) ?? [] {
            if let pid = Int32(stale), pid != getpid(), kill(pid, 0) != 0 { try? fm.removeItem(atPath: parent + "/" + stale) }
        }
        // This process's directory also holds other products (the Rust plugin, discovery folders),
        // built in any order: the fixtures get a folder of their own within it.
        let dir = parent + "/\(getpid())/c"
        try? fm.removeItem(atPath: dir)
        do {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let sources = try fm.contentsOfDirectory(atPath: TestEnvironment.fixtureSources.path).sorted()
            for name in sources {
                let source = TestEnvironment.fixtureSources.appendingPathComponent(name).path
                if name.hasSuffix(".c") {
                    let output = dir + "/" + name.dropLast(2) + ".so"
                    let result = try runProcess(
                        "/usr/bin/env",
                        [TestEnvironment.cCompiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
                         "-I", TestEnvironment.includeDirectory, source, "-o", output])
                    guard result.status == 0 else { return .failure(BuildError(description: "\(name): \(result.stderr)")) }
                } else if name.hasSuffix(".so") {
                    try fm.copyItem(atPath: source, toPath: dir + "/" + name)
                }
            }
            return .success(dir)
        } catch {
            return .failure(BuildError(description: "\(error)"))
        }
    }()

    /// Compiles the C plugin `source` against the header in `includeDirectory` into `NAME.so` in
    /// a directory of its own, as an author with that header would; returns the library's path.
    public static func compile(source: String, includeDirectory: String, name: String) throws -> String {
        let dir = try directory.get() + "/\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let output = dir + "/" + name + ".so"
        let result = try runProcess(
            "/usr/bin/env",
            [TestEnvironment.cCompiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
             "-I", includeDirectory, source, "-o", output])
        guard result.status == 0 else { throw BuildError(description: "\(source): \(result.stderr)") }
        return output
    }

    /// The path of the compiled fixture `name` (without `.so`).
    public static func path(_ name: String) throws -> String {
        try directory.get() + "/" + name + ".so"
    }

    /// A fresh directory holding only the fixtures named, for discovery tests.
    public static func directory(with names: [String]) throws -> String {
        let fm = FileManager.default
        let dir = try directory.get() + "/set-\(UUID().uuidString.prefix(8))"
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in names {
            try fm.copyItem(atPath: try path(name), toPath: dir + "/" + name + ".so")
        }
        return dir
    }
}

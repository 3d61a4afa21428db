import Foundation
import PluginHost
import TestSupport
import Testing

/// A scan worker closes each library once it has read it, and sends its records several to a
/// packet. What a library does when it is closed, what it leaves running, and a crash or a hang
/// while records are held back must still cost only that file.
@Suite("scanning closes each library it has read")
struct ScanUnloadTests {
    /// Scans the fixtures `names` in one worker, in order.
    func scan(_ names: [String]) throws -> [ScanRecord] {
        let dir = try FixturePlugins.directory(with: names)
        let paths = names.map { dir + "/" + $0 + ".so" }
        let outcome = PluginScanner(executable: TestEnvironment.catalogExecutable, cacheFile: nil).scan(paths)
        #expect(outcome.records.map(\.path) == paths)
        return outcome.records
    }

    @Test("a library that crashes in its destructor is refused as crashed while unloaded; the files around it are listed")
    func crashInDestructor() throws {
        let records = try scan(["global_state", "crash_on_unload", "shadows_fade", "prints_to_stdout"])
        for record in records {
            if record.path.hasSuffix("/crash_on_unload.so") {
                let error = try #require(record.error)
                #expect(error.path == record.path)
                #expect(error.reason.contains("crashed with SIGSEGV"), "\(error)")
                #expect(error.reason.contains("while it was unloaded"), "\(error)")
                #expect(record.inode != nil, "the failure has no file identity, so it would not be cached")
            } else {
                #expect(record.error == nil, "\(record.path): \(String(describing: record.error))")
                #expect(record.plugin?.animators.isEmpty == false, "\(record.path) reported no animator")
            }
        }
    }

    @Test("a library that crashes while it loads is still said to crash while loading")
    func crashWhileLoading() throws {
        let records = try scan(["crash_on_load", "shadows_fade"])
        #expect(records[0].error?.reason.contains("crashed with SIGSEGV") == true)
        #expect(records[0].error?.reason.contains("while loading") == true, "\(String(describing: records[0].error))")
        #expect(records[1].error == nil)
    }

    @Test("a crash after files whose records were held back is charged to the file that crashed")
    func crashAfterHeldRecords() throws {
        let records = try scan(["global_state", "shadows_fade", "prints_to_stdout", "crash_on_load", "slow_step"])
        #expect(records.map { $0.error != nil } == [false, false, false, true, false], "\(records.map { $0.error?.description ?? "ok" })")
        #expect(records[3].error?.reason.contains("while loading") == true)
    }

    @Test("a plugin whose init never returns costs its own file; the files before and after it are listed")
    func hangAfterHeldRecords() throws {
        let names = ["global_state", "shadows_fade", "hang_in_init", "prints_to_stdout"]
        let dir = try FixturePlugins.directory(with: names)
        let paths = names.map { dir + "/" + $0 + ".so" }
        var scanner = PluginScanner(executable: TestEnvironment.catalogExecutable, cacheFile: nil)
        scanner.timeout = 1
        let records = scanner.scan(paths).records
        #expect(records.map(\.path) == paths)
        #expect(records.map { $0.error != nil } == [false, false, true, false], "\(records.map { $0.error?.description ?? "ok" })")
        #expect(records[2].error?.reason.contains("did not finish within 1 s") == true, "\(String(describing: records[2].error))")
    }

    @Test("the scan calls a plugin's deinit before it closes the library")
    func deinitBeforeUnloading() throws {
        let dir = try FixturePlugins.directory(with: ["counts_loads"])
        let counter = dir + "/unloads.txt"
        // The plugin notes its deinit in a file, which a sandboxed worker may not write.
        let result = try CLI.run(
            ["list", "--no-builtins", "--no-cache", "--plugin-path", dir],
            environment: ["TC_UNLOAD_COUNTER": counter].merging(SandboxTests.sandboxOff) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("counted-fade"))
        #expect((try? String(contentsOfFile: counter, encoding: .utf8)) == "deinit\n")
    }

    @Test("a library that left a thread running is kept loaded, so the files after it are not blamed for its crash")
    func threadKeepsLibrary() throws {
        // The thread wakes every millisecond: forty files after it keep the worker busy for longer.
        let dir = try FixturePlugins.directory(with: ["thread_prints"])
        let copies = try (0..<40).map { n in
            let copy = dir + "/copy-\(n).so"
            try FileManager.default.copyItem(atPath: try FixturePlugins.path("shadows_fade"), toPath: copy)
            return copy
        }
        let paths = [dir + "/thread_prints.so"] + copies
        let records = PluginScanner(executable: TestEnvironment.catalogExecutable, cacheFile: nil).scan(paths).records
        #expect(records.map(\.path) == paths)
        for record in records {
            #expect(record.error == nil, "\(record.path): \(String(describing: record.error))")
        }
    }

    @Test("a Swift plugin is scanned with C plugins after it in the same worker")
    func swiftPluginStaysLoaded() throws {
        let dir = try FixturePlugins.directory(with: ["global_state", "shadows_fade"])
        let paths = [TestEnvironment.builtinPlugin, dir + "/global_state.so", dir + "/shadows_fade.so"]
        let records = PluginScanner(executable: TestEnvironment.catalogExecutable, cacheFile: nil).scan(paths).records
        #expect(records.map(\.path) == paths)
        for record in records {
            #expect(record.error == nil, "\(record.path): \(String(describing: record.error))")
        }
        #expect(records[0].plugin?.animators.count ?? 0 > 1)
    }
}

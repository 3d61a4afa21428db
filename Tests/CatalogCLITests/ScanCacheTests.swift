import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `catalog list` loads plugins in a child process and caches what it learned by path, size and
/// modification time.
@Suite("list scans in isolation and caches")
struct ScanCacheTests {
    func scratch() throws -> String {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("scan-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aPluginThatCrashesWhileLoadingIsListedAsAnError() throws {
        let plugins = try FixturePlugins.directory(with: ["crash_on_load", "third_party_wipe"])
        let result = try CLI.run(["list", "--no-cache"], environment: ["TRANSITION_ANIMATOR_PATH": plugins])
        CLI.expectNoCrash(result)
        #expect(result.status == 1, "a plugin that cannot be loaded makes the status 1")
        #expect(result.stdout.contains("curtain") && result.stdout.contains("slide"))
        let error = try #require(CLI.lines(result.stderr).first { $0.hasPrefix("error:") && $0.contains("crash_on_load.so") })
        #expect(error.contains("crashed with SIGSEGV"), "\(error)")
        // Preview and validate by id load only the plugin they need.
        let preview = try CLI.run(["preview", "push", "curtain", "--frames", "2"], environment: ["TRANSITION_ANIMATOR_PATH": plugins])
        #expect(preview.status == 0, "\(preview.stderr)")
        let validate = try CLI.run(["validate", "--no-builtins", plugins + "/crash_on_load.so"])
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("CRASH"))
    }

    @Test func aSecondListDoesNotLoadUnchangedPlugins() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("counts_loads"), toPath: dir + "/counts_loads.so")
        // The fixture counts its loads in a file, which the worker's sandbox would refuse it.
        let env = ["TRANSITION_ANIMATOR_PATH": dir, "TRANSITION_CATALOG_CACHE": dir + "/cache.json", "TC_LOAD_COUNTER": dir + "/loads.txt", "TRANSITION_CATALOG_WORKER_SANDBOX": "off"]
        func loads() -> Int {
            ((try? String(contentsOfFile: dir + "/loads.txt", encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        let first = try CLI.run(["list", "--json"], environment: env)
        #expect(first.status == 0)
        #expect(loads() == 1)
        #expect((try CLI.jsonObject(first.stdout)["scanned"] as? [String])?.count == 1 + CLI.shippedPluginFiles.count)
        let second = try CLI.run(["list", "--json"], environment: env)
        #expect(loads() == 1, "the unchanged plugin was loaded again")
        #expect((try CLI.jsonObject(second.stdout)["scanned"] as? [String]) == [])
        #expect(try CLI.jsonObject(second.stdout)["plugins"] as? [[String: Any]] != nil)
        #expect(second.stdout.contains("counted-fade"))
        // A changed file is loaded again.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: dir + "/counts_loads.so")
        _ = try CLI.run(["list"], environment: env)
        #expect(loads() == 2)
        // --no-cache always loads.
        _ = try CLI.run(["list", "--no-cache"], environment: env)
        #expect(loads() == 3)
    }

    /// One cache serves every folder: records of another folder stay usable, and those of files
    /// that are gone are dropped the next time the cache is written.
    @Test func recordsOfOtherFoldersStayAndThoseOfDeletedFilesGo() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for folder in ["a", "b"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("counts_loads"), toPath: dir + "/a/counts_loads.so")
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("third_party_wipe"), toPath: dir + "/b/wipe.so")
        let cache = dir + "/cache"
        func list(_ folder: String) throws -> [String] {
            let result = try CLI.run(
                ["list", "--json", "--no-builtins"],
                environment: ["TRANSITION_ANIMATOR_PATH": dir + "/" + folder, "TRANSITION_CATALOG_CACHE": cache, "TC_LOAD_COUNTER": dir + "/loads.txt", "TRANSITION_CATALOG_WORKER_SANDBOX": "off"])
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try CLI.jsonObject(result.stdout)["scanned"] as? [String])
        }
        func cached(_ file: String) -> Bool {
            (FileManager.default.contents(atPath: cache) ?? Data()).range(of: Data(file.utf8)) != nil
        }
        #expect(try list("a") == [dir + "/a/counts_loads.so"])
        #expect(try list("b") == [dir + "/b/wipe.so"])
        #expect(try list("a") == [], "the other folder's scan dropped this one's record")
        #expect(cached("counts_loads.so") && cached("wipe.so"))
        try FileManager.default.removeItem(atPath: dir + "/a/counts_loads.so")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: dir + "/b/wipe.so")
        #expect(try list("b") == [dir + "/b/wipe.so"])
        #expect(!cached("counts_loads.so"), "the record of a deleted file was kept")
        #expect(cached("wipe.so"))
    }

    /// True when `path` holds a cache file this build reads: its magic, then records.
    func holdsCache(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.starts(with: Array("TC-SCAN-CACHE\n".utf8)) && data.count > 100
    }

    @Test func aCorruptOrForeignCacheIsIgnoredAndRewritten() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = dir + "/cache"
        _ = try CLI.run(["list"], environment: ["TRANSITION_CATALOG_CACHE": cache])
        let good = try #require(FileManager.default.contents(atPath: cache))
        let broken: [(String, Data)] = [
            ("text", Data("{ this is not json".utf8)),
            ("the JSON cache of earlier versions", Data(#"{"format":2,"host":"0.1.0 abi 1.1.0","records":[]}"#.utf8)),
            ("a truncated cache", good.prefix(good.count / 2)),
            ("a cache with a damaged count", Data(good.prefix(40) + [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01] + good.dropFirst(50))),
            ("an empty file", Data()),
        ]
        for (what, bytes) in broken {
            try bytes.write(to: URL(fileURLWithPath: cache))
            let result = try CLI.run(["list", "--json"], environment: ["TRANSITION_CATALOG_CACHE": cache])
            CLI.expectNoCrash(result)
            #expect(result.status == 0, "\(what): \(result.stderr)")
            #expect((try CLI.jsonObject(result.stdout)["scanned"] as? [String])?.count == CLI.shippedPluginFiles.count, "\(what) was not ignored")
            #expect(holdsCache(cache), "\(what) was not rewritten")
            let again = try CLI.run(["list", "--json"], environment: ["TRANSITION_CATALOG_CACHE": cache])
            #expect((try CLI.jsonObject(again.stdout)["scanned"] as? [String]) == [], "\(what): the rewritten cache was not used")
            let fromCache = try #require(try CLI.jsonObject(again.stdout)["plugins"] as? NSArray)
            let scanned = try #require(try CLI.jsonObject(result.stdout)["plugins"] as? NSArray)
            #expect(fromCache == scanned, "\(what): the cached listing differs from the scanned one")
        }
    }

    @Test func theJSONCacheOfEarlierVersionsIsRemovedFromTheDefaultFolderOnly() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for folder in ["transition-catalog", "elsewhere"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(dir)/\(folder)/plugins.json"))
            let result = try CLI.run(["list"], environment: ["TRANSITION_CATALOG_CACHE": "\(dir)/\(folder)/plugins.cache"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(holdsCache("\(dir)/\(folder)/plugins.cache"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/transition-catalog/plugins.json"), "the earlier cache stayed in the default folder")
        #expect(FileManager.default.fileExists(atPath: dir + "/elsewhere/plugins.json"), "a plugins.json outside the default folder was removed")
    }

    @Test func concurrentListsShareTheCacheSafely() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let env = ["TRANSITION_CATALOG_CACHE": dir + "/cache.json", "TRANSITION_ANIMATOR_PATH": try FixturePlugins.directory(with: ["third_party_wipe", "shadows_fade"])]
        let outputs = Outputs()
        DispatchQueue.concurrentPerform(iterations: 6) { i in
            let r = try? CLI.run(["list", "--no-builtins"], environment: env)
            outputs.set(i, r)
        }
        let results = outputs.all()
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0.status == 0 })
        #expect(Set(results.map(\.stdout)).count == 1, "every run printed the same listing")
        #expect(holdsCache(dir + "/cache.json"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary cache files were left behind: \(leftovers)")
    }

    /// The identity a file had when `stat` read it: inode, size, modification and change times.
    static func identity(_ path: String) throws -> stat {
        var st = stat()
        try #require(stat(path, &st) == 0, "cannot stat \(path)")
        return st
    }

    /// A plugin rewritten in place (same inode, same size) with its modification time put back
    /// looks unchanged to a cache keyed by size and modification time; its change time gives it
    /// away, and the next listing loads it again and shows what it now holds.
    @Test func anInPlaceRewriteWithTheSameInodeSizeAndModificationTimeIsScannedAgain() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plugin = dir + "/counts_loads.so"
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("counts_loads"), toPath: plugin)
        // The fixture counts its loads in a file, which the worker's sandbox would refuse it.
        let env = ["TRANSITION_ANIMATOR_PATH": dir, "TRANSITION_CATALOG_CACHE": dir + "/cache", "TC_LOAD_COUNTER": dir + "/loads.txt", "TRANSITION_CATALOG_WORKER_SANDBOX": "off"]
        func loads() -> Int {
            ((try? String(contentsOfFile: dir + "/loads.txt", encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        #expect(try CLI.run(["list"], environment: env).status == 0)
        let cached = try CLI.run(["list", "--json", "--no-builtins"], environment: env)
        #expect((try CLI.jsonObject(cached.stdout)["scanned"] as? [String]) == [], "the second listing loaded the plugin again")
        #expect(loads() == 1)

        // The same bytes with one animator id changed to another of the same length, written
        // over the file with dd (no truncation), then the modification time set back.
        let before = try Self.identity(plugin)
        var bytes = try #require(FileManager.default.contents(atPath: plugin))
        let old = Data("counted-fade".utf8), new = Data("counted-wipe".utf8)
        let range = try #require(bytes.range(of: old), "the fixture does not hold its animator id")
        bytes.replaceSubrange(range, with: new)
        try bytes.write(to: URL(fileURLWithPath: dir + "/rewritten"))
        let dd = try runProcess("/usr/bin/env", ["dd", "if=\(dir)/rewritten", "of=\(plugin)", "conv=notrunc", "status=none"])
        #expect(dd.status == 0, "\(dd.stderr)")
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, plugin, &times, 0) == 0)
        let after = try Self.identity(plugin)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size && after.st_dev == before.st_dev)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        let result = try CLI.run(["list", "--json", "--no-builtins"], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try CLI.jsonObject(result.stdout)["scanned"] as? [String]) == [plugin], "the rewritten plugin was taken from the cache")
        #expect(loads() == 2)
        #expect(result.stdout.contains("counted-wipe") && !result.stdout.contains("counted-fade"), "the listing shows the old animator")
    }

    /// A cache path that holds no regular file, or a file too large to be a cache, is refused
    /// without being read (a named pipe would block, /dev/zero and a 64 GiB file would be read
    /// into memory) and replaced with a good cache.
    @Test(arguments: ["a named pipe", "a link to /dev/zero", "a 64 GiB sparse file"])
    func aCacheThatIsNotARegularFileOrIsHugeIsRefusedAndReplaced(what: String) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = dir + "/cache"
        func makeHostileCache() throws {
            switch what {
            case "a named pipe": try #require(mkfifo(cache, 0o600) == 0)
            case "a link to /dev/zero": try FileManager.default.createSymbolicLink(atPath: cache, withDestinationPath: "/dev/zero")
            default:
                let fd = open(cache, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                try #require(fd >= 0)
                let sized = ftruncate(fd, 64 << 30)
                close(fd)
                try #require(sized == 0, "the file system cannot hold a 64 GiB sparse file")
            }
        }
        for command in [["list", "--json"], ["preview", "push", "slide", "--frames", "2"]] {
            // Each command meets the hostile file: the one before replaced it.
            try? FileManager.default.removeItem(atPath: cache)
            try makeHostileCache()
            let running = try RunningCLI(command, environment: ["TRANSITION_CATALOG_CACHE": cache])
            let status = running.status(within: 60)
            #expect(status == 0, "\(what): \(command[0]) \(status.map { "exited with \($0)" } ?? "did not end"): \(running.stderr)")
            #expect(!running.stderr.contains("Fatal error") && !running.stderr.contains("warning:"), "\(what): \(running.stderr)")
            if command[0] == "list" {
                #expect((try CLI.jsonObject(running.stdout)["scanned"] as? [String])?.count == CLI.shippedPluginFiles.count, "\(what) was read as a cache")
            }
            var st = stat()
            #expect(lstat(cache, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && st.st_size < 1 << 20, "\(what) was not replaced by \(command[0])")
            #expect(holdsCache(cache), "\(what) was not replaced by a cache")
        }
        let again = try CLI.run(["list", "--json"], environment: ["TRANSITION_CATALOG_CACHE": cache])
        #expect((try CLI.jsonObject(again.stdout)["scanned"] as? [String]) == [], "\(what): the cache that replaced it was not used")
    }

    /// A cache path that names a directory cannot be replaced by a file: the listing goes on
    /// without a cache and says so in one line, every time.
    @Test func aCacheThatIsADirectoryIsIgnoredWithOneWarning() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = dir + "/cache"
        try FileManager.default.createDirectory(atPath: cache + "/inside", withIntermediateDirectories: true)
        for _ in 0..<2 {
            let result = try CLI.run(["list"], environment: ["TRANSITION_CATALOG_CACHE": cache])
            CLI.expectNoCrash(result)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(CLI.listSummary()))
            let warnings = CLI.lines(result.stderr).filter { $0.hasPrefix("warning:") }
            #expect(warnings == [
                "warning: the plugin cache \(cache) is a directory and cannot be replaced, so it is not used; remove it, or set TRANSITION_CATALOG_CACHE to another file",
            ], "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: cache + "/inside"), "the directory was changed")
        }
    }

    /// A plugin that loads and lists cleanly but crashes when a command runs it is marked in the
    /// cache: the next listing shows it as an error, not among the usable animators, until the
    /// file changes.
    @Test(arguments: ["preview", "run", "validate"])
    func aPluginFoundCrashingIsMarkedSoListStopsOfferingIt(command: String) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plugin = dir + "/crash_in_step.so"
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("crash_in_step"), toPath: plugin)
        let env = ["TRANSITION_ANIMATOR_PATH": dir, "TRANSITION_CATALOG_CACHE": dir + "/cache"]
        func listed() throws -> (result: ProcessResult, table: PrintedTable?) {
            let result = try CLI.run(["list"], environment: env)
            CLI.expectNoCrash(result)
            return (result, PrintedTable(result.stdout, firstColumn: "ID"))
        }
        let first = try listed()
        #expect(first.result.status == 0, "\(first.result.stderr)")
        #expect(first.table?.rows.contains { $0["ID"] == "crash-in-step" } == true, "the plugin was not usable to begin with")

        let arguments: [String] = switch command {
        case "preview": ["preview", "push", "crash-in-step", "--frames", "3"]
        case "run":
            ["run", "--source", dir + "/rules.json", "push"]
        default: ["validate", "--no-builtins", "--only", "absent-views", plugin]
        }
        try #"{"version": 1, "rules": [{"operation": "push", "animator": "crash-in-step"}]}"#
            .write(toFile: dir + "/rules.json", atomically: true, encoding: .utf8)
        let crashed = try CLI.run(arguments, environment: env)
        CLI.expectNoCrash(crashed)
        #expect(crashed.status == 1, "\(command): \(crashed.stdout)\(crashed.stderr)")
        #expect((crashed.stdout + crashed.stderr).contains("SIGSEGV"), "\(command): \(crashed.stdout)\(crashed.stderr)")

        let after = try listed()
        #expect(after.result.status == 1, "a plugin found crashing did not fail the listing")
        #expect(after.table?.rows.contains { $0["ID"] == "crash-in-step" } == false, "the crashing animator is still listed as usable")
        #expect(after.result.stdout.contains(CLI.listSummary()), "\(after.result.stdout)")
        let error = try #require(CLI.lines(after.result.stderr).first { $0.hasPrefix("error: \(plugin): ") }, "\(after.result.stderr)")
        #expect(error.contains("crashed with SIGSEGV") && error.contains("when `catalog \(command)` ran it"), "\(error)")
        #expect(error.contains("run `catalog validate \(plugin)`"), "\(error)")
        let json = try CLI.jsonObject(try CLI.run(["list", "--json"], environment: env).stdout)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["path"] as? String == plugin && $0["kind"] as? String == "crashed" }, "\(errors)")
        let plugins = try #require(json["plugins"] as? [[String: Any]])
        #expect(!plugins.contains { $0["path"] as? String == plugin }, "the JSON listing still offers the crashing plugin")

        // A new build of the file is scanned again, and listed as usable until it crashes.
        try FileManager.default.removeItem(atPath: plugin)
        try FileManager.default.copyItem(atPath: try FixturePlugins.path("crash_in_step"), toPath: plugin)
        let rebuilt = try listed()
        #expect(rebuilt.result.status == 0, "\(rebuilt.result.stderr)")
        #expect(rebuilt.table?.rows.contains { $0["ID"] == "crash-in-step" } == true)
    }
}

private final class Outputs: @unchecked Sendable {
    private var results: [Int: ProcessResult] = [:]
    private let lock = NSLock()
    func set(_ i: Int, _ r: ProcessResult?) {
        lock.lock()
        results[i] = r
        lock.unlock()
    }
    func all() -> [ProcessResult] {
        lock.lock()
        defer { lock.unlock() }
        return Array(results.values)
    }
}

import Foundation
import TestSupport
import Testing

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
        let env = ["TRANSITION_ANIMATOR_PATH": dir, "TRANSITION_CATALOG_CACHE": dir + "/cache.json", "TC_LOAD_COUNTER": dir + "/loads.txt"]
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
                environment: ["TRANSITION_ANIMATOR_PATH": dir + "/" + folder, "TRANSITION_CATALOG_CACHE": cache, "TC_LOAD_COUNTER": dir + "/loads.txt"])
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

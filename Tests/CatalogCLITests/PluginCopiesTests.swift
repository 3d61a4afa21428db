import Foundation
import Testing
import TestSupport

/// Two files holding the same plugin (a debug and a release build, say): both named by full path,
/// and each reachable by an id of its own.
@Suite struct PluginCopiesTests {
    @Test func twoCopiesAreNamedByPathAndEachIsReachable() throws {
        let first = try FixturePlugins.directory(with: ["third_party_wipe"])
        let second = try FixturePlugins.directory(with: ["third_party_wipe"])
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        let paths = ["--plugin-path", first, "--plugin-path", second, "--no-cache"]
        let list = try CLI.run(["list"] + paths)
        CLI.expectNoCrash(list)
        let a = first + "/third_party_wipe.so", b = second + "/third_party_wipe.so"
        #expect(list.stderr.contains("plugin 'org.example.wipe' is in 2 files: \(a) (org.example.wipe:…), \(b) (org.example.wipe@2:…)"), "\(list.stderr)")
        #expect(list.stdout.contains("org.example.wipe@2:curtain (shadowed)"), "\(list.stdout)")
        #expect(list.stdout.contains(b), "the second copy's row names its full path: \(list.stdout)")

        for (reference, path) in [("org.example.wipe:curtain", a), ("org.example.wipe@2:curtain", b)] {
            let run = try CLI.run(["validate", reference, "--only", "duration", "--size", "390x844", "--json"] + paths)
            CLI.expectNoCrash(run)
            #expect(run.status == 0, "\(reference): \(run.stderr)")
            let doc = try CLI.jsonObject(run.stdout)
            let results = try #require(doc["results"] as? [[String: Any]])
            #expect(!results.isEmpty && results.allSatisfy { $0["path"] as? String == path }, "\(reference): \(results)")
        }
        let missing = try CLI.run(["validate", "org.example.wipe@3:curtain"] + paths)
        #expect(missing.status != 0 && missing.stderr.contains("unknown animator 'org.example.wipe@3:curtain'"), "\(missing.stderr)")
    }
}

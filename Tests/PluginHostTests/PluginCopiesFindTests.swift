@testable import PluginHost
import Testing

/// Copies are found in the order of their first file, each with its files in precedence order.
@Suite struct PluginCopiesFindTests {
    /// Copies as their definition reads: every id with more than one file, by first appearance.
    static func grouped(_ plugins: [(path: String, pluginID: String)]) -> [PluginCopies] {
        var order: [String] = []
        var paths: [String: [String]] = [:]
        for (path, id) in plugins where !id.isEmpty {
            if paths[id] == nil { order.append(id) }
            paths[id, default: []].append(path)
        }
        return order.compactMap { id in paths[id]!.count > 1 ? PluginCopies(pluginID: id, paths: paths[id]!) : nil }
    }

    @Test func copiesKeepTheOrderOfTheirFirstFile() {
        let plugins = [("/1", "b"), ("/2", "a"), ("/3", ""), ("/4", "c"), ("/5", "a"), ("/6", ""), ("/7", "b"), ("/8", "a"), ("/9", "d")]
        let found = PluginCopies.find(in: plugins)
        #expect(found == [PluginCopies(pluginID: "b", paths: ["/1", "/7"]), PluginCopies(pluginID: "a", paths: ["/2", "/5", "/8"])])
        #expect(found == Self.grouped(plugins))
        #expect(PluginCopies.find(in: [("/1", "a"), ("/2", "b")]).isEmpty)
        var state: UInt64 = 7
        for _ in 0..<50 {
            let random = (0..<40).map { n -> (path: String, pluginID: String) in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let id = Int(state >> 59) % 12
                return ("/p\(n)", id == 0 ? "" : "id\(id)")
            }
            #expect(PluginCopies.find(in: random) == Self.grouped(random))
        }
    }
}

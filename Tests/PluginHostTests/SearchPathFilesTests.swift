import Foundation
import PluginHost
import Testing

/// A folder reached through a link, or named again, gives each file once, under the first name
/// it was found by; a plugin file that is a link to another is the same file too.
@Suite struct SearchPathFilesTests {
    @Test func eachFileIsListedOnceWhateverPathReachesIt() throws {
        let fm = FileManager.default
        let dir = NSTemporaryDirectory() + "search-path-files-\(UUID().uuidString)"
        try fm.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        for name in ["b.so", "a.so", ".hidden.so", "notes.txt"] { #expect(fm.createFile(atPath: dir + "/real/" + name, contents: Data([0]))) }
        try fm.createSymbolicLink(atPath: dir + "/real/c.so", withDestinationPath: dir + "/real/a.so")
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/real")
        let path = PluginSearchPath(
            explicit: [dir + "/link/", dir + "/real", dir + "/real/b.so", dir + "/link/a.so"], environment: [:], builtInDirectory: nil)
        let found = path.pluginFiles()
        #expect(found.unreadable.isEmpty)
        #expect(found.files.map(\.path) == [dir + "/link/a.so", dir + "/link/b.so"], "c.so is a.so; the real folder is the linked one")
        let direct = PluginSearchPath(explicit: [dir + "/real"], environment: [:], builtInDirectory: nil).pluginFiles()
        #expect(direct.files.map(\.path) == [dir + "/real/a.so", dir + "/real/b.so"])
    }
}

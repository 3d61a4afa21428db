import Foundation
@testable import PluginHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Reading identities folder by folder gives what a `stat` of each path gives, and notices a change.
@Suite struct FileIdentityTests {
    @Test func theReaderAgreesWithStatForEveryKindOfPath() throws {
        let dir = NSTemporaryDirectory() + "file-identity-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/a/b", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/locked", withIntermediateDirectories: true)
        defer {
            chmod(dir + "/locked", 0o755)
            try? fm.removeItem(atPath: dir)
        }
        for name in ["a/one.so", "a/two.so", "a/b/three.so", "locked/four.so"] {
            #expect(fm.createFile(atPath: dir + "/" + name, contents: Data(name.utf8)))
        }
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/a")
        try fm.createSymbolicLink(atPath: dir + "/a/dangling.so", withDestinationPath: dir + "/nowhere.so")
        // Search permission without read permission: unless the tests run as root, the folder
        // cannot be opened but its files can be looked at. A missing folder cannot be opened either.
        #expect(chmod(dir + "/locked", 0o311) == 0)
        let paths = [
            "a/one.so", "a/two.so", "a/b/three.so", "a/one.so", "link/two.so", "a/dangling.so", "a/missing.so", "a/b/../one.so",
            "a/one.so/", "a", "locked/four.so", "missing/one.so",
        ].map { dir + "/" + $0 } + ["/", "relative-missing.so", "/etc/hostname"]
        var reader = FileIdentity.Reader()
        for path in paths {
            #expect(reader.identity(path) == FileIdentity.of(path), "\(path)")
        }
        #expect(reader.identity(dir + "/a/one.so") != nil)
        #expect(reader.identity(dir + "/a/missing.so") == nil)
        #expect(reader.identity(dir + "/a/one.so")?.inode != reader.identity(dir + "/a/two.so")?.inode)
    }

    @Test func aFileReplacedInAnOpenFolderIsSeenAsChanged() throws {
        let dir = NSTemporaryDirectory() + "file-identity-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        #expect(fm.createFile(atPath: dir + "/p.so", contents: Data([1])))
        var reader = FileIdentity.Reader()
        let before = reader.identity(dir + "/p.so")
        #expect(fm.createFile(atPath: dir + "/q.so", contents: Data([1, 2])))
        #expect(rename(dir + "/q.so", dir + "/p.so") == 0)
        let after = reader.identity(dir + "/p.so")
        #expect(before != nil && after != nil && before != after)
        #expect(after == FileIdentity.of(dir + "/p.so"))
    }

    /// Bytes rewritten in place, with the size and the modification time put back, leave the
    /// device, inode, size and modification time as they were: the change time tells them apart.
    @Test func anInPlaceRewriteWithTheModificationTimePutBackIsSeenAsChanged() throws {
        let dir = NSTemporaryDirectory() + "file-identity-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        let path = dir + "/p.so"
        #expect(fm.createFile(atPath: path, contents: Data("before".utf8)))
        let before = try #require(FileIdentity.of(path))
        var st = stat()
        #expect(stat(path, &st) == 0)
        // The change time has a clock tick's resolution: the rewrite comes a tick later.
        usleep(20_000)
        let fd = open(path, O_WRONLY)
        try #require(fd >= 0)
        #expect("after!".withCString { pwrite(fd, $0, 6, 0) } == 6)
        close(fd)
        var times = [st.st_atim, st.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let after = try #require(FileIdentity.of(path))
        #expect(after.device == before.device && after.inode == before.inode && after.size == before.size && after.modified == before.modified)
        #expect(after.changed != before.changed)
        #expect(after != before)
        var reader = FileIdentity.Reader()
        #expect(reader.identity(path) == after)
    }
}

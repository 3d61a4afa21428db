import Foundation
import Renderers
import Testing

@Suite("Writing files whole or not at all")
struct AtomicFileTests {
    func leftovers(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
    }

    @Test("a write replaces the file and leaves no temporary file")
    func write() throws {
        let dir = try Fixtures.temporaryDirectory()
        let path = dir + "/out.png"
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write("hello", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello")
        #expect(try leftovers(dir).isEmpty)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o044 } == 0o044, "readable by others, like any file the user makes")
    }

    @Test("an unwritable path is an error naming it, and nothing is left behind")
    func unwritable() throws {
        let dir = try Fixtures.temporaryDirectory()
        let cases = [
            (dir + "/missing/out.png", "does not exist"),
            (dir, "is a directory"),
            (dir + "/file.txt/out.png", "does not exist"),
        ]
        try AtomicFile.write("x", to: dir + "/file.txt")
        for (path, reason) in cases {
            do {
                try AtomicFile.write([0], to: path)
                Issue.record("writing \(path) succeeded")
            } catch {
                #expect(error.description.contains(path) && error.description.contains(reason), "\(error)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["file.txt"])
        #expect(throws: RenderError.self) { try AtomicFile.write([0], to: "") }
    }

    @Test("directories are made with their parents; a file in the way is an error")
    func directories() throws {
        let dir = try Fixtures.temporaryDirectory()
        try AtomicFile.makeDirectory(dir + "/a/b/c/")
        #expect(FileManager.default.fileExists(atPath: dir + "/a/b/c"))
        try AtomicFile.write("x", to: dir + "/f")
        #expect(throws: RenderError.self) { try AtomicFile.makeDirectory(dir + "/f/g") }
    }
}

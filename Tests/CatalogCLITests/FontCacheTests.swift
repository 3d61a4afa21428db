import Foundation
import Testing
import TestSupport

/// The font matches `catalog preview --format png` keeps in `fonts.cache` (beside the scan
/// cache): a later run draws its text from the kept match without starting fontconfig, and a
/// stale, broken or unwritable cache still draws the same picture.
///
/// Whether fontconfig started is read from fontconfig itself: with `FC_DEBUG=1024` it prints a
/// line for each configuration file it loads.
@Suite("Font cache")
struct FontCacheTests {
    /// A fresh folder for one test's caches and pictures.
    func temporaryDirectory() throws -> String {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("tc-fonts-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// One `catalog preview push slide --format png` with its caches in `cacheFolder`; the PNG's
    /// bytes, and whether fontconfig loaded its configuration.
    func draw(cacheFolder: String, in dir: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (png: Data, fontconfigStarted: Bool) {
        let out = dir + "/\(UUID().uuidString.prefix(8)).png"
        let result = try CLI.run(
            ["preview", "push", "slide", "--format", "png", "--out", out],
            environment: ["TRANSITION_CATALOG_CACHE": cacheFolder + "/plugins.cache", "FC_DEBUG": "1024"])
        CLI.expectNoCrash(result, sourceLocation: sourceLocation)
        try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        return (png, result.stdout.contains("config file"))
    }

    /// The lines of the cache file in `folder`.
    func cacheLines(_ folder: String) throws -> [String] {
        try String(contentsOfFile: folder + "/fonts.cache", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The identity fields a cache line records for the file at `path`: size, seconds,
    /// nanoseconds and inode.
    func stampFields(_ path: String) throws -> [String] {
        var st = stat()
        try #require(stat(path, &st) == 0, "stat \(path)")
        return ["\(st.st_size)", "\(st.st_mtim.tv_sec)", "\(st.st_mtim.tv_nsec)", "\(st.st_ino)"]
    }

    /// The font files the cache lines name.
    func fontFiles(_ lines: [String]) -> [String] {
        Array(Set(lines.dropFirst(2).compactMap { line -> String? in
            let match = line.split(separator: "\t")[1]
            guard let file = match.split(separator: ":").first(where: { $0.hasPrefix("file=") }) else { return nil }
            return String(file.dropFirst(5))
        })).sorted()
    }

    @Test("the first run asks fontconfig and keeps the match; the next draws the same bytes without starting it")
    func warmRunSkipsFontconfig() throws {
        let dir = try temporaryDirectory()
        let cold = try draw(cacheFolder: dir, in: dir)
        #expect(cold.fontconfigStarted, "the probe must see fontconfig start when nothing is kept")
        let lines = try cacheLines(dir)
        #expect(lines.first == "transition-catalog font matches 1")
        #expect(lines.count >= 4, "a bold and a regular face at least: \(lines)")
        #expect(!fontFiles(lines).isEmpty)
        let warm = try draw(cacheFolder: dir, in: dir)
        #expect(!warm.fontconfigStarted, "fontconfig started although every match was kept")
        #expect(warm.png == cold.png)
        #expect(try cacheLines(dir) == lines)
    }

    @Test("a kept match is what draws: a copy of the font it names is used, and a removed one falls back to fontconfig")
    func keptMatchNamesTheFile() throws {
        let dir = try temporaryDirectory()
        let cold = try draw(cacheFolder: dir, in: dir)
        var text = try String(contentsOfFile: dir + "/fonts.cache", encoding: .utf8)
        let copies = dir + "/fonts"
        try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
        for file in fontFiles(try cacheLines(dir)) {
            let copy = copies + "/" + URL(fileURLWithPath: file).lastPathComponent
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            let before = try stampFields(file).joined(separator: "\t"), after = try stampFields(copy).joined(separator: "\t")
            text = text.replacingOccurrences(of: "file=\(file):", with: "file=\(copy):").replacingOccurrences(of: before, with: after)
        }
        try text.write(toFile: dir + "/fonts.cache", atomically: true, encoding: .utf8)
        let fromCopies = try draw(cacheFolder: dir, in: dir)
        #expect(!fromCopies.fontconfigStarted, "the copies' matches were not used")
        #expect(fromCopies.png == cold.png)

        try FileManager.default.removeItem(atPath: copies)
        let removed = try draw(cacheFolder: dir, in: dir)
        #expect(removed.fontconfigStarted, "a match naming a removed file was used")
        #expect(removed.png == cold.png)
        #expect(!fontFiles(try cacheLines(dir)).contains { $0.hasPrefix(copies) }, "the cache still names the removed copies")
    }

    @Test("a font file that changed since its match was kept falls back to fontconfig, and the match is kept again")
    func changedFileFallsBack() throws {
        let dir = try temporaryDirectory()
        let cold = try draw(cacheFolder: dir, in: dir)
        let lines = try cacheLines(dir)
        let changed = lines.enumerated().map { index, line -> String in
            guard index >= 2 else { return line }
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            fields[2] = String((Int(fields[2]) ?? 0) + 1)
            return fields.joined(separator: "\t")
        }
        try (changed.joined(separator: "\n") + "\n").write(toFile: dir + "/fonts.cache", atomically: true, encoding: .utf8)
        let again = try draw(cacheFolder: dir, in: dir)
        #expect(again.fontconfigStarted, "a match of a file of another size was used")
        #expect(again.png == cold.png)
        #expect(try cacheLines(dir) == lines)
    }

    @Test(
        "a broken cache file draws the same picture and is replaced",
        arguments: [
            ("random bytes", Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })),
            ("a header only", Data("transition-catalog font matches 1\n".utf8)),
            ("a match that is not a font", Data("transition-catalog font matches 1\nCONFIG\nKEY\t:index=x:file=\t1\t2\t3\t4\n".utf8)),
            ("an empty file", Data()),
        ])
    func brokenCache(_ name: String, _ content: Data) throws {
        let dir = try temporaryDirectory()
        let reference = try draw(cacheFolder: dir, in: dir)
        let lines = try cacheLines(dir)
        var bytes = content
        if name == "a match that is not a font" {
            // Under the real configuration and request, so that only the match itself is wrong.
            let entry = lines[2].split(separator: "\t", omittingEmptySubsequences: false)
            bytes = Data("\(lines[0])\n\(lines[1])\n\(entry[0])\t:index=x:file=:ftface=1\t1\t2\t3\t4\n".utf8)
        }
        try bytes.write(to: URL(fileURLWithPath: dir + "/fonts.cache"))
        let drawn = try draw(cacheFolder: dir, in: dir)
        #expect(drawn.fontconfigStarted, "\(name) was read as kept matches")
        #expect(drawn.png == reference.png, "\(name) changed the picture")
        #expect(try cacheLines(dir) == lines, "\(name) was not replaced")
    }

    @Test("a pipe in place of the cache file is not waited on: the picture is drawn and the cache replaced")
    func pipeInPlace() throws {
        let dir = try temporaryDirectory()
        let reference = try draw(cacheFolder: dir, in: dir)
        let lines = try cacheLines(dir)
        try FileManager.default.removeItem(atPath: dir + "/fonts.cache")
        try #require(mkfifo(dir + "/fonts.cache", 0o600) == 0)
        let drawn = try draw(cacheFolder: dir, in: dir)
        #expect(drawn.fontconfigStarted)
        #expect(drawn.png == reference.png)
        #expect(try cacheLines(dir) == lines)
    }

    @Test("a cache folder that cannot be made still draws the same picture")
    func unwritableFolder() throws {
        let dir = try temporaryDirectory()
        let reference = try draw(cacheFolder: dir + "/writable", in: dir)
        // A regular file where the cache folder would be: nothing can be written under it.
        try #require(FileManager.default.createFile(atPath: dir + "/blocked", contents: Data("not a folder".utf8)))
        for _ in 0..<2 {
            let drawn = try draw(cacheFolder: dir + "/blocked", in: dir)
            #expect(drawn.fontconfigStarted)
            #expect(drawn.png == reference.png)
        }
    }
}

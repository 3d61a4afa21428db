import Foundation
import Testing
import TestSupport
import TransitionCore

/// `catalog preview --format png|gif|html|lottie|json|text --out FILE` and `catalog gallery`,
/// run as a user runs them; the images are read back with Pillow, a decoder that shares no
/// code with the tool.
@Suite("Preview files")
struct PreviewFormatTests {
    func temporaryDirectory() throws -> String {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("tc-cli-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The files in `dir`, hidden ones included.
    func listing(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    /// Checks that a failed run printed one line starting "Error:" on standard error.
    func expectOneLineError(_ result: ProcessResult, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        CLI.expectNoCrash(result, sourceLocation: sourceLocation)
        #expect(result.status != 0, "expected a failure: \(result.stdout)", sourceLocation: sourceLocation)
        let lines = CLI.lines(result.stderr)
        #expect(lines.first?.hasPrefix("Error: ") == true, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        for word in words { #expect(lines.first?.contains(word) == true, "'\(word)' in: \(result.stderr)", sourceLocation: sourceLocation) }
    }

    @Test("png: a filmstrip of --frames frames (default 8) that Pillow reads, at the expected size")
    func png() throws {
        let dir = try temporaryDirectory()
        let result = try CLI.run(["preview", "push", "slide", "--format", "png", "--out", dir + "/slide.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let info = try ExternalTools.consumer(["image-info", dir + "/slide.png"])
        // Frames 300 pixels high (139 wide at 390x844), 24-pixel margins, 16-pixel gaps, captions.
        #expect(info["format"] as? String == "PNG" && info["frames"] as? Int == 1)
        #expect(info["width"] as? Int == 2 * 24 + 8 * 139 + 7 * 16)
        #expect(info["height"] as? Int == 400)
        _ = try CLI.run(["preview", "push", "slide", "--format", "png", "--frames", "3", "--scale", "0.5", "--out", dir + "/three.png"])
        let three = try ExternalTools.consumer(["image-info", dir + "/three.png"])
        #expect(three["width"] as? Int == 2 * 24 + 3 * 195 + 2 * 16)
        #expect(try listing(dir) == ["slide.png", "three.png"])
    }

    @Test("gif: one frame per 1/30 s at the real duration, held at each end, looping; Pillow reads it")
    func gif() throws {
        let dir = try temporaryDirectory()
        let result = try CLI.run(["preview", "push", "slide", "--format", "gif", "--out", dir + "/slide.gif"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try ExternalTools.consumer(["image-info", dir + "/slide.gif"])
        #expect(info["format"] as? String == "GIF")
        #expect(info["width"] as? Int == 222 + 24 && info["height"] as? Int == 480 + 24)
        // 0.35 s at 30 fps: 11 intervals, 12 frames.
        #expect(info["frames"] as? Int == 12)
        let durations = (info["durations"] as? [Any] ?? []).compactMap(jsonNumber)
        let total: Double = durations.reduce(0, +)
        #expect(total == 1350, "0.35 s and two 0.5 s holds: \(durations)")
        #expect(jsonNumber(info["loop"]) == 0, "loops forever")
        let fifty = try CLI.run(["preview", "present", "fade", "--format", "gif", "--fps", "50", "--out", dir + "/fade.gif"])
        #expect(fifty.status == 0, "\(fifty.stderr)")
        #expect(try ExternalTools.consumer(["image-info", dir + "/fade.gif"])["frames"] as? Int == 16)
    }

    @Test("html, lottie, json and text write their files; text and json still print without --out")
    func otherFormats() throws {
        let dir = try temporaryDirectory()
        // The built-ins alone, with no .wasm build beside them: the HTML page plays sampled frames.
        try FileManager.default.createDirectory(atPath: dir + "/native", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestEnvironment.builtinPlugin, toPath: dir + "/native/libCatalogPlugins.so")
        for (format, name) in [("html", "p.html"), ("lottie", "p.json"), ("json", "s.json"), ("text", "t.txt")] {
            let result = try CLI.run(["preview", "push", "flip", "--format", format, "--out", dir + "/" + name, "--plugin-path", dir + "/native", "--no-builtins"])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(format) with --out prints nothing")
        }
        let html = try String(contentsOfFile: dir + "/p.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("matrix3d(") && !html.contains("http"))
        #expect(html.contains("Live parameters need the animator&#39;s .wasm build"), "a native animator's page says why it is not live")
        #expect(!html.contains("id=\"module\"") && !html.contains("class=\"live\""), "a native animator's page embeds no module")
        let lottie = try CLI.jsonObject(try String(contentsOfFile: dir + "/p.json", encoding: .utf8))
        #expect(jsonNumber(lottie["fr"]) == 60 && jsonNumber(lottie["op"]) == 37, "frames 0 to 36: 0.6 s and its end state")
        #expect((lottie["assets"] as? [Any])?.isEmpty == true, "no precomposition")
        #expect((lottie["layers"] as? [[String: Any]])?.allSatisfy { jsonNumber($0["ty"]) == 4 } == true)
        let qt = try CLI.run(["preview", "push", "flip", "--format", "lottie", "--lottie-for", "qt", "--out", dir + "/qt.json"])
        #expect(qt.status == 0, "\(qt.stderr)")
        let qtDocument = try String(contentsOfFile: dir + "/qt.json", encoding: .utf8)
        #expect(qtDocument.contains("\"p\":{\"s\":true,"), "--lottie-for qt splits the position")
        let misplaced = try CLI.run(["preview", "push", "flip", "--format", "png", "--lottie-for", "qt", "--out", dir + "/x.png"])
        #expect(misplaced.status != 0 && misplaced.stderr.contains("--lottie-for applies to --format lottie"), "\(misplaced.stderr)")
        let unknown = try CLI.run(["preview", "push", "flip", "--format", "lottie", "--lottie-for", "web", "--out", dir + "/y.json"])
        #expect(unknown.status != 0 && unknown.stderr.contains("--lottie-for must be standard or qt"), "\(unknown.stderr)")
        let printed = try CLI.run(["preview", "push", "flip", "--format", "json"])
        #expect(try String(contentsOfFile: dir + "/s.json", encoding: .utf8) == printed.stdout)
        let table = try CLI.run(["preview", "push", "flip", "--no-play"])
        #expect(try String(contentsOfFile: dir + "/t.txt", encoding: .utf8) == table.stdout)
        #expect(PreviewRow.parse(table.stdout).map(PreviewRow.progresses)?.count == 9, "text keeps 9 frames by default")
    }

    /// Each transition once, the formats taking turns (the renderer tests draw every transition
    /// in every format in-process).
    @Test("every built-in animator writes a file for every operation it supports")
    func everyBuiltin() throws {
        let dir = try temporaryDirectory()
        let list = try CLI.jsonObject(try CLI.run(["list", "--json"]).stdout)
        var operations: [(String, String)] = []
        for plugin in list["plugins"] as? [[String: Any]] ?? [] {
            for a in (plugin["plugin"] as? [String: Any])?["animators"] as? [[String: Any]] ?? [] {
                guard let id = a["id"] as? String, let ops = a["operations"] as? [String] else { continue }
                operations += ops.compactMap { TransitionOperation(name: $0)?.name }.map { ($0, id) }
            }
        }
        #expect(Set(operations.map(\.1)) == Set(CLI.builtinAnimators))
        let formats = ["png", "gif", "html", "lottie"]
        for (n, (op, id)) in operations.enumerated() {
            let format = formats[n % formats.count]
            let path = "\(dir)/\(op)-\(id).\(format)"
            let result = try CLI.run(["preview", op, id, "--format", format, "--out", path])
            #expect(result.status == 0, "\(op) \(id) \(format): \(result.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 500, "\(op) \(id) \(format): \(size) bytes")
        }
    }

    @Test("an unwritable --out is one line of error, and leaves no file, partial or temporary")
    func unwritable() throws {
        let dir = try temporaryDirectory()
        let missing = try CLI.run(["preview", "push", "slide", "--format", "png", "--out", dir + "/nowhere/x.png"])
        expectOneLineError(missing, mentioning: [dir + "/nowhere/x.png", "does not exist"])
        #expect(CLI.lines(missing.stderr).count == 1)
        let directory = try CLI.run(["preview", "push", "slide", "--format", "gif", "--out", dir])
        expectOneLineError(directory, mentioning: ["is a directory"])
        #expect(try listing(dir).isEmpty)
        // A failed render leaves an existing file as it was.
        try "keep".write(toFile: dir + "/x.png", atomically: false, encoding: .utf8)
        let huge = try CLI.run(["preview", "push", "slide", "--format", "png", "--size", "10000x10000", "--scale", "8", "--out", dir + "/x.png"])
        expectOneLineError(huge, mentioning: ["pixels"])
        #expect(CLI.lines(huge.stderr).count == 1)
        #expect(try String(contentsOfFile: dir + "/x.png", encoding: .utf8) == "keep")
        #expect(try listing(dir) == ["x.png"])
    }

    @Test("bad options are refused before anything is written")
    func badOptions() throws {
        let dir = try temporaryDirectory()
        let out = dir + "/x.png"
        let cases: [([String], [String])] = [
            (["--format", "webp", "--out", out], ["unknown format 'webp'", "png, gif, html, lottie"]),
            (["--format", "png"], ["--out"]),
            (["--format", "png", "--out", out, "--size", "0x844"], ["--size"]),
            (["--format", "png", "--out", out, "--size", "390x99999"], ["--size"]),
            (["--format", "png", "--out", out, "--scale", "0"], ["--scale"]),
            (["--format", "png", "--out", out, "--frames", "1"], ["--frames"]),
            (["--format", "gif", "--out", dir + "/x.gif", "--fps", "60"], ["--fps", "50"]),
            (["--format", "gif", "--out", dir + "/x.gif", "--frames", "8"], ["--frames"]),
            (["--format", "gif", "--out", out], ["contradicts --out"]),
            (["--format", "text", "--fps", "30"], ["--fps"]),
        ]
        for (arguments, words) in cases {
            let result = try CLI.run(["preview", "push", "slide"] + arguments)
            expectOneLineError(result, mentioning: words)
        }
        #expect(try listing(dir).isEmpty)
    }

    @Test("gallery: one page of every animator and operation; a file in the way is an error")
    func gallery() throws {
        let dir = try temporaryDirectory()
        let result = try CLI.run(["gallery", "--out", dir + "/site"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote \(dir)/site/index.html") && result.stderr.contains("\(CLI.builtinAnimators.count) animators"), "\(result.stderr)")
        let html = try String(contentsOfFile: dir + "/site/index.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<section>").count - 1 == CLI.builtinAnimators.count)
        #expect(html.components(separatedBy: "<figure class=\"tile").count - 1 >= 20)
        #expect(try listing(dir + "/site") == ["index.html"])
        try "x".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
        let blocked = try CLI.run(["gallery", "--out", dir + "/file"])
        expectOneLineError(blocked, mentioning: ["is a file"])
    }
}

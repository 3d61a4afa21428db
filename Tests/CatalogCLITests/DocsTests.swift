import Foundation
import Testing
import TestSupport

/// The docs' code blocks are the files the tests build: a block right after a line
/// `<!-- file: PATH -->` must equal the file at PATH (relative to the repository) exactly.
@Suite struct DocsTests {
    /// A block that differs from its file, or names a file that does not exist.
    struct Mismatch: CustomStringConvertible {
        var page: String
        var path: String
        var reason: String
        var description: String { "\(page): the block of \(path) \(reason)" }
    }

    /// The file blocks of `markdown` (the page `page`), checked against the files under `root`.
    static func check(markdown: String, page: String, root: URL) -> (blocks: Int, mismatches: [Mismatch]) {
        let lines = markdown.components(separatedBy: "\n")
        var blocks = 0
        var mismatches: [Mismatch] = []
        var i = 0
        while i < lines.count {
            let line = lines[i].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("<!-- file: "), line.hasSuffix(" -->") else { i += 1; continue }
            let path = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
            blocks += 1
            guard i + 1 < lines.count, lines[i + 1].hasPrefix("```"),
                  let end = lines[(i + 2)...].firstIndex(where: { $0 == "```" }) else {
                mismatches.append(Mismatch(page: page, path: path, reason: "is not a fenced block right after the marker"))
                i += 1
                continue
            }
            let block = lines[(i + 2)..<end].joined(separator: "\n") + "\n"
            if let file = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) {
                if file != block { mismatches.append(Mismatch(page: page, path: path, reason: "differs from the file; copy the file into the page")) }
            } else {
                mismatches.append(Mismatch(page: page, path: path, reason: "names a file that does not exist"))
            }
            i = end + 1
        }
        return (blocks, mismatches)
    }

    @Test(arguments: ["abi-guide.md", "tutorial-c.md", "tutorial-swift.md", "tutorial-rust.md", "embedding.md"])
    func pageExistsAndItsFileBlocksEqualTheFiles(page: String) throws {
        let url = TestEnvironment.packageRoot.appendingPathComponent("docs/" + page)
        let markdown = try String(contentsOf: url, encoding: .utf8)
        let result = Self.check(markdown: markdown, page: page, root: TestEnvironment.packageRoot)
        if page != "abi-guide.md" { #expect(result.blocks > 0, "\(page) shows no file the tests build") }
        for m in result.mismatches { Issue.record("\(m)") }
    }

    @Test func aChangedBlockAndAMissingFileAreCaught() {
        let root = TestEnvironment.packageRoot
        let page = "<!-- file: Examples/transitions.json -->\n```json\n{ \"version\": 2 }\n```\n<!-- file: Examples/none.c -->\n```c\nint x;\n```\n"
        let result = Self.check(markdown: page, page: "broken.md", root: root)
        #expect(result.blocks == 2)
        #expect(result.mismatches.map(\.reason) == ["differs from the file; copy the file into the page", "names a file that does not exist"])
    }

    @Test func projectFilesExist() {
        for file in ["LICENSE", "CHANGELOG.md", "CONTRIBUTING.md"] {
            #expect(FileManager.default.fileExists(atPath: TestEnvironment.packageRoot.appendingPathComponent(file).path), "\(file) is missing")
        }
        let license = (try? String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)) ?? ""
        #expect(license.contains("Apache License") && license.contains("Version 2.0"))
    }
}

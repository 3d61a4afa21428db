import Foundation
@testable import Renderers
import Testing
import TestSupport
import TransitionCore

/// The Markdown catalogue page: a row and a section per animator, parameters with defaults and
/// ranges, variants counted per direction, and plugin text that cannot break the page.
@Suite("catalog page")
struct CatalogPageTests {
    static let slide = AnimatorDescription(
        id: "slide", name: "Slide", summary: "Slides in.", operations: [.push, .pop],
        parameters: [
            ParameterSpec(id: "duration", name: "Duration", doc: "How long.", unit: "s", kind: .number, defaultValue: 0.35, minimum: 0.05, maximum: 10),
            ParameterSpec(id: "direction", name: "Direction", doc: "Where it goes.", kind: .choice, defaultValue: 1, minimum: 0, maximum: 3, choices: ["left", "right", "up", "down"]),
        ])

    @Test("each animator has a row, a section, its filmstrip and its parameters")
    func sections() {
        let sheet = AnimatorDescription(id: "sheet", name: "Sheet", summary: "A card.", operations: [.present, .dismiss], styles: [.custom])
        let page = CatalogPageRenderer().render([
            .init(
                description: Self.slide, pluginFile: "libA.so", image: "images/catalog/slide.png", imageCaption: "push",
                source: AnimatorSource(file: "repo path/a_b.dart", symbol: "Slide", fidelity: .approximation, notes: "No *shadow*.")),
            .init(description: sheet, pluginFile: "libB.so", image: nil, imageCaption: "present"),
        ])
        #expect(page.contains("2 animators (5 variants, counted as id x direction) from 2 plugin files"))
        #expect(page.contains("| [`slide`](#slide) | push, pop | `libA.so` | Slides in. |"))
        #expect(page.contains("| [`sheet`](#sheet) | present, dismiss (custom style) | `libB.so` | A card. |"))
        #expect(page.contains("## slide\n"))
        #expect(page.contains("![slide push](images/catalog/slide.png)"))
        #expect(page.contains("| `duration` | 0.35s | 0.05...10s | How long. |"))
        #expect(page.contains("| `direction` | right |"))
        #expect(!page.contains("![sheet"), "an entry without an image shows none")
        #expect(page.contains("Source: An approximation of `Slide` in `repo path/a_b.dart`. No \\*shadow\\*."))
        #expect(page.components(separatedBy: "Source: ").count == 2, "an entry without a source shows none")
    }

    @Test("plugin text cannot add rows, links, HTML or emphasis")
    func escaping() {
        let hostile = AnimatorDescription(
            id: "x", name: "<script>alert(1)</script>", summary: "a | b *c* [d](e) `f`\nnew line\u{200B}", operations: [.push])
        let page = CatalogPageRenderer().render([.init(description: hostile, pluginFile: "lib|x`.so", image: nil, imageCaption: "push")])
        let row = page.split(separator: "\n").first { $0.hasPrefix("| [`x`]") }.map(String.init) ?? ""
        #expect(row == "| [`x`](#x) | push | `lib\\|x'.so` | a \\| b \\*c\\* \\[d\\](e) \\`f\\` new line |")
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;"))
    }

    @Test("catalog gallery --markdown writes the page and one filmstrip per animator")
    func command() throws {
        let dir = TestEnvironment.temporaryDirectory + "/catalog-page-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try runProcess(TestEnvironment.catalogExecutable, ["gallery", "--markdown", dir + "/catalog.md"])
        #expect(result.status == 0, "stderr: \(result.stderr.suffix(1500))")
        let page = try String(contentsOfFile: dir + "/catalog.md", encoding: .utf8)
        let images = try FileManager.default.contentsOfDirectory(atPath: dir + "/images/catalog").filter { $0.hasSuffix(".png") }
        let sections = page.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(sections.count >= 8)
        #expect(images.count == sections.count, "\(images.count) filmstrips for \(sections.count) animators")
        for name in images {
            let bytes = try #require(FileManager.default.contents(atPath: dir + "/images/catalog/" + name))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is not a PNG")
            #expect(page.contains("](images/catalog/\(name))"), "the page does not show \(name)")
        }
    }
}

import Foundation
import Renderers
import Testing
import TransitionCore

@Suite("HTML page and gallery")
struct HTMLTests {
    /// The @keyframes blocks of a page: name and the percentages of its keyframes.
    func keyframes(_ html: String) -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        var rest = Substring(html)
        while let start = rest.range(of: "@keyframes ") {
            let after = rest[start.upperBound...]
            guard let brace = after.firstIndex(of: "{") else { break }
            let name = String(after[..<brace])
            var depth = 0, i = brace, body = ""
            repeat {
                let c = after[i]
                if c == "{" { depth += 1 } else if c == "}" { depth -= 1 }
                body.append(c)
                i = after.index(after: i)
            } while depth > 0 && i < after.endIndex
            var percents: [Double] = []
            var level = 0, token = ""
            for c in body.dropFirst() {
                if c == "{" { level += 1; if level == 1, token.hasSuffix("%"), let v = Double(token.dropLast()) { percents.append(v) }; token = "" }
                else if c == "}" { level -= 1; token = "" }
                else if level == 0 { token.append(c) }
            }
            result[name] = percents
            rest = after[i...]
        }
        return result
    }

    @Test("the page is self-contained: inline style and script, nothing fetched")
    func selfContained() throws {
        let html = try HTMLRenderer().render(try Fixtures.timeline(try Fixtures.animator("flip"), .push), subtitle: "Flip")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for forbidden in ["http://", "https://", "src=", "<link rel=\"stylesheet\"", "@import", "url("] {
            #expect(!html.contains(forbidden), "the page refers to something outside: \(forbidden)")
        }
        #expect(html.contains("<style>") && html.contains("<script>"))
        #expect(html.contains("id=\"play\"") && html.contains("type=\"range\""), "play and scrub controls")
    }

    @Test("a view per element, animated with matrix3d keyframes over one cycle")
    func keyframeStructure() throws {
        let timeline = try Fixtures.timeline(try Fixtures.animator("flip"), .push)
        let html = try HTMLRenderer(hold: 0.5).render(timeline)
        #expect(html.components(separatedBy: "class=\"view\"").count - 1 == 2)
        #expect(html.contains("data-role=\"from\"") && html.contains("data-role=\"to\""))
        #expect(html.contains("matrix3d("))
        let frames = keyframes(html)
        #expect(frames.count == 2)
        for (name, percents) in frames {
            #expect(percents.first == 0 && percents.last == 100, "\(name)")
            #expect(percents == percents.sorted(), "\(name): ascending")
        }
        // The cycle is hold + 600 ms + hold.
        #expect(html.contains("animation-duration:1.6s"))
    }

    @Test("views that do not move get plain rules, not animations")
    func staticViews() throws {
        let frames = FrameTimes.even(3).map { p in
            TransitionFrame(progress: p, views: [
                Fixtures.view(0, .from, Fixtures.bounds),
                Fixtures.view(1, .to, Fixtures.bounds, alpha: p),
            ])
        }
        let html = try HTMLRenderer().render(.even(title: "fade", containerBounds: Fixtures.bounds, duration: 0.3, frames: frames))
        #expect(keyframes(html).keys.sorted() == ["sv1"])
        #expect(html.contains("#sv0{"))
    }

    @Test("the gallery has a section per animator and a scrubbable card per transition, with unique ids")
    func gallery() throws {
        let cases = try Fixtures.builtinCases()
        let items = try cases.map { animator, op in
            GalleryRenderer.Item(
                group: animator.id, groupTitle: animator.description.name, groupSummary: animator.description.summary,
                caption: op.name, timeline: try Fixtures.timeline(animator, op, fps: 30))
        }
        let html = try GalleryRenderer().render(items)
        #expect(html.components(separatedBy: "<section>").count - 1 == Set(cases.map { $0.0.id }).count)
        #expect(html.components(separatedBy: "<figure class=\"tile\"").count - 1 == cases.count)
        #expect(html.components(separatedBy: "type=\"range\"").count - 1 == cases.count)
        let names = Array(keyframes(html).keys)
        #expect(Set(names).count == names.count)
        for forbidden in ["http://", "https://", "src="] { #expect(!html.contains(forbidden)) }
        #expect(throws: RenderError.self) { try GalleryRenderer().render([]) }
    }

    @Test("a live page embeds the module as base64 and the web host inline, its exports dropped, with the starting values")
    func livePage() throws {
        let timeline = try Fixtures.timeline(try Fixtures.animator("flip"), .push)
        let context = try TransitionContext(operation: .push, containerBounds: timeline.containerBounds)
        let host = "export const ROLES = [];\nexport async function loadPlugin(source) { return \"</script>\"; }\n"
        let module: [UInt8] = [0, 0x61, 0x73, 0x6D, 1, 0, 0, 0, 0xFF, 0xFE]
        let specs = [
            ParameterSpec(id: "duration", name: "Duration", unit: "s", kind: .number, defaultValue: 0.6, minimum: 0.1, maximum: 2),
            ParameterSpec(id: "direction", name: "Direction", kind: .choice, defaultValue: 0, minimum: 0, maximum: 1, choices: ["left", "right"]),
            ParameterSpec(id: "shadow", name: "Shadow", kind: .bool, defaultValue: 1, minimum: 0, maximum: 1),
        ]
        let live = LivePreview(
            module: module, moduleName: "m.wasm", host: host, animatorID: "flip", context: context,
            parameters: zip(specs, [0.75, 1, 0]).map { ($0, $1) })
        let html = try HTMLRenderer().render(timeline, subtitle: "Flip", live: live)
        #expect(html.contains("<html lang=\"en\" class=\"live\">"))
        #expect(html.contains("id=\"module\" data-name=\"m.wasm\">\(Data(module).base64EncodedString())</script>"))
        #expect(html.contains("\nconst ROLES = [];\nasync function loadPlugin(source)") && !html.contains("export "), "the host's exports are dropped")
        #expect(html.contains("return \"<\\/script>\""), "a </script in the host cannot end its element")
        #expect(html.contains("INITIAL = {\"duration\":0.75,\"direction\":\"right\",\"shadow\":false}"))
        #expect(html.contains("id=\"param-line\"") && html.contains("id=\"rule\"") && html.contains("id=\"parameters\""))
        for forbidden in ["http://", "https://", "src=", "@import", "url("] {
            #expect(!html.contains(forbidden), "the page refers to something outside: \(forbidden)")
        }
        #expect(html.contains(#"COMMAND = "catalog preview push flip""#))

        // The copied command repeats the other arguments, quoted for a shell; the rule carries a
        // custom presentation's style and detent.
        let custom = try TransitionContext(operation: .present, style: .custom, containerBounds: timeline.containerBounds)
        let sheet = LivePreview(
            module: module, moduleName: "m.wasm", host: host, animatorID: "sheet", context: custom, parameters: [],
            arguments: ["--style", "custom", "--detent", "0.5", "--match", "card:1,2,3x4->5,6,7x8", "it's"], detent: "0.5")
        let page = try HTMLRenderer().render(timeline, live: sheet)
        #expect(page.contains(#"COMMAND = "catalog preview present sheet --style custom --detent 0.5 --match 'card:1,2,3x4-\u003e5,6,7x8' 'it'\\''s'""#), "\(page.components(separatedBy: "COMMAND = ").last?.prefix(120) ?? "")")
        #expect(page.contains(#"RULE = "\"operation\":\"present\",\"animator\":\"sheet\",\"style\":\"custom\",\"detent\":0.5""#))
    }

    @Test("titles are escaped")
    func escaping() throws {
        var timeline = Fixtures.linearPush()
        timeline.title = "<script>alert(1)</script> & \"x\""
        let html = try HTMLRenderer().render(timeline)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
    }
}

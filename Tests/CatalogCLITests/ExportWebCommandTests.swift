import Foundation
import Testing
import TestSupport

/// `catalog export web`: the CSS it writes, and its one-line errors for bad input and for a
/// plugin that crashes while it is sampled.
@Suite("catalog export web")
struct ExportWebCommandTests {
    @Test("each operation given gets its own type-selected block with the animator's duration, in the file and on stdout alike")
    func writesOneBlockPerOperation() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/push.css"
        let written = try CLI.run(["export", "web", "push", "push", "pop", "--out", file])
        CLI.expectNoCrash(written)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        #expect(CLI.lines(written.stderr) == ["wrote \(file)"])
        let css = try String(contentsOfFile: file, encoding: .utf8)
        for op in ["push", "pop"] {
            for pseudo in ["old", "new"] {
                #expect(css.contains("html:active-view-transition-type(\(op))::view-transition-\(pseudo)(root){animation-name:tc-push-\(op)-\(pseudo);animation-duration:0.35s}"))
                #expect(css.contains("@keyframes tc-push-\(op)-\(pseudo){"))
            }
        }
        #expect(!css.contains("type(present)"), "only the operations asked for")
        let keyframes = css.components(separatedBy: "%{").count - 1
        #expect(keyframes > 8 && keyframes < 200, "between the two ends and one keyframe per sample: \(keyframes)")

        let printed = try CLI.run(["export", "web", "push", "push", "pop"])
        #expect(printed.status == 0)
        #expect(printed.stdout == css, "the same CSS on stdout")

        let longer = try CLI.run(["export", "web", "push", "push", "--param", "duration=0.7"])
        #expect(longer.stdout.contains("animation-duration:0.7s}"), "a parameter reaches the sampled motion")
    }

    @Test("a --match element is written as a named group, through the worker")
    func writesNamedGroups() throws {
        let result = try CLI.run(["export", "web", "ios-zoom", "push", "--match", "card:16,200,358x120->0,0,390x300"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("::view-transition-group(card){animation:none;transform:none;top:0;left:0}"))
        #expect(result.stdout.contains("@keyframes tc-ios-zoom-push-old-card{"))
        let bad = try CLI.run(["export", "web", "ios-zoom", "push", "--match", "card:1,2"])
        #expect(bad.status == 64, "\(bad.stderr)")
    }

    /// A command line, the status it must end with and what its error line must mention.
    struct Mistake: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var fragments: [String]
        var testDescription: String { "catalog " + arguments.joined(separator: " ") }
    }

    static let mistakes: [Mistake] = [
        Mistake(arguments: ["export", "web", "slid"], status: 64, fragments: ["slid", "'slide'"]),
        Mistake(arguments: ["export", "web", "dimmed-sheet", "push"], status: 64, fragments: ["dimmed-sheet", "push", "present, dismiss"]),
        Mistake(arguments: ["export", "web", "slide", "psh"], status: 64, fragments: ["psh", "'push'"]),
        Mistake(arguments: ["export", "web", "slide", "--size", "abc"], status: 64, fragments: ["--size", "abc"]),
        Mistake(arguments: ["export", "web", "slide", "--fps", "5"], status: 64, fragments: ["--fps", "30", "480"]),
        Mistake(arguments: ["export", "web", "slide", "--param", "nope=1"], status: 64, fragments: ["nope"]),
        Mistake(arguments: ["export", "web", "slide", "--out", "/nonexistent-dir/x.css"], status: 73, fragments: ["/nonexistent-dir/x.css"]),
    ]

    @Test("a mistake gives its status and a one-line error", arguments: mistakes)
    func mistake(_ m: Mistake) throws {
        let (status, fragments) = (m.status, m.fragments)
        let result = try CLI.run(m.arguments)
        CLI.expectNoCrash(result)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let message = try #require(CLI.lines(result.stderr).first)
        #expect(message.hasPrefix("Error: "))
        for fragment in fragments { #expect(message.contains(fragment), "'\(message)' should mention \(fragment)") }
        for line in CLI.lines(result.stderr).dropFirst() {
            #expect(line.hasPrefix("Usage: ") || line.trimmingCharacters(in: .whitespaces).hasPrefix("See '"), "unexpected stderr line: \(line)")
        }
    }

    @Test("a plugin that crashes while sampled costs one line naming it, and the host survives")
    func crashingPlugin() throws {
        let result = try CLI.run(["export", "web", "crash-in-step", "push", "--no-builtins", "--plugin-path", try FixturePlugins.path("crash_in_step")])
        CLI.expectNoCrash(result)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = CLI.lines(result.stderr)
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: org.example.crash:crash-in-step: ") && lines[0].contains("SIGSEGV"), "\(lines)")
    }
}

/// The demo page in `Examples/web`: its style sheet is what the tool exports today, and a click
/// in Chromium starts a push view transition that plays the exported keyframes.
@Suite("the web demo")
struct WebDemoTests {
    static var demo: String { TestEnvironment.packageRoot.appendingPathComponent("Examples/web").path }

    @Test("Examples/web/cube.css is what `catalog export web cube push pop` writes")
    func styleSheetIsCurrent() throws {
        let result = try CLI.run(["export", "web", "cube", "push", "pop"])
        #expect(result.status == 0, "\(result.stderr)")
        let shipped = try String(contentsOfFile: Self.demo + "/cube.css", encoding: .utf8)
        // The same text, with numbers equal to within rounding of their last digits.
        let (fresh, old) = (Self.tokens(result.stdout), Self.tokens(shipped))
        let same = fresh.text == old.text && fresh.numbers.count == old.numbers.count
            && zip(fresh.numbers, old.numbers).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0)) }
        #expect(same, "regenerate it: catalog export web cube push pop --out Examples/web/cube.css")
        #expect(Self.tokens("a:1.5px b:2").numbers == [1.5, 2] && Self.tokens("a:1.5px").text != Self.tokens("a:1.5em").text)
    }

    /// The text with each number replaced by `#`, and the numbers.
    static func tokens(_ css: String) -> (text: String, numbers: [Double]) {
        var text = "", numbers: [Double] = [], number = ""
        func flush() {
            guard !number.isEmpty else { return }
            if let value = Double(number) { numbers.append(value); text += "#" } else { text += number }
            number = ""
        }
        for c in css {
            if c.isNumber || c == "." || (c == "-" && number.isEmpty) { number.append(c) } else { flush(); text.append(c) }
        }
        flush()
        return (text, numbers)
    }

    @Test("a click in the demo app starts a push view transition with the exported keyframes, and the back button a pop")
    func clickPushes() throws {
        let script = """
            (async () => {
              // The transition's animations appear once the browser has captured both states.
              const settle = () => new Promise((ok) => { const t0 = Date.now(); const w = () => document.getAnimations().length || Date.now() - t0 > 20000 ? ok() : setTimeout(w, 20); w(); });
              const names = () => document.getAnimations().map((a) => a.animationName).sort().join(" ");
              document.querySelector("li button").click();
              await settle();
              const push = names();
              await Promise.all(document.getAnimations().map((a) => a.finished));
              document.getElementById("back").click();
              await settle();
              return [push, names(), document.getElementById("subject").textContent];
            })()
            """
        let spec: [String: Any] = [
            "chromium": try ExternalTools.chromium(), "url": "file://\(Self.demo)/app.html", "width": 390, "height": 844, "script": script,
        ]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let specPath = dir + "/spec.json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let report = try ExternalTools.consumer(["browser-run", specPath])
        #expect((report["console"] as? [String] ?? ["no report"]).isEmpty, "\(report["console"] ?? "")")
        let value = try #require(report["value"] as? [String])
        #expect(value == ["tc-cube-push-new tc-cube-push-old", "tc-cube-pop-new tc-cube-pop-old", "Lunch on Friday?"])
    }
}

import Foundation
import PluginHost
@testable import Renderers
import Testing
import TestSupport
import TransitionCore

/// `Examples/web/live`, the web app whose screen changes run the built-in animators' `.wasm` in
/// headless Chromium: its push through a view transition looks as the PNG renderer draws it, its
/// edge-swipe pop follows a person's drag exactly as `catalog preview --interactive` plays the
/// scenario the page shows, and its sheet is presented over dimming at the medium detent.
@Suite("The example web app in Chromium")
struct ExampleWebAppBrowserTests {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    /// The served directory: the app where it lives in the repository, the web host, the Swift
    /// built-ins' module and `files`.
    static func serve(_ files: [String: [UInt8]] = [:]) throws -> String {
        let dir = try Fixtures.temporaryDirectory()
        let root = TestEnvironment.packageRoot
        try FileManager.default.createDirectory(atPath: dir + "/web", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/Examples/web/live", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("web/transition-catalog.js").path, toPath: dir + "/web/transition-catalog.js")
        for name in ["index.html", "app.js"] {
            try FileManager.default.copyItem(atPath: root.appendingPathComponent("Examples/web/live/" + name).path, toPath: dir + "/Examples/web/live/" + name)
        }
        try FileManager.default.copyItem(atPath: try WasmFixtures.swiftBuiltins(), toPath: dir + "/catalog-plugins.wasm")
        for (name, bytes) in files { try Fixtures.write(bytes, name, in: dir) }
        return dir
    }

    /// The app with its module, and the pop lasting 1.5 s, so that a press soon after letting go
    /// comes while it cancels, however slowly the machine dispatches the events.
    static let url = "Examples/web/live/index.html?module=../../../catalog-plugins.wasm&pop.duration=1.5"
    static let wait = "(async () => { while (!window.app) await new Promise((ok) => setTimeout(ok, 10)); await window.app.ready; return document.getElementById('error').textContent; })()"

    /// Runs `scripts` on the app in Chromium; checks that it logged nothing and asked only for its own files.
    static func browse(_ dir: String, _ scripts: [Any], extra: [String] = []) throws -> [Any] {
        let spec: [String: Any] = [
            "chromium": try ExternalTools.chromium(), "serve": dir, "url": url, "width": 900, "height": 1000, "scripts": scripts, "out": dir,
        ]
        let specPath = try Fixtures.write(Array(try JSONSerialization.data(withJSONObject: spec)), "spec.json", in: dir)
        let report = try ExternalTools.consumer(["browser-run", specPath])
        #expect((report["console"] as? [String] ?? ["no report"]).isEmpty, "the app logged: \(report["console"] ?? "")")
        let origin = try #require(report["origin"] as? String)
        let own = Set(([url, "Examples/web/live/app.js", "web/transition-catalog.js", "catalog-plugins.wasm"] + extra).map { origin + $0 })
        let requests = try #require(report["requests"] as? [String])
        #expect(requests.allSatisfy(own.contains), "the app asked for files that are not its own: \(requests.filter { !own.contains($0) })")
        let files = try #require(report["files"] as? [String])
        return try files.map { try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: $0)), options: [.fragmentsAllowed]) }
    }

    @Test("a push in the app, parked at 25, 50 and 75 %, looks as the PNG renderer draws the cube at those progresses")
    func pushLooksLikeThePNGRenderer() throws {
        let cube = try #require(try PluginLibrary.load(path: TestEnvironment.builtinPlugin).animators.first { $0.id == "cube" })
        let c = try WebExportBrowserTests.makeCase(cube)
        var style = CardStyle.standard
        style.deviceCornerFraction = 0
        let dir = try Self.serve([
            "from.png": try WebExportBrowserTests.statePicture(.from, of: c.timeline),
            "to.png": try WebExportBrowserTests.statePicture(.to, of: c.timeline),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The screens show the PNG renderer's card faces instead of their own content, over the
        // renderer's screen colour, so that the pictures can be compared pixel by pixel.
        let look = """
            (() => {
              const css = document.createElement("style");
              css.textContent = "html, body, #phone { background: \(style.screen.css) !important } #inbox > *, #message > * { visibility: hidden }"
                + " #inbox { background: url(/from.png) 0 0 / 390px 844px !important } #message { background: url(/to.png) 0 0 / 390px 844px !important }";
              document.head.appendChild(css);
              return Promise.all(["/from.png", "/to.png"].map((src) => { const i = new Image(); i.src = src; return i.decode(); })).then(() => true);
            })()
            """
        var scripts: [Any] = [Self.wait, look, "(async () => { await window.app.push(); return window.app.running; })()"]
        for (k, fraction) in WebExportBrowserTests.fractions.enumerated() {
            scripts.append("window.app.park(\(fraction))")
            scripts.append(["screenshot": "shot-\(k).png", "clip": "#phone"])
        }
        let values = try Self.browse(dir, scripts, extra: ["from.png", "to.png"])
        #expect(values[0] as? String == "", "the app reports: \(values[0])")
        #expect(values[2] as? String == "push", "the push did not start: \(values[2])")
        let painter = FramePainter(bounds: Self.bounds, frames: c.timeline.entries.map(\.frame), style: style)
        var pairs: [(String, String)] = []
        for (k, frame) in c.references.enumerated() {
            pairs.append((dir + "/shot-\(k).png", try Fixtures.write(try painter.png(frame), "ours-\(k).png", in: dir)))
        }
        // The control: the first moment against the picture of the last.
        pairs.append((dir + "/shot-0.png", dir + "/ours-2.png"))
        let fractions = try CrossCheckTests.fractionsOver48(pairs)
        for (k, f) in fractions.prefix(3).enumerated() {
            #expect(f < 0.01, "cube push at \(WebExportBrowserTests.fractions[k]): \(f * 100)% of the pixels differ from the PNG renderer's")
        }
        #expect(fractions[3] > 0.05, "25 % against 75 % should differ clearly; \(fractions[3] * 100)% of the pixels do")
    }

    @Test("a drag from the left edge pops, lets go short of half way, is caught and let go past it: the app's phases and states equal catalog preview --interactive with the scenario it shows; a sheet is presented over dimming at the medium detent and dismissed")
    func edgeSwipePopAndSheet() throws {
        let dir = try Self.serve()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pushed = "(async () => { await window.app.push(); for (let i = 0; i < 300 && window.app.running; i++) await new Promise((ok) => setTimeout(ok, 20)); await new Promise((ok) => setTimeout(ok, 400)); return document.getElementById('message').hidden; })()"
        let drag = LivePreviewBrowserTests.drag(axis: 0, sign: 1, from: 6, across: 390)
        let done = """
            (async () => {
              for (let i = 0; i < 500 && !(window.app.gesture && window.app.gesture.done); i++) await new Promise((ok) => setTimeout(ok, 20));
              const ROLES = ["from", "to", "snapshot", "dimming", "shadow", "tile", "decoration"];
              \(WebHostBrowserTests.packing)
              const times = window.app.times(30), sampled = await window.app.frames(times);
              return { gesture: window.app.gesture, shown: document.getElementById("scenario").textContent,
                inbox: !document.getElementById("inbox").hidden, message: !document.getElementById("message").hidden,
                times: encode(times), phases: sampled.map((s) => s.phase), numbers: encode(pack(sampled.map((s) => s.frame))) };
            })()
            """
        let present = """
            (async () => {
              await window.app.push();
              for (let i = 0; i < 300 && window.app.running; i++) await new Promise((ok) => setTimeout(ok, 20));
              await new Promise((ok) => setTimeout(ok, 400));
              document.getElementById("reply").click();
              await new Promise((ok) => setTimeout(ok, 50));
              for (let i = 0; i < 300 && window.app.running; i++) await new Promise((ok) => setTimeout(ok, 20));
              const sheet = document.getElementById("sheet"), dim = [...document.querySelectorAll("#phone .made")].find((e) => e.style.visibility === "visible");
              const presented = { hidden: sheet.hidden, top: parseFloat(sheet.style.top), height: parseFloat(sheet.style.height),
                dimming: dim ? [parseFloat(dim.style.opacity), dim.style.backgroundColor, parseFloat(dim.style.width)] : null };
              document.getElementById("close").click();
              await new Promise((ok) => setTimeout(ok, 50));
              for (let i = 0; i < 300 && window.app.running; i++) await new Promise((ok) => setTimeout(ok, 20));
              return { presented, dismissed: sheet.hidden, error: document.getElementById("error").textContent };
            })()
            """
        let values = try Self.browse(dir, [Self.wait, pushed, ["mouse": drag, "relativeTo": "#phone"], done, present])
        #expect(values[1] as? Bool == false, "the message did not come in")
        let value = try #require(values[3] as? [String: Any])
        let gesture = try #require(value["gesture"] as? [String: Any], "no gesture in the app")
        let scenario = try #require(gesture["scenario"] as? String)
        let animator = try #require(gesture["animator"] as? String)
        #expect(value["shown"] as? String == scenario, "the page shows \(value["shown"] ?? "") for \(scenario)")
        #expect(gesture["finishes"] as? Bool == true && value["inbox"] as? Bool == true && value["message"] as? Bool == false, "the pop did not end on the inbox: \(value)")
        let verbs = scenario.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0] }
        #expect(verbs.filter { $0 == "release" }.count == 2 && verbs.filter { $0 == "grab" }.count == 1, "\(scenario)")

        let result = try runProcess(TestEnvironment.catalogExecutable, [
            "preview", "pop", animator, "--plugin-path", dir + "/catalog-plugins.wasm", "--no-builtins", "--interactive", scenario, "--format", "json",
            "--param", "duration=1.5",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let document = try JSONDecoder().decode(LivePreviewBrowserTests.InteractiveDocument.self, from: Data(result.stdout.utf8))
        let frames = try JSONDecoder().decode(WebHostBrowserTests.PreviewDocument.self, from: Data(result.stdout.utf8)).frames
        #expect(document.finished && document.events.contains { $0.event.hasPrefix("grab") }, "\(document.events.map(\.event))")
        #expect(try WebHostBrowserTests.doubles(try #require(value["times"] as? String)) == document.frames.map(\.time), "the app samples other times than the engine")
        #expect(value["phases"] as? [String] == document.frames.map(\.phase), "the phases differ")
        let ours = try WebHostBrowserTests.doubles(try #require(value["numbers"] as? String)), engine = frames.flatMap(WebHostBrowserTests.numbers)
        #expect(ours.count == engine.count && zip(ours, engine).allSatisfy { abs($0 - $1) <= 1e-9 }, "the app's states during the drag differ from the engine's")

        // The sheet rests at the medium detent over the animator's dimming, as the engine leaves them.
        let modal = try #require(values[4] as? [String: Any])
        let presented = try #require(modal["presented"] as? [String: Any])
        #expect(modal["error"] as? String == "", "\(modal)")
        #expect(presented["hidden"] as? Bool == false && presented["top"] as? Double == 422 && presented["height"] as? Double == 422, "\(presented)")
        let sheet = try runProcess(TestEnvironment.catalogExecutable, [
            "preview", "present", "dimmed-sheet", "--plugin-path", dir + "/catalog-plugins.wasm", "--no-builtins", "--style", "custom", "--detent", "medium",
            "--format", "json",
        ])
        let last = try #require(try JSONDecoder().decode(WebHostBrowserTests.PreviewDocument.self, from: Data(sheet.stdout.utf8)).frames.last)
        let dimming = try #require(last.views.first { $0.role == .dimming })
        let shown = try #require(presented["dimming"] as? [Any], "no dimming view over the message")
        #expect(abs((shown[0] as? Double ?? -1) - dimming.state.alpha) < 1e-6 && shown[2] as? Double == 390, "dimming \(shown), engine alpha \(dimming.state.alpha)")
        #expect(modal["dismissed"] as? Bool == true, "the sheet stayed after Done")
    }
}

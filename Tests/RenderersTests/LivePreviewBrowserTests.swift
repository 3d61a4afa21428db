import Foundation
import PluginHost
import Testing
import TestSupport
import TransitionCore

/// `catalog preview --format html` of a `.wasm` animator in headless Chromium: the page runs the
/// animator's own module, and its states, its parameter controls and its copy panel are set
/// against `catalog preview --format json`.
@Suite("The live HTML preview in Chromium")
struct LivePreviewBrowserTests {
    /// One page to check: an animator of a module, and the parameter changes a user makes.
    struct Case {
        var module: String
        var animator: String
        var operation: String
        /// Parameter id and the value the test sets through the page's control.
        var changes: [(id: String, value: Any)]
    }

    static let progresses = [0, 0.1, 0.25, 0.4, 0.5, 0.75, 0.9, 1]

    static func cases() throws -> [Case] {
        [
            Case(module: try WasmFixtures.swiftBuiltins(), animator: "cube", operation: "push", changes: [("duration", 0.9), ("direction", "up"), ("camera", 3.5)]),
            Case(module: try WasmFixtures.cBuiltins(), animator: "fade-forwards", operation: "pop", changes: [("duration", 0.45)]),
        ]
    }

    /// `catalog ARGUMENTS`, which must succeed.
    static func catalog(_ arguments: [String]) throws -> String {
        let result = try runProcess(TestEnvironment.catalogExecutable, arguments)
        guard result.status == 0 else { throw ExternalTools.ToolError("catalog \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout
    }

    /// The engine's duration and frames at `progresses`' count of even frames, with `parameters`
    /// as command-line arguments.
    static func engine(_ c: Case, _ parameters: [String]) throws -> (duration: Double, numbers: [Double]) {
        let json = try catalog([
            "preview", c.operation, c.animator, "--plugin-path", c.module, "--no-builtins", "--format", "json",
            "--frames", "\(progresses.count)",
        ] + parameters)
        let document = try JSONDecoder().decode(WebHostBrowserTests.PreviewDocument.self, from: Data(json.utf8))
        return (document.duration, document.frames.flatMap(WebHostBrowserTests.numbers))
    }

    /// A script that waits for the page, optionally changes parameters through their controls as
    /// input events, and gives the page's duration, details line, copy panel, controls and
    /// frames (packed) at the frames `catalog preview --frames N` samples.
    static func script(changes: [(id: String, value: Any)]) throws -> String {
        let sets = try changes.map { "set(\(try WebHostBrowserTests.literal($0.id)), \(try WebHostBrowserTests.literal($0.value)));" }.joined()
        let count = progresses.count
        return """
            (async () => {
              while (!window.livePreview) await new Promise((ok) => setTimeout(ok, 10));
              await window.livePreview.ready;
              const ROLES = ["from", "to", "snapshot", "dimming", "shadow", "tile", "decoration"];
              \(WebHostBrowserTests.packing)
              const set = (id, value) => {
                const e = document.querySelector('[data-parameter="' + id + '"]');
                if (e.type === "checkbox") { e.checked = value; e.dispatchEvent(new Event("change", { bubbles: true })); }
                else if (e.tagName === "SELECT") { e.value = value; e.dispatchEvent(new Event("change", { bubbles: true })); }
                else { e.value = String(value); e.dispatchEvent(new Event("input", { bubbles: true })); }
              };
              \(sets)
              await window.livePreview.settled();
              const progresses = Array.from({ length: \(count) }, (_, i) => (i === \(count - 1) ? 1 : i / \(count - 1)));
              const controls = [...document.querySelectorAll("[data-parameter]")].map((e) => ({
                id: e.dataset.parameter, tag: e.tagName, type: e.type, min: e.min, max: e.max, value: e.type === "checkbox" ? String(e.checked) : e.value,
                options: e.tagName === "SELECT" ? [...e.options].map((o) => o.value) : [] }));
              return {
                duration: window.livePreview.duration, details: document.getElementById("details").textContent,
                line: document.getElementById("param-line").textContent, rule: document.getElementById("rule").textContent,
                controls, numbers: encode(pack(window.livePreview.frames(progresses))),
                bare: document.documentElement.classList.contains("bare"), slider: document.getElementById("scrub").value,
                readout: document.getElementById("readout").textContent,
                drawn: window.livePreview.frames([0.4])[0].views.filter((v) => v.containerIndex !== null).map((v) => {
                  const e = document.querySelector('.view[data-view="' + v.id + '"]:not([data-backdrop])');
                  if (!e) return -1;
                  const s = v.state, shown = [e.style.left, e.style.top, e.style.width, e.style.height, e.style.opacity].map(parseFloat);
                  const wanted = [s.frame.x, s.frame.y, s.frame.width, s.frame.height, Math.min(1, Math.max(0, s.alpha))];
                  return Math.max(...shown.map((x, k) => Math.abs(x - wanted[k])));
                }),
              };
            })()
            """
    }

    @Test("cube and a C built-in play live: no console errors, no request but the page, parked by #p=0.4&bare, the engine's states before and after parameters change through the controls, and a copy panel whose --param line gives the page's states back and whose rule runs")
    func livePages() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for c in try Self.cases() {
            let page = "\(c.animator).html"
            _ = try Self.catalog(["preview", c.operation, c.animator, "--plugin-path", c.module, "--no-builtins", "--format", "html", "--out", dir + "/" + page])
            let html = try String(contentsOfFile: dir + "/" + page, encoding: .utf8)
            #expect(!html.contains("Live parameters need"), "\(c.animator): the page says it is not live")
            let spec: [String: Any] = [
                "chromium": try ExternalTools.chromium(), "serve": dir, "url": page + "#p=0.4&bare", "width": 900, "height": 1200,
                "scripts": [try Self.script(changes: []), try Self.script(changes: c.changes)], "out": dir,
            ]
            let specPath = try Fixtures.write(Array(try JSONSerialization.data(withJSONObject: spec)), "spec.json", in: dir)
            let report = try ExternalTools.consumer(["browser-run", specPath])
            #expect((report["console"] as? [String] ?? ["no report"]).isEmpty, "\(c.animator): the page logged \(report["console"] ?? "")")
            let origin = try #require(report["origin"] as? String)
            #expect(report["requests"] as? [String] == [origin + page], "\(c.animator): the page asked for \(report["requests"] ?? "")")
            let files = try #require(report["files"] as? [String])
            let values = try files.map { try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: $0))) as? [String: Any]) }
            try #require(values.count == 2)
            let (before, after) = (values[0], values[1])

            // `#p=0.4&bare` parks the page at 40 % of the duration, before and after a change, and
            // draws the module's states there.
            for value in [before, after] {
                let duration = try #require(value["duration"] as? Double)
                #expect(value["bare"] as? Bool == true && value["slider"] as? String == "400", "\(c.animator): \(value["slider"] ?? "")")
                #expect(value["readout"] as? String == "\(Int((duration * 400).rounded())) ms · 40%", "\(c.animator): \(value["readout"] ?? "")")
                let drawn = try #require(value["drawn"] as? [Double])
                #expect(!drawn.isEmpty && drawn.allSatisfy { $0 >= 0 && $0 <= 1e-3 }, "\(c.animator): the views drawn differ from the states at 0.4 (CSS keeps 6 digits): \(drawn)")
            }

            // The controls: one per parameter, with the descriptor's range and default.
            let described = try #require(try PluginLibrary.load(path: c.module).animators.first { $0.id == c.animator })
            let controls = try #require(before["controls"] as? [[String: Any]])
            #expect(controls.map { $0["id"] as? String } == described.description.parameters.map(\.id), "\(c.animator): \(controls)")
            for (control, p) in zip(controls, described.description.parameters) {
                switch p.kind {
                case .number, .integer:
                    #expect(control["type"] as? String == "range", "\(p.id)")
                    #expect(Double(control["min"] as? String ?? "") == p.minimum && Double(control["max"] as? String ?? "") == p.maximum, "\(p.id): \(control)")
                    #expect(Double(control["value"] as? String ?? "") == p.defaultValue, "\(p.id): \(control)")
                case .bool:
                    #expect(control["type"] as? String == "checkbox" && control["value"] as? String == (p.defaultValue != 0 ? "true" : "false"), "\(p.id)")
                case .choice:
                    #expect(control["tag"] as? String == "SELECT" && control["options"] as? [String] == p.choices, "\(p.id)")
                    #expect(control["value"] as? String == p.display(p.defaultValue), "\(p.id)")
                }
            }

            // The page's states equal the engine's with the defaults, then with the changes as --param.
            let defaults = try Self.engine(c, [])
            let changed = try Self.engine(c, c.changes.map { "--param=\($0.id)=\($0.value)" })
            #expect(changed.duration != defaults.duration, "\(c.animator): the change should move the duration")
            for (name, value, engine) in [("defaults", before, defaults), ("changed", after, changed)] {
                #expect(value["duration"] as? Double == engine.duration, "\(c.animator) \(name): duration \(value["duration"] ?? "") in the page, \(engine.duration) in the engine")
                #expect((value["details"] as? String)?.contains("\(Int((engine.duration * 1000).rounded())) ms") == true, "\(c.animator) \(name): \(value["details"] ?? "")")
                let ours = try WebHostBrowserTests.doubles(try #require(value["numbers"] as? String))
                #expect(ours.count == engine.numbers.count, "\(c.animator) \(name): \(ours.count) numbers in the page, \(engine.numbers.count) in the engine")
                let worst = zip(ours, engine.numbers).map { abs($0 - $1) }.max() ?? .nan
                #expect(worst <= 1e-9, "\(c.animator) \(name): the page's states differ from the engine's by \(worst)")
            }

            // The copy panel's --param line, given back to the command line, gives the page's states.
            let line = try #require(after["line"] as? String)
            let arguments = line.split(separator: " ").map(String.init)
            #expect(arguments.count == 2 * described.description.parameters.count && arguments.enumerated().allSatisfy { $0.offset % 2 == 1 || $0.element == "--param" }, "\(line)")
            let copied = try Self.engine(c, arguments)
            #expect(copied.duration == after["duration"] as? Double)
            let ours = try WebHostBrowserTests.doubles(try #require(after["numbers"] as? String))
            #expect(ours.count == copied.numbers.count && zip(ours, copied.numbers).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(c.animator): \(line) gives other states")

            // The transitions-file rule names the transition and carries the same values.
            let rule = try #require(try JSONSerialization.jsonObject(with: Data((after["rule"] as? String ?? "").utf8)) as? [String: Any])
            #expect(rule["operation"] as? String == c.operation && rule["animator"] as? String == c.animator)
            let ruleParameters = try #require(rule["parameters"] as? [String: Any])
            for (id, value) in c.changes {
                #expect("\(ruleParameters[id] ?? "none")" == "\(value)", "\(id): \(ruleParameters[id] ?? "none") in the rule, \(value) set")
            }
            if c.operation == "push" {
                // As a transitions file's one rule, it makes `catalog run` push with the page's duration.
                let file = try Fixtures.write(Array(#"{"version": 1, "rules": [\#(after["rule"] as? String ?? "")]}"#.utf8), "transitions.json", in: dir)
                let run = try Self.catalog(["run", "--source", file, "--plugin-path", c.module, "--no-builtins", "push", "--format", "json"])
                let transitions = try #require(try JSONSerialization.jsonObject(with: Data(run.utf8)) as? [String: Any])["transitions"] as? [[String: Any]]
                #expect(transitions?.first?["duration"] as? Double == after["duration"] as? Double, "catalog run with the rule: \(transitions?.first?["duration"] ?? "none")")
                #expect((transitions?.first?["animator"] as? String)?.hasSuffix(":" + c.animator) == true)
            }
        }
    }

    /// What `catalog preview --interactive --format json` prints, as far as the gesture test reads it.
    struct InteractiveDocument: Decodable {
        struct Frame: Decodable {
            var time: Double
            var phase: String
        }
        struct Event: Decodable {
            var event: String
        }
        var duration: Double
        var finished: Bool
        var events: [Event]
        var frames: [Frame]
    }

    /// A person's drag on the device, in points from its corner: press, move towards the end of
    /// the transition short of half way, let go slowly (it cancels), press again 40 ms later
    /// while it cancels (the transitions dragged last 1.5 s, so the cancel takes half a second), drag on well past half way and let go (it finishes). `sign` is +1 when moving right or
    /// down advances the transition, -1 when moving left or up does; `axis` 0 for x, 1 for y.
    static func drag(axis: Int, sign: Double, from start: Double, across: Double) -> [[Any]] {
        func at(_ fraction: Double) -> (Double, Double) {
            let along = start + sign * fraction * across, other = 300.0
            return axis == 0 ? (along, other) : (other, along)
        }
        var events: [[Any]] = []
        func add(_ kind: String, _ fraction: Double, _ pause: Double) {
            let (x, y) = at(fraction)
            events.append([kind, x, y, pause])
        }
        add("press", 0, 40)
        for f in [0.05, 0.12, 0.2, 0.28, 0.33, 0.36] { add("move", f, 40) }
        add("release", 0.36, 40)
        add("press", 0.3, 40)
        for f in [0.4, 0.5, 0.6, 0.7, 0.75] { add("move", f, 40) }
        add("release", 0.75, 40)
        return events
    }

    @Test("a drag on the live page scrubs, lets go, is caught while it cancels and let go again: the page's phases and states at the engine's sample times equal catalog preview --interactive with the scenario it shows, and its copied command runs")
    func dragScrubsReleasesAndGrabs() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [(module: String, animator: String, operation: String, axis: Int, sign: Double, across: Double, start: Double)] = [
            (try WasmFixtures.swiftBuiltins(), "cube", "push", 0, -1, 390, 370),
            (try WasmFixtures.swiftBuiltins(), "dimmed-sheet", "present", 1, -1, 844, 800),
        ]
        // Long enough that a press 40 ms after letting go comes while the transition cancels,
        // however slowly the machine dispatches the events.
        let parameters = ["--param", "duration=1.5"]
        for c in cases {
            let page = "\(c.animator).html"
            _ = try Self.catalog(["preview", c.operation, c.animator, "--plugin-path", c.module, "--no-builtins", "--format", "html", "--out", dir + "/" + page])
            let wait = """
                (async () => {
                  while (!window.livePreview) await new Promise((ok) => setTimeout(ok, 10));
                  await window.livePreview.ready;
                  const e = document.querySelector('[data-parameter="duration"]');
                  e.value = "1.5";
                  e.dispatchEvent(new Event("input", { bubbles: true }));
                  await window.livePreview.settled();
                  return window.livePreview.duration;
                })()
                """
            let done = """
                (async () => {
                  const line = () => document.getElementById("gesture-line").textContent;
                  for (let i = 0; i < 500 && !(window.livePreview.gesture && window.livePreview.gesture.done && line().startsWith("catalog")); i++) await new Promise((ok) => setTimeout(ok, 20));
                  const ROLES = ["from", "to", "snapshot", "dimming", "shadow", "tile", "decoration"];
                  \(WebHostBrowserTests.packing)
                  const g = window.livePreview.gesture;
                  const times = window.livePreview.gestureTimes(30);
                  const sampled = window.livePreview.gestureFrames(times);
                  return { gesture: g, line: line(), times: encode(times), phases: sampled.map((s) => s.phase), numbers: encode(pack(sampled.map((s) => s.frame))) };
                })()
                """
            let spec: [String: Any] = [
                "chromium": try ExternalTools.chromium(), "serve": dir, "url": page + "#bare", "width": 900, "height": 1200,
                "scripts": [wait, ["mouse": Self.drag(axis: c.axis, sign: c.sign, from: c.start, across: c.across), "relativeTo": ".device"], done], "out": dir,
            ]
            let specPath = try Fixtures.write(Array(try JSONSerialization.data(withJSONObject: spec)), "spec.json", in: dir)
            let report = try ExternalTools.consumer(["browser-run", specPath])
            #expect((report["console"] as? [String] ?? ["no report"]).isEmpty, "\(c.animator): the page logged \(report["console"] ?? "")")
            let files = try #require(report["files"] as? [String])
            let value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files[2]))) as? [String: Any])
            let gesture = try #require(value["gesture"] as? [String: Any], "\(c.animator): no gesture in the page")
            let scenario = try #require(gesture["scenario"] as? String)

            // The drag was let go short of half way and slowly, caught while cancelling, and let go past half way.
            let steps = scenario.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let verbs = steps.map { $0.split(separator: " ")[0] }
            #expect(verbs.first == "scrub" && verbs.filter { $0 == "release" }.count == 2 && verbs.filter { $0 == "grab" }.count == 1, "\(c.animator): \(scenario)")
            #expect(gesture["finishes"] as? Bool == true && gesture["done"] as? Bool == true, "\(c.animator): \(gesture)")

            // The engine, given the page's scenario, samples the same times, phases and states.
            let json = try Self.catalog([
                "preview", c.operation, c.animator, "--plugin-path", c.module, "--no-builtins", "--interactive", scenario, "--format", "json",
            ] + parameters)
            let document = try JSONDecoder().decode(InteractiveDocument.self, from: Data(json.utf8))
            let engineFrames = try JSONDecoder().decode(WebHostBrowserTests.PreviewDocument.self, from: Data(json.utf8)).frames
            #expect(document.finished, "\(c.animator): the engine cancels the page's gesture")
            #expect(document.events.map(\.event).contains { $0.hasPrefix("grab") }, "\(c.animator): the engine's events \(document.events.map(\.event))")
            #expect(try WebHostBrowserTests.doubles(try #require(value["times"] as? String)) == document.frames.map(\.time), "\(c.animator): the page samples other times than the engine")
            #expect(value["phases"] as? [String] == document.frames.map(\.phase), "\(c.animator): the phases differ")
            let cancelling = document.frames.filter { $0.phase == "cancelling" }.count, finishing = document.frames.filter { $0.phase == "finishing" }.count
            #expect(cancelling > 0 && finishing > 0, "\(c.animator): the drag should show cancelling (\(cancelling)) and finishing (\(finishing)) frames")
            let ours = try WebHostBrowserTests.doubles(try #require(value["numbers"] as? String))
            let engine = engineFrames.flatMap(WebHostBrowserTests.numbers)
            #expect(ours.count == engine.count, "\(c.animator): \(ours.count) numbers in the page, \(engine.count) in the engine")
            let worst = zip(ours, engine).map { abs($0 - $1) }.max() ?? .nan
            #expect(worst <= 1e-9, "\(c.animator): the page's states during the drag differ from the engine's by \(worst)")

            // The copied command is the page's transition with its parameters and this scenario.
            let line = try #require(value["line"] as? String)
            let suffix = " --interactive '\(scenario)'"
            #expect(line.hasPrefix("catalog preview \(c.operation) \(c.animator) ") && line.hasSuffix(suffix), "\(line)")
            let words = line.dropLast(suffix.count).split(separator: " ").dropFirst().map(String.init)
            let copied = try Self.catalog(words + ["--interactive", scenario, "--plugin-path", c.module, "--no-builtins", "--format", "json"])
            #expect(copied == json, "\(c.animator): the copied command gives another timeline")
        }
    }

    @Test("catalog gallery of a .wasm plugin plays every card live: a section's controls change its cards' durations and states exactly as --param does, and leave other sections alone")
    func galleryCardsPlayLive() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let module = try WasmFixtures.cBuiltins()
        _ = try Self.catalog(["gallery", "--plugin-path", module, "--no-builtins", "--out", dir])
        let count = Self.progresses.count
        let script = """
            (async () => {
              while (!window.gallery) await new Promise((ok) => setTimeout(ok, 10));
              await window.gallery.ready;
              await window.gallery.settled();
              const ROLES = ["from", "to", "snapshot", "dimming", "shadow", "tile", "decoration"];
              \(WebHostBrowserTests.packing)
              const cards = () => window.gallery.cards.map((c) => [c.animator, c.operation, c.duration]);
              const before = cards();
              const holder = [...document.querySelectorAll(".live-parameters")].find((e) => e.dataset.group === "fade-upwards");
              const e = holder.querySelector('[data-parameter="duration"]');
              e.value = "0.45";
              e.dispatchEvent(new Event("input", { bubbles: true }));
              await window.gallery.settled();
              const progresses = Array.from({ length: \(count) }, (_, i) => (i === \(count - 1) ? 1 : i / \(count - 1)));
              const card = window.gallery.cards.find((c) => c.animator === "fade-upwards" && c.operation === "push");
              return { before, after: cards(), live: document.querySelectorAll(".tile.live").length, tiles: document.querySelectorAll(".tile").length,
                caption: card.tile.querySelector("figcaption").textContent, numbers: encode(pack(await card.frames(progresses))) };
            })()
            """
        let spec: [String: Any] = [
            "chromium": try ExternalTools.chromium(), "serve": dir, "url": "index.html", "width": 1200, "height": 900, "scripts": [script], "out": dir,
        ]
        let specPath = try Fixtures.write(Array(try JSONSerialization.data(withJSONObject: spec)), "spec.json", in: dir)
        let report = try ExternalTools.consumer(["browser-run", specPath])
        #expect((report["console"] as? [String] ?? ["no report"]).isEmpty, "the gallery logged \(report["console"] ?? "")")
        let origin = try #require(report["origin"] as? String)
        #expect(report["requests"] as? [String] == [origin + "index.html"], "the gallery asked for \(report["requests"] ?? "")")
        let files = try #require(report["files"] as? [String])
        let value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files[0]))) as? [String: Any])
        let tiles = try #require(value["tiles"] as? Int)
        #expect(tiles >= 9 && value["live"] as? Int == tiles, "\(value["live"] ?? "") of \(tiles) cards are live")
        let before = try #require(value["before"] as? [[Any]]), after = try #require(value["after"] as? [[Any]])
        let described = try PluginLibrary.load(path: module).animators
        for (row, changed) in zip(before, after) {
            let id = try #require(row[0] as? String), operation = try #require(row[1] as? String)
            let animator = try #require(described.first { $0.id == id })
            let context = try TransitionContext(operation: try #require(TransitionOperation(name: operation)), containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
            #expect(row[2] as? Double == animator.duration(context), "\(id) \(operation): the card's duration \(row[2]) is not the engine's")
            if id == "fade-upwards" {
                #expect(changed[2] as? Double == 0.45, "\(id) \(operation): the control did not re-time the card: \(changed[2])")
            } else {
                #expect(changed[2] as? Double == row[2] as? Double, "\(id) \(operation): another section's control changed this card")
            }
        }
        #expect((value["caption"] as? String)?.hasSuffix("450 ms") == true, "\(value["caption"] ?? "")")
        let engine = try Self.engine(Case(module: module, animator: "fade-upwards", operation: "push", changes: []), ["--param=duration=0.45"])
        let ours = try WebHostBrowserTests.doubles(try #require(value["numbers"] as? String))
        #expect(ours.count == engine.numbers.count && zip(ours, engine.numbers).allSatisfy { abs($0 - $1) <= 1e-9 }, "the card's states differ from catalog preview --param duration=0.45")
    }

    @Test("a native plugin's HTML preview plays the .wasm build of the same plugin found in wasm/ beside it, byte for byte; a plugin with no matching module there (only a file that is no module) stays sampled")
    func nativeAnimatorsPlayTheirWasmBuild() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/wasm", withIntermediateDirectories: true)
        try fm.copyItem(atPath: TestEnvironment.builtinPlugin, toPath: dir + "/libCatalogPlugins.so")
        try fm.copyItem(atPath: PackagePlugins.cPlugin, toPath: dir + "/libCatalogPluginsC.so")
        // The Swift built-ins' build, and a file that is no module, which the search passes over.
        try fm.copyItem(atPath: try WasmFixtures.swiftBuiltins(), toPath: dir + "/wasm/catalog-plugins.wasm")
        try Fixtures.write(Array("not a module".utf8), "wasm/other.wasm", in: dir)
        func page(_ animator: String) throws -> String {
            _ = try Self.catalog(["preview", "push", animator, "--plugin-path", dir, "--no-builtins", "--format", "html", "--out", dir + "/\(animator).html"])
            return try String(contentsOfFile: dir + "/\(animator).html", encoding: .utf8)
        }
        let cube = try page("cube")
        #expect(!cube.contains("Live parameters need") && cube.contains("data-name=\"catalog-plugins.wasm\""), "the cube page is not live")
        let start = try #require(cube.range(of: "id=\"module\" data-name=\"catalog-plugins.wasm\">"))
        let end = try #require(cube.range(of: "</script>", range: start.upperBound..<cube.endIndex))
        let embedded = try #require(Data(base64Encoded: String(cube[start.upperBound..<end.lowerBound])))
        #expect(embedded == (try Data(contentsOf: URL(fileURLWithPath: dir + "/wasm/catalog-plugins.wasm"))), "the page embeds another module")
        let fade = try page("fade-upwards")
        #expect(fade.contains("Live parameters need") && !fade.contains("id=\"module\""), "fade-upwards has no .wasm build beside it, yet its page is live")
    }
}

import Foundation
import PluginHost
import Testing
import TestSupport
import TransitionCore

/// The web host (`web/transition-catalog.js`) in a real browser: a test page served from a local
/// HTTP server loads the wasm builds of the built-in animators with the module, in headless
/// Chromium, and its states, durations and timing services are set against the engine's.
@Suite("The web host in Chromium")
struct WebHostBrowserTests {
    static let size = (width: 390, height: 844)
    static let frameCount = 240
    /// The Swift built-ins checked besides every C built-in: a 3D camera with one-sided faces,
    /// tiles of a snapshot, a plain cross-fade, a choice parameter, a custom presentation on a
    /// spring, and snapshots of parts of a screen.
    static let swiftAnimators = ["cube", "explode", "fade", "slide", "bottom-sheet", "portal"]
    /// Swift built-ins checked with a matched element, in the command line's form.
    static let matchedAnimators = ["container-transform", "ios-zoom"]
    static let match = "card:16,200,358x120->0,0,390x300"

    /// One animator and operation to compare.
    struct Case {
        var module: String
        var path: String
        var animator: String
        var operation: TransitionOperation
        /// Matched elements, in the command line's form.
        var matches: [String] = []
        /// The plugin whose `catalog preview` the page is held to: the module itself, or the native
        /// build of the same source.
        var reference: String? = nil
    }

    /// What `catalog preview --format json` prints, as far as the comparison reads it.
    struct PreviewDocument: Decodable {
        var duration: Double
        var style: String
        var frames: [TransitionFrame]
    }

    /// A frame's numbers in the order the test page packs them: the progress, the camera (a flag,
    /// then its eye distance, sublayer transform and centre), the number of views, then for each
    /// view its handle, role, source, place in the container, frame, alpha, transform, corner
    /// radius, z index, hidden, colour (a flag, then the components), double-sidedness and
    /// content (a flag, the source, the rectangle); then the number of matched elements and for
    /// each its two frames and two views. Absent values are -1 or zeros after a 0 flag.
    static func numbers(_ frame: TransitionFrame) -> [Double] {
        var out = [frame.progress]
        let camera = frame.camera
        out += camera.isNone ? [0, 0] + Array(repeating: 0, count: 16) + [0, 0]
            : [1, camera.eyeDistance] + camera.sublayerTransform.columnMajor + [camera.centerX, camera.centerY]
        out.append(Double(frame.views.count))
        for view in frame.views {
            let s = view.state
            out += [Double(view.id.rawValue), Double(view.role.rawValue), Double(view.source?.rawValue ?? -1), Double(view.containerIndex ?? -1)]
            out += [s.frame.x, s.frame.y, s.frame.width, s.frame.height, s.alpha] + s.transform.columnMajor
            out += [s.cornerRadius, Double(s.zIndex), s.hidden ? 1 : 0]
            out += s.color.map { [1, $0.red, $0.green, $0.blue, $0.alpha] } ?? [0, 0, 0, 0, 0]
            out.append(s.doubleSided ? 1 : 0)
            out += s.content.map { [1, Double($0.source.rawValue), $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height] } ?? [0, -1, 0, 0, 0, 0]
        }
        out.append(Double(frame.matchedElements.count))
        for e in frame.matchedElements {
            out += [e.fromFrame.x, e.fromFrame.y, e.fromFrame.width, e.fromFrame.height, e.toFrame.x, e.toFrame.y, e.toFrame.width, e.toFrame.height]
            out += [Double(e.fromView?.rawValue ?? -1), Double(e.toView?.rawValue ?? -1)]
        }
        return out
    }

    /// The page's packing of frames, for any page that has `ROLES`: `pack(frames)` gives the
    /// numbers `numbers(_:)` gives for the engine's frames, and `encode(numbers)` their base64 as
    /// little-endian doubles.
    static let packing = """
        function encode(numbers) {
          const bytes = new Uint8Array(new Float64Array(numbers).buffer);
          let text = "";
          for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(text);
        }
        function pack(frames) {
          const out = [];
          for (const f of frames) {
            out.push(f.progress);
            const c = f.camera;
            if (c) out.push(1, c.eyeDistance, ...c.sublayerTransform, c.centerX, c.centerY);
            else out.push(0, 0, ...new Array(16).fill(0), 0, 0);
            out.push(f.views.length);
            for (const v of f.views) {
              const s = v.state;
              out.push(v.id, ROLES.indexOf(v.role), v.source ?? -1, v.containerIndex ?? -1);
              out.push(s.frame.x, s.frame.y, s.frame.width, s.frame.height, s.alpha, ...s.transform);
              out.push(s.cornerRadius, s.zIndex, s.hidden ? 1 : 0);
              if (s.color) out.push(1, s.color.red, s.color.green, s.color.blue, s.color.alpha); else out.push(0, 0, 0, 0, 0);
              out.push(s.doubleSided ? 1 : 0);
              if (s.content) out.push(1, s.content.source, s.content.rect.x, s.content.rect.y, s.content.rect.width, s.content.rect.height);
              else out.push(0, -1, 0, 0, 0, 0);
            }
            out.push(f.matchedElements.length);
            for (const e of f.matchedElements) {
              for (const r of [e.fromFrame, e.toFrame]) out.push(r.x, r.y, r.width, r.height);
              out.push(e.fromView ?? -1, e.toView ?? -1);
            }
          }
          return out;
        }
        """

    /// The test page: the shipped module, imported as a page imports it, and `window.webHost`
    /// with what the tests evaluate. Numbers travel as base64 of little-endian doubles, so that
    /// every bit reaches the test (the DevTools protocol's JSON may round the last digit):
    /// `sample` gives the duration, then its frames packed as `numbers(_:)` packs them.
    static let page = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>web host</title></head><body>
        <script type="module">
        import * as tc from "./transition-catalog.js";
        const plugins = new Map();
        const plugin = (file) => { if (!plugins.has(file)) plugins.set(file, tc.loadPlugin(file)); return plugins.get(file); };
        const ROLES = tc.ROLES;
        \(packing)
        window.webHost = {
          async animators(file) { return (await plugin(file)).animators(); },
          async sample(file, id, operation, width, height, count, matchedElements) {
            const progresses = Array.from({ length: count }, (_, i) => (i === count - 1 ? 1 : i / (count - 1)));
            const run = await (await plugin(file)).run(id, { operation, width, height, matchedElements }, progresses);
            return { style: run.style, numbers: encode([run.duration, ...pack(run.frames)]) };
          },
          async timing(inputs) {
            return encode([
              ...tc.CURVES.flatMap((_, k) => inputs.t.map((t) => tc.timingCurve(k, t))),
              ...inputs.beziers.flatMap(([x1, y1, x2, y2]) => inputs.t.map((t) => tc.cubicBezier(x1, y1, x2, y2, t))),
              ...inputs.springs.flatMap(([d, v]) => inputs.t.map((t) => tc.spring(d, v, t))),
            ]);
          },
          async repeated(file, count) {
            const p = await plugin(file), runs = [];
            for (let i = 0; i < count; i++) {
              const run = await p.run("hostile", { operation: "push", width: 390, height: 844 }, [0.25]);
              runs.push({ log: run.log.map((e) => e.message), alpha: run.frames[0].views[1].state.alpha });
            }
            return runs;
          },
          async failure(file, progress) {
            try {
              const p = await plugin(file);
              if (progress !== null) await p.run("hostile", { operation: "push", width: 390, height: 844 }, [progress]);
              return "none";
            } catch (error) {
              return error instanceof tc.TransitionCatalogError ? error.code : "other: " + error;
            }
          },
        };
        </script></body></html>
        """

    /// An expression the page evaluates: waits for the module, then calls `webHost.CALL`.
    static func script(_ call: String) -> String {
        "(async () => { while (!window.webHost) await new Promise((ok) => setTimeout(ok, 10)); return await window.webHost.\(call); })()"
    }

    /// A JSON literal of `value`, for a script.
    static func literal(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    /// The served directory: the page, the shipped module and `modules` (file name to path).
    static func serve(_ modules: [String: String]) throws -> String {
        let dir = try Fixtures.temporaryDirectory()
        let module = TestEnvironment.packageRoot.appendingPathComponent("web/transition-catalog.js").path
        try FileManager.default.copyItem(atPath: module, toPath: dir + "/transition-catalog.js")
        for (name, path) in modules { try FileManager.default.copyItem(atPath: path, toPath: dir + "/" + name) }
        try Fixtures.write(Array(page.utf8), "index.html", in: dir)
        return dir
    }

    /// Evaluates `scripts` in the page served from `dir`, each value written to a file of its
    /// own, and checks that the page logged nothing and asked for nothing but its own files: the
    /// page, the module and `modules`.
    static func browse(_ dir: String, modules: [String], _ scripts: [String]) throws -> [Any] {
        let spec: [String: Any] = [
            "chromium": try ExternalTools.chromium(), "serve": dir, "url": "index.html", "width": size.width, "height": size.height,
            "scripts": scripts, "out": dir,
        ]
        let specPath = try Fixtures.write(Array(try JSONSerialization.data(withJSONObject: spec)), "spec.json", in: dir)
        let report = try ExternalTools.consumer(["browser-run", specPath])
        #expect((report["console"] as? [String] ?? ["no report"]).isEmpty, "the page logged: \(report["console"] ?? "")")
        let origin = try #require(report["origin"] as? String)
        let requests = try #require(report["requests"] as? [String])
        let own = Set((["index.html", "transition-catalog.js"] + modules).map { origin + $0 })
        let foreign = requests.filter { !own.contains($0) && !$0.hasPrefix("data:") }
        #expect(foreign.isEmpty, "the page asked for files that are not its own: \(foreign)")
        #expect(requests.contains(origin + "transition-catalog.js"), "the request log misses the module: \(requests)")
        let files = try #require(report["files"] as? [String])
        return try files.map { try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: $0)), options: [.fragmentsAllowed]) }
    }

    /// The engine's frames: `catalog preview OP ID --plugin-path WASM --no-builtins --format json`.
    static func preview(_ c: Case) throws -> PreviewDocument {
        let result = try runProcess(TestEnvironment.catalogExecutable, [
            "preview", c.operation.name, c.animator, "--plugin-path", c.reference ?? c.path, "--no-builtins", "--format", "json",
            "--frames", "\(frameCount)", "--size", "\(size.width)x\(size.height)",
        ] + c.matches.flatMap { ["--match", $0] })
        guard result.status == 0 else { throw ExternalTools.ToolError("catalog preview \(c.operation) \(c.animator): \(result.stderr)") }
        return try JSONDecoder().decode(PreviewDocument.self, from: Data(result.stdout.utf8))
    }

    /// The doubles of a base64 string of little-endian doubles.
    static func doubles(_ base64: String) throws -> [Double] {
        let data = try #require(Data(base64Encoded: base64))
        return stride(from: 0, to: data.count, by: 8).map { i in
            Double(bitPattern: data[data.startIndex + i..<data.startIndex + i + 8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) })
        }
    }

    @Test("the page's states and durations equal catalog preview's for every C built-in and every Swift built-in (two also with a matched element), every operation, at 240 progresses, within 1e-9: eight Swift ones against their .wasm's preview, the rest against their native build's")
    func sameStatesAsTheEngine() throws {
        let modules = ["c.wasm": try WasmFixtures.cBuiltins(), "swift.wasm": try WasmFixtures.swiftBuiltins()]
        var cases: [Case] = []
        for (module, path, only) in [("c.wasm", modules["c.wasm"]!, nil), ("swift.wasm", modules["swift.wasm"]!, Self.swiftAnimators)] {
            let library = try PluginLibrary.load(path: path)
            let animators = library.animators.filter { only?.contains($0.id) ?? true }
            #expect(Set(animators.map(\.id)).isSuperset(of: only ?? []), "\(module) lacks some of \(only ?? [])")
            for animator in animators {
                for operation in animator.description.operations {
                    cases.append(Case(module: module, path: path, animator: animator.id, operation: operation))
                }
            }
        }
        let swift = try PluginLibrary.load(path: modules["swift.wasm"]!)
        // The other Swift built-ins, held to the native build's preview: the same source, run by
        // the engine without the debug build's interpreter (explode's wasm preview takes 20 s there).
        for animator in swift.animators where !Self.swiftAnimators.contains(animator.id) {
            for operation in animator.description.operations {
                cases.append(Case(module: "swift.wasm", path: modules["swift.wasm"]!, animator: animator.id, operation: operation, reference: TestEnvironment.builtinPlugin))
            }
        }
        for animator in swift.animators where Self.matchedAnimators.contains(animator.id) {
            for operation in animator.description.operations {
                cases.append(Case(module: "swift.wasm", path: modules["swift.wasm"]!, animator: animator.id, operation: operation, matches: [Self.match]))
            }
        }
        #expect(cases.count >= 120)
        let dir = try Self.serve(modules)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scripts = try cases.map { c in
            let elements = try c.matches.map { text -> [String: Any] in
                let e = try MatchedElement(parsing: text)
                let rect = { (r: Rect) in ["x": r.x, "y": r.y, "width": r.width, "height": r.height] }
                return ["id": e.id, "fromFrame": rect(e.fromFrame), "toFrame": rect(e.toFrame)]
            }
            let arguments = try [c.module, c.animator, c.operation.name].map { try Self.literal($0) } + ["\(Self.size.width)", "\(Self.size.height)", "\(Self.frameCount)", try Self.literal(elements)]
            return Self.script("sample(\(arguments.joined(separator: ", ")))")
        }
        let values = try Self.browse(dir, modules: Array(modules.keys), scripts)
        var largest = 0.0
        for (c, value) in zip(cases, values) {
            let name = "\(c.module) \(c.animator) \(c.operation)"
            let page = try #require(value as? [String: Any], "\(name): \(value)")
            let engine = try Self.preview(c)
            var ours = try Self.doubles(try #require(page["numbers"] as? String))
            let duration = ours.isEmpty ? .nan : ours.removeFirst()
            #expect(duration == engine.duration, "\(name): duration \(duration) in the page, \(engine.duration) in the engine")
            #expect(page["style"] as? String == engine.style, "\(name): style \(page["style"] ?? "none") in the page, \(engine.style) in the engine")
            #expect(engine.frames.count == Self.frameCount)
            let theirs = engine.frames.flatMap(Self.numbers)
            #expect(ours.count == theirs.count, "\(name): \(ours.count) numbers in the page, \(theirs.count) in the engine")
            var worst = (difference: 0.0, index: 0)
            for (i, (a, b)) in zip(ours, theirs).enumerated() {
                let d = abs(a - b)
                if !(d <= worst.difference) { worst = (d, i) }
            }
            #expect(worst.difference <= 1e-9, "\(name): number \(worst.index) differs by \(worst.difference)")
            largest = max(largest, worst.difference)
        }
        print("web host: \(cases.count) transitions of \(Self.frameCount) frames; largest difference from the engine \(largest)")
    }

    @Test("the page's timing services equal TransitionCore's timing curves, cubic Béziers and fitted springs within 1e-12")
    func sameTimingServices() throws {
        // Inputs before, inside and after [0, 1], and a few that are not on the grid.
        var t: [Double] = (-20...220).map { Double($0) / 200 }
        t += [1e-9, 0.5 - 1e-12, 1 - 1e-9, Double.pi / 4]
        let beziers: [[Double]] = [[0.25, 0.1, 0.25, 1], [0, 1, 0, 1], [1, 0, 0, 1], [0.68, -0.6, 0.32, 1.6], [0.3, 0.3, 0.7, 0.7], [0, 0, 1, 1], [0.05, 0.7, 0.1, 1]]
        let springs: [[Double]] = [[0.2, 0], [0.5, 2], [0.9, -1], [1, 0], [1, 5], [2.5, 0], [1000, 0], [0.01, 0]]
        let inputs = try Self.literal(["t": t, "beziers": beziers, "springs": springs])
        let dir = try Self.serve([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let values = try Self.browse(dir, modules: [], [Self.script("timing(\(inputs))")])
        var page = try Self.doubles(try #require(values.first as? String))
        var largest = 0.0
        func compare(_ engine: [[Double]], _ what: String) {
            let rows = stride(from: 0, to: min(page.count, engine.count * t.count), by: t.count).map { Array(page[$0..<min(page.count, $0 + t.count)]) }
            page.removeFirst(min(page.count, engine.count * t.count))
            #expect(rows.count == engine.count && rows.allSatisfy { $0.count == t.count }, "\(what): the page gave too few values")
            for (row, (a, b)) in zip(rows, engine).enumerated() {
                for (k, (x, y)) in zip(a, b).enumerated() {
                    let d = abs(x - y)
                    largest = max(largest, d)
                    #expect(d <= 1e-12, "\(what) \(row) at t = \(t[k]): \(x) in the page, \(y) in the engine")
                }
            }
        }
        compare((0..<TimingCurve.standard.count).map { k in t.map { TimingCurve.standardValue(index: k, at: $0)! } }, "curve")
        compare(try beziers.map { p in let curve = try CubicBezier(p[0], p[1], p[2], p[3]); return t.map { curve.value(at: $0) } }, "cubic-bezier")
        compare(springs.map { s in let spring = FittedSpring(dampingRatio: s[0], initialVelocity: s[1]); return t.map { spring.value(at: $0) } }, "spring")
        #expect(page.isEmpty, "the page gave \(page.count) values too many")
        print("web host: largest difference of the timing services from TransitionCore \(largest)")
    }

    @Test("every transition in the page starts in a fresh instance, and broken modules fail with the error the documentation names")
    func freshInstancesAndErrors() throws {
        let counting = ["counts_transitions", "counts_in_wasm_global", "counts_by_growing"]
        let failing: [(name: String, progress: Double?, code: String)] = [
            ("wasi_import", nil, "module"), ("unknown_import", nil, "module"), ("lying_count", nil, "descriptor"),
            ("pointer_past_memory", nil, "descriptor"), ("unterminated_string", nil, "descriptor"),
            ("oob_store", 0.75, "fault"), ("unreachable", 0.75, "fault"), ("bad_service_pointer", 0.5, "fault"), ("oob_store", 0.25, "none"),
        ]
        var modules: [String: String] = [:]
        for name in counting + failing.map(\.name) { modules[name + ".wasm"] = try WasmFixtures.path(name) }
        let dir = try Self.serve(modules)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scripts = try counting.map { Self.script("repeated(\(try Self.literal($0 + ".wasm")), 3)") }
            + failing.map { Self.script("failure(\(try Self.literal($0.name + ".wasm")), \($0.progress.map { "\($0)" } ?? "null"))") }
        let values = try Self.browse(dir, modules: Array(modules.keys), scripts)
        for (name, value) in zip(counting, values) {
            let runs = try #require(value as? [[String: Any]], "\(name): \(value)")
            #expect(runs.count == 3)
            let logs = runs.map { $0["log"] as? [String] ?? [] }
            #expect(Set(logs).count == 1 && logs[0].count == 1, "\(name): a transition saw an earlier one: \(logs)")
            if name != "counts_by_growing" { #expect(logs[0] == ["transition #1"], "\(name): \(logs[0])") }
            #expect(runs.allSatisfy { $0["alpha"] as? Double == 0.25 }, "\(name): \(runs)")
        }
        for (f, value) in zip(failing, values.dropFirst(counting.count)) {
            #expect(value as? String == f.code, "\(f.name) at \(f.progress.map { "\($0)" } ?? "load"): \(value), not \(f.code)")
        }
    }
}

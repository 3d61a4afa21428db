import Benchmark
import Foundation
import PluginHost
import TransitionCore

/// Nanoseconds of one 16-view step of the tiles fixture in a page, run by the browser's engine.
var pageStepMetric: BenchmarkMetric { .custom("page ns per step", polarity: .prefersSmaller, useScalingFactor: false) }
/// The page's step ÷ the native step of the same C source, measured in the same iteration.
var pageNativeMetric: BenchmarkMetric { .custom("page ÷ native (‰)", polarity: .prefersSmaller, useScalingFactor: false) }
/// The page's step ÷ the engine's wasm step (WasmKit) of the same module, in the same iteration.
var pageWasmKitMetric: BenchmarkMetric { .custom("page ÷ WasmKit (‰)", polarity: .prefersSmaller, useScalingFactor: false) }
/// Milliseconds from navigation to the live preview's first drawn frame.
var liveFirstFrameMetric: BenchmarkMetric { .custom("live first frame (ms)", polarity: .prefersSmaller, useScalingFactor: false) }
/// The live page's first frame ÷ the sampled page's first contentful paint, in the same iteration.
var liveBakedMetric: BenchmarkMetric { .custom("live ÷ sampled page (‰)", polarity: .prefersSmaller, useScalingFactor: false) }

/// Pages in headless Chromium, driven over the DevTools protocol by the tests' own driver
/// (`Tests/Fixtures/Consumers/browser_shots.py`).
enum WebBench {
    /// Chromium: `$CHROMIUM`, else the first of its usual names on the PATH.
    static func chromium() throws -> String {
        if let c = ProcessInfo.processInfo.environment["CHROMIUM"], !c.isEmpty { return c }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for name in ["chromium", "chromium-browser", "chromium-headless-shell", "google-chrome"] {
            for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        throw BenchError("Chromium is not installed (apt-get install chromium); the Web benchmarks run pages in it")
    }

    /// Evaluates `script` (a promise) in page `url` of the directory `serve`, served over HTTP on
    /// 127.0.0.1, and gives its value.
    static func evaluate(serve: String, url: String, script: String) throws -> Any {
        let spec: [String: Any] = ["chromium": try chromium(), "serve": serve, "url": url, "width": 900, "height": 1000, "script": script]
        let specPath = serve + "/spec.json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", BenchEnvironment.packageRoot + "/Tests/Fixtures/Consumers/consumers.py", "browser-run", specPath]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchError("the page \(url) did not run in Chromium (status \(process.terminationStatus))")
        }
        if let console = report["console"] as? [String], !console.isEmpty { throw BenchError("the page \(url) logged: \(console)") }
        return report["value"] ?? NSNull()
    }

    /// A directory served to Chromium: the web host and `files` (name to source path).
    static func directory(_ name: String, _ files: [String: String]) throws -> String {
        let dir = BenchEnvironment.fixturesDirectory + "/web-\(name)"
        let fm = FileManager.default
        try? fm.removeItem(atPath: dir)
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try fm.copyItem(atPath: BenchEnvironment.packageRoot + "/web/transition-catalog.js", toPath: dir + "/transition-catalog.js")
        for (target, source) in files { try fm.copyItem(atPath: source, toPath: dir + "/" + target) }
        return dir
    }

    /// The step page: loads `tiles.wasm`, sets up a 16-tile push, warms it, then times `rounds`
    /// passes over the 241 sampled progresses and gives the median pass's nanoseconds per step.
    static let stepPage = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script type="module">
        import { loadPlugin } from "./transition-catalog.js";
        window.measure = async (rounds) => {
          const plugin = await loadPlugin("tiles.wasm");
          const t = await plugin.transition("tiles", { operation: "push", width: 390, height: 844, parameters: [0.5, 16] });
          t.setup();
          const progresses = Array.from({ length: 241 }, (_, i) => i / 240);
          if (t.step(0.5).views.length < 16) throw new Error("the tiles fixture drew fewer than 16 views");
          for (let i = 0; i < 20; i++) for (const p of progresses) t.step(p);
          const passes = [];
          for (let r = 0; r < rounds; r++) {
            const start = performance.now();
            for (const p of progresses) t.step(p);
            passes.push((performance.now() - start) * 1e6 / progresses.length);
          }
          passes.sort((a, b) => a - b);
          return passes[passes.length >> 1];
        };
        </script></body></html>
        """
}

/// The web host in Chromium:
/// - `Web/tiles/16/step`: one 16-view step of the tiles fixture's wasm build in a page, in
///   nanoseconds, and as ratios to the native step and the engine's WasmKit step of the same
///   source, timed in the same iteration;
/// - `Web/live-preview/first-frame`: `catalog preview push cube --format html` of the Swift
///   built-ins' `.wasm`, from navigation to its first drawn frame, in milliseconds, and as a
///   ratio to the sampled page of the native cube's first contentful paint, loaded in the same
///   iteration.
func registerWebBenchmarks() {
    let pair = Prepared<(dir: String, doors: DoorPair)>()
    var stepConfiguration = Configurations.program(iterations: 5, seconds: 300)
    stepConfiguration.metrics += [pageStepMetric, pageNativeMetric, pageWasmKitMetric]
    Benchmark("Web/tiles/16/step", configuration: stepConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                let rounds = BenchEnvironment.smoke ? 3 : 200
                guard let page = try WebBench.evaluate(serve: pair.value.dir, url: "index.html", script: "window.measure(\(rounds))") as? Double else {
                    throw BenchError("the step page gave no time")
                }
                let steps = UInt64(sampledProgresses.count)
                var native = UInt64.max, wasm = UInt64.max
                for _ in 0..<(BenchEnvironment.smoke ? 1 : 50) {
                    native = min(native, DoorPair.time(pair.value.doors.native) / steps)
                    wasm = min(wasm, DoorPair.time(pair.value.doors.wasm) / steps)
                }
                benchmark.measurement(pageStepMetric, Int(page.rounded()))
                benchmark.measurement(pageNativeMetric, Int((page / Double(max(native, 1)) * 1000).rounded()))
                benchmark.measurement(pageWasmKitMetric, Int((page / Double(max(wasm, 1)) * 1000).rounded()))
            } catch {
                fail(benchmark, "\(error)")
            }
        }
    } setup: {
        try pair.prepare {
            try reportingFailure {
                let module = try wasmFixture("tiles")
                let dir = try WebBench.directory("step", ["tiles.wasm": module])
                try Data(WebBench.stepPage.utf8).write(to: URL(fileURLWithPath: dir + "/index.html"))
                return (dir, try DoorPair.tiles(16))
            }
        }
    }

    let pages = Prepared<String>()
    var firstConfiguration = Configurations.program(iterations: 5, seconds: 300)
    firstConfiguration.metrics += [liveFirstFrameMetric, liveBakedMetric]
    Benchmark("Web/live-preview/first-frame", configuration: firstConfiguration) { benchmark in
        let live = """
            (async () => { while (!window.livePreview) await new Promise((ok) => setTimeout(ok, 5)); await window.livePreview.ready;
              while (!window.livePreview.firstFrame) await new Promise((ok) => setTimeout(ok, 5)); return window.livePreview.firstFrame; })()
            """
        let sampled = """
            (async () => { for (;;) { const p = performance.getEntriesByName("first-contentful-paint")[0]; if (p) return p.startTime; await new Promise((ok) => setTimeout(ok, 5)); } })()
            """
        for i in benchmark.scaledIterations {
            do {
                func load(_ url: String, _ script: String) throws -> Double {
                    guard let ms = try WebBench.evaluate(serve: pages.value, url: url, script: script) as? Double else { throw BenchError("\(url) gave no time") }
                    return ms
                }
                var liveMS = 0.0, sampledMS = 0.0
                if i % 2 == 0 {
                    liveMS = try load("live.html", live)
                    sampledMS = try load("sampled.html", sampled)
                } else {
                    sampledMS = try load("sampled.html", sampled)
                    liveMS = try load("live.html", live)
                }
                benchmark.measurement(liveFirstFrameMetric, Int(liveMS.rounded()))
                benchmark.measurement(liveBakedMetric, Int((liveMS / max(sampledMS, 0.001) * 1000).rounded()))
            } catch {
                fail(benchmark, "\(error)")
            }
        }
    } setup: {
        try pages.prepare {
            try reportingFailure {
                try BenchEnvironment.requireProduct(wasmSwiftBuiltins)
                let dir = try WebBench.directory("first-frame", [:])
                for (name, plugin) in [("live.html", ["--plugin-path", wasmSwiftBuiltins, "--no-builtins"]), ("sampled.html", [])] {
                    let status = try BenchEnvironment.run(
                        BenchEnvironment.catalogExecutable, ["preview", "push", "cube", "--format", "html", "--out", dir + "/" + name] + plugin)
                    guard status == 0 else { throw BenchError("catalog preview push cube --format html ended with status \(status)") }
                }
                return dir
            }
        }
    }
}

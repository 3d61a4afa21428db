import Foundation
import PluginHost
import Renderers
import TestSupport
import Testing
import TransitionCore

/// The SDL2 demo (Examples/sdl-demo) in its scripted mode under Xvfb: every screenshot is set
/// against the PNG renderer's frame for the same host calls at the same time.
///
/// What is compared: the demo runs with `--flat`, painting each view in its role's flat colour
/// (from blue, to orange, made views in their own colour), the renderer's colours; the renderer
/// adds its title bars, blocks and labels in shades of the same colours. Each pixel is classed by
/// hue (blue, orange or neutral), so the check sees where each screen and the dimming are, in
/// perspective, and not the two programs' different content. Bound: at most 2% of pixels differ
/// (the renderer's white labels, its corner radii and anti-aliased edges, which the demo leaves
/// out); the seven shots differ by 0.15% to 0.5%, and each shot set against the next shot's frame
/// by 20% or more.
@Suite struct SDLDemoTests {
    static let bound = 0.02

    @Test func scriptedRunMatchesTheRenderer() throws {
        let root = TestEnvironment.packageRoot.path
        let dir = TestEnvironment.temporaryDirectory + "/tc-sdl-demo-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let products = TestEnvironment.productsDirectory
        let flags = try runProcess("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "sdl2"])
        try #require(flags.status == 0, "SDL2's development files are missing; install them with scripts/demo --build-only or scripts/test (libsdl2-dev)")
        let build = try runProcess("/usr/bin/env", [
            TestEnvironment.cCompiler, "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", TestEnvironment.includeDirectory,
            root + "/Examples/sdl-demo/demo.c",
        ] + flags.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty } + [
            "-L", products, "-lTransitionCatalogHost", "-Wl,-rpath," + products, "-lm", "-o", dir + "/sdl-demo",
        ])
        try #require(build.status == 0, "the demo does not build: \(build.stderr)")
        let rules = root + "/Examples/sdl-demo/transitions.json"
        guard let xvfb = ExternalTools.findOnPath("xvfb-run") else {
            throw ExternalTools.ToolError("xvfb-run is not installed (apt-get install xvfb xauth, or scripts/test); the demo test runs the demo under Xvfb")
        }
        let run = try runProcess(xvfb, [
            "-a", dir + "/sdl-demo", "--plugin", TestEnvironment.builtinPlugin, "--catalog", TestEnvironment.catalogExecutable,
            "--rules", rules, "--script", root + "/Examples/sdl-demo/script.txt", "--shots", dir, "--flat",
        ])
        try #require(run.status == 0, "the scripted demo failed: \(run.stderr)")

        let shots = try Self.replay(log: run.stdout, rules: rules)
        #expect(shots.count == 7, "the script takes 7 screenshots during transitions; the demo printed \(run.stdout)")
        let differing = try Self.differingFractions(shots)
        for (shot, fraction) in zip(shots, differing) {
            #expect(fraction <= Self.bound, "\(shot.demo): \(fraction * 100)% of the pixels differ from the renderer (bound \(Self.bound * 100)%)")
        }
        // The check sees a wrong frame: each screenshot against the renderer's frame of the next
        // one differs by more than the bound.
        let shifted = zip(shots, shots.dropFirst() + shots.prefix(1)).map { (demo: $0.0.demo, renderer: $0.1.renderer) }
        for (pair, fraction) in zip(shifted, try Self.differingFractions(shifted)) {
            #expect(fraction > Self.bound, "\(pair.demo) against \(pair.renderer): only \(fraction * 100)% differ")
        }
    }

    /// Replays the host calls the demo printed on the Swift drivers and renders the frame of each
    /// screenshot beside it; returns the pairs of files.
    static func replay(log: String, rules: String) throws -> [(demo: String, renderer: String)] {
        let catalog = PluginCatalog.load(PluginSearchPath(explicit: [TestEnvironment.builtinPlugin], environment: [:], builtInDirectory: nil))
        let source = try TransitionsSourceFile(
            utf8: try Data(contentsOf: URL(fileURLWithPath: rules)), fileName: rules, catalog: catalog.animators.map(\.description))
        let bounds = Rect(x: 0, y: 0, width: 360, height: 640)
        let nav = NavigationDriver(root: "home", director: TransitionDirector(catalog: catalog, source: source, containerBounds: bounds))
        var modal: ModalDriver?
        var running: (transition: DrivenTransition, start: Double)?
        var style = CardStyle.standard
        style.deviceCornerFraction = 0
        var shots: [(demo: String, renderer: String)] = []
        for line in log.split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            let time = Double(f.last ?? "") ?? 0
            switch f.first {
            case "begin":
                let op = TransitionOperation(rawValue: Int(f[1])!)!, interactive = f[3] == "1"
                let t: DrivenTransition
                switch op {
                case .push: t = try nav.beginPush(f[2], interactive: interactive)
                case .pop: t = try nav.beginPop(interactive: interactive)
                case .present:
                    let driver = ModalDriver(
                        presenting: nav.stack.layers(in: bounds).last?.screen ?? "home",
                        director: TransitionDirector(catalog: catalog, source: source, containerBounds: bounds))
                    modal = driver
                    t = try driver.beginPresent(f[2], interactive: interactive)
                default: t = try #require(modal).beginDismiss(interactive: interactive)
                }
                running = (t, time)
            case "update":
                let r = try #require(running)
                try r.transition.update(Double(f[1])!, at: time - r.start)
            case "grab":
                let r = try #require(running)
                try r.transition.pause(at: time - r.start)
            case "release":
                let r = try #require(running)
                try r.transition.release(velocity: Double(f[1])!, at: time - r.start)
            case "end":
                let r = try #require(running)
                #expect(try r.transition.complete().finished == (f[1] == "1"), "\(line): the Swift driver ended the other way")
                running = nil
            case "shot":
                let r = try #require(running, "\(line): no transition runs at this screenshot")
                let frame = r.transition.frame(at: time - r.start)
                let png = try FramePainter(bounds: bounds, frames: [frame], style: style).png(frame)
                let file = f[1].replacingOccurrences(of: ".bmp", with: "-renderer.png")
                try Data(png).write(to: URL(fileURLWithPath: file))
                shots.append((f[1], file))
            default:
                continue
            }
        }
        return shots
    }

    /// The fraction of pixels whose hue class differs, per pair, measured with Pillow.
    static func differingFractions(_ shots: [(demo: String, renderer: String)]) throws -> [Double] {
        let program = """
            import sys
            from PIL import Image
            def classes(path):
                im = Image.open(path).convert("RGB")
                out = []
                for r, g, b in im.getdata():
                    out.append(0 if max(r, g, b) - min(r, g, b) < 40 else (1 if b > r else 2))
                return im.size, out
            for i in range(1, len(sys.argv), 2):
                (sa, a), (sb, b) = classes(sys.argv[i]), classes(sys.argv[i + 1])
                if sa != sb:
                    print("size", sa, sb)
                    continue
                print(sum(1 for x, y in zip(a, b) if x != y) / len(a))
            """
        let result = try runProcess(ExternalTools.python, ["-c", program] + shots.flatMap { [$0.demo, $0.renderer] })
        guard result.status == 0 else { throw ExternalTools.ToolError("the pixel comparison failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map { Double($0) ?? 1 }
    }
}

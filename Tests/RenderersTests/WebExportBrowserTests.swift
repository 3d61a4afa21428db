import Foundation
import PluginHost
@testable import Renderers
import Testing
import TestSupport
import TransitionCore

/// The exported CSS played by a real browser: every animator of the three built-in plugins, one
/// operation each, as a page of two states switched by `document.startViewTransition` with the
/// exported style sheet, paused through the Web Animations API at three progresses in headless
/// Chromium and compared with the PNG renderer's picture of the same moment.
@Suite("CSS View Transitions in Chromium")
struct WebExportBrowserTests {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    static let fractions = [0.25, 0.5, 0.75]

    /// One animator's page: its CSS, the two state pictures and the reference pictures.
    struct Case {
        var animator: Animator
        var operation: TransitionOperation
        var timeline: TransitionTimeline
        var references: [TransitionFrame]
    }

    /// The plugin libraries the package ships.
    static func pluginPaths() throws -> [String] {
        var paths = [TestEnvironment.builtinPlugin, PackagePlugins.cPlugin]
        if PackagePlugins.rustUnavailableReason == nil { paths.append(try PackagePlugins.rustPlugin.get()) }
        return paths
    }

    /// The operation a case plays: push when the animator has it, else its first.
    static func operation(of animator: Animator) -> TransitionOperation {
        animator.description.operations.contains(.push) ? .push : animator.description.operations[0]
    }

    /// The timeline sampled as `catalog export web` samples it, and frames at exactly `fractions`.
    static func makeCase(_ animator: Animator) throws -> Case {
        let operation = operation(of: animator)
        let context = try TransitionContext(
            operation: operation, style: animator.description.defaultStyle(for: operation), containerBounds: bounds)
        let duration = animator.duration(context)
        let backdrop = Backdrop.standalone(for: context)
        func timeline(_ progresses: [Double]) throws -> TransitionTimeline {
            let sampled = try animator.run(context, progresses: progresses)
            return backdrop.compose(
                .even(title: "\(operation) · \(animator.id)", containerBounds: bounds, duration: duration, frames: sampled.frames), context: context)
        }
        let dense = try timeline(FrameTimes.progresses(duration: duration, fps: 240))
        let exact = try timeline([0] + fractions + [1])
        return Case(animator: animator, operation: operation, timeline: dense, references: fractions.indices.map { exact.entries[$0 + 1].frame })
    }

    /// The picture of a screen's page: its card face at the size it is laid out for, without
    /// the device's corners (the page masks them as the device does).
    static func statePicture(_ role: ViewRole, of timeline: TransitionTimeline) throws -> [UInt8] {
        let frames = timeline.entries.map(\.frame)
        guard let frame = frames.first(where: { WebScreenSample.standIn(for: role, in: $0) != nil }),
            let standIn = WebScreenSample.standIn(for: role, in: frame)
        else {
            throw ExternalTools.ToolError("\(timeline.title) never draws its \(role) screen")
        }
        let sourceID = ViewContent.source(of: standIn) ?? standIn.id
        guard let first = frames.lazy.compactMap({ $0[sourceID] }).first(where: \.isInContainer) ?? frame[sourceID],
            let size = FramePainter.layoutSizes(frames)[sourceID] ?? Optional((first.state.frame.width, first.state.frame.height)),
            size.width >= 1, size.height >= 1
        else {
            throw ExternalTools.ToolError("\(timeline.title) has no face for its \(role) screen")
        }
        var view = first
        view.state = ViewState(frame: Rect(x: 0, y: 0, width: size.width, height: size.height), color: first.state.color)
        var style = CardStyle.standard
        style.deviceCornerFraction = 0
        let page = TransitionFrame(progress: 0, views: [view])
        return try FramePainter(bounds: view.state.frame, frames: [page], style: style).png(page)
    }

    /// The page of one case, in its own directory entry `n`.
    static func framePage(_ n: Int, type: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="\(n).css">
        <style>html,body{margin:0;width:100%;height:100%;overflow:hidden;background:\(CardStyle.standard.screen.css)}
        img{display:block;width:100%;height:100%}</style></head>
        <body><img id="state" alt="" src="\(n)-old.png"><script>
        const picture = document.getElementById("state");
        const report = (message) => parent.postMessage(Object.assign({ n: \(n) }, message), "*");
        const animations = () => document.getAnimations();
        async function start() {
          await picture.decode();
          const next = new Image();
          next.src = "\(n)-new.png";
          await next.decode();
          const transition = document.startViewTransition({
            update() { picture.src = next.src; return picture.decode(); },
            types: ["\(type)"],
          });
          await transition.ready;
          for (const a of animations()) a.pause();
          report({ ready: animations().map((a) => a.animationName) });
        }
        addEventListener("message", (event) => {
          if (typeof event.data.park !== "number") return;
          for (const a of animations()) { a.pause(); a.currentTime = event.data.park * a.effect.getComputedTiming().duration; }
          report({ parked: animations().map((a) => a.animationName + "@" + Math.round(a.currentTime)) });
        });
        start().catch((error) => report({ error: String(error) }));
        </script></body></html>
        """
    }

    /// The page of all cases: one cell a case, each the iframe of its page under the device's
    /// rounded corners, on the backdrop. Its script comes before the cells, so that it listens
    /// before any cell can report that it is ready.
    static func indexPage(count: Int, columns: Int) -> String {
        let b = bounds, style = CardStyle.standard
        var cells = ""
        for n in 0..<count {
            cells += "<div class=\"cell\" style=\"left:\(Int(b.width) * (n % columns))px;top:\(Int(b.height) * (n / columns))px\"><iframe src=\"\(n).html\"></iframe><i></i></div>\n"
        }
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><link rel="icon" href="data:,"><style>
            html,body{margin:0;background:\(style.backdrop.css)}
            .cell{position:absolute;overflow:hidden;width:\(Int(b.width))px;height:\(Int(b.height))px}
            .cell iframe{display:block;border:0;width:100%;height:100%}
            .cell i{position:absolute;inset:0;border-radius:\(Format.number(style.deviceCornerRadius(for: b)))px;box-shadow:0 0 0 \(Int(b.width))px \(style.backdrop.css);pointer-events:none}
            </style><script>
            const count = \(count), waiting = new Map();
            const ask = (kind) => Promise.all([...Array(count).keys()].map((n) => new Promise((ok) => waiting.set(kind + n, ok))));
            addEventListener("message", (event) => {
              const m = event.data, kind = "ready" in m || "error" in m ? "ready" : "parked";
              const ok = waiting.get(kind + m.n);
              if (ok) { waiting.delete(kind + m.n); ok(m); }
            });
            window.allReady = ask("ready");
            window.waitingFor = () => [...waiting.keys()];
            const frames = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
            window.park = (fraction) => {
              const replies = ask("parked");
              document.querySelectorAll("iframe").forEach((f) => f.contentWindow.postMessage({ park: fraction }, "*"));
              return replies.then((r) => frames().then(() => r));
            };
            </script></head><body>
            \(cells)</body></html>
            """
    }

    /// Each screenshot against the PNG renderer's picture of the same moment. Tolerance: 1% of
    /// the pixels for animators whose frames hold only the two screens and dimming, which the
    /// web shows exactly; what differs is antialiasing of card edges, the device's corner arcs,
    /// and the browser's bilinear scaling of a page's picture where a screen's card changes size
    /// (measured 0% to 0.64%; a screen edge one pixel off along the full height costs 0.26%).
    /// Animators that draw views the web cannot show (shadows, tiles, parts of a screen) are
    /// held to the area those views cover, plus the same 1%.
    @Test("every built-in animator's exported CSS plays in Chromium like the PNG renderer draws it, at three progresses")
    func everyBuiltinInChromium() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var cases: [Case] = []
        for path in try Self.pluginPaths() {
            let library = try PluginLibrary.load(path: path)
            for animator in library.animators { cases.append(try Self.makeCase(animator)) }
        }
        #expect(cases.count >= 40)
        let columns = 8
        for (n, c) in cases.enumerated() {
            let css = try WebTransitionCSS().render(animatorID: c.animator.id, transitions: [.init(operation: c.operation, timeline: c.timeline)])
            try Fixtures.write(Array(css.utf8), "\(n).css", in: dir)
            try Fixtures.write(try Self.statePicture(.from, of: c.timeline), "\(n)-old.png", in: dir)
            try Fixtures.write(try Self.statePicture(.to, of: c.timeline), "\(n)-new.png", in: dir)
            try Fixtures.write(Array(Self.framePage(n, type: c.operation.name).utf8), "\(n).html", in: dir)
        }
        let index = try Fixtures.write(Array(Self.indexPage(count: cases.count, columns: columns).utf8), "index.html", in: dir)
        let rows = (cases.count + columns - 1) / columns
        let w = Int(Self.bounds.width), h = Int(Self.bounds.height)
        let spec: [String: Any] = [
            "chromium": try ExternalTools.chromium(), "url": "file://\(index)", "width": w * columns, "height": h * rows,
            "fractions": Self.fractions, "out": dir, "cells": cases.indices.map { [w * ($0 % columns), h * ($0 / columns), w, h] },
        ]
        let specPath = try Fixtures.write(Array(try JSONSerialization.data(withJSONObject: spec)), "spec.json", in: dir)
        let report = try ExternalTools.consumer(["browser-shots", specPath])
        #expect((report["console"] as? [String] ?? ["no report"]).isEmpty, "the pages logged: \(report["console"] ?? "")")
        let ready = try #require(report["ready"] as? [[String: Any]])
        for (c, r) in zip(cases, ready) {
            #expect(r["error"] == nil && (r["ready"] as? [String])?.count == 2, "\(c.animator.id): \(r)")
        }
        let shots = try #require(report["shots"] as? [[String]])

        var pairs: [(String, String)] = []
        for (n, c) in cases.enumerated() {
            let painter = FramePainter(timeline: c.timeline)
            for (k, frame) in c.references.enumerated() {
                pairs.append((shots[k][n], try Fixtures.write(try painter.png(frame), "ours-\(n)-\(k).png", in: dir)))
            }
            // The control: the first moment against the picture of the last, half the transition
            // away; and the same two pictures of the PNG renderer, which say whether they differ
            // at all (a hold shows one still picture until it cuts at the end).
            let other = c.references[2]
            let otherPNG = try Fixtures.write(try painter.png(other), "other-\(n).png", in: dir)
            pairs.append((shots[0][n], otherPNG))
            pairs.append((try Fixtures.write(try painter.png(c.references[0]), "first-\(n).png", in: dir), otherPNG))
        }
        let fractions = try CrossCheckTests.fractionsOver48(pairs)
        let per = Self.fractions.count + 2
        for (n, c) in cases.enumerated() {
            let made = Self.madeViewCoverage(c)
            let measured = (0..<Self.fractions.count).map { fractions[n * per + $0] }
            let control = fractions[n * per + Self.fractions.count]
            let moves = fractions[n * per + Self.fractions.count + 1] > 0.05
            #expect(!moves || control > 0.05, "\(c.animator.id): a moment half the transition away should differ clearly; \(control * 100)% of the pixels do")
            for (k, f) in measured.enumerated() {
                #expect(f < 0.01 + made, "\(c.animator.id) \(c.operation) at \(Self.fractions[k]): \(f * 100)% of the pixels differ")
            }
        }
    }

    /// The largest fraction of the screen that views the web cannot show (anything drawn but the
    /// views standing in for the two screens and dimming) cover at the compared moments.
    static func madeViewCoverage(_ c: Case) -> Double {
        let b = bounds
        return c.references.map { frame in
            let shown = Set([ViewRole.from, .to].compactMap { WebScreenSample.standIn(for: $0, in: frame)?.id })
            let covered = frame.drawnViews.filter { $0.role != .dimming && !shown.contains($0.id) }.reduce(0.0) { sum, view in
                guard let r = view.state.projectedBounds else { return sum }
                let w = max(0, min(r.maxX, b.maxX) - max(r.x, b.x)), h = max(0, min(r.maxY, b.maxY) - max(r.y, b.y))
                return sum + w * h
            }
            return min(1, covered / (b.width * b.height))
        }.max() ?? 0
    }
}

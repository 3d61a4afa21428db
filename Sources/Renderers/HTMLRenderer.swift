#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

/// A self-contained HTML page that plays one transition: the device screen with the views as
/// cards animated by CSS keyframes (`matrix3d` transforms, so perspective is exact), a play and
/// pause button, a scrub slider and a legend. No network, no external files.
///
/// The page's address fragment parks it: `#p=0.4` pauses at 40% of the transition's duration,
/// and `&bare` shows the device screen alone at its top-left corner, at one CSS pixel a point
/// (for screenshots).
///
/// Given a `LivePreview`, the page plays the animator itself instead: it embeds the animator's
/// `.wasm` module and the web host, steps the module on every animation frame, and adds a
/// control for each parameter (every change re-samples the duration and the states through the
/// module) and a panel with the current values as `--param` arguments and as a transitions-file
/// rule. The cards' faces still come from `timeline`, sampled with the starting values.
public struct HTMLRenderer: Sendable {
    /// The look.
    public var style: CardStyle
    /// Seconds the first and last frames are held in each loop.
    public var hold: Double

    /// Creates a renderer.
    public init(style: CardStyle = .standard, hold: Double = 0.5) {
        self.style = style
        self.hold = hold
    }

    /// The page of `timeline`, with an optional line under its title and an optional note under
    /// the controls; played live by `live`'s module when it is given.
    public func render(
        _ timeline: TransitionTimeline, subtitle: String? = nil, note: String? = nil, live: LivePreview? = nil
    ) throws(RenderError) -> String {
        guard !timeline.entries.isEmpty else { throw RenderError("the timeline has no frames") }
        let b = timeline.containerBounds
        guard b.isFinite, b.width >= 1, b.height >= 1, b.width <= 100_000, b.height <= 100_000 else {
            throw RenderError("the container must have a positive size; got \(b)")
        }
        let scene = CSSScene(timeline: timeline, id: "s", style: style, hold: hold)
        let prefix = subtitle.map { $0.isEmpty ? "" : $0 + " · " } ?? ""
        let suffix = " · \(Format.number(b.width))×\(Format.number(b.height)) pt"
        let details = prefix + "\(Format.number(timeline.duration * 1000, decimals: 0)) ms" + suffix
        let roles = Set(timeline.entries.flatMap { $0.frame.views.filter(\.isInContainer).map(\.role) })
        let legend = ViewRole.allCases.filter(roles.contains).map { role in
            "<span class=\"key\"><i style=\"background:\(style.color(for: role).css)\"></i>\(role.name)</span>"
        }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en"\(live == nil ? "" : " class=\"live\"")>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(timeline.title))</title>
            <link rel="icon" href="data:,">
            <style>
            html,body{margin:0;background:\(style.backdrop.css);color:\(style.caption.css);font:14px "\(style.fontFamily)",sans-serif}
            main{display:flex;flex-direction:column;align-items:center;gap:14px;padding:24px}
            h1{margin:0;font-size:20px;color:\(style.label.css)}
            .details{margin:0}
            .device{width:\(Format.number(b.width))px;height:\(Format.number(b.height))px;transform-origin:0 0}
            .controls{display:flex;align-items:center;gap:12px;width:min(100%,480px)}
            .controls input{flex:1;accent-color:\(style.to.css)}
            .controls button{min-width:72px;padding:6px 12px;border:0;border-radius:6px;background:\(style.screen.css);color:\(style.label.css);font:inherit;cursor:pointer}
            .readout{min-width:128px;text-align:right;font-variant-numeric:tabular-nums}
            .legend{display:flex;gap:16px}
            .key i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;vertical-align:-1px;box-shadow:0 0 0 1px rgba(255,255,255,.3)}
            html.bare main{padding:0;display:block}
            html.bare .chrome{display:none}
            html.bare .device{transform:none!important}
            .note{margin:0;font-size:13px}
            .details.failed{color:#ff8a80}
            .live-panel{display:flex;flex-direction:column;gap:10px;width:min(100%,560px)}
            #parameters{display:grid;grid-template-columns:max-content 1fr max-content;gap:6px 12px;align-items:center}
            .parameter{display:contents}
            .parameter input[type=range]{accent-color:\(style.to.css)}
            .parameter select,.parameter input[type=checkbox]{justify-self:start}
            .copy p{margin:4px 0}
            .copy code{display:block;padding:6px 8px;border-radius:6px;background:\(style.screen.css);color:\(style.label.css);user-select:all;white-space:pre-wrap;word-break:break-all}
            html.live .view{animation:none!important}
            html.live .device{touch-action:none;cursor:grab;user-select:none}
            \(CSSScene.sharedCSS(style: style))
            \(scene.css)
            </style>
            </head>
            <body>
            <main>
            <h1 class="chrome">\(HTMLText.escape(timeline.title))</h1>
            <p class="chrome details" id="details" data-prefix="\(HTMLText.escape(prefix))" data-suffix="\(HTMLText.escape(suffix))">\(HTMLText.escape(details))</p>
            <div class="frame-box"><div class="device">\(scene.html)</div></div>
            <div class="chrome controls"><button id="play" type="button">Play</button><input id="scrub" type="range" min="0" max="1000" value="0" aria-label="position in the transition"><span class="readout" id="readout"></span></div>
            <div class="chrome legend">\(legend)</div>
            \(note.map { "<p class=\"chrome note\">\(HTMLText.escape($0))</p>" } ?? "")
            \(live.map(livePanel) ?? "")
            </main>
            \(live.map { liveScripts($0, bounds: b) } ?? bakedScript(scene: scene, bounds: b))
            </body>
            </html>

            """
    }

    /// The parameter controls' holder, the copy panel and the embedded module.
    private func livePanel(_ live: LivePreview) -> String {
        """
        <section class="chrome live-panel" aria-label="parameters">
        <div id="parameters"></div>
        <div class="copy">
        <p>Command-line parameters:</p><code id="param-line"></code>
        <p>Command:</p><code id="command-line"></code>
        <p>Transitions-file rule:</p><code id="rule"></code>
        <p>The last drag on the screen, replayed by the command line:</p><code id="gesture-line">Drag on the screen to scrub; let go to finish or cancel, press again to catch it.</code>
        </div>
        <span id="duration" hidden></span>
        </section>
        <script type="application/octet-stream" id="module" data-name="\(HTMLText.escape(live.moduleName))">\(Data(live.module).base64EncodedString())</script>
        """
    }

    /// The live page's script: the web host and the code that plays the module.
    private func liveScripts(_ live: LivePreview, bounds b: Rect) -> String {
        let colors = "{" + ViewRole.allCases.map { "\(JSNumber.string($0.name)):\(JSNumber.string(style.color(for: $0).css))" }.joined(separator: ",") + "}"
        return "<script type=\"module\">\n" + live.script(hold: hold, width: b.width, height: b.height, roleColors: colors) + "\n</script>"
    }

    /// What both pages' scripts share: `fit` scales the device to the window (not in `#bare`,
    /// the screenshot view), and `hash` holds the address's fragment (`bare`, `p`). Expects
    /// `device`, `box`, `W` and `HT` in scope.
    static let fittingScript = """
        const fit = () => {
          if (document.documentElement.classList.contains("bare")) { box.style.width = box.style.height = ""; return; }
          const k = Math.min(1, (window.innerHeight - 190) / HT, (window.innerWidth - 48) / W);
          const s = k > 0.1 ? k : 0.1;
          device.style.transform = "scale(" + s + ")";
          box.style.width = W * s + "px";
          box.style.height = HT * s + "px";
        };
        const hash = new URLSearchParams(location.hash.slice(1));
        if (hash.has("bare")) document.documentElement.classList.add("bare");
        fit();
        window.addEventListener("resize", fit);
        """

    /// The baked page's script: plays, pauses and seeks the CSS animations.
    private func bakedScript(scene: CSSScene, bounds b: Rect) -> String {
        """
            <script>
            (() => {
              const D = \(Format.number(scene.duration, decimals: 6)), H = \(Format.number(scene.hold, decimals: 6)), C = D + 2 * H;
              const W = \(Format.number(b.width, decimals: 3)), HT = \(Format.number(b.height, decimals: 3));
              const stage = document.getElementById("s"), device = document.querySelector(".device"), box = document.querySelector(".frame-box");
              const slider = document.getElementById("scrub"), button = document.getElementById("play"), readout = document.getElementById("readout");
              const animations = () => stage.getAnimations({ subtree: true });
              let playing = false;
              const timeAt = (ms) => { const c = ((ms / 1000) % C + C) % C; return Math.min(D, Math.max(0, c - H)); };
              const show = (t) => {
                slider.value = D > 0 ? Math.round(t / D * 1000) : 0;
                readout.textContent = Math.round(t * 1000) + " ms · " + (D > 0 ? Math.round(t / D * 100) : 100) + "%";
              };
              const seek = (t) => { for (const a of animations()) a.currentTime = (H + t) * 1000; show(t); };
              const tick = () => {
                if (!playing) return;
                const a = animations()[0];
                if (a && a.currentTime !== null) show(timeAt(a.currentTime));
                requestAnimationFrame(tick);
              };
              const pause = () => { for (const a of animations()) a.pause(); playing = false; button.textContent = "Play"; };
              const play = () => { for (const a of animations()) a.play(); playing = true; button.textContent = "Pause"; tick(); };
              slider.addEventListener("input", () => { pause(); seek(slider.value / 1000 * D); });
              button.addEventListener("click", () => (playing ? pause() : play()));
              document.addEventListener("keydown", (e) => { if (e.code === "Space") { e.preventDefault(); playing ? pause() : play(); } });
              \(Self.fittingScript)
              if (hash.has("p")) {
                const p = Math.min(1, Math.max(0, parseFloat(hash.get("p")) || 0));
                pause();
                seek(p * D);
              } else {
                play();
              }
              document.body.dataset.ready = "1";
            })();
            </script>
            """
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

/// One self-contained HTML page of many transitions: a section per animator with a card per
/// transition, each resting at a moment of its motion, playing while the pointer is over it,
/// and scrubbable with its own slider. A section can offer its animator's CSS View Transitions
/// style sheet (`catalog export web`) to read and copy.
public struct GalleryRenderer: Sendable {
    /// One transition on the page.
    public struct Item: Sendable {
        /// The section it belongs to (an animator's id).
        public var group: String
        /// The section's heading (the animator's name).
        public var groupTitle: String
        /// The section's description (the animator's summary).
        public var groupSummary: String
        /// The card's caption: the operation, and the style when it matters.
        public var caption: String
        /// The transition.
        public var timeline: TransitionTimeline
        /// How the card plays live, when its animator's module is on the page; nil for a card
        /// that plays its sampled frames.
        public var live: LiveCard?

        /// Creates an item.
        public init(group: String, groupTitle: String, groupSummary: String, caption: String, timeline: TransitionTimeline, live: LiveCard? = nil) {
            self.group = group
            self.groupTitle = groupTitle
            self.groupSummary = groupSummary
            self.caption = caption
            self.timeline = timeline
            self.live = live
        }
    }

    /// A card that runs its animator's `.wasm` in the page with the web host.
    public struct LiveCard: Sendable {
        /// The index of the animator's module in `LiveModules.modules`.
        public var module: Int
        /// The animator's id within its plugin.
        public var animatorID: String
        /// The transition's context: operation, style, container, presented frame.
        public var context: TransitionContext

        /// Creates a live card.
        public init(module: Int, animatorID: String, context: TransitionContext) {
            self.module = module
            self.animatorID = animatorID
            self.context = context
        }
    }

    /// What live cards need on the page: the web host (`web/transition-catalog.js`) and the
    /// modules, each embedded once.
    public struct LiveModules: Sendable {
        /// The text of the web host.
        public var host: String
        /// Each module's file name and bytes.
        public var modules: [(name: String, bytes: [UInt8])]

        /// Creates the page's live assets.
        public init(host: String, modules: [(name: String, bytes: [UInt8])]) {
            self.host = host
            self.modules = modules
        }
    }

    /// The look.
    public var style: CardStyle
    /// The height of each card's device screen in CSS pixels.
    public var thumbnailHeight: Double
    /// Where in the transition (0...1) a card rests while the pointer is elsewhere.
    public var restingPosition: Double
    /// Seconds the first and last frames are held in each loop.
    public var hold: Double

    /// Creates a renderer.
    public init(style: CardStyle = .standard, thumbnailHeight: Double = 260, restingPosition: Double = 0.35, hold: Double = 0.4) {
        self.style = style
        self.thumbnailHeight = thumbnailHeight
        self.restingPosition = restingPosition
        self.hold = hold
    }

    /// The page of `items`, grouped in the order their groups first appear, under `title`, with
    /// the style sheet `styleSheets` holds for a group offered for copying under its section.
    /// Items with a live card play their module with `live`'s web host, and their section gets
    /// a control for each of the animator's parameters, shared by its cards.
    public func render(
        _ items: [Item], title: String = "Transition Catalog", styleSheets: [String: String] = [:], live: LiveModules? = nil
    ) throws(RenderError) -> String {
        guard !items.isEmpty else { throw RenderError("the gallery has no transitions") }
        var groups: [String] = []
        for item in items where !groups.contains(item.group) { groups.append(item.group) }
        var css = ""
        var body = ""
        var n = 0
        for group in groups {
            let members = items.filter { $0.group == group }
            let head = members[0]
            body += "<section><h2>\(HTMLText.escape(head.groupTitle)) <code>\(HTMLText.escape(group))</code></h2><p>\(HTMLText.escape(head.groupSummary))</p>"
            if live != nil, members.contains(where: { $0.live != nil }) {
                body += "<div class=\"live-parameters\" data-group=\"\(HTMLText.escape(group))\"></div>"
            }
            body += "<div class=\"tiles\">"
            for item in members {
                let b = item.timeline.containerBounds
                guard !item.timeline.entries.isEmpty, b.isFinite, b.width >= 1, b.height >= 1 else {
                    throw RenderError("the transition '\(item.timeline.title)' has no frames or no size")
                }
                let scene = CSSScene(timeline: item.timeline, id: "g\(n)", style: style, hold: hold)
                css += scene.css
                let k = thumbnailHeight / b.height
                let rest = -(scene.hold + restingPosition * scene.duration)
                let card = live == nil ? nil : item.live
                let liveAttributes = card.map {
                    " data-group=\"\(HTMLText.escape(group))\" data-module=\"\($0.module)\" data-animator=\"\(HTMLText.escape($0.animatorID))\" data-options=\"\(HTMLText.escape(LivePreview.options($0.context)))\""
                } ?? ""
                body += """
                    <figure class="tile\(card == nil ? "" : " live")"\(liveAttributes) data-duration="\(Format.number(scene.duration, decimals: 6))" data-hold="\(Format.number(scene.hold, decimals: 6))" data-rest="\(Format.number(restingPosition, decimals: 4))">\
                    <div class="thumb" style="width:\(Format.number(b.width * k, decimals: 2))px;height:\(Format.number(b.height * k, decimals: 2))px">\
                    <div class="scaled" style="transform:scale(\(Format.number(k, decimals: 6)));--delay:\(Format.number(rest, decimals: 6))s">\(scene.html)</div></div>\
                    <figcaption><b>\(HTMLText.escape(item.caption))</b> · \(Format.number(scene.duration * 1000, decimals: 0)) ms</figcaption>\
                    <input type="range" min="0" max="1000" value="\(Int((restingPosition * 1000).rounded()))" aria-label="position in \(HTMLText.escape(item.timeline.title))">\
                    </figure>
                    """
                n += 1
            }
            body += "</div>"
            if let sheet = styleSheets[group] {
                body += "<details class=\"css\"><summary>CSS View Transitions</summary><p>Link it in a page of \(Format.number(head.timeline.containerBounds.width))x\(Format.number(head.timeline.containerBounds.height)) CSS pixels and start a view transition with its operation as the type (docs/web-export.md).</p><button type=\"button\" class=\"copy\">Copy</button><pre><code>\(HTMLText.escape(sheet))</code></pre></details>"
            }
            body += "</section>\n"
        }
        let legend = [ViewRole.from, .to, .snapshot, .dimming].map { role in
            "<span class=\"key\"><i style=\"background:\(style.color(for: role).css)\"></i>\(role.name)</span>"
        }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(title))</title>
            <link rel="icon" href="data:,">
            <style>
            html,body{margin:0;background:\(style.backdrop.css);color:\(style.caption.css);font:14px "\(style.fontFamily)",sans-serif}
            header,section{padding:8px 32px}
            h1{margin:24px 0 4px;font-size:24px;color:\(style.label.css)}
            h2{margin:24px 0 4px;font-size:18px;color:\(style.label.css)}
            h2 code{font-size:13px;color:\(style.caption.css);font-weight:400}
            section p{margin:0 0 12px;max-width:720px}
            .legend{display:flex;gap:16px;margin:8px 0}
            .key i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;vertical-align:-1px;box-shadow:0 0 0 1px rgba(255,255,255,.3)}
            .tiles{display:flex;flex-wrap:wrap;gap:20px}
            .tile{margin:0;display:flex;flex-direction:column;gap:8px;padding:12px;border-radius:12px;background:#202127}
            .tile:hover{background:#26272e}
            .thumb{position:relative;overflow:hidden}
            .scaled{transform-origin:0 0;--state:paused}
            .tile:hover .scaled{--state:running}
            figcaption{font-size:13px}
            figcaption b{color:\(style.label.css)}
            .tile input{width:100%;margin:0;accent-color:\(style.to.css)}
            .css{margin:12px 0;max-width:960px}
            .css summary{cursor:pointer;color:\(style.label.css)}
            .css pre{max-height:320px;overflow:auto;padding:12px;border-radius:8px;background:#202127;font-size:12px;white-space:pre-wrap;word-break:break-all}
            .tile.live .view{animation:none!important}
            .live-parameters{display:grid;grid-template-columns:max-content minmax(120px,240px) max-content;gap:4px 12px;align-items:center;margin:0 0 12px}
            .live-parameters .parameter{display:contents}
            .live-parameters input[type=range]{accent-color:\(style.to.css)}
            .live-parameters select,.live-parameters input[type=checkbox]{justify-self:start}
            .failed{color:#ff8a80}
            .css button{padding:4px 12px;border:0;border-radius:6px;background:\(style.screen.css);color:\(style.label.css);font:inherit;cursor:pointer}
            \(CSSScene.sharedCSS(style: style))
            \(css)
            </style>
            </head>
            <body>
            <header><h1>\(HTMLText.escape(title))</h1><p>\(groups.count) animator\(groups.count == 1 ? "" : "s") · \(items.count) transition\(items.count == 1 ? "" : "s") · point at a card to play it, drag its slider to scrub</p><div class="legend">\(legend)</div></header>
            \(body)
            <script>
            (() => {
              for (const tile of document.querySelectorAll(".tile:not(.live)")) {
                const D = parseFloat(tile.dataset.duration), H = parseFloat(tile.dataset.hold);
                const stage = tile.querySelector(".stage"), slider = tile.querySelector("input");
                const animations = () => stage.getAnimations({ subtree: true });
                const seek = (p) => { for (const a of animations()) { a.pause(); a.currentTime = (H + p * D) * 1000; } };
                tile.addEventListener("mouseenter", () => { for (const a of animations()) a.play(); });
                tile.addEventListener("mouseleave", () => { for (const a of animations()) a.pause(); });
                slider.addEventListener("input", () => seek(slider.value / 1000));
              }
              for (const button of document.querySelectorAll(".css .copy")) {
                const code = button.parentElement.querySelector("code");
                button.addEventListener("click", () => {
                  const selectAll = () => getSelection().selectAllChildren(code);
                  if (navigator.clipboard) {
                    navigator.clipboard.writeText(code.textContent).then(() => { button.textContent = "Copied"; }, selectAll);
                  } else {
                    selectAll();
                  }
                });
              }
              document.body.dataset.ready = "1";
            })();
            </script>
            \(live.map(liveScript) ?? "")
            </body>
            </html>

            """
    }

    /// The modules, embedded once each, and the script that plays the live cards: each section's
    /// controls make every card of the section a new transition with the new values; a card plays
    /// while the pointer is over it and its slider scrubs it. A card holds a module instance only
    /// while it is one of the six last played or scrubbed (a browser runs out of room for
    /// instances long before a gallery runs out of cards); the others keep the frame they show.
    /// `window.gallery` gives tools `ready`, `settled()` and `cards`, each with its `animator`,
    /// `operation`, `duration`, `values` and `frames(progresses)` (a promise).
    private func liveScript(_ live: LiveModules) -> String {
        let colors = "{" + ViewRole.allCases.map { "\(JSNumber.string($0.name)):\(JSNumber.string(style.color(for: $0).css))" }.joined(separator: ",") + "}"
        let modules = live.modules.enumerated().map { n, m in
            "<script type=\"application/octet-stream\" id=\"module-\(n)\" data-name=\"\(HTMLText.escape(m.name))\">\(Data(m.bytes).base64EncodedString())</script>"
        }.joined(separator: "\n")
        let host = LivePreview.inline(live.host)
        return modules + """

            <script type="module">
            \(host)
            \(LivePreview.pageLibrary)
            const ROLE_COLORS = \(colors), H = \(JSNumber.text(hold));
            const plugins = new Map();
            const pluginOf = (n) => {
              if (!plugins.has(n)) { const e = document.getElementById("module-" + n); plugins.set(n, loadPlugin(embeddedModule(e), { path: e.dataset.name })); }
              return plugins.get(n);
            };
            const cards = [], active = [], ACTIVE = 6;
            let settling = Promise.resolve();
            const card = (tile) => {
              const stage = tile.querySelector(".stage"), slider = tile.querySelector("input"), caption = tile.querySelector("figcaption");
              const options = JSON.parse(tile.dataset.options), draw = stageDrawer(stage, options.containerBounds, ROLE_COLORS);
              const c = { tile, animator: tile.dataset.animator, operation: options.operation, duration: 0, transition: null, position: Number(tile.dataset.rest), playing: false, values: null };
              const start = async () => {
                const plugin = await pluginOf(Number(tile.dataset.module));
                const next = await plugin.transition(c.animator, { ...options, parameters: { ...c.values } });
                if (!next.setup()) throw new Error(c.animator + " refused its setup");
                return next;
              };
              // A card holds an instance only while it plays or scrubs: the ACTIVE most recent ones do.
              const release = () => { if (c.transition) { c.transition.complete(false); c.transition = null; } };
              c.activate = async () => {
                const i = active.indexOf(c);
                if (i >= 0) active.splice(i, 1);
                active.push(c);
                while (active.length > ACTIVE) active.shift().release();
                if (!c.transition) c.transition = await start();
              };
              c.release = release;
              c.show = (p) => { c.position = p; if (c.transition) draw(c.transition.step(p)); slider.value = Math.round(p * 1000); };
              c.restart = async (values) => {
                c.values = { ...values };
                release();
                const next = await start();
                c.duration = next.duration;
                c.transition = next;
                caption.querySelector("b").nextSibling.textContent = " · " + Math.round(next.duration * 1000) + " ms";
                c.show(c.position);
                if (!active.includes(c)) release();
              };
              const tick = (now) => {
                if (!c.playing) return;
                const C = c.duration + 2 * H, t = ((now - c.started) / 1000) % C;
                c.show(c.duration > 0 ? Math.min(1, Math.max(0, (t - H) / c.duration)) : 1);
                requestAnimationFrame(tick);
              };
              tile.addEventListener("mouseenter", () => {
                c.playing = true;
                c.activate().then(() => { c.started = performance.now() - (H + c.position * c.duration) * 1000; requestAnimationFrame(tick); });
              });
              tile.addEventListener("mouseleave", () => { c.playing = false; });
              slider.addEventListener("input", () => { c.playing = false; const p = slider.value / 1000; c.activate().then(() => c.show(p)); });
              c.frames = async (progresses) => { await c.activate(); return progresses.map((p) => c.transition.step(p)); };
              cards.push(c);
              return c;
            };
            const ready = (async () => {
              const groups = new Map();
              for (const tile of document.querySelectorAll(".tile.live")) {
                const c = card(tile);
                if (!groups.has(tile.dataset.group)) groups.set(tile.dataset.group, []);
                groups.get(tile.dataset.group).push(c);
              }
              for (const [group, members] of groups) {
                const holder = [...document.querySelectorAll(".live-parameters")].find((e) => e.dataset.group === group);
                const plugin = await pluginOf(Number(members[0].tile.dataset.module));
                const spec = plugin.animators().find((a) => a.id === members[0].animator);
                const values = Object.fromEntries(spec.parameters.map((p) => [p.id, p.type === "bool" ? p.defaultValue !== 0 : p.type === "choice" ? p.choices[p.defaultValue] : p.defaultValue]));
                const restart = () => {
                  settling = settling.then(() => Promise.all(members.map((c) => c.restart(values)))).then(() => { holder.classList.remove("failed"); holder.title = ""; }, (error) => {
                    holder.classList.add("failed");
                    holder.title = "These values cannot run: " + (error && error.message ? error.message : error);
                  });
                  return settling;
                };
                parameterControls(holder, spec, values, restart);
                await restart();
              }
              document.body.dataset.live = "1";
            })();
            window.gallery = { ready, settled: () => settling, cards };
            </script>
            """
    }
}

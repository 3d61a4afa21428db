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

        /// Creates an item.
        public init(group: String, groupTitle: String, groupSummary: String, caption: String, timeline: TransitionTimeline) {
            self.group = group
            self.groupTitle = groupTitle
            self.groupSummary = groupSummary
            self.caption = caption
            self.timeline = timeline
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
    public func render(_ items: [Item], title: String = "Transition Catalog", styleSheets: [String: String] = [:]) throws(RenderError) -> String {
        guard !items.isEmpty else { throw RenderError("the gallery has no transitions") }
        var groups: [String] = []
        for item in items where !groups.contains(item.group) { groups.append(item.group) }
        var css = ""
        var body = ""
        var n = 0
        for group in groups {
            let members = items.filter { $0.group == group }
            let head = members[0]
            body += "<section><h2>\(HTMLText.escape(head.groupTitle)) <code>\(HTMLText.escape(group))</code></h2><p>\(HTMLText.escape(head.groupSummary))</p><div class=\"tiles\">"
            for item in members {
                let b = item.timeline.containerBounds
                guard !item.timeline.entries.isEmpty, b.isFinite, b.width >= 1, b.height >= 1 else {
                    throw RenderError("the transition '\(item.timeline.title)' has no frames or no size")
                }
                let scene = CSSScene(timeline: item.timeline, id: "g\(n)", style: style, hold: hold)
                css += scene.css
                let k = thumbnailHeight / b.height
                let rest = -(scene.hold + restingPosition * scene.duration)
                body += """
                    <figure class="tile" data-duration="\(Format.number(scene.duration, decimals: 6))" data-hold="\(Format.number(scene.hold, decimals: 6))" data-rest="\(Format.number(restingPosition, decimals: 4))">\
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
              for (const tile of document.querySelectorAll(".tile")) {
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
            </body>
            </html>

            """
    }
}

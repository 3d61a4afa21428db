import TransitionCore

/// A timeline as HTML and CSS: a stage element (the device screen) holding one element per view,
/// each playing a CSS animation whose keyframes carry the view's frame, opacity, corner radius,
/// stacking order, visibility and its 4x4 transform as `matrix3d` about the view's centre (CSS
/// matrices are column-major like `Transform3D`, and the view's frame is its untransformed
/// box, so the browser projects the cards exactly as the PNG renderer does).
///
/// One cycle of an animation holds the first frame for `hold` seconds, plays the transition at
/// its real duration, then holds the last frame for `hold`; the cycle repeats. The animations
/// read `--delay` and `--state` from the stage, so a page can park them anywhere with CSS alone.
struct CSSScene {
    /// The stage's element id; view ids and keyframe names start with it.
    var id: String
    /// The stage's markup.
    var html: String
    /// The rules and keyframes of the stage's views.
    var css: String
    /// The transition's duration in seconds.
    var duration: Double
    /// Seconds each end is held.
    var hold: Double

    /// Seconds one cycle lasts: hold, transition, hold.
    var cycle: Double { duration + 2 * hold }

    /// Rules every stage needs, once a page.
    static func sharedCSS(style: CardStyle) -> String {
        """
        .stage{position:relative;overflow:hidden;isolation:isolate;background:\(style.screen.css)}
        .view{position:absolute;box-sizing:border-box;overflow:hidden;transform-origin:50% 50%;animation-timing-function:linear;\
        animation-fill-mode:both;animation-iteration-count:infinite;animation-delay:var(--delay,0s);\
        animation-play-state:var(--state,running)}
        .blk{position:absolute}
        .lbl{position:absolute;white-space:nowrap;font-family:"\(style.fontFamily)",sans-serif}
        """
    }

    /// One view's values at one sample, as CSS property values.
    private struct Sample {
        var visible: Bool
        var numbers: [Double]  // left, top, width, height, opacity, radius, matrix (16)
        var z: Int
        var color: String

        func css(_ changing: Set<String>) -> [(String, String)] {
            var out: [(String, String)] = []
            func px(_ v: Double) -> String { Format.number(v, decimals: 3) + "px" }
            if changing.contains("left") { out.append(("left", px(numbers[0]))) }
            if changing.contains("top") { out.append(("top", px(numbers[1]))) }
            if changing.contains("width") { out.append(("width", px(numbers[2]))) }
            if changing.contains("height") { out.append(("height", px(numbers[3]))) }
            if changing.contains("opacity") { out.append(("opacity", Format.number(numbers[4], decimals: 4))) }
            if changing.contains("border-radius") { out.append(("border-radius", px(numbers[5]))) }
            if changing.contains("transform") {
                let m = numbers[6..<22].map { Format.number($0, decimals: 7) }.joined(separator: ",")
                out.append(("transform", "matrix3d(\(m))"))
            }
            if changing.contains("z-index") { out.append(("z-index", String(z))) }
            if changing.contains("visibility") { out.append(("visibility", visible ? "visible" : "hidden")) }
            if changing.contains("background-color") { out.append(("background-color", color)) }
            return out
        }
    }

    /// Builds the scene of `timeline` with ids starting with `id`.
    init(timeline: TransitionTimeline, id: String, style: CardStyle, hold: Double) {
        self.id = id
        let duration = max(0, timeline.duration), hold = max(0, hold)
        self.duration = duration
        self.hold = hold
        let bounds = timeline.containerBounds
        let painter = FramePainter(timeline: timeline, style: style)
        let entries = timeline.entries
        var ids: [ViewID] = []
        for entry in entries {
            for view in entry.frame.views where view.isInContainer && !ids.contains(view.id) { ids.append(view.id) }
        }
        ids.sort()
        let cycle = duration + 2 * hold
        func percent(_ time: Double) -> Double { cycle > 0 ? (hold + time) / cycle * 100 : 0 }

        var html = "<div class=\"stage\" id=\"\(id)\" style=\"width:\(Format.number(bounds.width))px;height:\(Format.number(bounds.height))px;border-radius:\(Format.number(style.deviceCornerRadius(for: bounds)))px\">"
        var css = ""
        for (n, viewID) in ids.enumerated() {
            let elementID = "\(id)v\(n)"
            guard let first = entries.lazy.compactMap({ $0.frame[viewID] }).first(where: \.isInContainer) else { continue }
            let content = painter.content(of: first)
            // Each entry's values; entries where the view is absent borrow a neighbour's numbers.
            var samples: [Sample?] = entries.map { entry in
                let order = entry.frame.drawOrder
                guard let rank = order.firstIndex(where: { $0.id == viewID }) else { return nil }
                let view = order[rank], s = view.state
                let camera = entry.frame.camera(for: view)
                guard s.isFinite, camera.isValid else { return nil }
                let numbers = [
                    s.frame.x - bounds.x, s.frame.y - bounds.y, s.frame.width, s.frame.height,
                    min(max(s.alpha, 0), 1), RoundedRect.clampedRadius(s.frame, s.cornerRadius),
                ] + Self.elementTransform(s, camera: camera).columnMajor
                let culled = !s.doubleSided && s.facesAway(camera: camera)
                return Sample(visible: !s.hidden && !culled, numbers: numbers, z: rank + 1, color: content.crops ? "transparent" : style.fill(for: view).css)
            }
            guard let firstPresent = samples.firstIndex(where: { $0 != nil }) else { continue }
            var carry = samples[firstPresent]!
            carry.visible = false
            for i in samples.indices {
                if let s = samples[i] { carry = s; carry.visible = false } else { samples[i] = carry }
            }
            let all = samples.map { $0! }

            var changing = Set<String>()
            let names = ["left", "top", "width", "height", "opacity", "border-radius"]
            for (k, name) in names.enumerated() where all.contains(where: { abs($0.numbers[k] - all[0].numbers[k]) > 1e-9 }) {
                changing.insert(name)
            }
            if all.contains(where: { !zip($0.numbers[6...], all[0].numbers[6...]).allSatisfy { abs($0 - $1) <= 1e-12 } }) {
                changing.insert("transform")
            }
            if all.contains(where: { $0.z != all[0].z }) { changing.insert("z-index") }
            if all.contains(where: { $0.visible != all[0].visible }) { changing.insert("visibility") }
            if all.contains(where: { $0.color != all[0].color }) { changing.insert("background-color") }
            let everything = Set(names + ["transform", "z-index", "visibility", "background-color"])
            let fixed = all[0].css(everything.subtracting(changing))

            var rule = "#\(elementID){" + fixed.map { "\($0.0):\($0.1)" }.joined(separator: ";")
            if !changing.isEmpty {
                rule += ";animation-name:\(elementID);animation-duration:\(Format.number(cycle, decimals: 4))s"
            }
            css += rule + "}\n"

            if !changing.isEmpty {
                let discrete: (Int) -> Bool = { i in
                    i + 1 < all.count && (all[i].z != all[i + 1].z || all[i].visible != all[i + 1].visible || all[i].color != all[i + 1].color)
                }
                let tolerances = [0.15, 0.15, 0.15, 0.15, 0.003, 0.15] + [
                    0.0005, 0.0005, 0.0005, 2e-7, 0.0005, 0.0005, 0.0005, 2e-7, 0.0005, 0.0005, 0.0005, 2e-7, 0.15, 0.15, 0.15, 0.0005,
                ]
                let times = entries.map(\.time)
                let kept = KeyframeReducer.keep(
                    count: all.count, mustKeep: { discrete($0) || discrete($0 - 1) },
                    fits: { a, b, i in
                        let span = times[b] - times[a]
                        let f = span > 0 ? (times[i] - times[a]) / span : 0
                        return all[i].numbers.indices.allSatisfy { k in
                            abs(all[a].numbers[k] + (all[b].numbers[k] - all[a].numbers[k]) * f - all[i].numbers[k]) <= tolerances[k]
                        }
                    })
                func frame(_ p: Double, _ s: Sample) -> String {
                    "\(Format.number(p, decimals: 4))%{" + s.css(changing).map { "\($0.0):\($0.1)" }.joined(separator: ";") + "}"
                }
                var keyframes = [frame(0, all[kept[0]])]
                for i in kept {
                    keyframes.append(frame(percent(times[i]), all[i]))
                    if discrete(i) {
                        // The discrete values switch just before the next sample, not halfway.
                        var just = all[i + 1]
                        just.z = all[i].z
                        just.visible = all[i].visible
                        just.color = all[i].color
                        let p = percent(times[i + 1]) - 0.0005
                        if p > percent(times[i]) { keyframes.append(frame(p, just)) }
                    }
                }
                keyframes.append(frame(100, all[kept[kept.count - 1]]))
                css += "@keyframes \(elementID){" + keyframes.joined() + "}\n"
            }

            html += "<div class=\"view\" id=\"\(elementID)\" data-role=\"\(first.role)\" data-view=\"\(viewID.rawValue)\"\(first.state.zIndex == Backdrop.zIndex ? " data-backdrop" : "")>"
            if content.crops {
                html += Self.snapshotFace(content)
                html += "</div>"
                continue
            }
            let face = content.face
            for block in face.blocks {
                let r = block.rect
                html += "<div class=\"blk\" style=\"left:\(pct(r.x, face.width));top:\(pct(r.y, face.height));width:\(pct(r.width, face.width));height:\(pct(r.height, face.height));border-radius:\(Format.number(block.radius, decimals: 3))px;background:\(block.color.css)\"></div>"
            }
            if let label = face.label {
                html += "<span class=\"lbl\" style=\"left:\(Format.number(label.x, decimals: 3))px;top:\(Format.number(label.centerY - label.lineHeight / 2, decimals: 3))px;height:\(Format.number(label.lineHeight, decimals: 3))px;line-height:\(Format.number(label.lineHeight, decimals: 3))px;font-size:\(Format.number(label.fontSize, decimals: 3))px;font-weight:\(label.bold ? 700 : 400);color:\(label.color.css)\">\(HTMLText.escape(label.text))</span>"
            }
            html += "</div>"
        }
        html += "</div>"
        self.html = html
        self.css = css
    }
}

extension CSSScene {
    /// The CSS transform of a view's element, which applies about the element's centre: the
    /// view's transform under the container's camera, `T(-c) · camera · T(c) · transform` with
    /// c the frame's centre, so the element lands where the view's screen transform puts it.
    static func elementTransform(_ state: ViewState, camera: Camera) -> Transform3D {
        guard !camera.isNone else { return state.transform }
        let c = (x: state.frame.midX, y: state.frame.midY)
        return Transform3D.translation(x: -c.x, y: -c.y)
            .concatenating(camera.matrix)
            .concatenating(.translation(x: c.x, y: c.y))
            .concatenating(state.transform)
    }

    /// The markup inside a snapshot's element: its source's face, sized and placed so that the
    /// snapshot's rectangle of it fills the element (whose overflow is hidden), all in
    /// percentages so it follows the element's size.
    static func snapshotFace(_ content: ViewContent) -> String {
        let face = content.face, m = content.mapping
        let card = content.card
        guard card.width > 0, card.height > 0, m.scaleX > 0, m.scaleY > 0 else { return "" }
        // The source face's box in card coordinates, as percentages of the card.
        let box = Rect(x: m.dx * m.scaleX, y: m.dy * m.scaleY, width: face.width * m.scaleX, height: face.height * m.scaleY)
        var html = "<div class=\"blk\" style=\"left:\(pct(box.x, card.width));top:\(pct(box.y, card.height));width:\(pct(box.width, card.width));height:\(pct(box.height, card.height));background:\(face.body.css)\">"
        for block in face.blocks {
            let r = block.rect
            html += "<div class=\"blk\" style=\"left:\(pct(r.x, face.width));top:\(pct(r.y, face.height));width:\(pct(r.width, face.width));height:\(pct(r.height, face.height));border-radius:\(Format.number(block.radius * m.scaleX, decimals: 3))px;background:\(block.color.css)\"></div>"
        }
        if let label = face.label {
            let k = m.scaleY
            html += "<span class=\"lbl\" style=\"left:\(pct(label.x, face.width));top:\(pct(label.centerY - label.lineHeight / 2, face.height));height:\(Format.number(label.lineHeight * k, decimals: 3))px;line-height:\(Format.number(label.lineHeight * k, decimals: 3))px;font-size:\(Format.number(label.fontSize * k, decimals: 3))px;font-weight:\(label.bold ? 700 : 400);color:\(label.color.css)\">\(HTMLText.escape(label.text))</span>"
        }
        return html + "</div>"
    }
}

/// `part` as a percentage of `whole`, for CSS.
private func pct(_ part: Double, _ whole: Double) -> String {
    whole > 0 ? Format.number(part / whole * 100, decimals: 4) + "%" : "0"
}

import TransitionCore

/// An animator's transitions as CSS for the browser's View Transitions API: for each operation,
/// `@keyframes` that move `::view-transition-old(root)` (the from-screen's snapshot) and
/// `::view-transition-new(root)` (the to-screen's) as the sampled view states move the two
/// screens, selected by the view-transition type named after the operation
/// (`:active-view-transition-type(push)`).
///
/// Each snapshot image is the page at the container's size. A keyframe carries its `matrix3d`
/// (the view's frame, its 4x4 transform and the container's camera, from the image's top-left
/// corner, so the browser projects it as the PNG renderer does), its opacity, its corner radius
/// as an `inset()` clip, its stacking order as `z-index`, and dimming drawn over it as a
/// `contrast() brightness()` filter. Timing is linear between keyframes; the animator's easing is in the
/// sampled states, and a sample is left out only when the linear interpolation between the
/// keyframes around it reproduces it within ``tolerance``.
///
/// A matched element is a named group (`view-transition-name`): its `::view-transition-old(name)`
/// and `-new(name)` images move as the animator moves the element's two snapshot views, over a
/// group held still at the page's top-left corner.
///
/// What the web cannot show is approximated: a screen drawn as snapshots or tiles moves with
/// the largest one showing it; dimming becomes a filter on the screens under it; other made
/// views (shadows, decorations) are left out (docs/web-export.md).
public struct WebTransitionCSS: Sendable {
    /// One operation's sampled transition.
    public struct Transition: Sendable {
        /// The operation, whose name is the view-transition type.
        public var operation: TransitionOperation
        /// The sampled frames, densely enough that linear segments between them are faithful.
        public var timeline: TransitionTimeline
        /// The matched elements of the transition's context, with their snapshot views: each is
        /// a named group.
        public var matchedElements: [MatchedElement]
        /// The frames the from-screen starts at and the to-screen ends at, in which a matched
        /// element whose snapshot is not drawn is placed.
        public var fromRest: Rect, toRest: Rect

        /// Creates a transition.
        public init(
            operation: TransitionOperation, timeline: TransitionTimeline, matchedElements: [MatchedElement] = [], fromRest: Rect? = nil,
            toRest: Rect? = nil
        ) {
            self.operation = operation
            self.timeline = timeline
            self.matchedElements = matchedElements
            self.fromRest = fromRest ?? timeline.containerBounds
            self.toRest = toRest ?? timeline.containerBounds
        }
    }

    /// How far the exported motion may stray from the sampled one.
    public struct Tolerance: Sendable {
        /// Points a projected corner of a screen may be from where the samples put it.
        public var position: Double
        /// Opacity, and the colour change dimming makes, on the scale 0...1.
        public var opacity: Double

        /// Creates a tolerance.
        public init(position: Double, opacity: Double) {
            self.position = position
            self.opacity = opacity
        }

        /// A quarter of a point, and 0.004 (about one level of 255).
        public static let standard = Tolerance(position: 0.25, opacity: 0.004)
    }

    /// The bound kept between the samples and the keyframes' linear interpolation.
    public var tolerance: Tolerance

    /// Creates an exporter.
    public init(tolerance: Tolerance = .standard) {
        self.tolerance = tolerance
    }

    /// The style sheet of `animatorID`'s transitions, one block per operation.
    /// - Throws: `RenderError` when there is nothing to export, when two transitions have the
    ///   same operation, or when a timeline has no frames or an unusable container.
    public func render(animatorID: String, transitions: [Transition]) throws(RenderError) -> String {
        guard !transitions.isEmpty else { throw RenderError("no transitions to export for \(animatorID)") }
        var seen = Set<String>()
        for t in transitions where !seen.insert(t.operation.name).inserted {
            throw RenderError("the operation \(t.operation.name) is given twice; export each operation once")
        }
        let name = Self.identifier(animatorID)
        let types = transitions.map(\.operation.name).joined(separator: ", ")
        let size = transitions[0].timeline.containerBounds
        var names: [String] = []
        for t in transitions {
            for m in t.matchedElements where !names.contains(Self.identifier(m.id)) { names.append(Self.identifier(m.id)) }
        }
        let naming = names.isEmpty ? "" : """

               Give each shared element its view-transition-name in both states: \(names.map { "view-transition-name: \($0)" }.joined(separator: ", ")).
            """
        var css = """
            /* \(Self.comment(animatorID)) as CSS View Transitions, for a page of \(Format.number(size.width))x\(Format.number(size.height)) CSS pixels.
               Start a transition with document.startViewTransition({ update, types: ["\(transitions[0].operation.name)"] }).
               Keyframes are linear; between them each screen corner stays within \(Format.number(tolerance.position, decimals: 2)) px
               and opacity within \(Format.number(tolerance.opacity, decimals: 3)) of the sampled motion.\(naming) */
            html:active-view-transition-type(\(types))::view-transition-group(root){animation:none}
            html:active-view-transition-type(\(types))::view-transition-image-pair(root){isolation:isolate}
            html:active-view-transition-type(\(types))::view-transition-old(root),
            html:active-view-transition-type(\(types))::view-transition-new(root){mix-blend-mode:normal;transform-origin:0 0;\
            backface-visibility:visible;animation-timing-function:linear;animation-fill-mode:both}

            """
        for t in transitions {
            let timeline = t.timeline
            let b = timeline.containerBounds
            guard !timeline.entries.isEmpty else { throw RenderError("the \(t.operation.name) timeline has no frames") }
            guard b.isFinite, b.width >= 1, b.height >= 1, b.width <= 100_000, b.height <= 100_000 else {
                throw RenderError("the container must have a positive size; got \(b)")
            }
            let duration = Format.number(max(timeline.duration, 0.001), decimals: 4)
            for role in [ViewRole.from, .to] {
                let pseudo = role == .from ? "old" : "new"
                let keyframes = "tc-\(name)-\(t.operation.name)-\(pseudo)"
                let samples = WebScreenSample.samples(of: role, in: timeline)
                css += "html:active-view-transition-type(\(t.operation.name))::view-transition-\(pseudo)(root){animation-name:\(keyframes);animation-duration:\(duration)s}\n"
                css += "@keyframes \(keyframes){\n" + keyframeRules(samples, times: timeline.entries.map(\.time), duration: timeline.duration) + "}\n"
            }
            css += namedGroups(t, animator: name, duration: duration)
        }
        return css
    }

    /// The rules of `t`'s named groups: each group held still at the page's top-left corner, and
    /// its old and new images, laid out at the element's size in each state, carried by
    /// keyframes onto the frames of the element's snapshot views.
    func namedGroups(_ t: Transition, animator name: String, duration: String) -> String {
        let type = "html:active-view-transition-type(\(t.operation.name))"
        var css = ""
        for m in t.matchedElements {
            let group = Self.identifier(m.id)
            let sides = [
                ("old", m.fromView, m.fromFrame, 1, WebScreenSample.ElementInScreen(role: .from, rest: t.fromRest, element: m.fromFrame)),
                ("new", m.toView, m.toFrame, 2, WebScreenSample.ElementInScreen(role: .to, rest: t.toRest, element: m.toFrame)),
            ].filter { $0.1 != nil }
            guard !sides.isEmpty else { continue }
            css += "\(type)::view-transition-group(\(group)){animation:none;transform:none;top:0;left:0}\n"
            css += "\(type)::view-transition-image-pair(\(group)){isolation:isolate}\n"
            for (pseudo, view, frame, z, screen) in sides {
                guard let view else { continue }
                let keyframes = "tc-\(name)-\(t.operation.name)-\(pseudo)-\(group)"
                let samples = WebScreenSample.samples(ofImage: view, image: (frame.width, frame.height), z: z, screen: screen, in: t.timeline)
                css += "\(type)::view-transition-\(pseudo)(\(group)){animation-name:\(keyframes);animation-duration:\(duration)s;"
                    + "animation-timing-function:linear;animation-fill-mode:both;mix-blend-mode:normal;transform-origin:0 0;"
                    + "inset-block-start:0;inset-inline-start:0;inline-size:\(Format.number(frame.width, decimals: 3))px;block-size:\(Format.number(frame.height, decimals: 3))px}\n"
                css += "@keyframes \(keyframes){\n" + keyframeRules(samples, times: t.timeline.entries.map(\.time), duration: t.timeline.duration) + "}\n"
            }
        }
        return css
    }

    /// The keyframes of one screen's samples, reduced to those linear timing needs.
    func keyframeRules(_ samples: [WebScreenSample], times: [Double], duration: Double) -> String {
        func percent(_ time: Double) -> Double { duration > 0 ? min(max(time / duration, 0), 1) * 100 : 100 }
        let jumps: (Int) -> Bool = { i in
            i >= 0 && i + 1 < samples.count && (samples[i].visible != samples[i + 1].visible || samples[i].z != samples[i + 1].z || !samples[i].projects || !samples[i + 1].projects)
        }
        let kept = KeyframeReducer.keep(count: samples.count, mustKeep: { jumps($0) || jumps($0 - 1) }) { a, b, i in
            let span = times[b] - times[a]
            let f = span > 0 ? (times[i] - times[a]) / span : 0
            return samples[i].isWithin(tolerance, ofInterpolating: samples[a], samples[b], at: f)
        }
        var rules = ""
        var last = -1.0
        func add(_ p: Double, _ s: WebScreenSample) {
            guard p > last else { return }
            last = p
            rules += "\(Format.number(p, decimals: 4))%{\(s.css)}\n"
        }
        if let first = kept.first, percent(times[first]) > 0 { add(0, samples[first]) }
        for i in kept {
            add(percent(times[i]), samples[i])
            if jumps(i) {
                // Stacking and visibility switch just before the next sample, not halfway.
                var just = samples[i + 1]
                just.visible = samples[i].visible
                just.z = samples[i].z
                add(percent(times[i + 1]) - 0.0005, just)
            }
        }
        if let end = kept.last, last < 100 { add(100, samples[end]) }
        return rules
    }

    /// An animator id as a CSS identifier: letters, digits, `-` and `_` kept, others as `_`.
    static func identifier(_ id: String) -> String {
        var out = String(id.unicodeScalars.map { s -> Character in
            (s.properties.isAlphabetic && s.isASCII) || ("0"..."9").contains(s) || s == "-" || s == "_" ? Character(s) : "_"
        })
        if out.isEmpty { out = "_" }
        return out
    }

    /// Text safe inside a CSS comment.
    static func comment(_ text: String) -> String {
        text.split(separator: "*/", omittingEmptySubsequences: false).joined(separator: "* /")
    }
}

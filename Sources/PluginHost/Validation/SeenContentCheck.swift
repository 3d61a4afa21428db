import TransitionCore

/// The seen-content check: what the screen shows, point by point, must move continuously, from the
/// hierarchy before setup through every sampled progress to the hierarchy the host settles after
/// completion (and after a cancel). Frames, alphas and matrices can all be continuous while what is
/// seen jumps, because what is seen also depends on which part of which view each snapshot shows.
extension TransitionChecks {
    /// The share of a point's colour that must be new for the point to jump.
    static let seenJumpWeight = 0.3
    /// The share of the screen's points that must jump at once for a transition to fail.
    static let seenJumpShare = 0.02
    /// How far, in points of the screen, a face point may move at a boundary (before setup,
    /// after completion) and still be the same: exactly, give or take a rounding.
    static let seenTolerance = 1.0
    /// The largest non-uniform stretch of a snapshot's content before it is a warning.
    static let stretchLimit = 1.05

    /// The moment two compared pictures lie on either side of.
    enum SeenMoment {
        case setup, samples, completion, cancel

        var before: String {
            switch self {
            case .setup: "before setup"
            case .samples, .completion: "at progress"
            case .cancel: "cancelled back to progress 0"
            }
        }

        var advice: String {
            switch self {
            case .setup: "progress 0 must look exactly like the screen before the transition"
            case .samples: "what is seen must move continuously"
            case .completion: "progress 1 must look exactly like the screen after completion"
            case .cancel: "progress 0 must look exactly like the screen a cancelled transition leaves"
            }
        }
    }

    /// The hierarchy the host shows outside a transition: the screens `ids`, in their base states,
    /// over the presentation's dimming view when `dimming` gives one. A custom-style presentation
    /// keeps its dimming view from a finished present until a dismiss finishes, with the look of
    /// the dimming view the animator drew (`ModalPresenter.setRunningDimming`), so the animator's
    /// own dimming view at the boundary is what the host shows there.
    func settledFrame(_ ids: [ViewID], progress: Double, dimming: SampledView? = nil) -> TransitionFrame {
        var views: [SampledView] = []
        if var dim = dimming, context.style == .custom {
            dim.containerIndex = 0
            dim.state.transform = .identity
            views.append(dim)
        }
        let first = views.count
        views += ids.enumerated().compactMap { i, id in
            guard let role = context.role(of: id), let state = context.baseState(of: id) else { return nil }
            return SampledView(id: id, role: role, containerIndex: first + i, state: state)
        }
        return TransitionFrame(progress: progress, views: views)
    }

    /// The animator's dimming view drawn in `frame`, if any.
    func drawnDimming(_ frame: TransitionFrame) -> SampledView? {
        frame.drawnViews.first { $0.role == .dimming }
    }

    func checkSeenContent(_ findings: inout Findings) {
        guard let run = sampledRun() else {
            findings.skip(.seenContent, "\(label): setup returned false (see lifecycle)")
            return
        }
        // The presentation's dimming view is in the hierarchy before a custom dismiss, after a
        // finished custom present and after a cancelled custom dismiss.
        let dismissing = context.operation == .dismiss
        let beforeSetup = settledFrame(context.initialContainer, progress: 0, dimming: dismissing ? drawnDimming(run.frames[0]) : nil)
        let afterCompletion = settledFrame(
            context.settledContainer(finished: true), progress: 1, dimming: dismissing ? nil : drawnDimming(run.frames[run.frames.count - 1]))
        var cancelled: (last: TransitionFrame, after: TransitionFrame)?
        if let session = interactiveSession(.seenContent, &findings) {
            _ = session.step(0.6)
            _ = session.step(0.3)
            let last = session.step(0)
            session.complete(finished: false)
            cancelled = (last, settledFrame(context.settledContainer(finished: false), progress: 0, dimming: dismissing ? drawnDimming(last) : nil))
        }
        var all = [beforeSetup, afterCompletion] + run.frames
        if let c = cancelled { all += [c.last, c.after] }
        let sizes = TransitionFrame.largestViews(all).mapValues { (width: $0.state.frame.width, height: $0.state.frame.height) }
        let faceSize: (ViewID) -> (width: Double, height: Double)? = { sizes[$0] }
        let bounds = context.containerBounds
        func picture(_ frame: TransitionFrame) -> SeenPicture {
            SeenPicture(frame, bounds: bounds, faceSize: faceSize, reusing: SeenPictureStorage.take())
        }
        /// The picture of `frame`, made once into `kept`.
        func picture(_ frame: TransitionFrame, once kept: inout SeenPicture?) -> SeenPicture {
            if let p = kept { return p }
            let p = picture(frame)
            kept = p
            return p
        }

        var ok = true
        // Between samples whose views all move continuously and keep what they show, their order
        // and which of them are drawn, what is seen moves with them: only the other pairs are
        // pictured and compared.
        // The samples are pictured in order, each compared with the one before it: the last two
        // pictures are all that is kept (a picture is about a megabyte).
        var recent: [(index: Int, picture: SeenPicture)] = []
        func pictured(_ i: Int) -> SeenPicture {
            if let kept = recent.first(where: { $0.index == i }) { return kept.picture }
            // The evicted picture ends here: its layers go back for the new picture to write over.
            if recent.count == 2 { SeenPictureStorage.giveBack(recent.removeFirst().picture.releasingLayers()) }
            let p = picture(run.frames[i])
            recent.append((i, p))
            return p
        }
        let geometry = run.frames.map(DrawnGeometry.init)
        // A boundary whose two frames draw the same views in the same states (within 1e-9) shows
        // the same picture on both sides: only the others are pictured.
        var startPicture: SeenPicture?, endPicture: SeenPicture?
        func start() -> SeenPicture { picture(beforeSetup, once: &startPicture) }
        func end() -> SeenPicture { picture(afterCompletion, once: &endPicture) }
        if !Self.looksTheSame(beforeSetup, run.frames[0]),
            let jump = seenJump(start(), pictured(0), beforeFrame: beforeSetup, afterFrame: run.frames[0], moving: false)
        {
            ok = false
            findings.fail(.seenContent, "\(label): \(describe(jump, .setup, after: "at progress 0"))")
        }
        var sightings = ProgressSightings<String>()
        for i in 1..<run.frames.count where Self.changesWhatIsSeen(geometry[i - 1], geometry[i]) {
            guard let jump = seenJump(pictured(i - 1), pictured(i), beforeFrame: run.frames[i - 1], afterFrame: run.frames[i], moving: true) else { continue }
            // A cut: the screen before the transition until one sample, the screen after it from
            // the next, nothing in between. That is a transition with no motion of its own (MDC's
            // Hold alone), what the host shows for an instant change; it is named, not failed.
            if seenJump(start(), pictured(i - 1), beforeFrame: beforeSetup, afterFrame: run.frames[i - 1], moving: false) == nil,
                seenJump(pictured(i), end(), beforeFrame: run.frames[i], afterFrame: afterCompletion, moving: false) == nil
            {
                findings.note(.seenContent, "\(label): cuts from the screen before to the screen after between progress \(Format.number(run.frames[i - 1].progress, decimals: 4)) and \(Format.number(run.frames[i].progress, decimals: 4)), with nothing in between: an instant change")
                continue
            }
            sightings.note("samples", at: run.frames[i].progress) {
                describe(jump, .samples, after: "at \(Format.number(run.frames[i].progress, decimals: 4))")
            }
        }
        for s in sightings.all {
            ok = false
            let more = s.count == 1 ? "" : " (and between \(s.count - 1) more pairs of neighbouring samples up to progress \(Format.number(s.last, decimals: 4)))"
            findings.fail(.seenContent, "\(label): \(s.detail)\(more)")
        }
        let last = run.frames[run.frames.count - 1]
        if !Self.looksTheSame(last, afterCompletion),
            let jump = seenJump(pictured(run.frames.count - 1), end(), beforeFrame: last, afterFrame: afterCompletion, moving: false)
        {
            ok = false
            findings.fail(.seenContent, "\(label): \(describe(jump, .completion, after: "after completion"))")
        }
        if let c = cancelled, !Self.looksTheSame(c.last, c.after) {
            let before = picture(c.last), after = picture(c.after)
            if let jump = seenJump(before, after, beforeFrame: c.last, afterFrame: c.after, moving: false) {
                ok = false
                findings.fail(.seenContent, "\(label): \(describe(jump, .cancel, after: "after the cancellation"))")
            }
            SeenPictureStorage.giveBack(before.releasingLayers())
            SeenPictureStorage.giveBack(after.releasingLayers())
        }
        if let p = startPicture { SeenPictureStorage.giveBack(p.releasingLayers()) }
        startPicture = nil
        if let p = endPicture { SeenPictureStorage.giveBack(p.releasingLayers()) }
        endPicture = nil
        while let kept = recent.popLast() { SeenPictureStorage.giveBack(kept.picture.releasingLayers()) }
        for warning in stretchedSnapshots(zip(run.frames, geometry).map { ($0, $1.views) }, faceSize: faceSize) { findings.warn(.seenContent, "\(label): \(warning)") }
        if ok { findings.pass(.seenContent) }
    }

    /// True when `a` and `b` draw the same views in the same order, each with the same role,
    /// source, content, colour and camera, and states within 1e-9 of each other: they show the
    /// same picture, so no seen jump can lie between them.
    static func looksTheSame(_ a: TransitionFrame, _ b: TransitionFrame) -> Bool {
        let da = a.drawnViews, db = b.drawnViews
        guard da.count == db.count else { return false }
        for (x, y) in zip(da, db) {
            guard x.id == y.id, x.role == y.role, x.source == y.source, x.state.content == y.state.content,
                x.state.color == y.state.color, x.state.doubleSided == y.state.doubleSided, a.camera(for: x) == b.camera(for: y),
                x.state.distance(to: y.state) <= 1e-9
            else { return false }
        }
        return true
    }

    /// The views a sampled frame draws, bottom first, with their corners on screen and whether
    /// each faces away: computed once a frame, for the comparisons with both its neighbours.
    struct DrawnGeometry {
        /// `frame.drawnViews`.
        var views: [SampledView]
        /// Each view's projected corners under the camera it is drawn with; nil behind the eye.
        var corners: [[(x: Double, y: Double)]?]
        /// True where the view's back is towards the viewer.
        var facesAway: [Bool]

        init(_ frame: TransitionFrame) {
            views = frame.drawnViews
            corners = views.map { $0.state.projectedCorners(camera: frame.camera(for: $0)) }
            // `facesAway(camera:)` from the corners already projected.
            facesAway = corners.map { $0.map { PolygonClipping.signedArea($0) < 0 } ?? false }
        }
    }

    /// True unless every view of `a` and `b` moves continuously from one to the other while
    /// keeping what it shows: the same views drawn in the same order, each snapshot showing the
    /// same source through a rectangle that moves no further than the snapshot's corners, no
    /// corner moving further than the continuity check allows, and no opacity changing by more
    /// than it allows. Only such pairs can show a seen jump between samples.
    static func changesWhatIsSeen(_ a: DrawnGeometry, _ b: DrawnGeometry) -> Bool {
        guard a.views.count == b.views.count, zip(a.views, b.views).allSatisfy({ $0.id == $1.id }) else { return true }
        for k in a.views.indices {
            let x = a.views[k], y = b.views[k]
            guard let p = a.corners[k], let q = b.corners[k] else { return true }
            let move = zip(p, q).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max() ?? 0
            if move > 24 || abs(x.state.alpha - y.state.alpha) > alphaJump / 2 { return true }
            if a.facesAway[k] != b.facesAway[k] { return true }
            switch (x.state.content, y.state.content) {
            case (nil, nil): continue
            case let (c?, d?):
                if c.source != d.source || c.rect.distance(to: d.rect) > move + seenTolerance { return true }
            default: return true
            }
        }
        return false
    }

    /// A jump in what is seen between two pictures: where, how much of the screen, and what a
    /// point in the middle of it showed before and after.
    struct SeenJump {
        var share: Double
        var box: Rect
        var point: (x: Double, y: Double)
        var before: [SeenPicture.Layer]
        var after: [SeenPicture.Layer]
        var beforeFrame: TransitionFrame
        var afterFrame: TransitionFrame
    }

    /// The jump from `a` to `b`, or nil when less than `seenJumpShare` of the screen jumps. Between
    /// samples (`moving`) a face point may move as far as the views showing it move; at a boundary
    /// it must stay where it is.
    func seenJump(_ a: SeenPicture, _ b: SeenPicture, beforeFrame: TransitionFrame, afterFrame: TransitionFrame, moving: Bool) -> SeenJump? {
        // How far each view moves between the two frames, by handle: what explains a face point
        // moving. At a boundary nothing may move.
        let handles = Int(max(afterFrame.views.map(\.id.rawValue).max() ?? 0, beforeFrame.views.map(\.id.rawValue).max() ?? 0)) + 1
        var moved = [Double](repeating: 0, count: max(handles, 1))
        if moving {
            for view in afterFrame.views where view.id.rawValue >= 0 {
                guard let prior = beforeFrame[view.id],
                    let p = prior.state.projectedCorners(camera: beforeFrame.camera(for: prior)),
                    let q = view.state.projectedCorners(camera: afterFrame.camera(for: view))
                else { continue }
                moved[Int(view.id.rawValue)] = zip(p, q).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max() ?? 0
            }
        }
        let tolerance = Self.seenTolerance
        let motion = moved
        let reach = moving ? tolerance + (motion.max() ?? 0) : 0
        let count = a.columns * a.rows
        var jumped: [(index: Int, missing: Double)] = []
        let tolerate: (SeenPicture.Layer, SeenPicture.Layer) -> Double = { x, y in
            let mx = x.view >= 0 && Int(x.view) < motion.count ? motion[Int(x.view)] : 0
            let my = y.view >= 0 && Int(y.view) < motion.count ? motion[Int(y.view)] : 0
            return tolerance + max(mx, my)
        }
        for index in 0..<count {
            let missing = SeenPicture.jump(a, b, at: index, reach: reach, significant: Self.seenJumpWeight, tolerance: tolerate)
            if missing >= Self.seenJumpWeight { jumped.append((index, missing)) }
        }
        let share = Double(jumped.count) / Double(count)
        guard share >= Self.seenJumpShare else { return nil }
        let points = jumped.map { b.point($0.index) }
        let xs = points.map(\.x), ys = points.map(\.y)
        let cx = xs.reduce(0, +) / Double(points.count), cy = ys.reduce(0, +) / Double(points.count)
        // The point to describe: the most telling jump (another face, or the face point moving
        // furthest), nearest the middle of the jumping region among equals.
        func score(_ k: Int) -> Double {
            let i = jumped[k].index
            guard let x = a.seen(i).first, let y = b.seen(i).first else { return jumped[k].missing }
            let moved = x.source != y.source ? 10_000 : ((x.x - y.x) * (x.x - y.x) + (x.y - y.y) * (x.y - y.y)).squareRoot()
            return (jumped[k].missing * 100).rounded() * 100_000 + min(moved, 10_000).rounded()
        }
        let scores = jumped.indices.map(score)
        let best = scores.max()!
        let middle = jumped.indices.filter { scores[$0] == best }.min { i, j in
            let p = points[i], q = points[j]
            return (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) < (q.x - cx) * (q.x - cx) + (q.y - cy) * (q.y - cy)
        }!
        let halfX = a.bounds.width / Double(a.columns) / 2, halfY = a.bounds.height / Double(a.rows) / 2
        let box = Rect(x: xs.min()! - halfX, y: ys.min()! - halfY, width: xs.max()! - xs.min()! + 2 * halfX, height: ys.max()! - ys.min()! + 2 * halfY)
        return SeenJump(
            share: share, box: box, point: points[middle], before: Array(a.seen(jumped[middle].index)), after: Array(b.seen(jumped[middle].index)),
            beforeFrame: beforeFrame, afterFrame: afterFrame)
    }

    /// The diagnosis of `jump`: where on screen, between which moments, what was seen before and
    /// after at a point in the middle of it, and what to change.
    func describe(_ jump: SeenJump, _ moment: SeenMoment, after: String) -> String {
        let b = jump.box
        let when: String
        switch moment {
        case .setup: when = "between before setup and progress 0"
        case .samples: when = "between progress \(Format.number(jump.beforeFrame.progress, decimals: 4)) and \(Format.number(jump.afterFrame.progress, decimals: 4))"
        case .completion: when = "between progress 1 and after completion"
        case .cancel: when = "between progress 0 (cancelled) and after the cancellation"
        }
        let at = "(\(Format.number(jump.point.x, decimals: 0)), \(Format.number(jump.point.y, decimals: 0)))"
        let beforeLabel = moment == .samples ? "at \(Format.number(jump.beforeFrame.progress, decimals: 4))" : moment == .completion ? "at progress 1" : moment.before
        var text = "what is seen jumps \(when) over \(Format.number(jump.share * 100, decimals: 0)) % of the screen (x \(Format.number(b.x, decimals: 0))…\(Format.number(b.maxX, decimals: 0)), y \(Format.number(b.y, decimals: 0))…\(Format.number(b.maxY, decimals: 0)))"
        text += ": at \(at) \(beforeLabel) \(seenText(jump.before, in: jump.beforeFrame, past: true)); \(after) \(seenText(jump.after, in: jump.afterFrame, past: false))"
        text += "; \(advice(jump, moment))"
        return text
    }

    /// What to change for `jump`.
    private func advice(_ jump: SeenJump, _ moment: SeenMoment) -> String {
        let layers = jump.before + jump.after
        let frames = [jump.beforeFrame, jump.afterFrame]
        if let squeezed = layers.first(where: { $0.view != $0.source && $0.view >= 0 && abs($0.scale - 1) > 0.05 }) {
            return "snapshot #\(squeezed.view) squeezes its content by ×\(Format.number(squeezed.scale, decimals: 2)): snapshot only the part of its source it covers (the compositing extension's snapshot_rect with the rectangle of the frame you give it), so that it looks like what it stands in for; \(moment.advice)"
        }
        let sources = Set(jump.before.map(\.source)).symmetricDifference(Set(jump.after.map(\.source)))
        for layer in layers where layer.view != layer.source && layer.view >= 0 && sources.contains(layer.source) {
            let frame = frames.first { $0[ViewID(layer.view)] != nil } ?? jump.afterFrame
            let shown = String(sourceName(layer.source, in: frame).dropLast(2))
            let other = (jump.before + jump.after).first { $0.source != layer.source && $0.source >= 0 && sources.contains($0.source) }
            let instead = other.map { o -> String in
                let where_ = frames.first { $0[ViewID(o.source)] != nil } ?? frame
                return " where \(String(sourceName(o.source, in: where_).dropLast(2))) is seen on the other side of the jump"
            } ?? ""
            return "snapshot #\(layer.view) shows \(shown)\(instead): snapshot the view it stands in for, or hand over where both look the same; \(moment.advice)"
        }
        switch moment {
        case .setup, .cancel: return "\(moment.advice): nothing may be drawn over it, and the views it shows must be where they were, unscaled (the container's camera included)"
        case .completion: return "\(moment.advice): end every view where the host leaves it, at identity and alpha 1 (the container's camera included), and fade out or move away every view you made"
        case .samples: return "\(moment.advice): no view may appear, vanish or change what it shows at once; fade it, move it in, or swap it where both look the same"
        }
    }

    /// `snapshot #2 showed the to view's x 0…390, y 0…844 in a 195×844-pt frame (its point 98, 422)`:
    /// the views a point shows, front first.
    private func seenText(_ layers: [SeenPicture.Layer], in frame: TransitionFrame, past: Bool) -> String {
        let verb = past ? "showed" : "shows"
        let parts = layers.map { layer -> String in
            let share = layer.weight < 0.995 ? " (\(Format.number(layer.weight * 100, decimals: 0)) % of the colour)" : ""
            guard layer.view >= 0, let view = frame[ViewID(layer.view)] else { return "nothing (the backdrop)\(share)" }
            let point = "(\(Format.number(layer.x, decimals: 0)), \(Format.number(layer.y, decimals: 0)))"
            if layer.view != layer.source {
                let source = sourceName(layer.source, in: frame)
                let f = view.state.frame
                let rect = view.state.content?.rect
                let region = rect.map { "x \(Format.number($0.x, decimals: 0))…\(Format.number($0.maxX, decimals: 0)), y \(Format.number($0.y, decimals: 0))…\(Format.number($0.maxY, decimals: 0))" } ?? "whole face"
                return "\(view.role) \(view.id) \(verb) \(source) \(region) in a \(Format.number(f.width, decimals: 0))×\(Format.number(f.height, decimals: 0))-pt frame (its point \(point))\(share)"
            }
            if layer.uniform { return "\(seenName(view)) (a plain fill)\(share)" }
            return "\(seenName(view)) \(verb) its point \(point)\(share)"
        }
        return parts.joined(separator: " over ")
    }

    /// `the to-view #1`, `the dimming view #3`.
    func seenName(_ view: SampledView) -> String {
        view.role.isScreen ? "the \(view.role)-view \(view.id)" : "the \(view.role) view \(view.id)"
    }

    /// `the to-view's`, `the dimming view #3's`, for the source `id` of a snapshot in `frame`.
    func sourceName(_ id: Int32, in frame: TransitionFrame) -> String {
        guard let view = frame[ViewID(id)] else { return "view #\(id)'s" }
        return view.role.isScreen ? "the \(view.role)-view's" : "the \(view.role) view \(view.id)'s"
    }

    /// Warnings for snapshots whose content is stretched non-uniformly: a rectangle of one shape
    /// shown in a frame of another, almost always a mistake.
    func stretchedSnapshots(_ frames: [(frame: TransitionFrame, drawn: [SampledView])], faceSize: (ViewID) -> (width: Double, height: Double)?) -> [String] {
        var sightings = ProgressSightings<String>()
        for (frame, drawn) in frames {
            for view in drawn {
                guard let content = SeenPicture.snapshotContent(of: view, faceSize: faceSize) else { continue }
                let f = view.state.frame, r = content.rect
                guard f.width > 0, f.height > 0, r.width > 0, r.height > 0 else { continue }
                let sx = f.width / r.width, sy = f.height / r.height
                let factor = max(sx, sy) / min(sx, sy)
                guard factor > Self.stretchLimit else { continue }
                let source = sourceName(content.source.rawValue, in: frame)
                sightings.note("\(view.id)", at: frame.progress) {
                    "\(view.role) \(view.id) stretches its content non-uniformly by ×\(Format.number(factor, decimals: 2)) (\(source) x \(Format.number(r.x, decimals: 0))…\(Format.number(r.maxX, decimals: 0)), y \(Format.number(r.y, decimals: 0))…\(Format.number(r.maxY, decimals: 0)) in a \(Format.number(f.width, decimals: 0))×\(Format.number(f.height, decimals: 0))-pt frame)"
                }
            }
        }
        return sightings.all.map { s in
            let when = s.count == 1 ? " at progress \(Format.number(s.first, decimals: 4))" : " at \(s.count) progresses from \(Format.number(s.first, decimals: 4)) to \(Format.number(s.last, decimals: 4))"
            return "\(s.detail)\(when); give the frame the proportions of the rectangle it shows (or scale it with a transform, which keeps them)"
        }
    }
}

import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

/// The behavioural checks of one animator in one scenario.
struct TransitionChecks {
    let animator: Animator
    let scenario: Scenario
    let context: TransitionContext
    let samples: Int
    let seed: UInt64
    let tracer: CallTracer?
    /// The container's size as diagnoses name it (`844x390`), or nil to leave it out.
    var sizeLabel: String? = nil

    /// The largest move of a drawn corner between neighbouring samples, as a fraction of the
    /// container's diagonal, before it counts as a jump.
    static let jumpFraction = 0.06
    /// The largest change of opacity between neighbouring samples before it counts as a jump.
    static let alphaJump = 0.3
    /// Tolerance for exact endpoint comparisons, in points (or alpha units).
    static let tolerance = 1e-6

    var label: String { sizeLabel.map { "\($0) \(scenario.description)" } ?? scenario.description }

    /// Runs `check` in this scenario, with its own sessions.
    func run(_ check: ContractCheck, into findings: inout Findings) {
        switch check {
        case .duration: checkDuration(&findings)
        case .lifecycle: checkLifecycle(&findings)
        case .containerSetup: checkContainerSetup(&findings)
        case .absentViews: checkAbsentViews(&findings)
        case .endpoints: withRun(check, &findings) { run, f in checkEndpoints(start: run.frames[0], end: run.frames[samples], &f) }
        case .finiteValues: withRun(check, &findings) { run, f in checkFinite(run.frames + run.overshoot, &f) }
        case .continuity: withRun(check, &findings) { run, f in checkContinuity(run.frames, &f) }
        case .seenContent: checkSeenContent(&findings)
        case .backFaces: withRun(check, &findings) { run, f in checkBackFaces(run.frames, &f) }
        case .purity: checkPurity(&findings)
        case .reversibility: checkReversibility(&findings)
        case .cancel: checkCancel(&findings)
        case .leaks:
            withRun(check, &findings) { run, f in checkLeaks(run.completion, &f) }
            let cancelled = animator.begin(context, tracer: tracer, guardingViews: true)
            if (try? cancelled.setup()) != nil {
                _ = cancelled.step(0.5)
                _ = cancelled.step(0)
                checkLeaks(cancelled.complete(finished: false), &findings)
            }
        case .parameters: checkParameters(&findings)
        case .independence: checkIndependence(&findings)
        case .stepCost: checkStepCost(&findings)
        default: break
        }
    }

    /// A whole finished run sampled at every progress, plus a little past both ends.
    struct Run {
        var frames: [TransitionFrame]
        var overshoot: [TransitionFrame]
        var completion: CompletionReport
        var misbehaviours: [Misbehaviour]
    }

    var progresses: [Double] { (0...samples).map { $0 == samples ? 1.0 : Double($0) / Double(samples) } }

    /// Runs the transition once; nil when setup refused it.
    func sampledRun(parameters: [Double]? = nil, context: TransitionContext? = nil) -> Run? {
        let session = animator.begin(context ?? self.context, parameters: parameters, tracer: tracer, guardingViews: true)
        guard (try? session.setup()) != nil else { return nil }
        let frames = progresses.map { session.step($0) }
        let overshoot = [-0.05, 1.05].map { session.step($0) }
        let completion = session.complete(finished: true)
        return Run(frames: frames, overshoot: overshoot, completion: completion, misbehaviours: session.misbehaviours)
    }

    private func withRun(_ check: ContractCheck, _ findings: inout Findings, _ body: (Run, inout Findings) -> Void) {
        guard let run = sampledRun() else {
            findings.skip(check, "\(label): setup returned false (see lifecycle)")
            return
        }
        body(run, &findings)
    }

    // MARK: lifecycle

    private func checkLifecycle(_ findings: inout Findings) {
        let session = animator.begin(context, tracer: tracer, guardingViews: true)
        do {
            try session.setup()
        } catch {
            findings.fail(.lifecycle, "\(label): setup returned false; an animator must accept every operation and style it declares (or stop declaring \(scenario.description))")
            return
        }
        _ = session.step(0.5)
        session.complete(finished: true)
        var ok = true
        for m in session.misbehaviours {
            switch m.kind {
            case .wrongPhase, .badArgument, .pastViews:
                ok = false
                findings.fail(.lifecycle, "\(label): \(m)")
            case .selfReported: findings.warn(.lifecycle, "\(label): the plugin reported: \(m.message)")
            case .absentView, .unknownView: break
            }
        }
        if ok { findings.pass(.lifecycle) }
    }

    private func checkContainerSetup(_ findings: inout Findings) {
        let session = animator.begin(context, tracer: tracer, guardingViews: true)
        guard (try? session.setup()) != nil else {
            findings.skip(.containerSetup, "\(label): setup returned false (see lifecycle)")
            return
        }
        checkContainerAfterSetup(session, &findings)
        if context.operation == .dismiss && context.style == .custom && session.misbehaviours.contains(where: { $0.kind == .absentView }) {
            findings.fail(.containerSetup, "\(label): tried to add or move the presenting view on a custom-style dismiss (the black-screen bug); add nothing on a custom dismiss")
        }
        session.complete(finished: true)
    }

    private func checkAbsentViews(_ findings: inout Findings) {
        let session = animator.begin(context, tracer: tracer, guardingViews: true)
        if (try? session.setup()) != nil {
            _ = session.step(0)
            _ = session.step(0.5)
            _ = session.step(1)
            session.complete(finished: true)
        }
        var ok = true
        for m in session.misbehaviours where m.kind == .absentView || m.kind == .unknownView {
            ok = false
            findings.fail(.absentViews, "\(label): \(m)")
        }
        if ok { findings.pass(.absentViews) }
    }

    // MARK: duration

    private func checkDuration(_ findings: inout Findings) {
        let first = animator.duration(context, tracer: tracer), second = animator.duration(context, tracer: tracer)
        if !first.isFinite || first <= 0 {
            findings.fail(.duration, "\(label): duration is \(first); return a finite number of seconds > 0")
        } else if first > 60 {
            findings.fail(.duration, "\(label): duration is \(Format.number(first)) s; at most 60 s is allowed")
        } else if first.bitPattern != second.bitPattern {
            findings.fail(.duration, "\(label): duration changed between two calls with the same context (\(first) then \(second)); compute it from the context and parameters only")
        } else {
            findings.pass(.duration)
            if first > 5 { findings.warn(.duration, "\(label): duration is \(Format.number(first)) s; screen transitions rarely last over 5 s") }
        }
    }

    // MARK: container

    private func checkContainerAfterSetup(_ session: TransitionSession, _ findings: inout Findings) {
        let container = session.container
        if let to = context.toView {
            guard let toIndex = container.firstIndex(of: to) else {
                findings.fail(.containerSetup, "\(label): setup did not add the to-view to the container; call host->add_view(ctx, ctx->to_view) (or insert_view_below when dismissing)")
                return
            }
            if let from = context.fromView, let fromIndex = container.firstIndex(of: from) {
                if context.isPresentingDirection && toIndex < fromIndex {
                    findings.warn(.containerSetup, "\(label): the to-view was placed below the from-view; when presenting UIKit puts it above")
                } else if !context.isPresentingDirection && toIndex > fromIndex {
                    findings.warn(.containerSetup, "\(label): the to-view was placed above the from-view; when dismissing UIKit puts it below (use insert_view_below)")
                }
            }
        }
        if let from = context.fromView, !container.contains(from) {
            findings.fail(.containerSetup, "\(label): setup removed the from-view from the container; leave it to the host")
            return
        }
        findings.pass(.containerSetup)
    }

    // MARK: values

    private func checkFinite(_ frames: [TransitionFrame], _ findings: inout Findings) {
        var breaches = ProgressSightings<String>()
        func note(_ key: String, _ progress: Double, _ example: @autoclosure () -> String) {
            breaches.note(key, at: progress, example)
        }
        for frame in frames {
            for view in frame.views {
                let s = view.state
                let who = "the \(view.role) view \(view.id)"
                if !s.frame.isFinite { note("\(who) frame", frame.progress, "\(who) has frame \(s.frame); write finite frames") }
                if !s.alpha.isFinite || s.alpha < 0 || s.alpha > 1 {
                    note("\(who) alpha", frame.progress, "\(who) has alpha \(s.alpha); write a finite alpha in [0, 1] (clamp eased values that overshoot)")
                }
                if !s.transform.isFinite { note("\(who) transform", frame.progress, "\(who) has a transform with non-finite entries") }
                if !s.cornerRadius.isFinite || s.cornerRadius < 0 {
                    note("\(who) corner", frame.progress, "\(who) has corner radius \(s.cornerRadius); it must be finite and >= 0")
                }
                if s.frame.width < 0 || s.frame.height < 0 {
                    note("\(who) size", frame.progress, "\(who) has a negative size \(s.frame)")
                }
            }
        }
        for b in breaches.all {
            let when = b.count == 1
                ? "at progress \(Format.number(b.first, decimals: 4))"
                : "at \(b.count) progresses from \(Format.number(b.first, decimals: 4)) to \(Format.number(b.last, decimals: 4))"
            findings.fail(.finiteValues, "\(label) \(when): \(b.detail)")
        }
        findings.pass(.finiteValues)
    }

    // MARK: endpoints

    /// `the from view #0`, naming the screen's role for screens.
    func name(_ view: SampledView) -> String { "the \(view.role) view \(view.id)" }

    /// Why a drawn view shows: the box it projects to, what it is drawn above, and whether its
    /// back is showing.
    private func whereSeen(_ d: SeenFrame.Drawn, in seen: SeenFrame) -> String {
        var text = SeenFrame.box(d)
        if let other = seen.beneath(d) { text += ", drawn above \(other.view.id)" }
        if d.facesAway {
            text += "; it faces away and is double-sided, so its back shows (make it one-sided with the compositing extension's set_double_sided, or hide it)"
        } else {
            text += " (\(describe(d.view.state)))"
        }
        return text
    }

    private func checkEndpoints(start: TransitionFrame, end: TransitionFrame, _ findings: inout Findings) {
        var ok = true
        for problem in startProblems(start) {
            ok = false
            findings.fail(.endpoints, "\(label): at progress 0 \(problem); progress 0 must show exactly the start")
        }
        for problem in endProblems(end) {
            ok = false
            findings.fail(.endpoints, "\(label): at progress 1 \(problem)")
        }
        if ok { findings.pass(.endpoints) }
    }

    /// What keeps `frame` from showing exactly the end: the to-view (or the snapshots standing in
    /// for it) away from its final state, or other views drawn over it. Without a to-view, every
    /// view still drawn.
    private func endProblems(_ frame: TransitionFrame) -> [String] {
        var problems: [String] = []
        let seen = SeenFrame(frame, container: context.containerBounds)
        guard let toID = context.toView, let to = frame[toID] else {
            for d in seen.drawn where !seen.isCovered(d) {
                if d.view.role == .dimming {
                    problems.append("the dimming view \(d.view.id) is still visible (alpha \(Format.number(d.view.state.alpha, decimals: 3))); fade it to 0")
                } else {
                    problems.append("of a dismissal without a to-view, \(name(d.view)) is still visible: it \(whereSeen(d, in: seen))")
                }
            }
            return problems
        }
        let final = context.toFinalFrame
        let standIns = seen.drawn.filter { seen.standsIn($0, for: toID, at: final) }
        let toDrawn = seen.drawn(toID)
        if to.state.frame.distance(to: final) > Self.tolerance {
            problems.append("the to-view's frame is \(to.state.frame), not its final frame \(final)")
        }
        if !to.state.transform.isIdentity(tolerance: Self.tolerance) {
            problems.append("the to-view still has a transform (\(to.state.transform.summary)); it must end at identity")
        }
        if abs(to.state.alpha - 1) > Self.tolerance || to.state.hidden {
            if !seen.isPainted(final, by: standIns.map(\.bounds)) {
                problems.append("the to-view has alpha \(Format.number(to.state.alpha, decimals: 4))\(to.state.hidden ? " and is hidden" : ""); it must be visible with alpha 1, or snapshots of it must lie exactly where it ends")
            }
        }
        // Nothing but stand-ins may be seen over the to-view.
        let toBox = SeenFrame.clip(toDrawn?.bounds ?? final, to: context.containerBounds)
        let floor = toDrawn.flatMap { seen.position($0.view.id) } ?? -1
        let toEntry = toDrawn
        for (i, d) in seen.drawn.enumerated() where i > floor && d.view.id != toID {
            if standIns.contains(where: { $0.view.id == d.view.id }) || !d.bounds.intersects(toBox) || seen.isCovered(d) { continue }
            let over = toEntry.map { "the to-view \($0.view.id)" } ?? "where the to-view ends"
            problems.append("\(name(d.view)) still covers \(over): it \(whereSeen(d, in: seen))\(d.facesAway ? "" : "; move it away, fade it out or hide it")")
        }
        return problems
    }

    /// What keeps `frame` from showing exactly the start: the from-view away from its initial
    /// state (unless snapshots stand in for it), or other views showing.
    private func startProblems(_ frame: TransitionFrame) -> [String] {
        var problems: [String] = []
        let seen = SeenFrame(frame, container: context.containerBounds)
        var fromStandIns: [SeenFrame.Drawn] = []
        if let fromID = context.fromView, let from = frame[fromID], let base = context.baseState(of: fromID) {
            fromStandIns = seen.drawn.filter { seen.standsIn($0, for: fromID, at: base.frame) }
            let drawn = seen.drawn(fromID) != nil
            if !from.isInContainer {
                problems.append("the from-view is not in the container")
            } else if drawn && Self.geometryDistance(from.state, base) > Self.tolerance {
                problems.append("the from-view is \(describe(from.state)) instead of its initial state \(describe(base))")
            } else if !drawn && !seen.isPainted(base.frame, by: fromStandIns.map(\.bounds)) {
                let cover = fromStandIns.isEmpty
                    ? "no snapshots of it lie exactly where it is"
                    : "the snapshots standing in for it (\(fromStandIns.map { "\($0.view.id) \(SeenFrame.box($0))" }.joined(separator: "; "))) leave part of it uncovered"
                problems.append("the from-view is not drawn (\(describe(from.state))) and \(cover); show it, or stand snapshots of all of it in its place")
            }
        }
        for d in seen.drawn where d.view.role != .from && !seen.isCovered(d) {
            if fromStandIns.contains(where: { $0.view.id == d.view.id }) { continue }
            if d.view.role == .dimming && context.operation == .dismiss && context.style == .custom { continue }
            problems.append("\(name(d.view)) is visible: it \(whereSeen(d, in: seen)); hide it, give it alpha 0 or place it outside the container")
        }
        return problems
    }

    /// The largest difference in what places a view: frame, alpha, transform and visibility.
    /// Corner radius is left out: rounding is style, and a presented card may keep its corners.
    static func geometryDistance(_ a: ViewState, _ b: ViewState) -> Double {
        if a.hidden != b.hidden { return .infinity }
        return max(
            a.frame.distance(to: b.frame), abs(a.alpha - b.alpha),
            a.transform.distance(to: b.transform) * max(1, a.frame.width, a.frame.height))
    }

    private func describe(_ s: ViewState) -> String {
        var text = "frame \(s.frame), alpha \(Format.number(s.alpha, decimals: 3)), \(s.transform.summary)"
        if s.hidden { text += ", hidden" }
        return text
    }

    // MARK: continuity

    private func checkContinuity(_ frames: [TransitionFrame], _ findings: inout Findings) {
        let b = context.containerBounds
        let diagonal = (b.width * b.width + b.height * b.height).squareRoot()
        let area = b.width * b.height
        var ok = true
        for i in 1..<frames.count {
            let before = frames[i - 1], after = frames[i]
            for view in after.views {
                guard let prior = before[view.id], view.isInContainer, prior.isInContainer else { continue }
                let a = prior.state, c = view.state
                let opacityA = a.hidden ? 0 : a.alpha, opacityC = c.hidden ? 0 : c.alpha
                let qa = prior.isDrawn(camera: before.camera) ? a.projectedCorners(camera: before.camera) : nil
                let qc = view.isDrawn(camera: after.camera) ? c.projectedCorners(camera: after.camera) : nil
                let areaA = qa.map(SeenFrame.area) ?? 0, areaC = qc.map(SeenFrame.area) ?? 0
                if abs(opacityA - opacityC) > Self.alphaJump && min(areaA, areaC) > 0.01 * area {
                    ok = false
                    findings.fail(.continuity, "\(label): the \(view.role) view \(view.id) jumps in opacity from \(Format.number(opacityA, decimals: 3)) to \(Format.number(opacityC, decimals: 3)) between progress \(Format.number(before.progress, decimals: 4)) and \(Format.number(after.progress, decimals: 4))")
                }
                guard opacityA > 0, opacityC > 0, let pa = qa, let pc = qc else { continue }
                let move = zip(pa, pc).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max()!
                if move > Self.jumpFraction * diagonal {
                    ok = false
                    findings.fail(.continuity, "\(label): the \(view.role) view \(view.id) jumps \(Format.number(move)) pt between progress \(Format.number(before.progress, decimals: 4)) and \(Format.number(after.progress, decimals: 4)); make every value continuous in progress")
                }
            }
        }
        if ok { findings.pass(.continuity) }
    }

    // MARK: back faces

    /// The smallest overlap, as a fraction of the container's area, that counts as a back face
    /// drawn over a front face: slivers along a shared edge do not.
    static let backFaceOverlap = 0.01
    /// How much nearer the viewer, in points of depth, a back face must be than the face under it
    /// to be rightly drawn over it.
    static let depthTolerance = 0.5

    /// The overlap, as a fraction of the container's area, from which a back face drawn over a
    /// front face fails the check rather than warns: a visible share of the screen shows it.
    static let backFaceFailure = 0.05

    /// Flags a view showing its back drawn over a view facing the viewer, where they overlap on
    /// screen: the classic flip or cube whose far side shows through the near one. It fails where
    /// the overlap covers a visible share of the screen (`backFaceFailure`), and warns below.
    private func checkBackFaces(_ frames: [TransitionFrame], _ findings: inout Findings) {
        let b = context.containerBounds
        let least = Self.backFaceOverlap * b.width * b.height
        var sightings = ProgressSightings<(pair: String, example: String, key: String)>()
        var largest: [String: Double] = [:]
        for frame in frames {
            let seen = SeenFrame(frame, container: b)
            for (j, back) in seen.drawn.enumerated() where back.facesAway && !seen.isCovered(back) {
                for front in seen.drawn[..<j].reversed() where !front.facesAway {
                    let (shared, point) = seen.overlap(back, front)
                    guard shared >= least, let point else { continue }
                    // A back face nearer the viewer than the face under it is rightly seen over
                    // it, as the far side of a folded strip is.
                    if let near = seen.depth(of: back, at: point), let far = seen.depth(of: front, at: point), near > far + Self.depthTolerance {
                        break
                    }
                    let key = "\(back.view.id) \(front.view.id)"
                    largest[key] = max(largest[key] ?? 0, shared)
                    sightings.note(key, at: frame.progress) {
                        (pair: "\(name(back.view)) shows its back over \(name(front.view)), which faces the viewer",
                         example: "at progress \(Format.number(frame.progress, decimals: 4)) it \(SeenFrame.box(back)), drawn above \(front.view.id) (which \(SeenFrame.box(front))) and covering \(Format.number(shared, decimals: 0)) pt² of it",
                         key: key)
                    }
                    break
                }
            }
        }
        for s in sightings.all {
            let when = s.count == 1 ? "" : ", at \(s.count) progresses from \(Format.number(s.first, decimals: 4)) to \(Format.number(s.last, decimals: 4))"
            let most = largest[s.detail.key] ?? 0
            let visible = most >= Self.backFaceFailure * b.width * b.height
            let share = visible ? " (at most \(Format.number(most / (b.width * b.height) * 100, decimals: 0)) % of the screen)" : ""
            findings.report(
                .backFaces, visible ? .fail : .warn,
                "\(label): \(s.detail.pair)\(when)\(share); \(s.detail.example); make it one-sided (the compositing extension's set_double_sided), hide it once it turns past 90°, or draw the facing view above it")
        }
        findings.pass(.backFaces)
    }

    // MARK: purity

    private func checkPurity(_ findings: inout Findings) {
        let session = animator.begin(context, tracer: tracer, guardingViews: true)
        guard (try? session.setup()) != nil else {
            findings.skip(.purity, "\(label): setup returned false (see lifecycle)")
            return
        }
        defer { session.complete(finished: true) }
        let reference = progresses.map { session.step($0) }
        var rng = SplitMix64(seed: seed)
        var order = Array(reference.indices)
        order.shuffle(using: &rng)
        for i in order.prefix(80) {
            let again = session.step(reference[i].progress)
            if let mismatch = Self.firstDifference(again, reference[i]) {
                findings.fail(.purity, "\(label): step(\(Format.number(reference[i].progress, decimals: 4))) gave a different \(mismatch) the second time (shuffled order, seed \(seed)); step must depend on progress only, not on earlier calls")
                return
            }
        }
        findings.pass(.purity)
    }

    /// The first field that differs bit for bit between two frames, described; nil when equal.
    static func firstDifference(_ a: TransitionFrame, _ b: TransitionFrame) -> String? {
        if a.camera != b.camera { return "camera (set_camera)" }
        for (x, y) in zip(a.views, b.views) where !Self.sameBits(x.state, y.state) {
            return "state of the \(x.role) view \(x.id)"
        }
        return nil
    }

    /// True when two states hold the same frame, alpha, corner radius and transform bit for bit
    /// (so a NaN equals itself and -0 differs from 0), and the same z order and hidden flag.
    static func sameBits(_ s: ViewState, _ t: ViewState) -> Bool {
        let left = SIMD8<UInt64>(
            s.frame.x.bitPattern, s.frame.y.bitPattern, s.frame.width.bitPattern, s.frame.height.bitPattern,
            s.alpha.bitPattern, s.cornerRadius.bitPattern, 0, 0)
        let right = SIMD8<UInt64>(
            t.frame.x.bitPattern, t.frame.y.bitPattern, t.frame.width.bitPattern, t.frame.height.bitPattern,
            t.alpha.bitPattern, t.cornerRadius.bitPattern, 0, 0)
        let matrix = unsafeBitCast(s.transform.m, to: SIMD16<UInt64>.self) .== unsafeBitCast(t.transform.m, to: SIMD16<UInt64>.self)
        return all(left .== right) && all(matrix) && s.zIndex == t.zIndex && s.hidden == t.hidden
    }

    // MARK: reversibility

    /// A set-up session of this scenario driven by a gesture (the context's interactive flag set);
    /// nil, with `check` skipped, when setup refuses it.
    func interactiveSession(_ check: ContractCheck, _ findings: inout Findings) -> TransitionSession? {
        guard let interactive = try? TransitionContext(
            operation: context.operation, style: context.style, containerBounds: context.containerBounds,
            presentedFrame: IsolatedSampler.presentedFrame(context), interactive: true, tabFromIndex: context.tabFromIndex, tabToIndex: context.tabToIndex,
            matchedElements: context.matchedElements)
        else { return nil }
        let session = animator.begin(interactive, tracer: tracer, guardingViews: true)
        guard (try? session.setup()) != nil else {
            findings.skip(check, "\(label): setup returned false (see lifecycle)")
            return nil
        }
        return session
    }

    private func checkReversibility(_ findings: inout Findings) {
        guard let session = interactiveSession(.reversibility, &findings) else { return }
        defer { session.complete(finished: false) }
        let scrub = (0...60).map { Double($0) / 60 }
        let forward = scrub.map { session.step($0) }
        for (i, p) in scrub.enumerated().reversed() {
            let back = session.step(p)
            if let mismatch = Self.firstDifference(back, forward[i]) {
                findings.fail(.reversibility, "\(label): scrubbing back to progress \(Format.number(p, decimals: 4)) gave a different \(mismatch) than scrubbing forward; an interactive transition must look the same at the same progress in both directions")
                return
            }
        }
        findings.pass(.reversibility)
    }

    // MARK: parameters

    /// Parameter sets to try: each parameter at its bounds, then seeded random combinations.
    func parameterSets() -> [(values: [Double], label: String)] {
        let specs = animator.description.parameters
        guard !specs.isEmpty else { return [] }
        var sets: [([Double], String)] = []
        let defaults = animator.description.defaultValues
        for (i, spec) in specs.enumerated() {
            for bound in [spec.minimum, spec.maximum] where bound != spec.defaultValue {
                var values = defaults
                values[i] = bound
                sets.append((values, "\(spec.id)=\(spec.display(bound))"))
            }
        }
        var rng = SplitMix64(seed: seed ^ 0xA5A5)
        for _ in 0..<6 {
            let values = specs.map { spec -> Double in
                let u = Double(rng.next() >> 11) / Double(1 << 53)
                switch spec.kind {
                case .number: return spec.minimum + (spec.maximum - spec.minimum) * u
                case .integer, .choice, .bool: return (spec.minimum + ((spec.maximum - spec.minimum + 1) * u).rounded(.down)).clamped(spec.minimum, spec.maximum)
                }
            }
            sets.append((values, zip(specs, values).map { "\($0.id)=\($0.display($1))" }.joined(separator: " ")))
        }
        return sets
    }

    private func checkParameters(_ findings: inout Findings) {
        let sets = parameterSets()
        guard !sets.isEmpty else {
            findings.pass(.parameters)
            return
        }
        var causes = FuzzCauses()
        for (values, description) in sets {
            let d = animator.duration(context, parameters: values, tracer: tracer)
            if !d.isFinite || d <= 0 || d > 60 {
                causes.add(set: description, finding: "\(label): duration is \(d)")
                continue
            }
            let session = animator.begin(context, parameters: values, tracer: tracer, guardingViews: true)
            guard (try? session.setup()) != nil else {
                causes.add(set: description, finding: "\(label): setup returned false")
                continue
            }
            let frames = stride(from: 0, through: 60, by: 1).map { session.step($0 == 60 ? 1 : Double($0) / 60) }
            session.complete(finished: true)
            var sub = Findings()
            checkFinite(frames, &sub)
            checkEndpoints(start: frames[0], end: frames[60], &sub)
            for (id, status) in sub.statuses.sorted(by: { $0.key < $1.key }) where status.isFailure {
                causes.add(set: description, finding: "\(id): \(sub.details[id]?.first ?? "")")
            }
        }
        for line in causes.lines(of: sets.count, seed: seed) { findings.fail(.parameters, line) }
        if causes.isEmpty { findings.pass(.parameters) }
    }

    // MARK: independence

    private func checkIndependence(_ findings: inout Findings) {
        guard let solo = sampledRun() else {
            findings.skip(.independence, "\(label): setup returned false (see lifecycle)")
            return
        }
        // Two transitions interleaved step by step, the second with other parameters when there are any.
        let otherValues = parameterSets().first?.values
        let otherSolo = otherValues.flatMap { sampledRun(parameters: $0) }
        let a = animator.begin(context, tracer: tracer, guardingViews: true), b = animator.begin(context, parameters: otherValues, tracer: tracer, guardingViews: true)
        guard (try? a.setup()) != nil, (try? b.setup()) != nil else {
            findings.fail(.independence, "\(label): setup of a second transition while the first was running returned false; keep per-transition state in the state pointer")
            return
        }
        var ok = true
        let count = progresses.count
        for (i, p) in progresses.enumerated() {
            let q = progresses[count - 1 - i]
            let fa = a.step(p), fb = b.step(q)
            if let mismatch = Self.firstDifference(fa, solo.frames[i]) {
                ok = false
                findings.fail(.independence, "\(label): with a second transition running in between, step(\(Format.number(p, decimals: 4))) gave a different \(mismatch); keep every mutable value in the per-transition state, not in globals")
                break
            }
            if let ref = otherSolo, let mismatch = Self.firstDifference(fb, ref.frames[count - 1 - i]) {
                ok = false
                findings.fail(.independence, "\(label): the second of two interleaved transitions gave a different \(mismatch) at progress \(Format.number(q, decimals: 4)) than when run alone")
                break
            }
        }
        a.complete(finished: true)
        b.complete(finished: true)
        // Several transitions on threads at once.
        let threads = 4
        let results = ThreadResults(count: threads)
        let animator = self.animator, context = self.context, progresses = self.progresses
        JoinedThreads.run(count: threads) { t in
            let session = animator.begin(context, parameters: nil, tracer: nil, guardingViews: true)
            guard (try? session.setup()) != nil else { return }
            var frames: [TransitionFrame] = []
            for _ in 0..<3 { frames = progresses.map { session.step($0) } }
            session.complete(finished: true)
            results.set(t, frames)
        }
        for t in 0..<threads {
            guard let frames = results.get(t), frames.count == solo.frames.count else {
                ok = false
                findings.fail(.independence, "\(label): setup failed on thread \(t) while other transitions ran")
                continue
            }
            if let i = frames.indices.first(where: { Self.firstDifference(frames[$0], solo.frames[$0]) != nil }) {
                ok = false
                findings.fail(.independence, "\(label): with \(threads) transitions on threads at once, step(\(Format.number(progresses[i], decimals: 4))) differed from a solo run; no mutable globals, no shared caches without locks")
                break
            }
        }
        if ok { findings.pass(.independence) }
    }

    // MARK: step cost

    /// The average step time above which the check warns, in seconds.
    static let stepBudget = 50e-6

    /// Steps not counted by the allocation check: what a plugin makes once, on its first step
    /// (a lazy table, the language runtime's first use of a type), is not a per-frame cost.
    static let allocationWarmUpSteps = 2

    /// Counts the heap allocations of the plugin's steps on their thread, after the warm-up;
    /// fails `step-cost` when there are any. Returns false when it failed. A wasm plugin's step
    /// is not counted: what allocates there is the host's interpreter, and the module's own
    /// memory is its linear memory.
    private func checkStepAllocations(_ findings: inout Findings) -> Bool {
        guard TransitionSession.countsAllocations, animator.library.door == .native else { return true }
        let session = animator.begin(context, parameters: nil, tracer: nil, guardingViews: true)
        guard (try? session.setup()) != nil else { return true }
        defer { session.complete(finished: true) }
        for progress in [0.0, 0.5].prefix(Self.allocationWarmUpSteps) { _ = session.stepInPlace(progress) }
        let before = session.stepAllocations, steps = 240
        for i in 0..<steps { _ = session.stepInPlace(Double(i) / Double(steps - 1)) }
        let made = session.stepAllocations - before
        guard made > 0 else { return true }
        let perStep = Double(made) / Double(steps)
        findings.fail(.stepCost, "\(label): step allocated memory \(made) times in \(steps) steps (\(Format.number(perStep, decimals: 2)) per step) after the first \(Self.allocationWarmUpSteps); allocate what step needs in setup, keep it in the state setup returns and free it in completion")
        return false
    }

    /// Measures the direct call path that hosts use, untraced, after counting the allocations of
    /// the steps.
    private func checkStepCost(_ findings: inout Findings) {
        guard checkStepAllocations(&findings) else { return }
        let session = animator.begin(context)
        guard (try? session.setup()) != nil else {
            findings.skip(.stepCost, "\(label): setup returned false (see lifecycle)")
            return
        }
        defer { session.complete(finished: true) }
        // Three rounds of up to 2000 steps, each cut short after 50 ms: a cheap step is timed
        // over many calls, and a slow one (tens of milliseconds in a debug build) costs the
        // check a fraction of a second, not minutes.
        let n = 2000, roundLimit: UInt64 = 50_000_000
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            var steps = 0, elapsed: UInt64 = 0
            while steps < n {
                _ = session.stepInPlace(Double(steps % 241) / 240)
                steps += 1
                if steps % 8 == 0 || steps < 8 {
                    elapsed = DispatchTime.now().uptimeNanoseconds - start
                    if elapsed > roundLimit { break }
                }
            }
            elapsed = DispatchTime.now().uptimeNanoseconds - start
            best = min(best, Double(elapsed) / 1e9 / Double(steps))
        }
        if best > Self.stepBudget {
            findings.warn(.stepCost, "\(label): a step takes \(Format.number(best * 1e6, decimals: 1)) µs on average, over the \(Format.number(Self.stepBudget * 1e6)) µs budget; a 120 Hz frame has 8 ms for everything")
        } else {
            findings.pass(.stepCost)
            findings.note(.stepCost, "\(label): \(Format.number(best * 1e6, decimals: 1)) µs per step (budget \(Format.number(Self.stepBudget * 1e6)) µs)")
        }
    }

    // MARK: completion

    private func checkLeaks(_ completion: CompletionReport, _ findings: inout Findings) {
        if completion.leakedViews.isEmpty {
            findings.pass(.leaks)
        } else {
            let list = zip(completion.leakedViews, completion.leakedRoles).map { "\($1) \($0)" }.joined(separator: ", ")
            findings.fail(.leaks, "\(label) (\(completion.finished ? "finished" : "cancelled")): completion left \(list) in the container; remove every view you made with host->remove_view in completion")
        }
    }

    /// A cancelled interactive run: grabbed, dragged forward, dragged back to 0 and released.
    private func checkCancel(_ findings: inout Findings) {
        guard let session = interactiveSession(.cancel, &findings) else { return }
        _ = session.step(0.6)
        _ = session.step(0.3)
        let last = session.step(0)
        let completion = session.complete(finished: false)
        var ok = true
        for problem in startProblems(last) {
            ok = false
            findings.fail(.cancel, "\(label): cancelled back to progress 0, \(problem); a cancelled transition must leave the start exactly as it was")
        }
        if completion.container != context.settledContainer(finished: false) {
            ok = false
            findings.fail(.cancel, "\(label): after a cancelled run the container is \(completion.container) instead of \(context.settledContainer(finished: false))")
        }
        if ok { findings.pass(.cancel) }
    }
}

/// A small, fast, seedable random generator (SplitMix64), so shuffled orders repeat from a seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Frames gathered from several threads.
private final class ThreadResults: @unchecked Sendable {
    private var frames: [[TransitionFrame]?]
    private let lock = Lock()

    init(count: Int) { frames = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: [TransitionFrame]) {
        lock.lock()
        frames[i] = value
        lock.unlock()
    }

    func get(_ i: Int) -> [TransitionFrame]? {
        lock.lock()
        defer { lock.unlock() }
        return frames[i]
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}

/// A percent-driven interactive transition on an explicit clock, with the semantics of UIKit's
/// `UIPercentDrivenInteractiveTransition`, made deterministic: events come in with the time they
/// happen, and `progress(at:)` says where the transition is at any time.
///
/// - `update(_:at:)` scrubs: while a gesture holds the transition, progress is the gesture's
///   fraction with linear timing. Between two updates the progress moves in a straight line from
///   the first fraction to the second (the gesture is sampled at its events); after the last
///   event it holds.
/// - `pause(at:)` holds the transition where it is. While it finishes or cancels, that is an
///   interruption: the animation is grabbed at its current progress, with no jump, and the
///   gesture holds it again. It can be grabbed any number of times.
/// - `finish(at:)` animates from the current fraction f to 1 in (1 − f) × duration ÷
///   `completionSpeed` seconds along `completionCurve`; `cancel(at:)` animates back to 0 in
///   f × duration ÷ `completionSpeed`.
/// - `release(velocity:at:decision:)` picks finish or cancel with a `ReleaseDecision`.
///
/// Times are seconds on any clock that never goes back; events must come in time order. The
/// transition starts held by the gesture at `startTime` and `startProgress` (UIKit's
/// `startInteractiveTransition`), and ends when a finish or cancel animation reaches 1 or 0.
public struct InteractionController: Sendable, Hashable {
    /// What drives the transition at some time.
    public enum Phase: String, Sendable, Hashable, Codable, CustomStringConvertible {
        /// A gesture holds the transition: progress follows its updates with linear timing.
        case interacting
        /// Animating to progress 1 after a finish.
        case finishing
        /// Animating back to progress 0 after a cancel.
        case cancelling
        /// Done at progress 1.
        case finished
        /// Done at progress 0.
        case cancelled

        /// True for `finished` and `cancelled`.
        public var isComplete: Bool { self == .finished || self == .cancelled }

        /// The phase's name: `interacting`, `finishing`, `cancelling`, `finished`, `cancelled`.
        public var description: String { rawValue }
    }

    /// A stretch of time over which the progress follows one motion:
    /// `progress(t) = startProgress + (targetProgress − startProgress) × curve((t − startTime) ÷ span)`.
    public struct Segment: Sendable, Hashable {
        /// What drives the progress during the segment.
        public var phase: Phase
        /// When the segment starts.
        public var startTime: Double
        /// When it ends; earlier than `startTime + span` when an animation was interrupted.
        public var endTime: Double
        /// The time the whole motion takes, from `startTime` to reaching `targetProgress`.
        public var span: Double
        /// The progress at `startTime`.
        public var startProgress: Double
        /// The progress the motion reaches after `span`.
        public var targetProgress: Double
        /// The progress at `endTime`: the target, or where an interruption caught the motion.
        public var endProgress: Double
        /// The timing of the motion: linear for gestures, the completion curve for animations.
        public var curve: TimingCurve

        /// The progress at `time`, which should lie in `startTime...endTime`: exactly
        /// `startProgress` at the start and `endProgress` at the end.
        public func progress(at time: Double) -> Double {
            if time <= startTime { return startProgress }
            if time >= endTime { return endProgress }
            guard span > 0 else { return targetProgress }
            let u = (time - startTime) / span
            return lerp(startProgress, targetProgress, curve.value(at: Swift.min(1, u)))
        }
    }

    /// One event the controller took, with the progress at that moment.
    public struct Event: Sendable, Hashable {
        /// What happened.
        public enum Kind: Sendable, Hashable {
            /// The gesture moved to a fraction.
            case update(Double)
            /// The transition was held (and grabbed, when it was animating).
            case pause
            /// The transition was told to finish.
            case finish
            /// The transition was told to cancel.
            case cancel
            /// The gesture let go with a velocity (progress per second); `finishes` is the decision.
            case release(velocity: Double, finishes: Bool)
        }

        /// What happened.
        public var kind: Kind
        /// When.
        public var time: Double
        /// The progress at that time, after the event.
        public var progress: Double
        /// The phase the transition was in just before the event.
        public var phaseBefore: Phase
        /// For a release, the decision that picked finish or cancel; nil for other events.
        public var decision: ReleaseDecision? = nil
    }

    /// Why an event was refused. The controller is unchanged after a refusal.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong, in a sentence that says what to do instead.
        public let description: String

        /// Creates an error.
        public init(description: String) { self.description = description }
    }

    /// The duration of the whole transition (progress 0 to 1) as the animator gives it, in seconds.
    public let duration: Double
    /// How fast finish and cancel animations run, as in UIKit: 1 takes the remaining fraction of
    /// `duration`, 2 half of it. Must be finite and greater than 0.
    public var completionSpeed: Double
    /// The timing curve of finish and cancel animations; UIKit's default is ease-in-out.
    public var completionCurve: TimingCurve
    /// The motions so far, in time order, each starting where the previous one ended.
    public private(set) var segments: [Segment]
    /// The events taken so far, in time order.
    public private(set) var events: [Event] = []
    /// The time of the last event (the start time before any).
    public private(set) var lastEventTime: Double

    /// A transition held by a gesture from `startTime` at `startProgress` (0 unless a gesture
    /// starts mid-way).
    ///
    /// - Parameters:
    ///   - duration: the animator's duration in seconds, finite and > 0 (a non-positive or
    ///     non-finite value is treated as 0.001 s so the controller stays defined).
    ///   - startTime: when the gesture takes hold, in seconds.
    ///   - startProgress: the progress it takes hold at.
    ///   - completionSpeed: UIKit's `completionSpeed`, default 1.
    ///   - completionCurve: UIKit's `completionCurve`, default ease-in-out.
    public init(
        duration: Double, startTime: Double = 0, startProgress: Double = 0,
        completionSpeed: Double = 1, completionCurve: TimingCurve = .easeInOut
    ) {
        self.duration = duration.isFinite && duration > 0 ? duration : 0.001
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
        let p = Self.clamp(startProgress)
        segments = [Segment(
            phase: .interacting, startTime: startTime, endTime: startTime, span: 0,
            startProgress: p, targetProgress: p, endProgress: p, curve: .linear)]
        lastEventTime = startTime
    }

    /// A plain, non-interactive run: starts at `startTime` and animates from 0 to 1 in `duration`
    /// with linear time, leaving the easing to the animator.
    public static func plain(duration: Double, startTime: Double = 0) -> InteractionController {
        var controller = InteractionController(duration: duration, startTime: startTime, completionCurve: .linear)
        try! controller.finish(at: startTime)
        return controller
    }

    // MARK: State

    /// When the transition started.
    public var startTime: Double { segments[0].startTime }

    /// The phase right after the last event: who drives the transition now.
    public var currentPhase: Phase { phase(at: lastEventTime) }

    /// When the finish or cancel animation under way ends, or nil while a gesture holds the transition.
    public var completionTime: Double? {
        let last = segments[segments.count - 1]
        return last.phase == .interacting ? nil : last.endTime
    }

    /// True when the transition ends (or ended) at progress 1, false at 0, nil while a gesture holds it.
    public var finishes: Bool? {
        switch segments[segments.count - 1].phase {
        case .finishing, .finished: true
        case .cancelling, .cancelled: false
        case .interacting: nil
        }
    }

    /// The phase at `time`: before the start, the first segment's; after a finish or cancel
    /// animation ends, `finished` or `cancelled`.
    public func phase(at time: Double) -> Phase {
        let index = segment(at: time)
        let s = segments[index]
        if index == segments.count - 1 && time >= s.endTime {
            if s.phase == .finishing { return .finished }
            if s.phase == .cancelling { return .cancelled }
        }
        return s.phase
    }

    /// The progress at `time`. Before the start it is the start progress; between a gesture's
    /// events and after its last one it holds; after a finish or cancel it is exactly 1 or 0.
    public func progress(at time: Double) -> Double {
        segments[segment(at: time)].progress(at: time)
    }

    /// The index of the segment that defines the progress at `time`: the last one starting at or
    /// before it (the first one before the start). Past a segment's end, its end progress holds.
    public func segment(at time: Double) -> Int {
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].startTime <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The times worth sampling from the start to the end (or to `until`, or the last event
    /// while a gesture holds the transition), in order: every event and segment start exactly,
    /// a tick every `1 ÷ framesPerSecond` seconds (skipped within a microsecond of an event),
    /// and the end.
    public func sampleTimes(framesPerSecond: Double, until: Double? = nil) -> [Double] {
        let end = until ?? completionTime ?? lastEventTime
        let step = 1 / Swift.max(1, framesPerSecond.isFinite ? framesPerSecond : 1)
        var exact: Set<Double> = [startTime, end]
        for segment in segments where segment.startTime <= end { exact.insert(segment.startTime) }
        for event in events where event.time <= end { exact.insert(event.time) }
        let marks = exact.sorted()
        var times = marks
        var i = 1
        var next = 0
        while startTime + Double(i) * step < end {
            let t = startTime + Double(i) * step
            while next < marks.count && marks[next] < t - 1e-6 { next += 1 }
            if next >= marks.count || abs(marks[next] - t) > 1e-6 { times.append(t) }
            i += 1
        }
        return times.sorted()
    }

    // MARK: Events

    /// Scrubs: the gesture is at `fraction` (clamped to 0...1) at `time`; the progress moved
    /// there in a straight line from the previous event.
    /// - Throws: `Error` when no gesture holds the transition or `time` is before the last event.
    public mutating func update(_ fraction: Double, at time: Double) throws(Error) {
        guard fraction.isFinite else { throw Error(description: "update: the fraction must be a finite number; got \(fraction)") }
        try checkTime(time, "update")
        let phase = currentPhase
        guard phase == .interacting else { throw notHeld("update", phase) }
        let from = progress(at: lastEventTime)
        let to = Self.clamp(fraction)
        append(Segment(
            phase: .interacting, startTime: lastEventTime, endTime: time, span: time - lastEventTime,
            startProgress: from, targetProgress: to, endProgress: to, curve: .linear))
        record(.update(fraction), at: time, phaseBefore: phase)
    }

    /// Holds the transition at `time`. While a gesture holds it, nothing moves; while it
    /// finishes or cancels, it is grabbed exactly where it is and a gesture holds it again.
    /// - Throws: `Error` when the transition already ended or `time` is before the last event.
    public mutating func pause(at time: Double) throws(Error) {
        try checkTime(time, "pause")
        let phase = phase(at: time)
        if phase != .interacting {
            // The interruption: cut the running animation at `time`, where it is, and hold there.
            let p = progress(at: time)
            segments[segments.count - 1].endTime = time
            segments[segments.count - 1].endProgress = p
            append(Segment(
                phase: .interacting, startTime: time, endTime: time, span: 0,
                startProgress: p, targetProgress: p, endProgress: p, curve: .linear))
        }
        record(.pause, at: time, phaseBefore: phase)
    }

    /// Lets the transition animate to its end from the current fraction f: (1 − f) × duration ÷
    /// `completionSpeed` seconds along `completionCurve`.
    /// - Throws: `Error` when no gesture holds the transition, `time` is before the last event or
    ///   `completionSpeed` is not positive.
    public mutating func finish(at time: Double) throws(Error) {
        try settle(toEnd: true, at: time, event: .finish)
    }

    /// Lets the transition animate back to its start from the current fraction f: f × duration ÷
    /// `completionSpeed` seconds along `completionCurve`.
    /// - Throws: like `finish(at:)`.
    public mutating func cancel(at time: Double) throws(Error) {
        try settle(toEnd: false, at: time, event: .cancel)
    }

    /// Ends the gesture with `velocity` (progress per second, positive towards the end): finishes
    /// or cancels as `decision` says for the progress at `time`.
    /// - Returns: true when it finishes, false when it cancels.
    /// - Throws: like `finish(at:)`, and for a velocity that is not finite.
    @discardableResult
    public mutating func release(velocity: Double, at time: Double, decision: ReleaseDecision = .standard) throws(Error) -> Bool {
        guard velocity.isFinite else { throw Error(description: "release: the velocity must be a finite number; got \(velocity)") }
        try checkTime(time, "release")
        let phase = currentPhase
        guard phase == .interacting else { throw notHeld("release", phase) }
        let finishes = decision.finishes(fraction: progress(at: time), velocity: velocity)
        try settle(toEnd: finishes, at: time, event: .release(velocity: velocity, finishes: finishes))
        events[events.count - 1].decision = decision
        return finishes
    }

    // MARK: Private

    private mutating func settle(toEnd: Bool, at time: Double, event: Event.Kind) throws(Error) {
        let name = toEnd ? "finish" : "cancel"
        try checkTime(time, name)
        let phase = currentPhase
        guard phase == .interacting else { throw notHeld(name, phase) }
        guard completionSpeed.isFinite && completionSpeed > 0 else {
            throw Error(description: "\(name): the completion speed must be a finite number greater than 0; got \(completionSpeed)")
        }
        let p = progress(at: time)
        let target = toEnd ? 1.0 : 0.0
        let span = abs(target - p) * duration / completionSpeed
        append(Segment(
            phase: toEnd ? .finishing : .cancelling, startTime: time, endTime: time + span, span: span,
            startProgress: p, targetProgress: target, endProgress: target, curve: completionCurve))
        record(event, at: time, phaseBefore: phase)
    }

    /// Appends a segment; a zero-length hold at the same start time is replaced rather than kept.
    private mutating func append(_ segment: Segment) {
        let last = segments[segments.count - 1]
        if last.phase == .interacting && last.endTime == last.startTime && last.startTime == segment.startTime {
            segments[segments.count - 1] = segment
        } else {
            segments.append(segment)
        }
    }

    private mutating func record(_ kind: Event.Kind, at time: Double, phaseBefore: Phase) {
        lastEventTime = time
        events.append(Event(kind: kind, time: time, progress: progress(at: time), phaseBefore: phaseBefore))
    }

    private func checkTime(_ time: Double, _ name: String) throws(Error) {
        guard time.isFinite else { throw Error(description: "\(name): the time must be a finite number of seconds; got \(time)") }
        guard time >= lastEventTime else {
            throw Error(description: "\(name) at \(Self.seconds(time)) comes before the previous event at \(Self.seconds(lastEventTime)); events must be in time order")
        }
        if let end = completionTime, time >= end, let finishes {
            throw Error(description: "\(name) at \(Self.seconds(time)) comes after the transition \(finishes ? "finished" : "was cancelled") at \(Self.seconds(end)); grab it before it ends")
        }
    }

    private func notHeld(_ name: String, _ phase: Phase) -> Error {
        Error(description: "\(name) needs the gesture to hold the transition, but it is \(phase); grab it first")
    }

    private static func seconds(_ time: Double) -> String { Format.number(time, decimals: 3) + " s" }

    private static func clamp(_ value: Double) -> Double { Swift.min(1, Swift.max(0, value)) }
}

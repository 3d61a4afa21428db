#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CAllocationCount
import CViewStateReset
import TransitionABI
import TransitionCore

/// A contract breach the host saw while serving a plugin.
public struct Misbehaviour: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of breach.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A service was given TC_VIEW_NONE: the plugin touched a view that does not exist.
        case absentView = "absent-view"
        /// A service was given a handle that is not a view of this transition.
        case unknownView = "unknown-view"
        /// A service was called in a phase that does not allow it (views added during step...).
        case wrongPhase = "wrong-phase"
        /// A bad argument: an unknown role, a sibling not in the container, bad curve points.
        case badArgument = "bad-argument"
        /// The plugin reported its own misbehaviour through the log.
        case selfReported = "self-reported"
        /// Step wrote past the view states it was given: its states are not used.
        case pastViews = "past-views"
    }

    /// The kind of breach.
    public var kind: Kind
    /// The host service or lifecycle call involved.
    public var call: String
    /// What happened.
    public var message: String

    /// `CALL: MESSAGE`.
    public var description: String { "\(call): \(message)" }
}

/// A message a plugin logged.
public struct LogEntry: Sendable, Hashable, Codable {
    /// The level: debug, info, warning, error or plugin-misbehaving.
    public var level: String
    /// The message, escaped.
    public var message: String
}

/// What a completed transition left behind.
public struct CompletionReport: Sendable, Hashable, Codable {
    /// True when it completed as finished, false when cancelled.
    public var finished: Bool
    /// Views the animator made and left in the container after its completion (the host removed them).
    public var leakedViews: [ViewID]
    /// The roles of the leaked views, in the same order.
    public var leakedRoles: [ViewRole]
    /// The container after the host settled the hierarchy.
    public var container: [ViewID]
}

/// One transition being run by an animator: owns the context, the views and the states the
/// plugin writes, and enforces the lifecycle (setup once, steps, completion once).
///
/// A session is used from one thread at a time; different sessions may run on different threads.
public final class TransitionSession {
    /// The lifecycle phase.
    public enum Phase: Sendable, Hashable {
        /// Made, setup not yet called.
        case ready
        /// Inside the plugin's setup.
        case settingUp
        /// Setup succeeded; steps may run.
        case running
        /// Inside the plugin's step.
        case stepping
        /// Inside the plugin's completion.
        case completing
        /// Completed (or setup refused); nothing more may be called.
        case done
    }

    /// Setup returned false.
    public struct SetupRefused: Error, CustomStringConvertible {
        /// The animator's qualified id.
        public let animatorID: String
        /// The operation.
        public let operation: TransitionOperation
        /// Why setup could not answer, when it did not return false itself: a wasm plugin's fault.
        public var failure: String? = nil
        /// A sentence for users.
        public var description: String {
            failure ?? "\(animatorID) refused to set up a \(operation) transition (its setup returned false)"
        }
        /// The error a caller reports: a `PluginCallError` naming the fault when setup could not
        /// answer, else this refusal.
        public var reported: any Error { failure.map(PluginCallError.init) ?? self }
    }

    /// The animator.
    public let animator: Animator
    /// The transition's context.
    public let context: TransitionContext
    /// The parameter values, in descriptor order.
    public let parameters: [Double]
    /// The current phase.
    // The session is used from one thread at a time, so the hot path skips the runtime's
    // exclusivity checks on the fields each step touches (they cost more than a small step).
    @exclusivity(unchecked) public private(set) var phase: Phase = .ready
    /// The container's views, bottom first.
    public private(set) var container: [ViewID]
    /// Contract breaches seen so far.
    public private(set) var misbehaviours: [Misbehaviour] = []
    /// Messages the plugin logged.
    public private(set) var log: [LogEntry] = []
    /// Why the plugin's code could not go on: a wasm plugin that ran out of fuel, trapped or
    /// handed the host a bad address, in one line naming the animator and the call. A native
    /// plugin in this process that crashes takes the process with it, so this stays nil for it.
    public private(set) var failure: String?

    struct ViewRecord {
        var role: ViewRole
        var source: ViewID?
        var base: tc_view_state_t
        var doubleSided = true
        var content: SnapshotContent? = nil
    }

    /// The camera setup left: every step starts from it.
    private(set) var baseCamera: Camera
    /// The camera of the current step.
    @exclusivity(unchecked) private(set) var stepCamera: Camera
    /// True when the current step changed the camera, so the next one starts from `baseCamera` again.
    @exclusivity(unchecked) private var cameraSetInStep = false
    /// The matched elements as the plugin reads them, with C copies of their ids.
    private let cMatchedElements: UnsafeMutablePointer<tc_matched_element_t>?

    @exclusivity(unchecked) private(set) var views: [ViewRecord] = []
    private let cContext: UnsafeMutablePointer<tc_context_t>
    private let cParameters: UnsafeMutablePointer<Double>
    /// The states the plugin writes, one per view.
    @exclusivity(unchecked) private var states: UnsafeMutablePointer<tc_view_state_t>
    /// Every view's base state, by handle: a step of fewer than `wideResetViews` views starts with
    /// one copy of these into `states`.
    @exclusivity(unchecked) private var bases: UnsafeMutablePointer<tc_view_state_t>
    /// Every view's frame and colour, 64 bytes a view by handle: what the wide reset reads.
    @exclusivity(unchecked) private var framesAndColors: UnsafeMutableRawPointer
    /// The base state every view shares but for its frame and colour.
    private let resting: UnsafeMutablePointer<tc_view_state_t>
    /// True while steps of `wideResetViews` views or more use the wide reset: the processor runs
    /// it and every base state is `resting` with a frame and a colour of its own.
    @exclusivity(unchecked) private var resetsWide: Bool
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var pluginState: UnsafeMutableRawPointer?
    /// The plugin's step, read once from its descriptor.
    private let stepFunction: (@convention(c) (
        UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Double,
        UnsafeMutablePointer<tc_view_state_t>?, UInt32
    ) -> Void)?
    var springCache = SpringCache()
    /// The cubic Bézier curves of the `cubic_bezier` host service, built once each.
    var bezierCache = BezierCache()
    /// Records calls when set; the entry points are then called through libffi.
    @exclusivity(unchecked) var tracer: CallTracer?
    /// True when direct steps check the guard after the views too (`Animator.run`); traced steps
    /// always check it.
    @exclusivity(unchecked) var guardsDirectSteps = false
    /// The guard and its complement, drawn at the first guarded step.
    private var guardPatterns: UnsafeMutableRawPointer?
    /// How many guarded steps ran: even ones use the guard, odd ones its complement.
    package private(set) var guardedSteps = 0
    /// The heap allocations (malloc, calloc, realloc and the aligned ones) the plugin's guarded
    /// steps made on their thread, when `countsAllocations`.
    package private(set) var stepAllocations = 0

    init(animator: Animator, context: TransitionContext, parameters: [Double]) {
        self.animator = animator
        self.context = context
        self.parameters = parameters
        container = context.initialContainer
        cParameters = .allocate(capacity: max(1, parameters.count))
        cParameters.initialize(from: parameters, count: parameters.count)
        capacity = 8
        states = .allocate(capacity: capacity)
        bases = .allocate(capacity: capacity)
        framesAndColors = .allocate(byteCount: capacity * Self.frameAndColorSize, alignment: 64)
        resting = .allocate(capacity: 1)
        resting.initialize(to: ViewState(frame: .zero).c)
        resetsWide = Self.wideResetAvailable
        stepFunction = animator.pointer.pointee.step
        cContext = .allocate(capacity: 1)
        baseCamera = .centered(in: context.containerBounds)
        stepCamera = baseCamera
        if context.matchedElements.isEmpty {
            cMatchedElements = nil
        } else {
            let elements = UnsafeMutablePointer<tc_matched_element_t>.allocate(capacity: context.matchedElements.count)
            for (i, e) in context.matchedElements.enumerated() {
                elements[i] = tc_matched_element_t(
                    id: UnsafePointer(strdup(e.id)), from_frame: e.fromFrame.c, to_frame: e.toFrame.c,
                    from_view: e.fromView?.rawValue ?? TC_VIEW_NONE, to_view: e.toView?.rawValue ?? TC_VIEW_NONE)
            }
            cMatchedElements = elements
        }
        for id in [context.fromView, context.toView].compactMap({ $0 }).sorted() {
            appendView(ViewRecord(role: context.role(of: id)!, source: nil, base: context.baseState(of: id)!.c))
        }
        for side in context.matchedElementViews {
            appendView(ViewRecord(
                role: .snapshot, source: side.content.source, base: ViewState(frame: side.frame).c, content: side.content))
        }
        cContext.initialize(to: tc_context_t(
            abi: ABIVersion.host.c, operation: UInt32(context.operation.rawValue),
            presentation_style: UInt32(context.style.rawValue), interactive: context.interactive,
            tab_from_index: UInt32(clamping: context.tabFromIndex), tab_to_index: UInt32(clamping: context.tabToIndex),
            container_bounds: context.containerBounds.c,
            from_view: context.fromView?.rawValue ?? TC_VIEW_NONE, to_view: context.toView?.rawValue ?? TC_VIEW_NONE,
            from_initial_frame: context.fromInitialFrame.c, from_final_frame: context.fromFinalFrame.c,
            to_initial_frame: context.toInitialFrame.c, to_final_frame: context.toFinalFrame.c,
            param_values: UnsafePointer(cParameters), param_count: UInt32(parameters.count),
            host: HostServices.table, host_data: nil))
        cContext.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        if phase == .running { complete(finished: false) }
        if let cMatchedElements {
            for i in 0..<context.matchedElements.count { free(UnsafeMutablePointer(mutating: cMatchedElements[i].id)) }
            cMatchedElements.deallocate()
        }
        cContext.deallocate()
        cParameters.deallocate()
        states.deallocate()
        bases.deallocate()
        framesAndColors.deallocate()
        resting.deallocate()
        guardPatterns?.deallocate()
    }

    private var a: tc_animator_t { animator.pointer.pointee }

    /// The number of views the transition has (the screens and every view the animator made).
    public var viewCount: Int { views.count }

    /// The role of view `id`.
    public func role(of id: ViewID) -> ViewRole? {
        views.indices.contains(Int(id.rawValue)) ? views[Int(id.rawValue)].role : nil
    }

    /// The duration the animator gives, in seconds (not checked here; the validator checks it).
    public func duration() -> Double {
        CallCounter.enter()
        defer { CallCounter.leave() }
        if let tracer {
            tracer.write(.call(name: "duration", progress: nil, finished: nil))
            return FFIEntryPoints.duration(animator.pointer, cContext)
        }
        return a.duration(animator.pointer, cContext)
    }

    /// Calls the plugin's setup, then takes the initial states with a step at 0.
    /// - Throws: `SetupRefused` when setup returns false; the session is then done.
    public func setup() throws(SetupRefused) {
        precondition(phase == .ready, "setup is called once, first")
        phase = .settingUp
        var state: UnsafeMutableRawPointer? = nil
        let ok: Bool
        CallCounter.enter()
        if let tracer {
            tracer.write(.call(name: "setup", progress: nil, finished: nil))
            ok = FFIEntryPoints.setup(animator.pointer, cContext, &state)
        } else {
            ok = a.setup(animator.pointer, cContext, &state)
        }
        CallCounter.leave()
        pluginState = state
        guard ok else {
            phase = .done
            container = context.settledContainer(finished: false)
            throw SetupRefused(animatorID: animator.qualifiedID, operation: context.operation, failure: failure)
        }
        phase = .running
    }

    /// Runs the plugin's step at `progress` into the session's state buffer and returns a view of
    /// it, valid until the next call. No allocation on this path.
    public func stepInPlace(_ progress: Double) -> UnsafeBufferPointer<tc_view_state_t> {
        stepInPlace(progress, calling: tracer == nil ? .direct : .ffi)
    }

    /// How the host calls a plugin's entry point.
    package enum EntryCall: Sendable {
        /// Through the typed C function pointer.
        case direct
        /// Through libffi with the prepared call interface, recording the call when the session
        /// has a tracer: the validator's path.
        case ffi
    }

    /// `stepInPlace(_:)` through the call path given, so benchmarks can set the two side by side.
    package func stepInPlace(_ progress: Double, calling call: EntryCall) -> UnsafeBufferPointer<tc_view_state_t> {
        precondition(phase == .running, "step runs between setup and completion")
        let count = views.count, states = states
        if count >= Self.wideResetViews && resetsWide {
            view_states_reset_wide(states, resting, framesAndColors, count)
        } else {
            states.update(from: bases, count: count)
        }
        if cameraSetInStep {
            stepCamera = baseCamera
            cameraSetInStep = false
        }
        phase = .stepping
        CallCounter.enter()
        switch call {
        case .direct:
            if guardsDirectSteps {
                stepDirectGuarded(progress, states, UInt32(count))
            } else {
                stepFunction!(animator.pointer, cContext, pluginState, progress, states, UInt32(count))
            }
        case .ffi:
            stepThroughFFI(progress, states, UInt32(count))
        }
        CallCounter.leave()
        phase = .running
        return UnsafeBufferPointer(start: states, count: count)
    }

    /// The libffi step, traced when the session has a tracer; kept out of line so that the
    /// direct path's frame stays small.
    @inline(never)
    private func stepThroughFFI(_ progress: Double, _ states: UnsafeMutablePointer<tc_view_state_t>, _ count: UInt32) {
        tracer?.write(.call(name: "step", progress: progress, finished: nil))
        guardingViews(states, count) {
            FFIEntryPoints.step(animator.pointer, cContext, pluginState, progress, states, count)
        }
    }

    /// The direct step with the guard after the views: `Animator.run`'s path.
    @inline(never)
    private func stepDirectGuarded(_ progress: Double, _ states: UnsafeMutablePointer<tc_view_state_t>, _ count: UInt32) {
        guardingViews(states, count) {
            stepFunction!(animator.pointer, cContext, pluginState, progress, states, count)
        }
    }

    /// Runs `step` with the slot after the `count` views filled with this session's guard, and
    /// records a `pastViews` breach when the slot changed. The guard is drawn from the system's
    /// random numbers for each session, and every other step uses its complement, so a write
    /// past the views is caught whatever bytes it writes: no byte can equal both a guard byte and
    /// its complement, and a plugin cannot know the guard before its first step.
    private func guardingViews(_ states: UnsafeMutablePointer<tc_view_state_t>, _ count: UInt32, _ step: () -> Void) {
        let size = MemoryLayout<tc_view_state_t>.stride
        let patterns = guardPatterns ?? Self.drawGuardPatterns()
        guardPatterns = patterns
        let pattern = UnsafeRawPointer(patterns + (guardedSteps & 1) * size)
        guardedSteps &+= 1
        let guardSlot = UnsafeMutableRawPointer(states + Int(count))
        guardSlot.copyMemory(from: pattern, byteCount: size)
        if Self.countsAllocations {
            allocation_count_start()
            step()
            stepAllocations += Int(allocation_count_stop())
        } else {
            step()
        }
        if memcmp(guardSlot, pattern, size) != 0 {
            misbehave(.pastViews, "step", "wrote past the end of the \(count) view states it was given; write only views[0] to views[view_count - 1]")
        }
    }

    /// True when this process counts heap allocations (the catalog executables do): guarded
    /// steps then count those the plugin's step makes on its thread.
    package static let countsAllocations = allocation_count_available()

    /// Two view states' bytes: a random guard, then its complement.
    private static func drawGuardPatterns() -> UnsafeMutableRawPointer {
        let size = MemoryLayout<tc_view_state_t>.stride
        let patterns = UnsafeMutableRawPointer.allocate(byteCount: 2 * size, alignment: 16)
        var random = SystemRandomNumberGenerator()
        for i in 0..<size {
            let byte = UInt8.random(in: .min ... .max, using: &random)
            patterns.storeBytes(of: byte, toByteOffset: i, as: UInt8.self)
            patterns.storeBytes(of: ~byte, toByteOffset: size + i, as: UInt8.self)
        }
        return patterns
    }

    /// From this many views on, a step's states are reset with the wide reset
    /// (`view_states_reset_wide`), which reads each view's frame and colour (64 bytes) rather than
    /// its whole 216-byte base state. Below it, the states and their bases (55 KB at 128 views)
    /// fit or nearly fit a first-level data cache, and one copy of the bases is as fast.
    static let wideResetViews = 128

    /// True when this processor runs the wide reset.
    private static let wideResetAvailable = view_states_reset_wide_available()

    /// The bytes the wide reset reads for one view: its frame, then its colour.
    private static let frameAndColorSize = MemoryLayout<tc_rect_t>.size + MemoryLayout<tc_color_t>.size

    /// True when `state` equals `resting` in every byte but its frame and its colour (and the
    /// padding after `hidden`).
    private static func sharesResting(_ state: tc_view_state_t, _ resting: tc_view_state_t) -> Bool {
        let start = MemoryLayout<tc_view_state_t>.offset(of: \.alpha)!
        let end = MemoryLayout<tc_view_state_t>.offset(of: \.hidden)! + MemoryLayout<Bool>.size
        return withUnsafeBytes(of: state) { a in
            withUnsafeBytes(of: resting) { b in a[start..<end].elementsEqual(b[start..<end]) }
        }
    }

    /// The context the plugin receives, with the host services; valid as long as the session.
    package var contextPointer: UnsafePointer<tc_context_t> { UnsafePointer(cContext) }

    /// Every view's base state, by handle: what each step starts from.
    package var baseStates: [tc_view_state_t] { views.map(\.base) }

    /// What the plugin's setup gave back for this transition, so that benchmarks can call the
    /// plugin's step on states of their own, without the host's reset around it.
    package var pluginStatePointer: UnsafeMutableRawPointer? { pluginState }

    /// Runs the plugin's step at `progress` and returns every view's state.
    public func step(_ progress: Double) -> TransitionFrame {
        let buffer = stepInPlace(progress)
        // View ids are the indexes of `views`: each view's place in the container, by id.
        var positions = [Int?](repeating: nil, count: views.count)
        for (i, id) in container.enumerated() where positions.indices.contains(Int(id.rawValue)) { positions[Int(id.rawValue)] = i }
        let sampled = views.indices.map { i in
            var state = ViewState(buffer[i], madeByAnimator: !views[i].role.isScreen)
            state.doubleSided = views[i].doubleSided
            state.content = views[i].content
            return SampledView(id: ViewID(Int32(i)), role: views[i].role, source: views[i].source, containerIndex: positions[i], state: state)
        }
        return TransitionFrame(progress: progress, views: sampled, camera: stepCamera, matchedElements: context.matchedElements)
    }

    /// Calls the plugin's completion, then settles the hierarchy as UIKit does: finished keeps the
    /// to-view, cancelled keeps the from-view. Views the animator left behind are reported and removed.
    @discardableResult
    public func complete(finished: Bool) -> CompletionReport {
        precondition(phase == .running, "completion runs once, after setup")
        phase = .completing
        CallCounter.enter()
        if let tracer {
            tracer.write(.call(name: "completion", progress: nil, finished: finished))
            FFIEntryPoints.completion(animator.pointer, cContext, pluginState, finished)
        } else if let completion = a.completion {
            completion(animator.pointer, cContext, pluginState, finished)
        }
        CallCounter.leave()
        pluginState = nil
        let leaked = container.filter { !views[Int($0.rawValue)].role.isScreen }
        container = context.settledContainer(finished: finished)
        phase = .done
        return CompletionReport(
            finished: finished, leakedViews: leaked, leakedRoles: leaked.map { views[Int($0.rawValue)].role },
            container: container)
    }

    /// Records the first fault of the plugin's sandboxed code.
    func pluginFailed(_ fault: WasmFault) {
        if failure == nil { failure = "\(animator.qualifiedID): \(fault)" }
    }

    // MARK: Host services

    func misbehave(_ kind: Misbehaviour.Kind, _ call: String, _ message: String) {
        if misbehaviours.count < 1000 {
            HostServices.hostWork { misbehaviours.append(Misbehaviour(kind: kind, call: call, message: message)) }
        }
    }

    func appendLog(level: UInt32, message: String) {
        let names = ["debug", "info", "warning", "error", "plugin-misbehaving"]
        let name = Int(level) < names.count ? names[Int(level)] : "level-\(level)"
        if log.count < 1000 { log.append(LogEntry(level: name, message: message)) }
        if level == UInt32(TC_LOG_PLUGIN_MISBEHAVING.rawValue) {
            misbehave(.selfReported, "log", message)
        }
    }

    /// Checks a handle given to a service; records the breach and returns nil when it is bad.
    func resolve(_ view: tc_view_id_t, call: String) -> ViewID? {
        if view == TC_VIEW_NONE {
            let absent = context.fromView == nil ? "the from-view (a custom-style present has none)"
                : context.toView == nil ? "the to-view (a custom-style dismiss has none; adding the presenting view back causes the black screen)"
                : "a view"
            misbehave(.absentView, call, "was given TC_VIEW_NONE: the plugin touched \(absent); check for TC_VIEW_NONE before using a view")
            return nil
        }
        guard view >= 0 && Int(view) < views.count else {
            misbehave(.unknownView, call, "was given handle \(view), which is not a view of this transition")
            return nil
        }
        return ViewID(view)
    }

    func requirePhase(_ allowed: [Phase], call: String) -> Bool {
        guard allowed.contains(phase) else {
            misbehave(.wrongPhase, call, "was called during \(phase); it is allowed in \(allowed.map { "\($0)" }.joined(separator: " or ")) only")
            return false
        }
        return true
    }

    /// Records a host service call when tracing, and returns its result.
    func traced<T>(_ name: String, _ arguments: [Double], _ result: T) -> T {
        tracer?.write(.host(name: name, arguments: arguments, result: "\(result)"))
        return result
    }

    func addView(_ view: tc_view_id_t) -> Bool {
        guard requirePhase([.settingUp, .completing], call: "add_view"), let id = resolve(view, call: "add_view") else { return false }
        container.removeAll { $0 == id }
        container.append(id)
        return true
    }

    func insertView(_ view: tc_view_id_t, below sibling: tc_view_id_t) -> Bool {
        guard requirePhase([.settingUp, .completing], call: "insert_view_below"),
            let id = resolve(view, call: "insert_view_below"), let s = resolve(sibling, call: "insert_view_below")
        else { return false }
        guard id != s, container.contains(s) else {
            misbehave(.badArgument, "insert_view_below", "sibling \(s) is not in the container")
            return false
        }
        container.removeAll { $0 == id }
        container.insert(id, at: container.firstIndex(of: s)!)
        return true
    }

    func removeView(_ view: tc_view_id_t) -> Bool {
        guard requirePhase([.settingUp, .completing], call: "remove_view"), let id = resolve(view, call: "remove_view") else { return false }
        container.removeAll { $0 == id }
        return true
    }

    func makeView(role: UInt32, frame: tc_rect_t, color: tc_color_t, source: ViewID? = nil, call: String) -> tc_view_id_t {
        guard requirePhase([.settingUp], call: call) else { return TC_VIEW_NONE }
        guard let r = ViewRole(rawValue: Int(role)), !r.isScreen else {
            misbehave(.badArgument, call, "role \(role) cannot be made; use snapshot, dimming, shadow, tile or decoration")
            return TC_VIEW_NONE
        }
        guard views.count < 1 << 16 else {
            misbehave(.badArgument, call, "more than 65536 views in one transition")
            return TC_VIEW_NONE
        }
        var base = ViewState(frame: Rect(frame), color: Color(color)).c
        if !Rect(frame).isFinite { base.frame = Rect.zero.c }
        return appendView(ViewRecord(role: r, source: source, base: base))
    }

    /// Adds a view record and its base state, growing the state buffers when needed; returns its handle.
    @discardableResult
    private func appendView(_ record: ViewRecord) -> tc_view_id_t {
        views.append(record)
        // One slot past the views always exists: the guard the traced step checks.
        if views.count >= capacity {
            let biggerStates = UnsafeMutablePointer<tc_view_state_t>.allocate(capacity: capacity * 2)
            biggerStates.moveInitialize(from: states, count: capacity)
            states.deallocate()
            states = biggerStates
            let biggerBases = UnsafeMutablePointer<tc_view_state_t>.allocate(capacity: capacity * 2)
            biggerBases.moveInitialize(from: bases, count: capacity)
            bases.deallocate()
            bases = biggerBases
            let biggerFramesAndColors = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 * Self.frameAndColorSize, alignment: 64)
            biggerFramesAndColors.copyMemory(from: framesAndColors, byteCount: capacity * Self.frameAndColorSize)
            framesAndColors.deallocate()
            framesAndColors = biggerFramesAndColors
            capacity *= 2
        }
        let index = views.count - 1
        bases[index] = record.base
        framesAndColors.storeBytes(of: record.base.frame, toByteOffset: index * Self.frameAndColorSize, as: tc_rect_t.self)
        framesAndColors.storeBytes(
            of: record.base.color, toByteOffset: index * Self.frameAndColorSize + MemoryLayout<tc_rect_t>.size, as: tc_color_t.self)
        if !Self.sharesResting(record.base, resting.pointee) { resetsWide = false }
        return Int32(views.count - 1)
    }

    func snapshotView(_ view: tc_view_id_t) -> tc_view_id_t {
        guard requirePhase([.settingUp], call: "snapshot_view"), let id = resolve(view, call: "snapshot_view") else { return TC_VIEW_NONE }
        let frame = views[Int(id.rawValue)].base.frame
        return makeSnapshot(of: id, rect: Rect(x: 0, y: 0, width: frame.width, height: frame.height), role: .snapshot, call: "snapshot_view")
    }

    func snapshotRect(_ view: tc_view_id_t, _ rect: tc_rect_t, role: UInt32) -> tc_view_id_t {
        guard requirePhase([.settingUp], call: "snapshot_rect"), let id = resolve(view, call: "snapshot_rect") else { return TC_VIEW_NONE }
        guard let r = ViewRole(rawValue: Int(role)), r == .snapshot || r == .tile else {
            misbehave(.badArgument, "snapshot_rect", "role \(role) is not TC_ROLE_SNAPSHOT or TC_ROLE_TILE")
            return TC_VIEW_NONE
        }
        let area = Rect(rect)
        guard area.isFinite, area.width > 0, area.height > 0 else {
            misbehave(.badArgument, "snapshot_rect", "rectangle \(area) must be finite with a positive width and height, in the view's own coordinates")
            return TC_VIEW_NONE
        }
        return makeSnapshot(of: id, rect: area, role: r, call: "snapshot_rect")
    }

    /// A snapshot of `rect` (in the source's own coordinates) of view `id`: its frame is that
    /// rectangle in container coordinates, its content that rectangle of the original source.
    private func makeSnapshot(of id: ViewID, rect: Rect, role: ViewRole, call: String) -> tc_view_id_t {
        let record = views[Int(id.rawValue)]
        let sourceFrame = Rect(record.base.frame)
        let content = record.content?.cropped(to: rect, ofSnapshotSized: (sourceFrame.width, sourceFrame.height))
            ?? SnapshotContent(source: id, rect: rect)
        let frame = rect.offsetBy(dx: sourceFrame.x, dy: sourceFrame.y)
        let made = makeView(role: UInt32(role.rawValue), frame: frame.c, color: record.base.color, source: content.source, call: call)
        if made != TC_VIEW_NONE { views[Int(made)].content = content }
        return made
    }

    func setDoubleSided(_ view: tc_view_id_t, _ doubleSided: Bool) -> Bool {
        guard requirePhase([.settingUp], call: "set_double_sided"), let id = resolve(view, call: "set_double_sided") else { return false }
        views[Int(id.rawValue)].doubleSided = doubleSided
        return true
    }

    func setCamera(_ camera: UnsafePointer<tc_camera_t>?) -> Bool {
        guard requirePhase([.settingUp, .stepping], call: "set_camera") else { return false }
        guard let c = camera?.pointee else {
            misbehave(.badArgument, "set_camera", "was given a NULL camera")
            return false
        }
        let new = Camera.centered(in: context.containerBounds, eyeDistance: c.eye_distance, sublayerTransform: Transform3D(c.sublayer_transform))
        guard new.isValid else {
            misbehave(.badArgument, "set_camera", "eye_distance \(c.eye_distance) must be finite and >= 0 and the sublayer transform finite")
            return false
        }
        if phase == .settingUp {
            baseCamera = new
            stepCamera = new
        } else {
            stepCamera = new
            cameraSetInStep = true
        }
        return true
    }

    func matchedElement(_ index: UInt32, _ out: UnsafeMutablePointer<tc_matched_element_t>?) -> Bool {
        guard let out, let cMatchedElements, Int(index) < context.matchedElements.count else { return false }
        out.pointee = cMatchedElements[Int(index)]
        return true
    }
}

import PluginHost
import TransitionABI
import TransitionCore

/// What a `tch_transition_t` is: a driver's running transition on the caller's clock, and the
/// last frame handed out.
final class EmbeddedTransition {
    let driver: EmbeddedDriver
    let driven: DrivenTransition
    /// The caller's time at which the transition's clock reads 0.
    let origin: Double
    var lastError = LastError()
    let infoStrings = CStrings()
    private let frameStrings = CStrings()
    private let viewBuffer = CArray<tch_view_t>()
    private var drawn: [SampledView] = []
    private var camera = Camera.none

    init(driver: EmbeddedDriver, driven: DrivenTransition, origin: Double) {
        self.driver = driver
        self.driven = driven
        self.origin = origin
    }

    /// The transition's clock at the caller's `time`.
    func clock(_ time: Double) throws(HostFailure) -> Double {
        guard time.isFinite else { throw HostFailure(.invalidArgument, "time \(time) is not finite") }
        return time - origin
    }

    /// Runs a gesture event, mapping its error.
    func event(_ body: () throws(InteractionController.Error) -> Void) throws(HostFailure) {
        do { try body() } catch { throw HostFailure(.interaction, "\(driven.transition): \(error.description)") }
    }

    /// The screen each view of `frame` shows, by handle.
    private func screens(of frame: TransitionFrame) -> [ViewID: String] {
        var names: [ViewID: String] = [:]
        let backdropScreens = driven.backdrop.compactMap(\.screen)
        var nextBackdrop = 0
        for view in frame.views {
            if view.state.zIndex == Backdrop.zIndex && view.role != .dimming {
                if nextBackdrop < backdropScreens.count { names[view.id] = backdropScreens[nextBackdrop] }
                nextBackdrop += 1
            } else if view.role == .from {
                names[view.id] = driven.transition.fromScreen
            } else if view.role == .to {
                names[view.id] = driven.transition.toScreen
            }
        }
        for view in frame.views where names[view.id] == nil {
            if let source = view.state.content?.source ?? view.source, let name = names[source] { names[view.id] = name }
        }
        return names
    }

    /// The frame at the caller's `time`, as C structs kept until the next call.
    func frame(at time: Double) throws(HostFailure) -> tch_frame_t {
        let t = try clock(time)
        let controller = driven.controller
        let frame = driven.frame(at: t)
        if let failure = driven.pluginFailure {
            driver.host.noteBroken(driven.resolved, reason: failure)
            throw HostFailure(.pluginBroken, "\(failure); the transition is cancelled when it ends")
        }
        let names = screens(of: frame)
        drawn = frame.drawnViews
        camera = frame.camera
        frameStrings.clear()
        var nameStrings: [String: UnsafePointer<CChar>] = [:]
        let views = viewBuffer.fill(drawn.map { view in
            var content = tc_rect_t()
            if let c = view.state.content { content = c.rect.c }
            var name: UnsafePointer<CChar>?
            if let screen = names[view.id] {
                name = nameStrings[screen] ?? frameStrings.keep(screen)
                nameStrings[screen] = name
            }
            return tch_view_t(
                id: view.id.rawValue, role: UInt32(view.role.rawValue), screen: name, state: view.state.c,
                double_sided: view.state.doubleSided ? 1 : 0, has_content_rect: view.state.content == nil ? 0 : 1,
                content_rect: content)
        })
        let phase = controller.phase(at: t)
        var out = tch_frame_t()
        out.struct_size = UInt32(MemoryLayout<tch_frame_t>.size)
        out.progress = frame.progress
        out.phase = Self.phaseCode(phase)
        out.settled = phase.isComplete ? 1 : 0
        out.finishes = controller.finishes == true ? 1 : 0
        out.camera = tc_camera_t(eye_distance: frame.camera.eyeDistance, sublayer_transform: frame.camera.sublayerTransform.c)
        out.view_count = UInt32(viewBuffer.count)
        out.views = views
        return out
    }

    /// Point (u, v) of drawn view `index` of the last frame on screen.
    func project(_ index: Int, u: Double, v: Double) throws(HostFailure) -> (x: Double, y: Double, w: Double) {
        guard drawn.indices.contains(index) else {
            throw HostFailure(.notFound, "view \(index) is not in the last frame, which has \(drawn.count) views; ask for a frame first")
        }
        let state = drawn[index].state
        return state.project(x: (u - 0.5) * state.frame.width, y: (v - 0.5) * state.frame.height, camera: camera)
    }

    /// Ends the transition at the end it heads to (cancelled while a gesture holds it), and says
    /// whether it finished and, when the plugin's worker saw it break the plugin contract, how:
    /// the animator is then refused for the host's life.
    func end() throws(HostFailure) -> (finished: Bool, breach: String?) {
        if !driven.isComplete, driven.interactive, driven.controller.finishes == nil {
            try event { () throws(InteractionController.Error) in try driven.cancel(at: driven.controller.lastEventTime) }
        }
        do {
            let record = try driven.complete()
            guard driver.host.sampler != nil, let id = driven.resolved?.animator.qualifiedID else { return (record.finished, nil) }
            let breach: String
            if let escape = record.printed?.refusedCalls.first {
                breach = "\(id) tried to leave its worker's sandbox: \(escape)"
            } else if let wrong = record.misbehaviours.first {
                breach = "\(id) broke the plugin contract in its worker process (\(wrong))"
            } else {
                return (record.finished, nil)
            }
            driver.host.noteBroken(driven.resolved, reason: breach)
            return (record.finished, "\(breach); the transition \(record.finished ? "finished" : "was cancelled"), and the animator is refused for this host")
        } catch {
            if error.kind == .plugin { driver.host.noteBroken(driven.resolved, reason: error.description) }
            throw HostFailure(HostStatus(error), error.description)
        }
    }

    static func phaseCode(_ phase: InteractionController.Phase) -> UInt32 {
        switch phase {
        case .interacting: 0
        case .finishing: 1
        case .cancelling: 2
        case .finished: 3
        case .cancelled: 4
        }
    }
}

import TransitionCore

/// Plays a transition on an interaction controller: a frame at every sample time, at the
/// controller's progress, then completion with finished = (the controller ended at progress 1).
public enum TransitionPlayer {
    /// Why a transition cannot be played.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Runs setup, samples the frames and completes `run` as `controller` says.
    ///
    /// - Parameters:
    ///   - run: the transition, before its setup.
    ///   - title: the timeline's title.
    ///   - controller: the gesture's controller, let go, which gives progress over time.
    ///   - framesPerSecond: the sampling rate; every event time and the end are sampled too, so
    ///     the frame where a grab catches an animation is in the timeline.
    ///   - compose: adds what lies outside the plugin's views (presentation chrome, backdrop)
    ///     to each frame, given the progress.
    /// - Throws: `Error` when the controller has not been let go (its end is unknown), when
    ///   the plugin refuses setup (the run is then complete as cancelled), or when an isolated
    ///   plugin crashed, hung or returned an unusable value (`PluginTransition.failure`).
    public static func play(
        _ run: TransitionRun, controller: InteractionController, title: String, framesPerSecond: Double = 60,
        compose: (TransitionFrame) -> TransitionFrame = { $0 }
    ) throws(Error) -> PlayedTransition {
        guard let finishes = controller.finishes, controller.completionTime != nil else {
            throw Error(description: "the gesture still holds the transition; let it go (release, finish or cancel) before playing it")
        }
        if run.session.phase == .ready {
            do { try run.setup() } catch { throw Error(description: "\(error)") }
        }
        let times = controller.sampleTimes(framesPerSecond: framesPerSecond)
        var entries: [TransitionTimeline.Entry] = []
        var phases: [InteractionController.Phase] = []
        entries.reserveCapacity(times.count)
        // Every progress is known before the first step: an isolated plugin is asked for all of
        // them at once.
        let frames = run.frames(at: times.map { controller.progress(at: $0) })
        for (t, frame) in zip(times, frames) {
            entries.append(TransitionTimeline.Entry(time: t - controller.startTime, frame: compose(frame)))
            phases.append(controller.phase(at: t))
        }
        let completion = run.complete(finished: finishes)
        if let failure = run.session.failure { throw Error(description: failure) }
        return PlayedTransition(
            timeline: TransitionTimeline(title: title, containerBounds: run.context.containerBounds, entries: entries),
            phases: phases, controller: controller, duration: run.duration, completion: completion,
            misbehaviours: run.session.misbehaviours, log: run.session.log)
    }
}

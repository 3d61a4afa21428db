import TransitionABI

/// A built-in animator's transition run as plain Swift, without the C ABI: the choreography that
/// setup would choose and the very function the C step calls. It exists for in-process benchmarks
/// that set a direct call against the same code behind `tc_plugin_entry`; the plugin's interface
/// is the C entry alone.
package final class DirectRun {
    private let run: UnsafeMutablePointer<RunState>

    /// The ids of the built-in animators, in descriptor order.
    package static var animatorIDs: [String] { builtinAnimators.map { "\($0.id)" } }

    /// Prepares animator `animatorID` for the transition described by `context`, choosing its
    /// choreography as setup does but without calling the host: `dimming` is the handle of the
    /// dimming view a session's setup made (`TC_VIEW_NONE` when there is none). Nil for an
    /// unknown id.
    /// The views of the choreography's pieces (doors, tiles) are numbered from `firstPieceView`
    /// on, one each, as a session's setup would make them after the dimming view; nil leaves the
    /// pieces out. `bandViews` are the views setup made for the choreography's flat bands (an
    /// edge shadow's), in order.
    package init?(
        animatorID: String, context: UnsafePointer<tc_context_t>, dimming: tc_view_id_t, firstPieceView: tc_view_id_t? = nil,
        bandViews: [tc_view_id_t] = []
    ) {
        guard let definition = builtinAnimators.first(where: { "\($0.id)" == animatorID }) else { return nil }
        let choreography = definition.choreography(situation(context))
        let pieces = firstPieceView.map { first in (0..<choreography.pieces.count).map { first + tc_view_id_t($0) } } ?? []
        run = RunState.make(choreography: choreography, dimming: dimming, pieceViews: pieces, bandViews: bandViews)
    }

    /// How many views the choreography makes from parts of the screens (explode's tiles).
    package var pieceCount: Int { run.pointee.choreography.pieces.count }

    deinit { RunState.free(run) }

    /// Writes the states of the transition's views at `progress` over the base states in
    /// `views`, as the C step does. `context` is the context of the transition, with the host
    /// services the tracks' easings call.
    package func step(_ context: UnsafePointer<tc_context_t>, progress: Double, views: UnsafeMutablePointer<tc_view_state_t>, count: UInt32) {
        playChoreography(UnsafePointer(run), context, progress, views, count)
    }
}

import TransitionABI

/// The per-transition state a built-in animator keeps between setup and completion: plain data
/// in memory of its own, so a step reads it in place with no reference counting.
struct RunState {
    let choreography: Choreography
    let dimming: tc_view_id_t
    /// The views made for the choreography's pieces, in the same order.
    var pieceViews: [tc_view_id_t] = []
    /// Per piece, true when its track has the timing of the piece before it, so a step evaluates
    /// the easing once for a run of such pieces (the tiles of an explosion) instead of per piece.
    var sharesTiming: [Bool] = []
    /// The views made for the choreography's bands, in the same order.
    var bandViews: [tc_view_id_t] = []

    /// A new state in memory of its own, freed with `free(_:)`.
    static func make(
        choreography: Choreography, dimming: tc_view_id_t, pieceViews: [tc_view_id_t] = [], bandViews: [tc_view_id_t] = []
    ) -> UnsafeMutablePointer<RunState> {
        let pieces = choreography.pieces
        let shares = pieces.indices.map { i in i > 0 && pieces[i].track.hasSameTiming(as: pieces[i - 1].track) }
        let run = UnsafeMutablePointer<RunState>.allocate(capacity: 1)
        run.initialize(to: RunState(choreography: choreography, dimming: dimming, pieceViews: pieceViews, sharesTiming: shares, bandViews: bandViews))
        return run
    }

    /// Frees a state `make` made.
    static func free(_ run: UnsafeMutablePointer<RunState>) {
        run.deinitialize(count: 1)
        run.deallocate()
    }
}

private func definition(_ self_: UnsafePointer<tc_animator_t>?) -> AnimatorDefinition {
    builtinAnimators[Int(bitPattern: self_!.pointee.animator_data)]
}

/// The duration: what the animator's definition makes of its parameters.
let builtinDuration: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?) -> Double = { self_, ctx in
    let d = definition(self_)
    guard let ctx else { return d.parameters[0].defaultValue }
    return d.duration(situation(ctx))
}

/// Setup: places the arriving view, makes the dimming layer when the choreography has one, and
/// keeps the choreography for the steps.
let builtinSetup: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Bool = { self_, ctx, state in
    guard let ctx, let state else { return false }
    let c = ctx.pointee, host = c.host.pointee
    let choreography = definition(self_).choreography(situation(ctx))
    if c.to_view != TC_VIEW_NONE {
        if choreography.placement == .below && c.from_view != TC_VIEW_NONE {
            _ = host.insert_view_below(ctx, c.to_view, c.from_view)
        } else {
            _ = host.add_view(ctx, c.to_view)
        }
    }
    var dimming = TC_VIEW_NONE
    // The dimming and the bands go just under the screen on top: the arriving one when it is
    // placed above.
    let top = choreography.placement == .above ? c.to_view : c.from_view
    let above = top != TC_VIEW_NONE ? top : (c.to_view != TC_VIEW_NONE ? c.to_view : c.from_view)
    if choreography.dimming != nil {
        dimming = host.make_view(ctx, TC_ROLE_DIMMING.rawValue, c.container_bounds, choreography.dimmingColor)
        if above != TC_VIEW_NONE { _ = host.insert_view_below(ctx, dimming, above) } else { _ = host.add_view(ctx, dimming) }
    }
    var bandViews: [tc_view_id_t] = []
    bandViews.reserveCapacity(choreography.bands.count)
    for band in choreography.bands {
        let view = host.make_view(ctx, band.role.rawValue, band.frame, band.color)
        if view != TC_VIEW_NONE {
            if above != TC_VIEW_NONE { _ = host.insert_view_below(ctx, view, above) } else { _ = host.add_view(ctx, view) }
        }
        bandViews.append(view)
    }
    var pieceViews: [tc_view_id_t] = []
    if !choreography.pieces.isEmpty || choreography.oneSided != (false, false) {
        guard let compositing = compositingServices(ctx) else {
            host.log(ctx, TC_LOG_WARNING.rawValue, "this animator needs the host's compositing extension (ABI 1.1)")
            if dimming != TC_VIEW_NONE { _ = host.remove_view(ctx, dimming) }
            for view in bandViews where view != TC_VIEW_NONE { _ = host.remove_view(ctx, view) }
            return false
        }
        if choreography.oneSided.from && c.from_view != TC_VIEW_NONE { _ = compositing.pointee.set_double_sided(ctx, c.from_view, false) }
        if choreography.oneSided.to && c.to_view != TC_VIEW_NONE { _ = compositing.pointee.set_double_sided(ctx, c.to_view, false) }
        pieceViews.reserveCapacity(choreography.pieces.count)
        for piece in choreography.pieces {
            let view = makePieceView(piece, ctx, compositing)
            if view != TC_VIEW_NONE { _ = host.add_view(ctx, view) }
            pieceViews.append(view)
        }
    }
    state.pointee = UnsafeMutableRawPointer(RunState.make(choreography: choreography, dimming: dimming, pieceViews: pieceViews, bandViews: bandViews))
    return true
}

/// Step: each track's look at this progress, written over the views' base states.
let builtinStep: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Double, UnsafeMutablePointer<tc_view_state_t>?, UInt32) -> Void = { _, ctx, state, progress, views, count in
    guard let ctx, let state, let views else { return }
    playChoreography(UnsafePointer(state.assumingMemoryBound(to: RunState.self)), ctx, progress, views, count)
}

/// The body of every built-in step: each track's look at `progress`, written over the views'
/// base states.
func playChoreography(_ run: UnsafePointer<RunState>, _ ctx: UnsafePointer<tc_context_t>, _ progress: Double, _ views: UnsafeMutablePointer<tc_view_state_t>, _ count: UInt32) {
    // The context and the plan are read in place, field by field: copies of them cost more than
    // a small step's arithmetic.
    let stage = Stage(
        container: ctx.pointee.container_bounds, perspective: run.pointee.choreography.perspective,
        fitRect: run.pointee.choreography.fitRect)
    func play(_ track: Track?, on view: tc_view_id_t) {
        guard let track, view >= 0, UInt32(view) < count else { return }
        if !track.visible.contains(progress) {
            views[Int(view)].hidden = true
            return
        }
        place(track.look(ctx, at: progress), of: track, accordion: false, on: &views[Int(view)], stage: stage)
    }
    play(run.pointee.choreography.from, on: ctx.pointee.from_view)
    play(run.pointee.choreography.to, on: ctx.pointee.to_view)
    play(run.pointee.choreography.dimming, on: run.pointee.dimming)
    for (band, view) in zip(run.pointee.choreography.bands, run.pointee.bandViews) { play(band.track, on: view) }
    playPieces(run, ctx, progress, stage, views, count)
    if let morph = run.pointee.choreography.containerMorph {
        morph.play(ctx, progress, piece: run.pointee.pieceViews.first ?? TC_VIEW_NONE, views, count)
    }
}

/// The pieces' part of a step. The pieces are read in place, and a run of pieces with one
/// timing evaluates its easing once: an explosion's tiles cost their looks, not a host call each.
private func playPieces(_ run: UnsafePointer<RunState>, _ ctx: UnsafePointer<tc_context_t>, _ progress: Double, _ stage: Stage, _ views: UnsafeMutablePointer<tc_view_state_t>, _ count: UInt32) {
    run.pointee.choreography.pieces.withUnsafeBufferPointer { pieces in
        run.pointee.pieceViews.withUnsafeBufferPointer { pieceViews in
            run.pointee.sharesTiming.withUnsafeBufferPointer { shares in
                var local = 0.0, eased = 0.0, timed = false
                for i in 0..<min(pieces.count, pieceViews.count, shares.count) {
                    if !shares[i] { timed = false }
                    let view = pieceViews[i]
                    guard view >= 0, UInt32(view) < count else { continue }
                    let piece = pieces.baseAddress! + i
                    if !piece.pointee.track.visible.contains(progress) {
                        views[Int(view)].hidden = true
                        continue
                    }
                    if !timed {
                        local = piece.pointee.track.local(progress)
                        eased = piece.pointee.track.eased(ctx, local)
                        timed = true
                    }
                    let look = piece.pointee.fold.map { $0.look(eased) } ?? piece.pointee.track.look(ctx, local: local, eased: eased)
                    place(look, of: piece.pointee.track, accordion: piece.pointee.fold != nil, on: &views[Int(view)], stage: stage)
                }
            }
        }
    }
}

/// Writes `look` over a view's base state, then the track's stacking and back-face culling. An
/// accordion's strips turned away lie behind their neighbours facing the viewer, so those are
/// drawn above them, as depth would have it.
@inline(__always)
private func place(_ look: Look, of track: borrowing Track, accordion: Bool, on view: inout tc_view_state_t, stage: Stage) {
    look.apply(to: &view, stage: stage, fitRect: track.fitRect)
    if track.zIndex != 0 { view.z_index = track.zIndex }
    if accordion { view.z_index = view.isFacingAway ? 0 : 1 }
    if track.cullBackFace && view.isFacingAway { view.hidden = true }
}

/// Completion: removes the dimming layer and the bands and frees the state.
let builtinCompletion: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Bool) -> Void = { _, ctx, state, _ in
    guard let ctx, let state else { return }
    let run = state.assumingMemoryBound(to: RunState.self)
    let dimming = run.pointee.dimming, pieces = run.pointee.pieceViews, bands = run.pointee.bandViews
    RunState.free(run)
    if dimming != TC_VIEW_NONE { _ = ctx.pointee.host.pointee.remove_view(ctx, dimming) }
    for view in pieces + bands where view != TC_VIEW_NONE { _ = ctx.pointee.host.pointee.remove_view(ctx, view) }
}

/// The host's compositing extension, or nil for a host older than ABI 1.1.
func compositingServices(_ ctx: UnsafePointer<tc_context_t>) -> UnsafePointer<tc_compositing_t>? {
    guard let raw = ctx.pointee.host.pointee.get_extension(ctx, TC_COMPOSITING_EXTENSION_ID) else { return nil }
    return raw.assumingMemoryBound(to: tc_compositing_t.self)
}

/// The first matched element of the transition, when the host has the compositing extension and
/// the transition has one.
func firstMatchedElement(_ ctx: UnsafePointer<tc_context_t>) -> tc_matched_element_t? {
    guard let compositing = compositingServices(ctx), compositing.pointee.matched_element_count(ctx) > 0 else { return nil }
    var element = tc_matched_element_t()
    return compositing.pointee.matched_element(ctx, 0, &element) ? element : nil
}

/// Makes the view of one piece: a snapshot of a rectangle of a screen, or a matched element's
/// snapshot. `TC_VIEW_NONE` when its source is absent.
private func makePieceView(_ piece: Piece, _ ctx: UnsafePointer<tc_context_t>, _ compositing: UnsafePointer<tc_compositing_t>) -> tc_view_id_t {
    let c = ctx.pointee
    func snapshot(_ view: tc_view_id_t, _ frame: tc_rect_t, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> tc_view_id_t {
        guard view != TC_VIEW_NONE else { return TC_VIEW_NONE }
        let rect = tc_rect_t(x: x * frame.width, y: y * frame.height, width: w * frame.width, height: h * frame.height)
        return compositing.pointee.snapshot_rect(ctx, view, rect, piece.role.rawValue)
    }
    switch piece.source {
    case .from(let x, let y, let w, let h): return snapshot(c.from_view, c.from_initial_frame, x, y, w, h)
    case .to(let x, let y, let w, let h): return snapshot(c.to_view, c.to_final_frame, x, y, w, h)
    case .matchedFrom: return firstMatchedElement(ctx)?.from_view ?? TC_VIEW_NONE
    case .matchedTo: return firstMatchedElement(ctx)?.to_view ?? TC_VIEW_NONE
    }
}

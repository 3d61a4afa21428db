import TransitionABI

#if canImport(Glibc)
import Glibc
#endif

/// Portal: the old screen splits into two doors, snapshots of its halves, that slide apart to
/// reveal the new one growing from 80 %; popping closes the new screen's doors over the old one.
private let portal = AnimatorDefinition(
    id: "portal", name: "Portal",
    summary: "The old screen splits into two doors that slide apart while the new one grows behind them; popping closes the doors over the shrinking old screen. Needs ABI 1.1 snapshots.",
    operations: allOperations, reversible: true,
    parameters: [
        // VCTransitionsLibrary's CEPortalAnimationController and IBAnimatable's PortalAnimator:
        // ZOOM_SCALE 0.8, ease-out (research/ios_anchors.md §3.1, §4.1); their default durations
        // are 1.0 s and 0.75 s.
        .duration(0.75),
        .number("zoom-scale", "Zoom scale", doc: "The scale of the screen behind the doors while they are closed.", 0.8, 0.1...1),
    ],
    choreography: { s in
        let ease = Easing.curve(TC_CURVE_EASE_OUT)
        let zoomed = Look(scale: s[1])
        let hidden = -Double.infinity...(-Double.infinity)
        if s.presenting {
            return Choreography(
                from: Track(start: .rest, end: .rest, visible: hidden),
                to: Track(start: zoomed, end: .rest, easing: ease),
                placement: .above,
                pieces: [
                    Piece(source: .from(x: 0, y: 0, width: 0.5, height: 1), track: Track(start: .rest, end: .offset(-0.5, 0), easing: ease)),
                    Piece(source: .from(x: 0.5, y: 0, width: 0.5, height: 1), track: Track(start: .rest, end: .offset(0.5, 0), easing: ease)),
                ])
        }
        return Choreography(
            from: Track(start: .rest, end: zoomed, easing: ease),
            to: Track(start: .rest, end: .rest, visible: hidden),
            placement: .below,
            pieces: [
                Piece(source: .to(x: 0, y: 0, width: 0.5, height: 1), track: Track(start: .offset(-0.5, 0), end: .rest, easing: ease)),
                Piece(source: .to(x: 0.5, y: 0, width: 0.5, height: 1), track: Track(start: .offset(0.5, 0), end: .rest, easing: ease)),
            ])
    })

/// A number in [-1, 1] from a tile index and a salt: the same for the same arguments, so a
/// step stays pure.
private func scatter(_ index: Int, _ salt: UInt64) -> Double {
    var z = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 &+ salt
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    // 2^52 as a UInt64: `1 << 52` is an Int, which is 32 bits on wasm32 and shifts to 0 there.
    return Double(z >> 11) / Double(UInt64(1) << 52) - 1
}

/// Explode: the leaving screen breaks into tiles, snapshots of it, that fly apart, spin and
/// shrink away over the arriving one. A step's cost is linear in the number of tiles.
private let explode = AnimatorDefinition(
    id: "explode", name: "Explode",
    summary: "The leaving screen breaks into tiles that fly apart, spin and shrink away, uncovering the new screen. Needs ABI 1.1 snapshots.",
    operations: allOperations,
    parameters: [
        // CEExplodeAnimationController and IBAnimatable's ExplodeAnimator: xFactor 10 tiles
        // across, random offsets ±100 pt (on a 320-pt screen: 0.31 of the width), random turns
        // of ±10 rad, scale 0.01 (research/ios_anchors.md §3.1, §4.1); duration 1.0 s.
        .duration(1.0),
        ParameterDefinition(id: "tiles", name: "Tiles across", doc: "How many tiles span the width; the rows follow the container's aspect.", type: TC_PARAM_INTEGER, defaultValue: 10, min: 1, max: 16),
    ],
    choreography: { s in
        let across = max(1, Int(s[1]))
        let tileWidth = s.width / Double(across)
        let down = max(1, Int((s.height / tileWidth).rounded(.up)))
        let spread = 100.0 / 320 * s.width
        var pieces: [Piece] = []
        pieces.reserveCapacity(across * down)
        for row in 0..<down {
            for column in 0..<across {
                let i = row * across + column
                let h = min(1.0 / Double(down), 1 - Double(row) / Double(down))
                let away = Look(tx: spread * scatter(i, 1), ty: spread * scatter(i, 2), scale: 0.01, alpha: 0, rotateZ: 10 * scatter(i, 3) * 180 / Double.pi)
                pieces.append(Piece(
                    source: .from(x: Double(column) / Double(across), y: Double(row) / Double(down), width: 1 / Double(across), height: h),
                    role: TC_ROLE_TILE,
                    track: Track(start: .rest, end: away, easing: .curve(TC_CURVE_EASE_IN), fade: 0.5...1)))
            }
        }
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: -Double.infinity...(-Double.infinity)),
            to: Track(start: .rest, end: .rest),
            placement: s.presenting ? .above : .below, pieces: pieces)
    })

/// Fold: the old screen folds up like an accordion towards one edge while the new one unfolds
/// from the other, as VCTransitionsLibrary's CEFoldAnimationController.
private let fold = AnimatorDefinition(
    id: "fold", name: "Fold",
    summary: "The old screen folds up like an accordion towards one edge while the new one unfolds from the other, in strips seen in perspective. Needs ABI 1.1 snapshots.",
    operations: allOperations, reversible: true,
    parameters: [
        // CEFoldAnimationController and IBAnimatable's FoldAnimator: folds 2 by default,
        // m34 = -0.005, an eye 200 pt from a 320-pt screen, 0.625 widths
        // (research/ios_anchors.md §3.1, §4.1); IBAnimatable's duration 0.75 s.
        .duration(0.75),
        .choice("direction", "Direction", doc: "Where the new screen comes from: left means it unfolds from the right edge.", ["left", "right"]),
        ParameterDefinition(id: "folds", name: "Folds", doc: "How many folds each screen makes; each fold is two strips.", type: TC_PARAM_INTEGER, defaultValue: 2, min: 1, max: 8),
        .number("camera", "Camera distance", doc: "The camera's distance, as a multiple of the container's width; smaller is more dramatic.", 0.625, 0.3...10),
    ],
    choreography: { s in
        var fromTowardsLeft = s[1] == 0
        if !s.presenting { fromTowardsLeft.toggle() }
        let strips = 2 * max(1, Int(s[2]))
        let unit = 1 / Double(strips), width = s.width * unit
        let never = -Double.infinity...(-Double.infinity)
        var pieces: [Piece] = []
        for k in 0..<strips {
            let x = Double(k) * unit
            // Counted from the edge each accordion is fixed to.
            let fromIndex = fromTowardsLeft ? k : strips - 1 - k
            let toIndex = fromTowardsLeft ? strips - 1 - k : k
            pieces.append(Piece(
                source: .from(x: x, y: 0, width: unit, height: 1),
                track: Track(start: .rest, end: .rest, easing: .curve(TC_CURVE_EASE_IN_OUT)),
                fold: FoldStrip(index: fromIndex, width: width, towardsLeft: fromTowardsLeft, closing: true)))
            pieces.append(Piece(
                source: .to(x: x, y: 0, width: unit, height: 1),
                track: Track(start: .rest, end: .rest, easing: .curve(TC_CURVE_EASE_IN_OUT)),
                fold: FoldStrip(index: toIndex, width: width, towardsLeft: !fromTowardsLeft, closing: false)))
        }
        return Choreography(
            from: Track(start: .rest, end: .rest, visible: never), to: Track(start: .rest, end: .rest, visible: never),
            placement: s.presenting ? .above : .below, perspective: s[3] * s.width, pieces: pieces)
    })

/// The animators built from snapshots of parts of the screens (ABI 1.1): portal, explode and fold.
let snapshotAnimators: [AnimatorDefinition] = [portal, explode, fold]

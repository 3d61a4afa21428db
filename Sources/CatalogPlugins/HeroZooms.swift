import TransitionABI

/// Hero's two undirected zooms, `zoom` and `zoomOut`, which `autoReverse` pairs with each other.
/// Every number is from Hero's `Sources/Preprocessors/DefaultAnimationPreprocessor.swift`
/// (HeroTransitions/Hero; research/ios_anchors.md §1.1): both root views start from
/// `[.timingFunction(.standard), .duration(0.35)]`; `zoom` inserts the to-view first (below) and
/// gives the from-view `[.scale(1.3), .fade]`, the to-view `[.scale(0.7)]`; `zoomOut` puts the
/// to-view on top with `[.scale(1.3), .fade]` and the from-view `[.scale(0.7)]`. Hero's modifiers
/// are the off-screen states: the start of an appearing view, the end of a disappearing one.
enum HeroZoom: Sendable {
    case zoom, zoomOut

    /// Hero's `reversed()`: zoom ↔ zoomOut.
    var reversed: HeroZoom { self == .zoom ? .zoomOut : .zoom }

    /// The motion of this zoom with `easing` on both screens, the fade included (Hero animates
    /// every modifier of a view with that view's timing function).
    func choreography(easing: Easing) -> Choreography {
        let grown = Look(scale: 1.3, alpha: 0)
        let shrunk = Look(scale: 0.7)
        switch self {
        case .zoom:
            return Choreography(
                from: Track(start: .rest, end: grown, easing: easing),
                to: Track(start: shrunk, end: .rest, easing: easing), placement: .below)
        case .zoomOut:
            return Choreography(
                from: Track(start: .rest, end: shrunk, easing: easing),
                to: Track(start: grown, end: .rest, easing: easing), placement: .above)
        }
    }
}

/// One of Hero's zooms as an animator: presenting operations play it, dismissing ones its
/// `reversed` pair, as Hero's `autoReverse` does; the curve is Hero's `standard` (0.4, 0, 0.2, 1)
/// unless the timing parameter picks another.
private func heroZoom(_ zoom: HeroZoom, id: StaticString, name: StaticString, summary: StaticString) -> AnimatorDefinition {
    AnimatorDefinition(
        id: id, name: name, summary: summary, operations: allOperations,
        parameters: [
            .duration(0.35),
            .choice("timing", "Timing", doc: "hero keeps Hero's standard curve; custom uses the curve below.", ["hero", "custom"]),
        ] + ParameterDefinition.curve(default: TC_CURVE_MATERIAL_STANDARD),
        choreography: { s in
            let easing: Easing = s[1] == 1 ? s.easing(at: 2) : .curve(TC_CURVE_MATERIAL_STANDARD)
            let plan = (s.presenting ? zoom : zoom.reversed).choreography(easing: easing)
            return plan.placedAsUIKit(presenting: s.presenting)
        })
}

/// Hero's zoom and zoom-out.
let heroZoomAnimators: [AnimatorDefinition] = [
    heroZoom(
        .zoom, id: "hero-zoom", name: "Hero Zoom",
        summary: "Hero's zoom: the old screen grows to 130 % and fades away, uncovering the new one growing from 70 % beneath it; dismissing plays zoom-out."),
    heroZoom(
        .zoomOut, id: "zoom-out", name: "Zoom Out",
        summary: "Hero's zoom-out: the new screen shrinks from 130 % into place while fading in over the old one, which shrinks to 70 %; dismissing plays zoom."),
]

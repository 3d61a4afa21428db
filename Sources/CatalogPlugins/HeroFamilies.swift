import TransitionABI

/// Hero's directional families (`HeroDefaultAnimationType`, research/ios_anchors.md §1.1, from
/// Hero's `Sources/Preprocessors/DefaultAnimationPreprocessor.swift`).
enum HeroFamily: Sendable {
    case push, pull, cover, uncover, slide, zoomSlide, pageIn, pageOut

    /// Hero's `reversed()` pairs, used by `autoReverse`: push ↔ pull, cover ↔ uncover,
    /// page-in ↔ page-out; slide and zoom-slide reverse to themselves (with the opposite direction).
    var reversed: HeroFamily {
        switch self {
        case .push: .pull
        case .pull: .push
        case .cover: .uncover
        case .uncover: .cover
        case .pageIn: .pageOut
        case .pageOut: .pageIn
        case .slide, .zoomSlide: self
        }
    }

    /// The motion of this family in direction (vx, vy): the arriving view's start offset is the
    /// direction's shift, the leaving view's end offset the opposite shift. Every number is from
    /// Hero's per-type table (research/ios_anchors.md §1.1): parallax shift/3, overlay black 0.1,
    /// scale 0.8 (zoom-slide) and 0.7 (page); `deceleration` (0, 0, 0.2, 1) for the families that
    /// put the arriving view on top, `standard` (0.4, 0, 0.2, 1) otherwise. Hero's `.overlay` is
    /// a layer of the overlaid view, so the dimming moves and scales with that view.
    func choreography(_ vx: Double, _ vy: Double, easing custom: Easing?) -> Choreography {
        let overlay = Look(alpha: 0.1)
        let clear = Look(alpha: 0)
        let decelerate = custom ?? .curve(TC_CURVE_MATERIAL_DECELERATE)
        let standard = custom ?? .curve(TC_CURVE_MATERIAL_STANDARD)
        switch self {
        case .push:
            return Choreography(
                from: Track(start: .rest, end: .offset(-vx / 3, -vy / 3), easing: decelerate),
                to: Track(start: .offset(vx, vy), end: .rest, easing: decelerate),
                dimming: Track(start: clear, end: Look(dx: -vx / 3, dy: -vy / 3, alpha: 0.1), easing: decelerate), placement: .above)
        case .pull:
            return Choreography(
                from: Track(start: .rest, end: .offset(-vx, -vy), easing: standard),
                to: Track(start: .offset(vx / 3, vy / 3), end: .rest, easing: standard),
                dimming: Track(start: Look(dx: vx / 3, dy: vy / 3, alpha: 0.1), end: clear, easing: standard), placement: .below)
        case .cover:
            return Choreography(
                from: Track(start: .rest, end: .rest, easing: decelerate),
                to: Track(start: .offset(vx, vy), end: .rest, easing: decelerate),
                dimming: Track(start: clear, end: overlay, easing: decelerate), placement: .above)
        case .uncover:
            return Choreography(
                from: Track(start: .rest, end: .offset(-vx, -vy), easing: standard),
                to: Track(start: .rest, end: .rest, easing: standard),
                dimming: Track(start: overlay, end: clear, easing: standard), placement: .below)
        case .slide:
            return Choreography(
                from: Track(start: .rest, end: .offset(-vx, -vy), easing: standard),
                to: Track(start: .offset(vx, vy), end: .rest, easing: standard), placement: .above)
        case .zoomSlide:
            return Choreography(
                from: Track(start: .rest, end: Look(dx: -vx, dy: -vy, scale: 0.8), easing: standard),
                to: Track(start: Look(dx: vx, dy: vy, scale: 0.8), end: .rest, easing: standard), placement: .above)
        case .pageIn:
            return Choreography(
                from: Track(start: .rest, end: Look(scale: 0.7), easing: decelerate),
                to: Track(start: .offset(vx, vy), end: .rest, easing: decelerate),
                dimming: Track(start: clear, end: Look(scale: 0.7, alpha: 0.1), easing: decelerate), placement: .above)
        case .pageOut:
            return Choreography(
                from: Track(start: .rest, end: .offset(-vx, -vy), easing: standard),
                to: Track(start: Look(scale: 0.7), end: .rest, easing: standard),
                dimming: Track(start: Look(scale: 0.7, alpha: 0.1), end: clear, easing: standard), placement: .below)
        }
    }
}

/// One Hero family as an animator: direction, duration 0.35 s (Hero's default on both root views)
/// and a curve that replaces Hero's when set to anything but `standard`'s default. Presenting
/// operations play the family; dismissing ones play its `reversed` pair in the opposite direction,
/// as Hero's `autoReverse` does.
private func hero(_ family: HeroFamily, id: StaticString, name: StaticString, summary: StaticString) -> AnimatorDefinition {
    AnimatorDefinition(
        id: id, name: name, summary: summary, operations: allOperations,
        parameters: [
            .duration(0.35),
            .direction(default: 0, doc: "Where the arriving screen moves: left means it enters from the right edge."),
            .choice("timing", "Timing", doc: "hero keeps Hero's curve for the family (deceleration or standard); custom uses the curve below.", ["hero", "custom"]),
        ] + ParameterDefinition.curve(default: TC_CURVE_MATERIAL_STANDARD),
        choreography: { s in
            let (vx, vy) = s.vector(1)
            let easing: Easing? = s[2] == 1 ? s.easing(at: 3) : nil
            let plan = s.presenting
                ? family.choreography(vx, vy, easing: easing)
                : family.reversed.choreography(-vx, -vy, easing: easing)
            return plan.placedAsUIKit(presenting: s.presenting)
        })
}

/// Hero's eight directional families: 32 variants counted as Hero counts them.
let heroAnimators: [AnimatorDefinition] = [
    hero(.push, id: "push", name: "Push", summary: "Hero's push: the new screen slides in over the old one, which moves a third of the way with a dimming overlay; dismissing pulls it back."),
    hero(.pull, id: "pull", name: "Pull", summary: "Hero's pull: the old screen slides away uncovering the new one, which follows from a third of the way out under a fading overlay."),
    hero(.cover, id: "cover", name: "Cover", summary: "Hero's cover: the new screen slides in over the old one, which stays and dims."),
    hero(.uncover, id: "uncover", name: "Uncover", summary: "Hero's uncover: the old screen slides away and uncovers the new one, whose overlay fades."),
    hero(.slide, id: "hero-slide", name: "Hero Slide", summary: "Hero's slide: both screens move together by a full container, with no parallax."),
    hero(.zoomSlide, id: "zoom-slide", name: "Zoom Slide", summary: "Hero's zoom-slide: both screens move by a full container while shrunk to 0.8."),
    hero(.pageIn, id: "page-in", name: "Page In", summary: "Hero's page-in: the new screen slides in over the old one, which shrinks to 0.7 and dims."),
    hero(.pageOut, id: "page-out", name: "Page Out", summary: "Hero's page-out: the old screen slides away uncovering the new one, which grows from 0.7."),
]

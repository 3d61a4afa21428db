import TransitionPluginSDK

/// A card stack: the arriving screen rises over the old one, which sinks back under a shade.
struct CardStack: Animator {
    static let info = AnimatorInfo(
        id: "card-stack", name: "Card Stack", summary: "The new screen rises over the old one, which sinks under a shade.",
        operations: [.push, .pop], reversible: true,
        parameters: [.number("duration", name: "Duration", doc: "How long the transition lasts.", unit: "s", default: 0.4, range: 0.05...5)])

    /// The shade made for one transition.
    struct State { var shade: ViewID }

    func duration(_ ctx: Context) -> Double { ctx.parameter(0) }

    func setup(_ ctx: Context) -> State? {
        guard let from = ctx.fromView, let to = ctx.toView,
              let shade = ctx.makeView(role: TC_ROLE_DIMMING, frame: ctx.container, color: tc_color_t(r: 0, g: 0, b: 0, a: 1))
        else { return nil }
        if ctx.operation == .pop {
            guard ctx.insertView(to, below: from), ctx.insertView(shade, below: from) else { return nil }
        } else {
            guard ctx.addView(shade), ctx.addView(to) else { return nil }
        }
        return State(shade: shade)
    }

    func step(_ ctx: Context, state: State, progress: Double, views: Views) {
        let presenting = ctx.operation != .pop
        let t = min(max(ctx.timingCurve(TC_CURVE_EASE_OUT, progress), 0), 1)
        let height = ctx.container.height
        // The card that moves: the arriving one on push, the leaving one on pop.
        let card = presenting ? ctx.toView : ctx.fromView
        let under = presenting ? ctx.fromView : ctx.toView
        let shown = presenting ? t : 1 - t
        views[card].transform = tc_transform_translate(0, (1 - shown) * height, 0)
        views[under].transform = tc_transform_scale(1 - 0.06 * shown, 1 - 0.06 * shown, 1)
        // The shade is invisible at both ends.
        views[state.shade].alpha = 1.6 * shown * (1 - shown)
    }

    func completion(_ ctx: Context, state: State, finished: Bool) {
        ctx.removeView(state.shade)
    }
}

let plugin = Plugin(
    PluginInfo(id: "org.example.cards", name: "Cards (Swift)", vendor: "Example", version: "0.1.0",
               description: "A plugin written in Swift with TransitionPluginSDK.", license: "Apache-2.0"),
    animators: [.animator(CardStack.self)])

@_cdecl("tc_plugin_entry") public func tcPluginEntry() -> UnsafeRawPointer { plugin.entry }

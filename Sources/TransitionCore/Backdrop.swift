/// What a transition's container is drawn over: the layers of the hierarchy that stay outside
/// the container, bottom first, such as the presenting screen of a custom-style present, which
/// UIKit leaves where it is while the presented screen animates in above it.
///
/// The drivers take the backdrop from their modal presenter; a transition shown on its own (a
/// preview) takes `standalone(for:)`, the backdrop a modal presenter over one screen would give.
/// Either way the backdrop enters the sampled frames as views under the container's, so every
/// renderer draws it the same way.
public struct Backdrop: Sendable, Hashable {
    /// The layers, bottom first.
    public var layers: [ScreenLayer]

    /// A backdrop of `layers`, bottom first.
    public init(_ layers: [ScreenLayer]) { self.layers = layers }

    /// The z index of views outside the container: below any an animator can give.
    public static let zIndex = Int32.min

    /// No layers: the container is all there is.
    public static let none = Backdrop([])

    /// The backdrop of a transition shown on its own: for a custom-style present or dismiss, the
    /// presenting screen filling the container (what a `ModalPresenter` over one screen gives
    /// while that transition runs); for every other operation none, since both screens are in
    /// the container.
    public static func standalone(for context: TransitionContext) -> Backdrop {
        guard context.style == .custom else { return .none }
        var presenter = ModalPresenter(presenting: "presenting")
        do {
            if context.operation == .dismiss {
                try presenter.begin(try presenter.planPresent("presented", style: .custom))
                presenter.end(finished: true)
                try presenter.begin(try presenter.planDismiss())
            } else {
                try presenter.begin(try presenter.planPresent("presented", style: .custom))
            }
        } catch {
            return .none
        }
        return Backdrop(presenter.backdrop(in: context.containerBounds))
    }

    /// The layers as views of a frame of the transition in `context`, with handles from
    /// `firstID` and container indexes from 0, bottom first. The top screen of a custom-style
    /// transition takes the role the presenting screen has in it (from for a present, to for a
    /// dismiss); screens further down are decorations, and dimming layers keep their fill. Their
    /// z index is the lowest there is (`Backdrop.zIndex`), so they lie under every view of the
    /// container, whatever z the animator gives those.
    public func views(in context: TransitionContext, firstID: Int32) -> [SampledView] {
        let lastScreen = layers.lastIndex { $0.screen != nil }
        var views: [SampledView] = []
        for (i, layer) in layers.enumerated() {
            let role: ViewRole
            var color: Color?
            switch layer.content {
            case .dimming(let fill):
                role = .dimming
                color = fill
            case .screen:
                if i == lastScreen && context.style == .custom {
                    role = context.operation == .present ? .from : .to
                } else {
                    role = .decoration
                }
            }
            views.append(SampledView(
                id: ViewID(firstID + Int32(i)), role: role, containerIndex: i,
                state: ViewState(frame: layer.frame, alpha: layer.alpha, zIndex: Self.zIndex, color: color)))
        }
        return views
    }

    /// `frame` drawn over the backdrop: the backdrop's views under the frame's own.
    public func compose(_ frame: TransitionFrame, context: TransitionContext) -> TransitionFrame {
        guard !layers.isEmpty else { return frame }
        return frame.placing(below: views(in: context, firstID: Int32(frame.views.count)))
    }

    /// Every frame of `timeline` drawn over the backdrop.
    public func compose(_ timeline: TransitionTimeline, context: TransitionContext) -> TransitionTimeline {
        guard !layers.isEmpty else { return timeline }
        var result = timeline
        result.entries = timeline.entries.map { .init(time: $0.time, frame: compose($0.frame, context: context)) }
        return result
    }
}

extension TransitionFrame {
    /// This frame with `below` (views outside the container, bottom first, container indexes
    /// from 0) drawn under its own views, whose container indexes move up to make room.
    public func placing(below: [SampledView]) -> TransitionFrame {
        guard !below.isEmpty else { return self }
        var result = self
        result.views = views.map { view -> SampledView in
            var v = view
            v.containerIndex = view.containerIndex.map { $0 + below.count }
            return v
        } + below
        return result
    }

    /// The camera `view` is seen through: the container's for the container's views, none for
    /// the backdrop's (they carry `Backdrop.zIndex`), which lie outside the container.
    public func camera(for view: SampledView) -> Camera {
        view.state.zIndex == Backdrop.zIndex ? .none : camera
    }
}

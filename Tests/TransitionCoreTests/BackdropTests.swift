import Testing
import TransitionCore

@Suite("Backdrop")
struct BackdropTests {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    @Test("a custom present or dismiss shown on its own is drawn over the presenting screen, filling the container")
    func standaloneCustom() throws {
        for operation in [TransitionOperation.present, .dismiss] {
            let context = try TransitionContext(operation: operation, style: .custom, containerBounds: Self.bounds)
            let backdrop = Backdrop.standalone(for: context)
            #expect(backdrop.layers.map(\.frame) == [Self.bounds], "\(operation)")
            #expect(backdrop.layers.map(\.screen) == ["presenting"], "\(operation)")
            let role: ViewRole = operation == .present ? .from : .to
            #expect(backdrop.views(in: context, firstID: 5).map(\.role) == [role], "the presenting screen is the \(role) screen of a \(operation)")
        }
    }

    @Test("transitions with both screens in the container have no backdrop", arguments: [
        (TransitionOperation.push, PresentationStyle.fullScreen), (.pop, .fullScreen), (.tab, .fullScreen),
        (.present, .fullScreen), (.dismiss, .fullScreen),
    ])
    func standaloneFullScreen(_ operation: TransitionOperation, _ style: PresentationStyle) throws {
        let context = try TransitionContext(operation: operation, style: style, containerBounds: Self.bounds)
        #expect(Backdrop.standalone(for: context).layers.isEmpty)
    }

    @Test("composing puts the backdrop's views under the frame's own, with new handles, and keeps the frame's")
    func compose() throws {
        let context = try TransitionContext(operation: .present, style: .custom, containerBounds: Self.bounds)
        let sheet = Rect(x: 16, y: 127, width: 358, height: 701)
        let dimming = ViewState(frame: Self.bounds, alpha: 0.25, zIndex: -1, color: .black)
        let frame = TransitionFrame(progress: 0.5, views: [
            SampledView(id: ViewID(0), role: .to, containerIndex: 1, state: ViewState(frame: sheet)),
            SampledView(id: ViewID(1), role: .dimming, containerIndex: 0, state: dimming),
        ])
        let backdrop = Backdrop([
            ScreenLayer(.screen("home"), frame: Self.bounds),
            ScreenLayer(.dimming(.black), frame: Self.bounds, alpha: 0.5),
            ScreenLayer(.screen("compose"), frame: sheet),
        ])
        let composed = backdrop.compose(frame, context: context)
        #expect(composed.progress == 0.5)
        #expect(composed.views.map(\.id) == (0..<5).map { ViewID($0) }, "each view keeps the index of its handle")
        #expect(composed.views.map(\.role) == [.to, .dimming, .decoration, .dimming, .from])
        #expect(composed.views.map(\.containerIndex) == [4, 3, 0, 1, 2])
        #expect(composed[ViewID(3)]?.state.color == .black && composed[ViewID(3)]?.state.alpha == 0.5)
        #expect(composed[ViewID(0)]?.state == frame.views[0].state)
        // The backdrop stays under the container's views in drawing order, even under one with a
        // negative z, and the container's views keep their order among themselves.
        #expect(composed.drawOrder.map(\.id) == [ViewID(2), ViewID(3), ViewID(4), ViewID(1), ViewID(0)])
        #expect(Backdrop.none.compose(frame, context: context) == frame)
    }

    @Test("a timeline is composed frame by frame, its times kept")
    func timeline() throws {
        let context = try TransitionContext(operation: .dismiss, style: .custom, containerBounds: Self.bounds)
        let frames = [0.0, 0.5, 1].map { p in
            TransitionFrame(progress: p, views: [SampledView(id: ViewID(0), role: .from, containerIndex: 0, state: ViewState(frame: Self.bounds))])
        }
        let timeline = TransitionTimeline.even(title: "dismiss", containerBounds: Self.bounds, duration: 0.3, frames: frames)
        let composed = Backdrop.standalone(for: context).compose(timeline, context: context)
        #expect(composed.entries.map(\.time) == timeline.entries.map(\.time))
        for entry in composed.entries {
            #expect(entry.frame.drawOrder.map(\.role) == [.to, .from], "the presenting screen lies under the dismissed one")
        }
    }
}

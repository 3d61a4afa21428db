/// The chrome of one custom-style modal presentation, as UIKit's `UIPresentationController`:
/// where the presented screen sits, a dimming view behind it that fades alongside the animator
/// (the transition coordinator's `animate(alongsideTransition:)`), and the four hooks
/// `presentationTransitionWillBegin`, `presentationTransitionDidEnd(_:)`,
/// `dismissalTransitionWillBegin` and `dismissalTransitionDidEnd(_:)`.
///
/// The dimming view is the presentation's, not the animator's: it enters the container when the
/// present begins, stays after a finished present until the presented screen is dismissed, and
/// leaves after a cancelled present or a finished dismiss. After a cancelled dismiss it stays at
/// full strength.
///
/// | event                          | state after  | dimming in the hierarchy |
/// |--------------------------------|--------------|--------------------------|
/// | `willBegin(.present)`          | presenting   | yes, alpha 0 → full      |
/// | `didEnd(.present, true)`       | presented    | yes, full                |
/// | `didEnd(.present, false)`      | dismissed    | no                       |
/// | `willBegin(.dismiss)`          | dismissing   | yes, full → 0            |
/// | `didEnd(.dismiss, true)`       | dismissed    | no                       |
/// | `didEnd(.dismiss, false)`      | presented    | yes, full                |
public struct PresentationController: Sendable, Hashable {
    /// Where the presented screen sits in the container.
    public enum Layout: Sendable, Hashable {
        /// `PresentationLayout.defaultPresentedFrame(in:)`: a card inset 16 pt from the sides and
        /// bottom, from 15% of the height.
        case card
        /// A sheet along the bottom edge, the full width, `heightFraction` of the height (0...1).
        case sheet(heightFraction: Double)
        /// A fixed frame in container coordinates.
        case frame(Rect)
    }

    /// Where the presentation is in its life.
    public enum State: String, Sendable, Hashable, Codable {
        /// Not presented (before the present, after a dismiss or a cancelled present).
        case dismissed
        /// A present is under way.
        case presenting
        /// Presented and at rest.
        case presented
        /// A dismiss is under way.
        case dismissing
    }

    /// A hook the presentation ran, in order.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// `presentationTransitionWillBegin`.
        case presentationWillBegin
        /// `presentationTransitionDidEnd(completed)`.
        case presentationDidEnd(completed: Bool)
        /// `dismissalTransitionWillBegin`.
        case dismissalWillBegin
        /// `dismissalTransitionDidEnd(completed)`.
        case dismissalDidEnd(completed: Bool)

        /// `presentation-will-begin`, `presentation-did-end(completed)`, and so on.
        public var description: String {
            switch self {
            case .presentationWillBegin: "presentation-will-begin"
            case .presentationDidEnd(let c): "presentation-did-end(\(c ? "completed" : "cancelled"))"
            case .dismissalWillBegin: "dismissal-will-begin"
            case .dismissalDidEnd(let c): "dismissal-did-end(\(c ? "completed" : "cancelled"))"
            }
        }
    }

    /// A hook called out of order: a dismiss of a presentation that is not presented, a did-end
    /// without a will-begin.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Where the presented screen sits.
    public var layout: Layout
    /// The dimming view's fill; its alpha is the dimming at full strength (0 for none).
    public var dimming: Color
    /// Where the presentation is in its life.
    public private(set) var state: State = .dismissed
    /// The hooks run so far, in order.
    public private(set) var events: [Event] = []

    /// A presentation with a layout and a dimming fill (by default black at 0.5, the strength of
    /// the dimmed-sheet animator's default dimming).
    public init(layout: Layout = .card, dimming: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.5)) {
        self.layout = layout
        self.dimming = dimming
    }

    /// The presented screen's frame in a container with `bounds` (UIKit's
    /// `frameOfPresentedViewInContainerView`).
    public func presentedFrame(in bounds: Rect) -> Rect {
        switch layout {
        case .card:
            return PresentationLayout.defaultPresentedFrame(in: bounds)
        case .sheet(let fraction):
            let f = Swift.min(1, Swift.max(0, fraction.isFinite ? fraction : 1))
            let height = (bounds.height * f).rounded()
            return Rect(x: bounds.x, y: bounds.maxY - height, width: bounds.width, height: height)
        case .frame(let rect):
            return rect
        }
    }

    /// True when the dimming view is in the container now: from a present's start until a
    /// dismiss finishes.
    public var hasDimmingView: Bool { state != .dismissed }

    /// The dimming view's alpha at `progress` of the transition under way, animated alongside
    /// the animator with the transition's own timing: rising from 0 during a present, falling to
    /// 0 during a dismiss, full at rest while presented, 0 when dismissed.
    public func dimmingAlpha(atProgress progress: Double) -> Double {
        let p = Swift.min(1, Swift.max(0, progress))
        switch state {
        case .presenting: return p == 1 ? 1 : p
        case .dismissing: return p == 1 ? 0 : 1 - p
        case .presented: return 1
        case .dismissed: return 0
        }
    }

    /// The dimming view's state at `progress` in a container with `bounds`: the whole container,
    /// filled with `dimming`, with `dimmingAlpha(atProgress:)` as its alpha; nil when it is not
    /// in the container.
    public func dimmingState(in bounds: Rect, atProgress progress: Double) -> ViewState? {
        guard hasDimmingView else { return nil }
        return ViewState(frame: bounds, alpha: dimmingAlpha(atProgress: progress), color: dimming)
    }

    /// Runs the will-begin hook of a present or a dismiss.
    /// - Throws: `Error` for an operation that is not present or dismiss, or one the state does
    ///   not allow (presenting twice, dismissing what is not presented).
    public mutating func willBegin(_ operation: TransitionOperation) throws(Error) {
        switch (operation, state) {
        case (.present, .dismissed):
            state = .presenting
            events.append(.presentationWillBegin)
        case (.dismiss, .presented):
            state = .dismissing
            events.append(.dismissalWillBegin)
        default:
            throw Error(description: "\(operation) cannot begin while the presentation is \(state.rawValue)")
        }
    }

    /// Runs the did-end hook of the present or dismiss under way: `completed` is false when the
    /// transition was cancelled.
    /// - Throws: `Error` when no present or dismiss is under way.
    public mutating func didEnd(completed: Bool) throws(Error) {
        switch state {
        case .presenting:
            state = completed ? .presented : .dismissed
            events.append(.presentationDidEnd(completed: completed))
        case .dismissing:
            state = completed ? .dismissed : .presented
            events.append(.dismissalDidEnd(completed: completed))
        default:
            throw Error(description: "no present or dismiss is under way; the presentation is \(state.rawValue)")
        }
    }
}

/// A transition a driver is about to run or is running: which operation, between which screens,
/// in which presentation style and, for tabs, between which indexes.
public struct PlannedTransition: Sendable, Hashable, CustomStringConvertible {
    /// The operation.
    public var operation: TransitionOperation
    /// The screen being left.
    public var fromScreen: String
    /// The screen arriving.
    public var toScreen: String
    /// The presentation style: the one chosen for a present, the presented screen's for a
    /// dismiss, full screen otherwise.
    public var style: PresentationStyle
    /// For tab switches, the index of the tab being left.
    public var tabFromIndex: Int
    /// For tab switches, the index of the tab arriving.
    public var tabToIndex: Int
    /// Elements both screens show, for shared-element animators.
    public var matchedElements: [MatchedElement]

    /// Creates a planned transition.
    public init(
        operation: TransitionOperation, fromScreen: String, toScreen: String, style: PresentationStyle = .fullScreen,
        tabFromIndex: Int = 0, tabToIndex: Int = 1, matchedElements: [MatchedElement] = []
    ) {
        self.operation = operation
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.style = style
        self.tabFromIndex = tabFromIndex
        self.tabToIndex = tabToIndex
        self.matchedElements = matchedElements
    }

    /// The question for a transitions source.
    public func request(interactive: Bool) -> TransitionRequest {
        TransitionRequest(operation: operation, fromScreen: fromScreen, toScreen: toScreen, interactive: interactive)
    }

    /// The animator's context for this transition in a container with `bounds`.
    /// - Throws: `TransitionContext.Error` for a container with no area, or matched elements with
    ///   a bad id or frame or an id used twice.
    public func context(containerBounds: Rect, presentedFrame: Rect? = nil, interactive: Bool = false) throws(TransitionContext.Error) -> TransitionContext {
        do {
            return try TransitionContext(
                operation: operation, style: operation.isModal ? style : .fullScreen, containerBounds: containerBounds,
                presentedFrame: presentedFrame, interactive: interactive,
                tabFromIndex: tabFromIndex, tabToIndex: tabToIndex, matchedElements: matchedElements)
        } catch let error as TransitionContext.Error {
            throw error
        } catch {
            throw TransitionContext.Error(description: "\(error)")
        }
    }

    /// The screen a context's view shows: the from-view is `fromScreen`, the to-view `toScreen`.
    public func screen(of view: ViewID, in context: TransitionContext) -> String? {
        view == context.fromView ? fromScreen : view == context.toView ? toScreen : nil
    }

    /// `push home → detail`, `present (custom) inbox → compose`, `tab 0→2 home → profile`.
    public var description: String {
        var head = operation.name
        if operation.isModal { head += " (\(style))" }
        if operation == .tab { head += " \(tabFromIndex)→\(tabToIndex)" }
        return "\(head) \(fromScreen) → \(toScreen)"
    }
}

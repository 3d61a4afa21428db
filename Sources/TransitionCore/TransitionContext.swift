/// A handle to one view of one transition: the index of its entry in the states a step writes.
public struct ViewID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The handle's number, as the plugin ABI passes it.
    public let rawValue: Int32

    /// Creates a handle from its number.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// Orders handles by number, which is the order the views came to exist.
    public static func < (a: ViewID, b: ViewID) -> Bool { a.rawValue < b.rawValue }

    /// `#N`.
    public var description: String { "#\(rawValue)" }
}

extension ViewID: Codable {
    /// Decodes a handle from its number.
    public init(from decoder: any Decoder) throws { self.init(try Int32(from: decoder)) }

    /// Encodes the handle as its number.
    public func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
}

/// Everything an animator is told about one transition, with UIKit's rules about which views
/// exist, where they start and where they must end.
///
/// | operation             | from view | to view | the animator adds `to`       |
/// |-----------------------|-----------|---------|------------------------------|
/// | push, tab (forward)   | present   | present | above `from`                 |
/// | pop, tab (backward)   | present   | present | below `from`                 |
/// | present, full screen  | present   | present | above `from`                 |
/// | present, custom       | absent    | present | alone, at the presented frame |
/// | dismiss, full screen  | present   | present | below `from`                 |
/// | dismiss, custom       | present   | absent  | never (the black-screen bug) |
public struct TransitionContext: Sendable, Hashable {
    /// The operation.
    public let operation: TransitionOperation
    /// The presentation style; full screen for every operation but present and dismiss.
    public let style: PresentationStyle
    /// True when a gesture drives the progress.
    public let interactive: Bool
    /// For tab switches, the index of the tab being left.
    public let tabFromIndex: Int
    /// For tab switches, the index of the tab arriving.
    public let tabToIndex: Int
    /// The container's bounds.
    public let containerBounds: Rect
    /// The screen being left, or nil when it is not in the container (custom-style present).
    public let fromView: ViewID?
    /// The screen arriving, or nil when it must not enter the container (custom-style dismiss).
    public let toView: ViewID?
    /// Where the from-view is at the start.
    public let fromInitialFrame: Rect
    /// Where the from-view must end; `.zero` when the animator chooses.
    public let fromFinalFrame: Rect
    /// Where the to-view must start; `.zero` when the animator chooses.
    public let toInitialFrame: Rect
    /// Where the to-view must end.
    public let toFinalFrame: Rect
    /// The elements both screens show, each with the snapshot views the host makes for it: the
    /// from side then the to side of each element, numbered after the screens.
    public let matchedElements: [MatchedElement]

    /// The error for a context that UIKit could not produce.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Builds the context of one transition.
    ///
    /// - Parameters:
    ///   - operation: what the transition does: push, pop, present, dismiss or tab.
    ///   - style: the presentation style, for present and dismiss.
    ///   - containerBounds: the container's bounds, in points.
    ///   - presentedFrame: the presented screen's frame in the custom style (from a presentation);
    ///     nil uses `PresentationLayout.defaultPresentedFrame(in:)`.
    ///   - interactive: true when a gesture drives the transition.
    ///   - tabFromIndex: for a tab switch, the index of the tab left.
    ///   - tabToIndex: for a tab switch, the index of the tab shown.
    ///   - matchedElements: elements both screens show; their views are assigned here.
    /// - Throws: `Error` for a custom style on an operation that is not present or dismiss, for a
    ///   container with no area, for a tab switch to the same index, and for matched elements with
    ///   a bad id or frame or an id used twice.
    public init(
        operation: TransitionOperation, style: PresentationStyle = .fullScreen, containerBounds: Rect,
        presentedFrame: Rect? = nil, interactive: Bool = false, tabFromIndex: Int = 0, tabToIndex: Int = 1,
        matchedElements: [MatchedElement] = []
    ) throws {
        guard containerBounds.isFinite, containerBounds.width > 0, containerBounds.height > 0 else {
            throw Error(description: "the container must have a positive, finite size; got \(containerBounds)")
        }
        if style == .custom && !operation.isModal {
            throw Error(description: "the custom presentation style applies to present and dismiss only, not \(operation)")
        }
        if operation == .tab && tabFromIndex == tabToIndex {
            throw Error(description: "a tab switch needs two different tab indexes; both are \(tabFromIndex)")
        }
        self.operation = operation
        self.style = style
        self.interactive = interactive
        self.tabFromIndex = tabFromIndex
        self.tabToIndex = tabToIndex
        self.containerBounds = containerBounds
        let presented = presentedFrame ?? PresentationLayout.defaultPresentedFrame(in: containerBounds)
        switch (operation, style) {
        case (.present, .custom):
            fromView = nil
            toView = ViewID(0)
            fromInitialFrame = .zero
            toFinalFrame = presented
        case (.dismiss, .custom):
            fromView = ViewID(0)
            toView = nil
            fromInitialFrame = presented
            toFinalFrame = .zero
        default:
            fromView = ViewID(0)
            toView = ViewID(1)
            fromInitialFrame = containerBounds
            toFinalFrame = containerBounds
        }
        fromFinalFrame = .zero
        toInitialFrame = .zero
        var seen = Set<String>()
        var next = Int32((fromView == nil ? 0 : 1) + (toView == nil ? 0 : 1))
        var elements: [MatchedElement] = []
        for var element in matchedElements {
            do {
                try element.check()
            } catch {
                throw Error(description: error.description)
            }
            guard seen.insert(element.id).inserted else {
                throw Error(description: "matched element id '\(element.id)' is used twice; give each element its own id")
            }
            element.fromView = nil
            element.toView = nil
            if fromView != nil {
                element.fromView = ViewID(next)
                next += 1
            }
            if toView != nil {
                element.toView = ViewID(next)
                next += 1
            }
            elements.append(element)
        }
        self.matchedElements = elements
    }

    /// This context with other matched elements (their views assigned afresh).
    /// - Throws: `Error` for matched elements with a bad id or frame or an id used twice.
    public func withMatchedElements(_ elements: [MatchedElement]) throws -> TransitionContext {
        let presented: Rect? = style == .custom ? (operation == .present ? toFinalFrame : fromInitialFrame) : nil
        return try TransitionContext(
            operation: operation, style: style, containerBounds: containerBounds, presentedFrame: presented,
            interactive: interactive, tabFromIndex: tabFromIndex, tabToIndex: tabToIndex, matchedElements: elements)
    }

    /// The matched element sides as snapshot views: for each assigned view, the screen it
    /// pictures and the rectangle of that screen it shows (its frame relative to the screen's
    /// base frame), in handle order.
    public var matchedElementViews: [(view: ViewID, frame: Rect, content: SnapshotContent)] {
        var result: [(view: ViewID, frame: Rect, content: SnapshotContent)] = []
        for e in matchedElements {
            if let v = e.fromView, let from = fromView {
                result.append((v, e.fromFrame, SnapshotContent(source: from, rect: e.fromFrame.offsetBy(dx: -fromInitialFrame.x, dy: -fromInitialFrame.y))))
            }
            if let v = e.toView, let to = toView {
                result.append((v, e.toFrame, SnapshotContent(source: to, rect: e.toFrame.offsetBy(dx: -toFinalFrame.x, dy: -toFinalFrame.y))))
            }
        }
        return result
    }

    /// True when the arriving screen comes on top: push, present, and a tab switch to a higher index.
    public var isPresentingDirection: Bool {
        operation == .tab ? tabToIndex > tabFromIndex : operation.isPresenting
    }

    /// The views in the container before setup: the from-view when it is there.
    public var initialContainer: [ViewID] { fromView.map { [$0] } ?? [] }

    /// True when setup must put the to-view in the container (whenever there is one).
    public var requiresToViewInContainer: Bool { toView != nil }

    /// The container's views once the host has settled a completed transition: the to-view after
    /// a finished run, the from-view after a cancelled one (none where that view is absent).
    public func settledContainer(finished: Bool) -> [ViewID] {
        (finished ? toView : fromView).map { [$0] } ?? []
    }

    /// The state each screen has before any animation: from at its initial frame, to at its final
    /// frame, alpha 1, identity transform.
    public func baseState(of view: ViewID) -> ViewState? {
        if view == fromView { return ViewState(frame: fromInitialFrame) }
        if view == toView { return ViewState(frame: toFinalFrame) }
        return nil
    }

    /// The role of a screen handle, or nil for other handles.
    public func role(of view: ViewID) -> ViewRole? {
        view == fromView ? .from : view == toView ? .to : nil
    }
}

/// Frames of the custom presentation style.
public enum PresentationLayout {
    /// The presented screen's frame when no presentation says otherwise: a card inset 16 points
    /// from the sides and bottom, starting at 15% of the container's height.
    public static func defaultPresentedFrame(in bounds: Rect) -> Rect {
        let inset = Swift.min(16, bounds.width / 8)
        let top = bounds.y + (bounds.height * 0.15).rounded()
        return Rect(
            x: bounds.x + inset, y: top, width: bounds.width - 2 * inset,
            height: bounds.maxY - inset - top)
    }
}

/// Modal presentation over a presenting screen, as pure state: screens presented full screen or
/// in the custom style, one over another, with UIKit's hierarchy.
///
/// - Full screen: after a finished present the presented screen alone is in the hierarchy (UIKit
///   removes the presenting views); a dismiss brings them back.
/// - Custom: the presenting screen stays where it is, outside the transition's container; the
///   presented screen sits at its presentation's frame over the presentation's dimming view,
///   which stays until the screen is dismissed.
/// - A finished present adds the screen on top of the presented ones and a finished dismiss
///   removes the top one; cancelled transitions leave the list and the hierarchy as they were.
/// - The presentation's hooks run with the transitions: will-begin at `begin`, did-end at `end`.
/// - One transition at a time: another is refused while one runs, as is a dismiss with nothing
///   presented and a present of a screen already shown.
public struct ModalPresenter: Sendable, Hashable {
    /// A presented screen.
    public struct Presented: Sendable, Hashable {
        /// The screen.
        public var screen: String
        /// How it is presented.
        public var style: PresentationStyle
        /// Its presentation, for the custom style.
        public var presentation: PresentationController?
    }

    /// The screen everything is presented over (the navigation's top screen, or the selected tab's).
    public private(set) var presenting: String
    /// The presented screens, the first presented first.
    public private(set) var presented: [Presented] = []
    /// The transition running, if any.
    public private(set) var running: PlannedTransition?
    /// The presentation of the custom-style transition running, with its hooks run so far.
    public private(set) var runningPresentation: PresentationController?
    /// The presentation of the last custom-style transition that ended, with its did-end hook run.
    public private(set) var lastPresentation: PresentationController?

    /// A presenter with nothing presented over `presenting`.
    public init(presenting: String) { self.presenting = presenting }

    /// The screen on top: the last presented, or the presenting screen.
    public var top: String { presented.last?.screen ?? presenting }

    /// True when a screen is presented.
    public var isPresenting: Bool { !presented.isEmpty }

    /// Changes the presenting screen (when the navigation under it moved).
    /// - Throws: `DriverRefusal` while a screen is presented or a transition runs.
    public mutating func setPresenting(_ screen: String) throws(DriverRefusal) {
        if let running { throw .busy("change the presenting screen", running: running) }
        guard presented.isEmpty else {
            throw DriverRefusal(.covered, "\(DisplayText.escape(top)) is presented over \(DisplayText.escape(presenting)); dismiss it first")
        }
        presenting = screen
    }

    /// The hierarchy at rest in a container with `bounds`, bottom first.
    public func layers(in bounds: Rect) -> [ScreenLayer] {
        Self.layers(presenting: presenting, presented: presented, in: bounds)
    }

    /// The screens in the hierarchy at rest, bottom first.
    public func visibleScreens(in bounds: Rect) -> [String] { layers(in: bounds).compactMap(\.screen) }

    /// The layers that stay outside the running transition's container, below it, bottom first:
    /// what is shown under a custom present (the presenting screens) or a custom dismiss (what
    /// the dismiss reveals), and what lies under a full-screen transition's screens.
    public func backdrop(in bounds: Rect) -> [ScreenLayer] {
        guard let running else { return [] }
        var layers = running.operation == .present
            ? layers(in: bounds)
            : Self.layers(presenting: presenting, presented: presented.dropLast(), in: bounds)
        if running.style == .fullScreen, layers.last?.screen != nil { layers.removeLast() }
        return layers
    }

    /// The transition that presents `screen` in `style`.
    /// - Throws: `DriverRefusal` while a transition runs, for an empty id, and for a screen already shown.
    public func planPresent(_ screen: String, style: PresentationStyle) throws(DriverRefusal) -> PlannedTransition {
        if let running { throw .busy("present \(screen)", running: running) }
        guard !screen.isEmpty else { throw DriverRefusal(.emptyScreen, "cannot present a screen with an empty id") }
        guard screen != presenting && !presented.contains(where: { $0.screen == screen }) else {
            throw DriverRefusal(.alreadyShown, "cannot present \(DisplayText.escape(screen)): it is already shown; present another screen")
        }
        return PlannedTransition(operation: .present, fromScreen: top, toScreen: screen, style: style)
    }

    /// The transition that dismisses the top presented screen, in the style it was presented with.
    /// - Throws: `DriverRefusal` while a transition runs and with nothing presented.
    public func planDismiss() throws(DriverRefusal) -> PlannedTransition {
        if let running { throw .busy("dismiss", running: running) }
        guard let last = presented.last else {
            throw DriverRefusal(.nothingToDismiss, "cannot dismiss: nothing is presented over \(DisplayText.escape(presenting)); present a screen first")
        }
        let below = presented.count > 1 ? presented[presented.count - 2].screen : presenting
        return PlannedTransition(operation: .dismiss, fromScreen: last.screen, toScreen: below, style: last.style)
    }

    /// Starts `transition`, which must be what `planPresent` or `planDismiss` gives now, and runs
    /// the presentation's will-begin hook. A custom present takes `presentation` (a default
    /// `PresentationController` when nil); a custom dismiss uses the screen's own.
    /// - Throws: `DriverRefusal` when it is not (or no longer) the planned transition.
    public mutating func begin(_ transition: PlannedTransition, presentation: PresentationController? = nil) throws(DriverRefusal) {
        let planned: PlannedTransition
        switch transition.operation {
        case .present: planned = try planPresent(transition.toScreen, style: transition.style)
        case .dismiss: planned = try planDismiss()
        default: throw DriverRefusal(.notPlanned, "a modal presenter runs present and dismiss, not \(transition.operation)")
        }
        guard planned == transition else {
            throw DriverRefusal(.notPlanned, "\(transition) does not fit what is presented; plan it again")
        }
        var chrome: PresentationController?
        if transition.style == .custom {
            chrome = transition.operation == .present ? (presentation ?? PresentationController()) : presented.last?.presentation
            try? chrome?.willBegin(transition.operation)
        }
        running = transition
        runningPresentation = chrome
        lastPresentation = nil
    }

    /// Sets the dimming fill of the running custom transition's presentation: a driver hands it
    /// the look of the dimming view an animator drew itself, so that nothing jumps when the
    /// animator removes its own view at completion. Does nothing when no custom transition runs.
    public mutating func setRunningDimming(_ color: Color) {
        runningPresentation?.dimming = color
    }

    /// Ends the running transition, runs the presentation's did-end hook, and commits it when
    /// `finished`; a cancelled transition leaves everything as it was.
    /// - Returns: the transition that ended, or nil when none was running.
    @discardableResult
    public mutating func end(finished: Bool) -> PlannedTransition? {
        guard let transition = running else { return nil }
        var chrome = runningPresentation
        try? chrome?.didEnd(completed: finished)
        lastPresentation = chrome
        running = nil
        runningPresentation = nil
        switch transition.operation {
        case .present:
            if finished {
                presented.append(Presented(screen: transition.toScreen, style: transition.style, presentation: chrome))
            }
        default:
            if finished {
                presented.removeLast()
            } else if let chrome {
                presented[presented.count - 1].presentation = chrome
            }
        }
        return transition
    }

    /// The presenting screen and the presented ones joined by ` ⇧ `: `home ⇧ compose (custom)`.
    public var description: String {
        ([DisplayText.escape(presenting)] + presented.map { "\(DisplayText.escape($0.screen))\($0.style == .custom ? " (custom)" : "")" })
            .joined(separator: " ⇧ ")
    }

    private static func layers(presenting: String, presented: some Collection<Presented>, in bounds: Rect) -> [ScreenLayer] {
        var layers = [ScreenLayer(.screen(presenting), frame: bounds)]
        for p in presented {
            if p.style == .fullScreen {
                layers = [ScreenLayer(.screen(p.screen), frame: bounds)]
            } else {
                let presentation = p.presentation ?? PresentationController()
                if presentation.hasDimmingView {
                    layers.append(ScreenLayer(.dimming(presentation.dimming), frame: bounds, alpha: presentation.dimmingAlpha(atProgress: 1)))
                }
                layers.append(ScreenLayer(.screen(p.screen), frame: presentation.presentedFrame(in: bounds)))
            }
        }
        return layers
    }
}

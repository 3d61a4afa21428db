import TransitionCore

/// An operation on a whole app's scene.
public enum SceneOperation: Sendable, Hashable, CustomStringConvertible {
    /// Push a screen on the selected tab's navigation stack.
    case push(String)
    /// Pop the selected tab's top screen.
    case pop
    /// Present a screen over everything.
    case present(String)
    /// Dismiss the top presented screen.
    case dismiss
    /// Switch to a tab.
    case tab(Int)

    /// The operation.
    public var operation: TransitionOperation {
        switch self {
        case .push: .push
        case .pop: .pop
        case .present: .present
        case .dismiss: .dismiss
        case .tab: .tab
        }
    }

    /// `push detail`, `pop`, `present compose`, `dismiss`, `tab 2`.
    public var description: String {
        switch self {
        case .push(let s): "push \(DisplayText.escape(s))"
        case .pop: "pop"
        case .present(let s): "present \(DisplayText.escape(s))"
        case .dismiss: "dismiss"
        case .tab(let i): "tab \(i)"
        }
    }
}

/// The states `step` writes, one per view, indexed by view handle. Each is reset to the view's
/// base state before the call; write only what you animate.
public struct Views {
    private let states: UnsafeMutableBufferPointer<tc_view_state_t>

    init(_ pointer: UnsafeMutablePointer<tc_view_state_t>?, count: UInt32) {
        states = UnsafeMutableBufferPointer(start: pointer, count: pointer == nil ? 0 : Int(count))
    }

    /// The state of `view`. Reading an absent or unknown view gives a blank state; writing it
    /// does nothing.
    public subscript(view: ViewID?) -> tc_view_state_t {
        get {
            guard let index = view.map({ Int($0.raw) }), index < states.count else { return tc_view_state_t() }
            return states[index]
        }
        nonmutating set {
            guard let index = view.map({ Int($0.raw) }), index < states.count else { return }
            states[index] = newValue
        }
    }
}

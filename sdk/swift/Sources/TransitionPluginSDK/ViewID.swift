/// A view handle, valid for one transition; also the index of its state in ``Views``.
public struct ViewID: Sendable, Hashable {
    /// The C handle.
    public var raw: tc_view_id_t

    /// Wraps a C handle; nil for `TC_VIEW_NONE` or any negative handle.
    public init?(_ raw: tc_view_id_t) {
        guard raw >= 0 else { return nil }
        self.raw = raw
    }
}

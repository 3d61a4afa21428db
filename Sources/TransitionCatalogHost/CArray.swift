/// An array of C structs handed out to the caller: stable memory owned by a handle, replaced on
/// each call that refills it.
final class CArray<Element> {
    private var storage: UnsafeMutablePointer<Element>?
    private(set) var count = 0

    /// Replaces the contents with `elements` and returns the memory, or NULL when empty.
    func fill(_ elements: [Element]) -> UnsafePointer<Element>? {
        release()
        guard !elements.isEmpty else { return nil }
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: elements.count)
        memory.initialize(from: elements, count: elements.count)
        storage = memory
        count = elements.count
        return UnsafePointer(memory)
    }

    private func release() {
        if let storage {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
        storage = nil
        count = 0
    }

    deinit { release() }
}

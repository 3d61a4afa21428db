import Synchronization

/// The records of the batches of one scan, filled in by the threads that scan them side by side
/// and read in batch order once all are done.
final class BatchResults: Sendable {
    private let slots: Mutex<[[ScanRecord]]>

    /// Room for `count` batches.
    init(count: Int) {
        slots = Mutex(Array(repeating: [], count: count))
    }

    /// Keeps the records of batch `index`.
    func set(_ index: Int, _ records: [ScanRecord]) {
        slots.withLock { $0[index] = records }
    }

    /// Every batch's records, in batch order.
    var all: [ScanRecord] {
        slots.withLock { $0.flatMap { $0 } }
    }
}

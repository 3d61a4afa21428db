import Synchronization
import TransitionCore

/// The scan records a worker holds back to send several in one packet: a packet, and the host's
/// wake-up to read it, cost more than reading a small plugin does.
///
/// The records go out when `limit` of them wait, when the scan ends, and once when a plugin call
/// stalls (the heartbeat thread calls ``stalled(channel:)``), in a packet marked as such: so when
/// the host gives up on a call that does not return, it holds every record before the file that
/// hangs and knows it. A worker that crashes takes the records it held with it; the host then
/// scans those files again in a worker that sends each record alone (``ScanRequest/alone``).
final class RecordOutbox: Sendable {
    /// The outbox of this process's scan.
    static let shared = RecordOutbox()

    /// The most records held back.
    static let limit = 32

    /// The most bytes held back.
    static let byteLimit = 64 * 1024

    private let held = Mutex<(bytes: [UInt8], count: Int)>(([], 0))
    private let active = Atomic<Bool>(false)

    /// Makes ``stalled(channel:)`` send: call it when a scan starts. Other workers send nothing
    /// of this kind.
    func activate() { active.store(true, ordering: .relaxed) }

    /// Adds a record; sends the held records when they reach the limits or `now` is true.
    func add(_ record: ScanRecord, sendingNow now: Bool, to channel: WorkerChannel) {
        held.withLock { held in
            if held.bytes.isEmpty { held.bytes.append(ScanMessage.tag) }
            var w = ByteWriter(capacity: 512)
            record.write(to: &w)
            held.bytes += w.bytes
            held.count += 1
            if now || held.count >= Self.limit || held.bytes.count >= Self.byteLimit { send(&held, to: channel) }
        }
    }

    /// Sends the held records in a packet that says a plugin call has stalled (``ScanMessage``'s
    /// stall tag), held records or none; nothing unless a scan runs.
    func stalled(channel: WorkerChannel) {
        guard active.load(ordering: .relaxed) else { return }
        held.withLock { held in
            if held.bytes.isEmpty { held.bytes.append(ScanMessage.tag) }
            held.bytes[0] = ScanMessage.stallTag
            send(&held, to: channel)
        }
    }

    private func send(_ held: inout (bytes: [UInt8], count: Int), to channel: WorkerChannel) {
        channel.send(held.bytes)
        held = ([], 0)
    }
}

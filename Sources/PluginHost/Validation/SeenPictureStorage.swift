import Synchronization
import TransitionCore

/// The layer buffers of seen pictures the seen-content check no longer needs, kept for the next
/// pictures to write over. A picture holds about a megabyte of layers; handed a spare buffer it
/// takes no fresh pages from the system, which otherwise dominated the check's cost.
enum SeenPictureStorage {
    /// At most this many spare buffers are kept.
    static let limit = 8

    private static let spare = Mutex<[[SeenPicture.Layer]]>([])

    /// A spare buffer, or an empty array when there is none.
    static func take() -> [SeenPicture.Layer] {
        spare.withLock { $0.popLast() ?? [] }
    }

    /// Keeps `layers` for a later picture, unless `limit` buffers are already kept.
    static func giveBack(_ layers: consuming [SeenPicture.Layer]) {
        let buffer = consume layers
        spare.withLock { kept in
            if kept.count < limit { kept.append(buffer) }
        }
    }
}

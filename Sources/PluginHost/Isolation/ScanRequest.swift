import TransitionCore

/// What the host asks of a scan worker, in the binary form the report channel's first packet
/// carries: a tag byte `S` (a JSON ``WorkerRequest`` starts with `{`), whether each library is
/// closed once its record is taken, how many records are sent alone, then the paths. Reading it needs no JSON decoder, which would
/// cost each scanning process more than loading a plugin does.
struct ScanRequest: Sendable, Hashable {
    /// The files to load, in order, as absolute paths.
    var paths: [String]
    /// True to `dlclose` each library once its record is taken (see ``ScanWorker``); false to keep
    /// every library loaded until the worker exits.
    var unloads: Bool
    /// How many of the first files have their records sent one per packet, as soon as each is
    /// taken; the others' records may be held back and sent several at once (``RecordOutbox``).
    var alone: Int

    /// The first byte of a scan request.
    static let tag = UInt8(ascii: "S")

    /// The request's bytes.
    var bytes: [UInt8] {
        var w = ByteWriter(capacity: 16 + paths.reduce(0) { $0 + $1.utf8.count + 2 })
        w.byte(Self.tag)
        w.bool(unloads)
        w.count(alone)
        w.array(paths) { $0.string($1) }
        return w.bytes
    }

    /// Creates a request.
    init(paths: [String], unloads: Bool, alone: Int) {
        self.paths = paths
        self.unloads = unloads
        self.alone = alone
    }

    /// Reads a request from the bytes of a report channel's first packet; nil when they hold
    /// another kind of request or are damaged.
    init?(bytes: [UInt8]) {
        guard bytes.first == Self.tag else { return nil }
        var r = ByteReader(bytes)
        do {
            _ = try r.byte()
            unloads = try r.bool()
            alone = Int(clamping: try r.count())
            paths = try r.array { r throws(ByteReader.Malformed) in try r.string() }
        } catch {
            return nil
        }
        guard r.isAtEnd else { return nil }
    }
}

import TransitionCore

/// The binary form of what validation workers report (`WorkerMessage`): a tag byte, then the
/// fields in order (`ByteWriter`). A unit costs its worker two reports and its host two reads;
/// in JSON those were a twentieth of an isolated validation's CPU time. Every read is bounded by
/// `ByteReader`: a report cut short or forged is `Malformed`, never a crash.
enum WorkerMessageCoding {
    /// The first byte of each kind of message. None is 0x1E or 0x1F (`WorkerChannel`'s part
    /// markers) and no message is the one-byte heartbeat.
    enum Tag: UInt8 {
        case begin = 1, plugin, result, replay
    }

    /// The bytes of `message`.
    static func encode(_ message: WorkerMessage) -> [UInt8] {
        var w = ByteWriter(capacity: 128)
        switch message {
        case .begin(let unit):
            w.byte(Tag.begin.rawValue)
            w.count(unit)
        case .plugin(let subject, let results, let animators):
            w.byte(Tag.plugin.rawValue)
            w.string(subject)
            w.array(results, write)
            w.array(animators) { $0.string($1) }
        case .result(let unit, let result):
            w.byte(Tag.result.rawValue)
            w.count(unit)
            write(&w, result)
        case .replay(let line):
            w.byte(Tag.replay.rawValue)
            w.string(line)
        }
        return w.bytes
    }

    /// The message in `bytes`; Malformed when they are not one whole message.
    static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> WorkerMessage {
        var r = ByteReader(bytes)
        guard let tag = Tag(rawValue: try r.byte()) else { throw ByteReader.Malformed(description: "unknown report kind \(bytes[0])") }
        let message: WorkerMessage
        switch tag {
        case .begin: message = .begin(unit: try unit(&r))
        case .plugin:
            let subject = try r.string()
            let results = try r.array(itemSize: 6, result)
            let animators = try r.array { r throws(ByteReader.Malformed) in try r.string() }
            message = .plugin(subject: subject, results: results, animators: animators)
        case .result: message = .result(unit: try unit(&r), result: try result(&r))
        case .replay: message = .replay(line: try r.string())
        }
        guard r.isAtEnd else { throw ByteReader.Malformed(description: "\(bytes.count - r.offset) bytes after the report") }
        return message
    }

    private static func write(_ w: inout ByteWriter, _ result: CheckResult) {
        w.string(result.check)
        w.string(result.subject)
        w.string(result.status.rawValue)
        w.array(result.details) { $0.string($1) }
        w.double(result.seconds)
        w.optional(result.stdout) { $0.string($1) }
        w.optional(result.stderr) { $0.string($1) }
        w.optional(result.path) { $0.string($1) }
    }

    private static func unit(_ r: inout ByteReader) throws(ByteReader.Malformed) -> Int {
        let n = try r.count()
        guard n <= UInt64(Int32.max) else { throw ByteReader.Malformed(description: "a unit numbered \(n)") }
        return Int(n)
    }

    private static func result(_ r: inout ByteReader) throws(ByteReader.Malformed) -> CheckResult {
        let check = try r.string(), subject = try r.string(), raw = try r.string()
        guard let status = CheckStatus(rawValue: raw) else { throw ByteReader.Malformed(description: "an unknown status \(raw)") }
        let details = try r.array { r throws(ByteReader.Malformed) in try r.string() }
        let seconds = try r.double()
        let stdout = try r.optional { r throws(ByteReader.Malformed) in try r.string() }
        let stderr = try r.optional { r throws(ByteReader.Malformed) in try r.string() }
        let path = try r.optional { r throws(ByteReader.Malformed) in try r.string() }
        return CheckResult(check: check, subject: subject, status: status, details: details, seconds: seconds, stdout: stdout, stderr: stderr, path: path)
    }
}

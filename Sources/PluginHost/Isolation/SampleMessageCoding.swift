import TransitionCore

/// The binary form of what sampling and stepping workers send their hosts (`SampleMessage`) and
/// of the progresses a host answers a duration with: a tag byte, then the fields in order
/// (`ByteWriter`), numbers bit for bit, so a non-finite value a plugin wrote reaches the host's
/// checks as it was. It replaces JSON on the hottest exchange of an isolated preview: a worker
/// no longer builds an encoder's generic machinery to report a few frames, nor the host a decoder
/// to read them. Every read is bounded by `ByteReader`: a report a plugin forged or cut short
/// is `Malformed`, never a crash.
enum SampleMessageCoding {
    /// The first byte of each kind of message. None is 0x1E or 0x1F (`WorkerChannel`'s part
    /// markers) and no message is the one-byte heartbeat.
    enum Tag: UInt8 {
        case call = 1, duration, refused, sampled, ready, setupRefused, frames, completed
    }

    /// The bytes of `message`.
    static func encode(_ message: SampleMessage) -> [UInt8] {
        var w = ByteWriter(capacity: 256)
        switch message {
        case .call(let name):
            w.byte(Tag.call.rawValue)
            w.string(name)
        case .duration(let d):
            w.byte(Tag.duration.rawValue)
            w.double(d)
        case .refused(let reason):
            w.byte(Tag.refused.rawValue)
            w.string(reason)
        case .sampled(let report):
            w.byte(Tag.sampled.rawValue)
            w.count(report.requested)
            w.array(report.frames, write)
            write(&w, report.completion)
            write(&w, misbehaviours: report.misbehaviours, log: report.log)
        case .ready(let views):
            w.byte(Tag.ready.rawValue)
            w.count(views)
        case .setupRefused:
            w.byte(Tag.setupRefused.rawValue)
        case .frames(let frames):
            w.byte(Tag.frames.rawValue)
            w.array(frames, write)
        case .completed(let end):
            w.byte(Tag.completed.rawValue)
            write(&w, end.completion)
            write(&w, misbehaviours: end.misbehaviours, log: end.log)
        }
        return w.bytes
    }

    /// The message in `bytes`; Malformed when they are not one whole message.
    static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> SampleMessage {
        var r = ByteReader(bytes)
        guard let tag = Tag(rawValue: try r.byte()) else { throw ByteReader.Malformed(description: "unknown message kind \(bytes[0])") }
        let message: SampleMessage
        switch tag {
        case .call: message = .call(try r.string())
        case .duration: message = .duration(try r.double())
        case .refused: message = .refused(try r.string())
        case .sampled:
            let requested = try count(&r)
            let frames = try r.array(itemSize: 10, frame)
            let completion = try completion(&r)
            let (misbehaviours, log) = try misbehavioursAndLog(&r)
            message = .sampled(SampleReport(requested: requested, frames: frames, completion: completion, misbehaviours: misbehaviours, log: log))
        case .ready: message = .ready(try count(&r))
        case .setupRefused: message = .setupRefused
        case .frames: message = .frames(try r.array(itemSize: 10, frame))
        case .completed:
            let completion = try completion(&r)
            let (misbehaviours, log) = try misbehavioursAndLog(&r)
            message = .completed(SessionEnd(completion: completion, misbehaviours: misbehaviours, log: log))
        }
        guard r.isAtEnd else { throw ByteReader.Malformed(description: "\(bytes.count - r.offset) bytes after the message") }
        return message
    }

    /// The bytes of the progresses a host asks a sampling worker to step through.
    static func encode(progresses: [Double]) -> [UInt8] {
        var w = ByteWriter(capacity: 8 * progresses.count + 4)
        w.array(progresses) { $0.double($1) }
        return w.bytes
    }

    /// The progresses in `bytes`.
    static func decodeProgresses(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> [Double] {
        var r = ByteReader(bytes)
        let list = try r.array(itemSize: 8) { r throws(ByteReader.Malformed) in try r.double() }
        guard r.isAtEnd else { throw ByteReader.Malformed(description: "\(bytes.count - r.offset) bytes after the progresses") }
        return list
    }

    /// The first byte of a binary sampling request (`WorkerRequest.sample`) and of a stepping one
    /// (`WorkerRequest.session`); a JSON request starts with `{`, a scan request with `S`.
    static let sampleRequestTag = UInt8(ascii: "P"), sessionRequestTag = UInt8(ascii: "Q")

    /// The bytes of a sampling (or, with `session`, stepping) worker's request.
    static func encode(request: WorkerRequest.SampleRequest, session: Bool) -> [UInt8] {
        var w = ByteWriter(capacity: 128 + request.path.utf8.count + request.capture.utf8.count)
        w.byte(session ? sessionRequestTag : sampleRequestTag)
        w.string(request.path)
        w.string(request.animator)
        w.count(request.operation.rawValue)
        w.count(request.style.rawValue)
        w.double(request.width)
        w.double(request.height)
        w.optional(request.presentedFrame, write)
        w.bool(request.interactive)
        w.int64(Int64(request.tabFrom))
        w.int64(Int64(request.tabTo))
        w.optional(request.parameters) { w, list in w.array(list) { $0.double($1) } }
        w.array(request.matchedElements, write)
        w.bool(request.finished)
        w.string(request.capture)
        return w.bytes
    }

    /// The request in `bytes` and whether it asks for a stepping worker; nil for bytes that are
    /// not a whole binary sampling request (another kind of request, or damaged).
    static func decodeRequest(_ bytes: [UInt8]) -> (request: WorkerRequest.SampleRequest, session: Bool)? {
        guard let first = bytes.first, first == sampleRequestTag || first == sessionRequestTag else { return nil }
        var r = ByteReader(bytes)
        do throws(ByteReader.Malformed) {
            _ = try r.byte()
            let path = try r.string(), animator = try r.string()
            let operation = try r.rawValue(TransitionOperation.self), style = try r.rawValue(PresentationStyle.self)
            let width = try r.double(), height = try r.double()
            let presentedFrame = try r.optional(rect)
            let interactive = try r.bool()
            let tabFrom = Int(try r.int64()), tabTo = Int(try r.int64())
            let parameters = try r.optional { r throws(ByteReader.Malformed) in try r.array(itemSize: 8) { r throws(ByteReader.Malformed) in try r.double() } }
            let matched = try r.array(itemSize: 8, matchedElement)
            let finished = try r.bool()
            let capture = try r.string()
            guard r.isAtEnd else { return nil }
            let request = WorkerRequest.SampleRequest(
                path: path, animator: animator, operation: operation, style: style, width: width, height: height,
                presentedFrame: presentedFrame, interactive: interactive, tabFrom: tabFrom, tabTo: tabTo, parameters: parameters,
                matchedElements: matched, finished: finished, capture: capture)
            return (request, first == sessionRequestTag)
        } catch {
            return nil
        }
    }

    /// The first byte of each command a host sends a stepping worker (`SessionCommand`).
    enum CommandTag: UInt8 {
        case begin = 1, setup, step, complete
    }

    /// The bytes of a stepping worker's command.
    static func encode(command: SessionCommand) -> [UInt8] {
        switch command {
        case .begin(let request):
            // The tag, then the request as a stepping worker's first packet carries it.
            return [CommandTag.begin.rawValue] + encode(request: request, session: true)
        case .setup:
            return [CommandTag.setup.rawValue]
        case .step(let progresses):
            var w = ByteWriter(capacity: 8 * progresses.count + 8)
            w.byte(CommandTag.step.rawValue)
            w.array(progresses) { $0.double($1) }
            return w.bytes
        case .complete(let finished):
            var w = ByteWriter(capacity: 2)
            w.byte(CommandTag.complete.rawValue)
            w.bool(finished)
            return w.bytes
        }
    }

    /// The command in `bytes`; Malformed when they are not one whole command.
    static func decodeCommand(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> SessionCommand {
        var r = ByteReader(bytes)
        guard let tag = CommandTag(rawValue: try r.byte()) else { throw ByteReader.Malformed(description: "unknown command \(bytes[0])") }
        let command: SessionCommand
        switch tag {
        case .begin:
            guard let (request, session) = decodeRequest(Array(bytes.dropFirst())), session else {
                throw ByteReader.Malformed(description: "a begin command without a stepping request")
            }
            return .begin(request)
        case .setup: command = .setup
        case .step: command = .step(try r.array(itemSize: 8) { r throws(ByteReader.Malformed) in try r.double() })
        case .complete: command = .complete(finished: try r.bool())
        }
        guard r.isAtEnd else { throw ByteReader.Malformed(description: "\(bytes.count - r.offset) bytes after the command") }
        return command
    }

    // MARK: Writing

    private static func write(_ w: inout ByteWriter, _ frame: TransitionFrame) {
        w.double(frame.progress)
        w.array(frame.views, write)
        write(&w, frame.camera.sublayerTransform)
        w.double(frame.camera.eyeDistance)
        w.double(frame.camera.centerX)
        w.double(frame.camera.centerY)
        w.array(frame.matchedElements, write)
    }

    private static func write(_ w: inout ByteWriter, _ e: MatchedElement) {
        w.string(e.id)
        write(&w, e.fromFrame)
        write(&w, e.toFrame)
        w.optional(e.fromView) { $0.int64(Int64($1.rawValue)) }
        w.optional(e.toView) { $0.int64(Int64($1.rawValue)) }
    }

    private static func write(_ w: inout ByteWriter, _ view: SampledView) {
        w.int64(Int64(view.id.rawValue))
        w.count(view.role.rawValue)
        w.optional(view.source) { $0.int64(Int64($1.rawValue)) }
        w.optional(view.containerIndex) { $0.int64(Int64($1)) }
        let s = view.state
        write(&w, s.frame)
        w.double(s.alpha)
        write(&w, s.transform)
        w.double(s.cornerRadius)
        w.int64(Int64(s.zIndex))
        w.bool(s.hidden)
        w.optional(s.color) { w, c in
            w.double(c.red)
            w.double(c.green)
            w.double(c.blue)
            w.double(c.alpha)
        }
        w.bool(s.doubleSided)
        w.optional(s.content) { w, c in
            w.int64(Int64(c.source.rawValue))
            write(&w, c.rect)
        }
    }

    private static func write(_ w: inout ByteWriter, _ rect: Rect) {
        w.double(rect.x)
        w.double(rect.y)
        w.double(rect.width)
        w.double(rect.height)
    }

    private static func write(_ w: inout ByteWriter, _ t: Transform3D) {
        for i in 0..<16 { w.double(t.m[i]) }
    }

    private static func write(_ w: inout ByteWriter, _ c: CompletionReport) {
        w.bool(c.finished)
        w.array(c.leakedViews) { $0.int64(Int64($1.rawValue)) }
        w.array(c.leakedRoles) { $0.count($1.rawValue) }
        w.array(c.container) { $0.int64(Int64($1.rawValue)) }
    }

    private static func write(_ w: inout ByteWriter, misbehaviours: [Misbehaviour], log: [LogEntry]) {
        w.array(misbehaviours) { w, m in
            w.string(m.kind.rawValue)
            w.string(m.call)
            w.string(m.message)
        }
        w.array(log) { w, e in
            w.string(e.level)
            w.string(e.message)
        }
    }

    // MARK: Reading

    private static func count(_ r: inout ByteReader) throws(ByteReader.Malformed) -> Int {
        let n = try r.count()
        guard n <= UInt64(Int32.max) else { throw ByteReader.Malformed(description: "a count of \(n)") }
        return Int(n)
    }

    private static func viewID(_ r: inout ByteReader) throws(ByteReader.Malformed) -> ViewID {
        let raw = try r.int64()
        guard let value = Int32(exactly: raw) else { throw ByteReader.Malformed(description: "a view handle of \(raw)") }
        return ViewID(value)
    }

    private static func frame(_ r: inout ByteReader) throws(ByteReader.Malformed) -> TransitionFrame {
        let progress = try r.double()
        let views = try r.array(itemSize: 8, view)
        let sublayer = try transform(&r)
        let camera = Camera(eyeDistance: try r.double(), sublayerTransform: sublayer, centerX: try r.double(), centerY: try r.double())
        let matched = try r.array(itemSize: 8, matchedElement)
        return TransitionFrame(progress: progress, views: views, camera: camera, matchedElements: matched)
    }

    private static func matchedElement(_ r: inout ByteReader) throws(ByteReader.Malformed) -> MatchedElement {
        MatchedElement(
            id: try r.string(), fromFrame: try rect(&r), toFrame: try rect(&r),
            fromView: try r.optional(viewID), toView: try r.optional(viewID))
    }

    private static func view(_ r: inout ByteReader) throws(ByteReader.Malformed) -> SampledView {
        let id = try viewID(&r)
        let role = try r.rawValue(ViewRole.self)
        let source = try r.optional(viewID)
        let containerIndex = try r.optional { r throws(ByteReader.Malformed) -> Int in
            let raw = try r.int64()
            guard let index = Int(exactly: raw), index >= 0 else { throw ByteReader.Malformed(description: "a container index of \(raw)") }
            return index
        }
        let frame = try rect(&r)
        let alpha = try r.double()
        let transform = try transform(&r)
        let cornerRadius = try r.double()
        let z = try r.int64()
        guard let zIndex = Int32(exactly: z) else { throw ByteReader.Malformed(description: "a z index of \(z)") }
        let hidden = try r.bool()
        let color = try r.optional { r throws(ByteReader.Malformed) in
            Color(red: try r.double(), green: try r.double(), blue: try r.double(), alpha: try r.double())
        }
        let doubleSided = try r.bool()
        let content = try r.optional { r throws(ByteReader.Malformed) in
            SnapshotContent(source: try viewID(&r), rect: try rect(&r))
        }
        let state = ViewState(
            frame: frame, alpha: alpha, transform: transform, cornerRadius: cornerRadius, zIndex: zIndex, hidden: hidden,
            color: color, doubleSided: doubleSided, content: content)
        return SampledView(id: id, role: role, source: source, containerIndex: containerIndex, state: state)
    }

    private static func rect(_ r: inout ByteReader) throws(ByteReader.Malformed) -> Rect {
        Rect(x: try r.double(), y: try r.double(), width: try r.double(), height: try r.double())
    }

    private static func transform(_ r: inout ByteReader) throws(ByteReader.Malformed) -> Transform3D {
        var m = SIMD16<Double>()
        for i in 0..<16 { m[i] = try r.double() }
        return Transform3D(m)
    }

    private static func completion(_ r: inout ByteReader) throws(ByteReader.Malformed) -> CompletionReport {
        CompletionReport(
            finished: try r.bool(), leakedViews: try r.array(itemSize: 8, viewID),
            leakedRoles: try r.array { r throws(ByteReader.Malformed) in try r.rawValue(ViewRole.self) },
            container: try r.array(itemSize: 8, viewID))
    }

    private static func misbehavioursAndLog(_ r: inout ByteReader) throws(ByteReader.Malformed) -> ([Misbehaviour], [LogEntry]) {
        let misbehaviours = try r.array(itemSize: 3) { r throws(ByteReader.Malformed) -> Misbehaviour in
            let raw = try r.string()
            guard let kind = Misbehaviour.Kind(rawValue: raw) else { throw ByteReader.Malformed(description: "an unknown misbehaviour \(raw)") }
            return Misbehaviour(kind: kind, call: try r.string(), message: try r.string())
        }
        let log = try r.array(itemSize: 2) { r throws(ByteReader.Malformed) in LogEntry(level: try r.string(), message: try r.string()) }
        return (misbehaviours, log)
    }
}

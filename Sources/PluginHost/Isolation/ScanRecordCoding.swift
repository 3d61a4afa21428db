import TransitionCore

/// The binary form of a ``ScanRecord``, used by the scan cache file and by the scan worker's
/// reports: every field in declaration order, through ``ByteWriter`` and ``ByteReader``. A record
/// that does not read back whole (short, damaged, an unknown enum value) is refused with
/// `ByteReader.Malformed`.
extension ScanRecord {
    /// The record's bytes.
    public var binary: [UInt8] {
        var w = ByteWriter(capacity: 512)
        write(to: &w)
        return w.bytes
    }

    /// Reads a record from bytes that hold exactly one.
    public init(binary: [UInt8]) throws(ByteReader.Malformed) {
        var r = ByteReader(binary)
        try self.init(reading: &r)
        guard r.isAtEnd else { throw ByteReader.Malformed(description: "bytes follow the scan record") }
    }

    /// Appends the record to `w`.
    public func write(to w: inout ByteWriter) {
        w.string(path)
        w.int64(size)
        w.int64(modified)
        w.optional(device) { $0.uint64($1) }
        w.optional(inode) { $0.uint64($1) }
        w.int64(changed)
        w.optional(plugin) { ScanRecordCoding.write($1, to: &$0) }
        let sorted = durations.sorted { $0.key < $1.key }
        w.array(sorted) { w, pair in
            w.string(pair.key)
            w.double(pair.value)
        }
        w.array(warnings) { ScanRecordCoding.write($1, to: &$0) }
        w.optional(error) { ScanRecordCoding.write($1, to: &$0) }
    }

    /// Reads the next record from `r`; its path shares the storage of `known` when it is that.
    public init(reading r: inout ByteReader, knownPath known: String? = nil) throws(ByteReader.Malformed) {
        let path = if let known { try r.string(sameAs: known) } else { try r.string() }
        let size = try r.int64()
        let modified = try r.int64()
        let device = try r.optional { r throws(ByteReader.Malformed) in try r.uint64() }
        let inode = try r.optional { r throws(ByteReader.Malformed) in try r.uint64() }
        let changed = try r.int64()
        // The plugin's and the error's paths are most often the record's: they share its storage.
        let plugin = try r.optional { r throws(ByteReader.Malformed) in try ScanRecordCoding.pluginInfo(&r, path: path) }
        let durationCount = try r.length(itemSize: 9)
        var durations: [String: Double] = [:]
        durations.reserveCapacity(durationCount)
        for _ in 0..<durationCount {
            let (id, duration) = (try r.string(), try r.double())
            if durations[id] == nil { durations[id] = duration }
        }
        let warnings = try r.array(itemSize: 4, ScanRecordCoding.problem)
        let error = try r.optional { r throws(ByteReader.Malformed) in try ScanRecordCoding.pluginError(&r, path: path) }
        self.init(
            path: path, size: size, modified: modified, device: device, inode: inode, changed: changed, plugin: plugin,
            durations: durations, warnings: warnings, error: error)
    }
}

/// The binary form of the values a scan record holds.
enum ScanRecordCoding {
    static func write(_ p: PluginInfo, to w: inout ByteWriter) {
        for s in [p.path, p.id, p.name, p.vendor, p.version, p.description, p.license] { w.string(s) }
        w.count(UInt64(p.abi.major))
        w.count(UInt64(p.abi.minor))
        w.count(UInt64(p.abi.patch))
        w.array(p.animators) { write($1, to: &$0) }
    }

    static func pluginInfo(_ r: inout ByteReader, path recordPath: String) throws(ByteReader.Malformed) -> PluginInfo {
        let path = try r.string(sameAs: recordPath)
        let (id, name, vendor, version) = (try r.string(), try r.string(), try r.string(), try r.string())
        let (description, license) = (try r.string(), try r.string())
        let abi = ABIVersion(major: try uint32(&r), minor: try uint32(&r), patch: try uint32(&r))
        let animators = try r.array(itemSize: 7, animator)
        return PluginInfo(
            path: path, id: id, name: name, vendor: vendor, version: version, description: description,
            license: license, abi: abi, animators: animators)
    }

    static func write(_ a: AnimatorDescription, to w: inout ByteWriter) {
        w.string(a.id)
        w.string(a.name)
        w.string(a.summary)
        w.array(a.operations) { $0.count($1.rawValue) }
        w.array(a.styles) { $0.count($1.rawValue) }
        w.bool(a.reversible)
        w.array(a.parameters) { write($1, to: &$0) }
    }

    static func animator(_ r: inout ByteReader) throws(ByteReader.Malformed) -> AnimatorDescription {
        let (id, name, summary) = (try r.string(), try r.string(), try r.string())
        let operations = try r.array { r throws(ByteReader.Malformed) in try r.rawValue(TransitionOperation.self) }
        let styles = try r.array { r throws(ByteReader.Malformed) in try r.rawValue(PresentationStyle.self) }
        let reversible = try r.bool()
        let parameters = try r.array(itemSize: 29, parameter)
        return AnimatorDescription(
            id: id, name: name, summary: summary, operations: operations, styles: styles, reversible: reversible,
            parameters: parameters)
    }

    static func write(_ p: ParameterSpec, to w: inout ByteWriter) {
        for s in [p.id, p.name, p.doc, p.unit] { w.string(s) }
        w.count(p.kind.rawValue)
        w.double(p.defaultValue)
        w.double(p.minimum)
        w.double(p.maximum)
        w.array(p.choices) { $0.string($1) }
    }

    static func parameter(_ r: inout ByteReader) throws(ByteReader.Malformed) -> ParameterSpec {
        let (id, name, doc, unit) = (try r.string(), try r.string(), try r.string(), try r.string())
        let kind = try r.rawValue(ParameterSpec.Kind.self)
        let (value, minimum, maximum) = (try r.double(), try r.double(), try r.double())
        let choices = try r.array { r throws(ByteReader.Malformed) in try r.string() }
        return ParameterSpec(
            id: id, name: name, doc: doc, unit: unit, kind: kind, defaultValue: value, minimum: minimum,
            maximum: maximum, choices: choices)
    }

    static func write(_ p: DescriptorProblem, to w: inout ByteWriter) {
        w.bool(p.severity == .warning)
        w.string(p.check)
        w.string(p.subject)
        w.string(p.message)
    }

    static func problem(_ r: inout ByteReader) throws(ByteReader.Malformed) -> DescriptorProblem {
        let severity: DescriptorProblem.Severity = try r.bool() ? .warning : .error
        return DescriptorProblem(severity: severity, check: try r.string(), subject: try r.string(), message: try r.string())
    }

    static func write(_ e: PluginError, to w: inout ByteWriter) {
        for s in [e.kind.rawValue, e.path, e.reason, e.remedy] { w.string(s) }
    }

    static func pluginError(_ r: inout ByteReader, path recordPath: String) throws(ByteReader.Malformed) -> PluginError {
        let raw = try r.string()
        guard let kind = PluginError.Kind(rawValue: raw) else {
            throw ByteReader.Malformed(description: "unknown plugin error kind '\(raw)'")
        }
        return PluginError(kind: kind, path: try r.string(sameAs: recordPath), reason: try r.string(), remedy: try r.string())
    }

    private static func uint32(_ r: inout ByteReader) throws(ByteReader.Malformed) -> UInt32 {
        let n = try r.count()
        guard let v = UInt32(exactly: n) else { throw ByteReader.Malformed(description: "a version number exceeds 32 bits") }
        return v
    }
}

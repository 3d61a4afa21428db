import PluginHost
import TransitionCore

/// `catalog list --json`: docs/schemas/list.schema.json. Parameter defaults are given as the
/// value a user writes: a number, a bool, or a choice's name.
enum ListJSON {
    struct Listing: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var plugins: [PluginEntry]
        var errors: [ErrorEntry]
        var shadowed: [ShadowEntry]
        var scanned: [String]
    }

    struct PluginEntry: Encodable {
        var path: String
        var origin: String
        /// `native` (a shared library) or `wasm` (a sandboxed WebAssembly module).
        var door: PluginDoor
        var plugin: Plugin
        var durations: [String: Double]
    }

    /// The door of the plugin file at `path`: told by its name (`.so`, `.wasm`), else by its
    /// first bytes.
    static func door(of path: String) -> PluginDoor {
        path.hasSuffix(".so") ? .native : path.hasSuffix(".wasm") ? .wasm : PluginDoor.of(path)
    }

    struct Plugin: Encodable {
        var id: String
        var name: String
        var vendor: String
        var version: String
        var description: String
        var license: String
        var abi: ABIVersion
        var animators: [Animator]

        init(_ info: PluginInfo) {
            id = info.id
            name = info.name
            vendor = info.vendor
            version = info.version
            description = info.description
            license = info.license
            abi = info.abi
            animators = info.animators.map { Animator($0, plugin: info.id) }
        }
    }

    struct Animator: Encodable {
        var id: String
        var name: String
        var summary: String
        var operations: [TransitionOperation]
        var styles: [PresentationStyle]
        var reversible: Bool
        var parameters: [Parameter]
        /// Where its numbers come from, for an animator the package ships; null for others.
        var source: AnimatorSource?

        init(_ d: AnimatorDescription, plugin: String) {
            id = d.id
            name = d.name
            summary = d.summary
            operations = d.operations
            styles = d.styles
            reversible = d.reversible
            parameters = d.parameters.map(Parameter.init)
            source = AnimatorSources.of(plugin: plugin, animator: d.id)
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, summary, operations, styles, reversible, parameters, source
        }

        /// Every key, `source` as null for an animator the package does not ship.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(summary, forKey: .summary)
            try c.encode(operations, forKey: .operations)
            try c.encode(styles, forKey: .styles)
            try c.encode(reversible, forKey: .reversible)
            try c.encode(parameters, forKey: .parameters)
            try c.encode(source, forKey: .source)
        }
    }

    struct Parameter: Encodable {
        var id: String
        var name: String
        var doc: String
        var unit: String
        var kind: String
        var `default`: ParameterValue
        var minimum: Double?
        var maximum: Double?
        var choices: [String]?

        init(_ p: ParameterSpec) {
            id = p.id
            name = p.name
            doc = p.doc
            unit = p.unit
            kind = "\(p.kind)"
            `default` = ParameterValue(spec: p, value: p.defaultValue)
            let numeric = p.kind == .number || p.kind == .integer
            minimum = numeric ? p.minimum : nil
            maximum = numeric ? p.maximum : nil
            choices = p.kind == .choice ? p.choices : nil
        }
    }

    struct ErrorEntry: Encodable {
        var path: String
        var kind: String
        var reason: String
        var remedy: String
    }

    struct ShadowEntry: Encodable {
        var animator: String
        var winner: String
        var shadowed: String
    }

    /// The listing of an index.
    static func listing(_ index: PluginIndex) -> Listing {
        var plugins: [PluginEntry] = []
        var errors: [ErrorEntry] = []
        for (record, origin) in index.entries {
            if let plugin = record.plugin, record.isUsable {
                plugins.append(PluginEntry(path: record.path, origin: origin, door: door(of: record.path), plugin: Plugin(plugin), durations: record.durations))
            }
            if let e = record.error { errors.append(ErrorEntry(path: e.path, kind: e.kind.rawValue, reason: e.reason, remedy: e.remedy)) }
        }
        for e in index.unreadable {
            errors.append(ErrorEntry(path: e.path, kind: e.kind.rawValue, reason: e.reason, remedy: e.remedy))
        }
        return Listing(
            plugins: plugins, errors: errors,
            shadowed: index.shadowings.map { ShadowEntry(animator: $0.animatorID, winner: $0.winner, shadowed: $0.shadowed) },
            scanned: index.scanned)
    }
}

/// A plugin: its identity and animators, laid out once as the C descriptors the host reads.
///
/// Keep one in a global constant and export it with one line:
///
/// ```swift
/// let plugin = Plugin(PluginInfo(id: "org.example.cards", ...), animators: [.animator(CardStack.self)])
/// @_cdecl("tc_plugin_entry") public func entry() -> UnsafeRawPointer { plugin.entry }
/// ```
///
/// The same source builds natively and, with Embedded Swift, for the wasm door. The descriptors,
/// their strings and the animator values live as long as the library.
public final class Plugin: @unchecked Sendable {
    /// The plugin descriptor `tc_plugin_entry` returns: the same pointer every time.
    public let entry: UnsafeRawPointer

    /// Lays out the descriptors of `info` and `animators`.
    public init(_ info: PluginInfo, animators: [AnimatorExport]) {
        let pointers = UnsafeMutablePointer<UnsafePointer<tc_animator_t>?>.allocate(capacity: max(animators.count, 1))
        for (i, export) in animators.enumerated() {
            pointers[i] = UnsafePointer(export.descriptor())
        }
        let plugin = UnsafeMutablePointer<tc_plugin_t>.allocate(capacity: 1)
        plugin.initialize(to: tc_plugin_t(
            abi: tc_abi_version(), id: Self.text(info.id), name: Self.text(info.name), vendor: Self.text(info.vendor),
            version: Self.text(info.version), description: Self.text(info.description), license: Self.text(info.license),
            animator_count: UInt32(animators.count), animators: UnsafePointer(pointers),
            init: nil, deinit: nil, get_extension: nil))
        entry = UnsafeRawPointer(plugin)
    }

    #if !hasFeature(Embedded)
    /// Lays out the descriptors of `info` and the animator types `animators` (native builds only:
    /// Embedded Swift has no existential metatypes; ``init(_:animators:)-([AnimatorExport])``
    /// builds for both).
    public convenience init(_ info: PluginInfo, animators: [any Animator.Type]) {
        self.init(info, animators: animators.map { AnimatorExport.animator($0) })
    }
    #endif

    /// A C string that lives as long as the library.
    static func text(_ string: String) -> UnsafePointer<CChar> {
        let bytes = Array(string.utf8)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return UnsafePointer(copy)
    }

    /// The descriptor of one animator type, its value made once.
    static func descriptor<A: Animator>(_ type: A.Type) -> UnsafeMutablePointer<tc_animator_t> {
        let info = A.info
        let params = UnsafeMutablePointer<tc_param_t>.allocate(capacity: max(info.parameters.count, 1))
        for (i, p) in info.parameters.enumerated() {
            var kind = TC_PARAM_NUMBER
            var choices: UnsafePointer<UnsafePointer<CChar>?>? = nil
            var count: UInt32 = 0
            switch p.kind {
            case .number: kind = TC_PARAM_NUMBER
            case .integer: kind = TC_PARAM_INTEGER
            case .bool: kind = TC_PARAM_BOOL
            case .choice(let names):
                kind = TC_PARAM_CHOICE
                let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(names.count, 1))
                for (j, name) in names.enumerated() { list[j] = text(name) }
                choices = UnsafePointer(list)
                count = UInt32(names.count)
            }
            params[i] = tc_param_t(
                id: text(p.id), name: text(p.name), doc: text(p.doc), unit: text(p.unit), type: kind.rawValue,
                default_value: p.defaultValue, min_value: p.range.lowerBound, max_value: p.range.upperBound,
                choice_count: count, choices: choices)
        }
        let box = AnimatorBox.make(type)
        let descriptor = UnsafeMutablePointer<tc_animator_t>.allocate(capacity: 1)
        descriptor.initialize(to: tc_animator_t(
            abi: tc_abi_version(), id: text(info.id), name: text(info.name), summary: text(info.summary),
            operations: info.operations.reduce(0) { $0 | (1 << $1.rawValue) },
            styles: info.styles.reduce(0) { $0 | (1 << $1.rawValue) },
            flags: info.reversible ? UInt32(TC_ANIMATOR_REVERSIBLE) : 0,
            param_count: UInt32(info.parameters.count), params: info.parameters.isEmpty ? nil : UnsafePointer(params),
            animator_data: Unmanaged.passRetained(box).toOpaque(),
            duration: { this, ctx in AnimatorBox.of(this).duration(Context(ctx!)) },
            setup: { this, ctx, state in
                guard let made = AnimatorBox.of(this).setup(Context(ctx!)) else { return false }
                state?.pointee = made
                return true
            },
            step: { this, ctx, state, progress, views, count in
                guard let state else { return }
                AnimatorBox.of(this).step(Context(ctx!), state, progress, Views(views, count: count))
            },
            completion: { this, ctx, state, finished in
                guard let state else { return }
                AnimatorBox.of(this).completion(Context(ctx!), state, finished)
            }))
        return descriptor
    }
}

/// One animator type ready to be laid out as a C descriptor, for ``Plugin``:
/// `.animator(CardStack.self)`.
public struct AnimatorExport {
    /// Lays out the descriptor; called once, by ``Plugin``.
    let descriptor: () -> UnsafeMutablePointer<tc_animator_t>

    /// The animator type `type`, its value made once when the plugin is laid out.
    public static func animator<A: Animator>(_ type: A.Type) -> AnimatorExport {
        AnimatorExport(descriptor: { Plugin.descriptor(type) })
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import TransitionABI
import WasmKit

/// A wasm plugin loaded into the sandbox: its parsed module, the descriptors read out of a first
/// instance (every pointer and count checked against its memory), and native copies of them whose
/// functions run the module. The drivers, the validator and the C host API use those copies as
/// they use a native library's descriptors; only this door knows that every transition runs in an
/// instance in its starting state, new or restored.
final class WasmPlugin: @unchecked Sendable {
    let path: String
    let module: Module
    let sandbox: WasmSandbox
    /// The module file's bytes, for the rewrite that makes instances restorable.
    private let bytes: [UInt8]
    /// The restorable rewrite once made (or why there is none), and the instances restored after
    /// use, ready for the next transition.
    private let reuse = Mutex<Reuse>(Reuse())
    /// How many instances this plugin has made, the loading one included.
    let instantiations = Atomic<Int>(0)

    private struct Reuse {
        var module: Result<WasmRestorableModule, WasmRestorableModule.Refusal>?
        var idle: [WasmInstance] = []

        /// The restorable rewrite of `bytes`, made the first time it is asked for.
        mutating func prepared(_ bytes: [UInt8]) -> Result<WasmRestorableModule, WasmRestorableModule.Refusal> {
            if let module { return module }
            let made = WasmRestorableModule.prepare(bytes)
            module = made
            return made
        }
    }

    /// The most restored instances kept for the next transitions.
    private static let idleLimit = 4
    /// The room each restorable instance's allocator gets before its first transition.
    static let heapRoom: UInt32 = 256 << 10
    /// The native copy of the plugin descriptor, and of its animators.
    private(set) var descriptor: UnsafeMutablePointer<tc_plugin_t>!
    /// The address of the plugin descriptor in every instance's memory.
    private(set) var entry: UInt32 = 0
    private var initAddress: UInt32 = 0
    /// The instance the descriptors were read from; it runs the plugin's init, then nothing else.
    private var loader: WasmInstance?
    private let faults = Mutex<[WasmFault]>([])
    /// The durations the module gave, by animator and context.
    let durations = Mutex<[DurationKey: Double]>([:])

    /// Reads and checks the module at `path`, instantiates it once and copies its descriptors.
    /// - Throws: `PluginError` naming the file, what is wrong and what to do.
    init(path: String, sandbox: WasmSandbox = .current) throws(PluginError) {
        self.path = path
        self.sandbox = sandbox
        let file = try WasmModuleFile(path: path, sandbox: sandbox)
        module = file.module
        bytes = file.bytes
        do {
            instantiations.add(1, ordering: .relaxed)
            let first = try WasmInstance(plugin: self)
            loader = first
            entry = first.entry
            guard entry != 0 else {
                throw PluginError(kind: .nullDescriptor, path: path, reason: "`tc_plugin_entry` returned NULL", remedy: "return a pointer to a static tc_plugin_t")
            }
            descriptor = try copyPlugin(first, at: entry)
            // Without an init to run, the first instance has served its purpose.
            if initAddress == 0 { loader = nil }
        } catch let error as PluginError {
            throw error
        } catch let fault as WasmFault {
            throw PluginError(kind: .invalidDescriptor, path: path, reason: fault.description, remedy: Self.remedy(for: fault))
        } catch {
            throw PluginError(kind: .invalidDescriptor, path: path, reason: "\(error)", remedy: "")
        }
    }

    /// What to do about a fault, for an author.
    static func remedy(for fault: WasmFault) -> String {
        switch fault.kind {
        case .outOfFuel: "make the call finish: look for a loop whose condition never changes"
        case .trap: "fix the plugin; `catalog validate` names every call that traps"
        case .memoryLimit: "allocate less: an animator's state is a few hundred bytes"
        case .badValue: "fix the descriptor or pointer named; every address must lie inside the module's memory"
        }
    }

    /// Faults seen since the last call, oldest first, and forgets them.
    func takeFaults() -> [WasmFault] {
        faults.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    func record(_ fault: WasmFault) {
        faults.withLock { if $0.count < 100 { $0.append(fault) } }
    }

    /// Runs the plugin's init in the loading instance.
    func initialize() throws(WasmFault) -> Bool {
        guard initAddress != 0, let loader else { return true }
        defer { self.loader = nil }
        return try loader.initialize(plugin: entry, path: path)
    }

    /// An instance in its starting state, for one transition or duration query: one restored
    /// after its last use, or a new one (checked to give the same descriptor as the first). Give
    /// it back with ``recycle(_:)``.
    func instance() throws(WasmFault) -> WasmInstance {
        let (idle, prepared) = reuse.withLock { reuse in (reuse.idle.popLast(), reuse.prepared(bytes)) }
        if let idle { return idle }
        instantiations.add(1, ordering: .relaxed)
        guard case .success(let restorable) = prepared else {
            return try WasmInstance(plugin: self, expectedEntry: entry)
        }
        let instance = try WasmInstance(plugin: self, module: restorable.module, expectedEntry: entry)
        try instance.recordPristineState(mutableGlobals: restorable.mutableGlobals, heap: Self.heapRoom)
        return instance
    }

    /// Takes back an instance whose transition or query is over: restored to its starting state
    /// and kept for the next, or dropped when it cannot be restored.
    func recycle(_ instance: WasmInstance) {
        guard instance.restore() else { return }
        reuse.withLock { reuse in
            if reuse.idle.count < Self.idleLimit { reuse.idle.append(instance) }
        }
    }

    /// Why this plugin's instances are not restored after use (each transition then gets a new
    /// one), or nil when they are. Looks at the module on first use.
    var notRestorableBecause: String? {
        reuse.withLock { reuse in
            if case .failure(let refusal) = reuse.prepared(bytes) { return refusal.description }
            return nil
        }
    }

    // MARK: Descriptors

    private func copyPlugin(_ m: WasmInstance, at address: UInt32) throws(WasmFault) -> UnsafeMutablePointer<tc_plugin_t> {
        typealias L = WasmLayout.Plugin
        try m.withBytes(address, L.size, what: "the plugin descriptor") { _ in }
        let p = UnsafeMutablePointer<tc_plugin_t>.allocate(capacity: 1)
        p.initialize(to: tc_plugin_t())
        p.pointee.abi = try m.load(tc_version_t.self, at: address)
        p.pointee.id = try text(m, address + UInt32(L.id), "the plugin's id")
        p.pointee.name = try text(m, address + UInt32(L.name), "the plugin's name")
        p.pointee.vendor = try text(m, address + UInt32(L.vendor), "the plugin's vendor")
        p.pointee.version = try text(m, address + UInt32(L.version), "the plugin's version")
        p.pointee.description = try text(m, address + UInt32(L.description), "the plugin's description")
        p.pointee.license = try text(m, address + UInt32(L.license), "the plugin's license")
        let count = try m.load(UInt32.self, at: address + UInt32(L.animatorCount))
        // A count past the limit is copied as the limit plus one, for the descriptor checks to name
        // it, without reading that many pointers.
        let copied = Int(min(count, UInt32(TC_MAX_ANIMATORS) + 1))
        p.pointee.animator_count = count > UInt32(TC_MAX_ANIMATORS) ? count : UInt32(copied)
        let list = try m.load(UInt32.self, at: address + UInt32(L.animators))
        if copied > 0 && count <= UInt32(TC_MAX_ANIMATORS) {
            guard list != 0 else { p.pointee.animators = nil; return p }
            let pointers = UnsafeMutablePointer<UnsafePointer<tc_animator_t>?>.allocate(capacity: copied)
            for i in 0..<copied {
                let at = try m.load(UInt32.self, at: list + UInt32(4 * i), what: "the plugin's animator list")
                pointers[i] = at == 0 ? nil : UnsafePointer(try copyAnimator(m, at: at))
            }
            p.pointee.animators = UnsafePointer(pointers)
        }
        initAddress = try m.load(UInt32.self, at: address + UInt32(L.initialize))
        if initAddress != 0 {
            p.pointee.`init` = { plugin, _ in
                guard let plugin, let owner = WasmPlugin.owners.withLock({ $0[Int(bitPattern: plugin)] }) else { return false }
                do {
                    return try owner.initialize()
                } catch {
                    owner.record(WasmFault.from(error, call: "init"))
                    return false
                }
            }
            Self.owners.withLock { $0[Int(bitPattern: p)] = self }
        }
        return p
    }

    /// The plugins whose init runs through the module, by native descriptor.
    private static let owners = Mutex<[Int: WasmPlugin]>([:])

    private func copyAnimator(_ m: WasmInstance, at address: UInt32) throws(WasmFault) -> UnsafeMutablePointer<tc_animator_t> {
        typealias L = WasmLayout.Animator
        try m.withBytes(address, L.size, what: "an animator descriptor") { _ in }
        let a = UnsafeMutablePointer<tc_animator_t>.allocate(capacity: 1)
        a.initialize(to: tc_animator_t())
        a.pointee.abi = try m.load(tc_version_t.self, at: address)
        a.pointee.id = try text(m, address + UInt32(L.id), "an animator's id")
        a.pointee.name = try text(m, address + UInt32(L.name), "an animator's name")
        a.pointee.summary = try text(m, address + UInt32(L.summary), "an animator's summary")
        a.pointee.operations = try m.load(UInt32.self, at: address + UInt32(L.operations))
        a.pointee.styles = try m.load(UInt32.self, at: address + UInt32(L.styles))
        a.pointee.flags = try m.load(UInt32.self, at: address + UInt32(L.flags))
        let count = try m.load(UInt32.self, at: address + UInt32(L.paramCount))
        a.pointee.param_count = count
        let params = try m.load(UInt32.self, at: address + UInt32(L.params))
        if count > 0 && count <= UInt32(TC_MAX_PARAMS) && params != 0 {
            let list = UnsafeMutablePointer<tc_param_t>.allocate(capacity: Int(count))
            for i in 0..<Int(count) {
                list.advanced(by: i).initialize(to: try copyParam(m, at: params + UInt32(i * WasmLayout.Param.size)))
            }
            a.pointee.params = UnsafePointer(list)
        }
        a.pointee.animator_data = Unmanaged.passRetained(WasmAnimatorBinding(plugin: self, address: address)).toOpaque()
        if try m.load(UInt32.self, at: address + UInt32(L.duration)) != 0 { a.pointee.duration = WasmTrampolines.duration }
        if try m.load(UInt32.self, at: address + UInt32(L.setup)) != 0 { a.pointee.setup = WasmTrampolines.setup }
        if try m.load(UInt32.self, at: address + UInt32(L.step)) != 0 { a.pointee.step = WasmTrampolines.step }
        // Completion always runs, with or without the module's own: it gives the transition's
        // instance back (the binding skips a NULL completion in the module).
        a.pointee.completion = WasmTrampolines.completion
        return a
    }

    private func copyParam(_ m: WasmInstance, at address: UInt32) throws(WasmFault) -> tc_param_t {
        typealias L = WasmLayout.Param
        try m.withBytes(address, L.size, what: "a parameter descriptor") { _ in }
        var p = tc_param_t()
        p.id = try text(m, address + UInt32(L.id), "a parameter's id")
        p.name = try text(m, address + UInt32(L.name), "a parameter's name")
        p.doc = try text(m, address + UInt32(L.doc), "a parameter's doc")
        p.unit = try text(m, address + UInt32(L.unit), "a parameter's unit")
        p.type = try m.load(UInt32.self, at: address + UInt32(L.type))
        p.default_value = try m.load(Double.self, at: address + UInt32(L.defaultValue))
        p.min_value = try m.load(Double.self, at: address + UInt32(L.minValue))
        p.max_value = try m.load(Double.self, at: address + UInt32(L.maxValue))
        let count = try m.load(UInt32.self, at: address + UInt32(L.choiceCount))
        p.choice_count = count
        let choices = try m.load(UInt32.self, at: address + UInt32(L.choices))
        if count > 0 && count <= 1024 && choices != 0 {
            let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: Int(count))
            for i in 0..<Int(count) {
                list[i] = try text(m, choices + UInt32(4 * i), "a parameter's choice")
            }
            p.choices = UnsafePointer(list)
        }
        return p
    }

    /// A native copy of the string whose address is stored at `slot`; NULL for a NULL pointer.
    private func text(_ m: WasmInstance, _ slot: UInt32, _ what: String) throws(WasmFault) -> UnsafePointer<CChar>? {
        let address = try m.load(UInt32.self, at: slot, what: what)
        guard address != 0 else { return nil }
        let bytes = try m.cString(at: address, limit: Int(TC_TEXT_MAX), what: what)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { copy.initialize(from: $0.baseAddress!, count: bytes.count) } }
        copy[bytes.count] = 0
        return UnsafePointer(copy)
    }
}

/// What the native copy of a wasm animator descriptor carries in `animator_data`: its plugin and
/// the address of its descriptor in the module's memory.
final class WasmAnimatorBinding {
    unowned let plugin: WasmPlugin
    let address: UInt32

    init(plugin: WasmPlugin, address: UInt32) {
        self.plugin = plugin
        self.address = address
    }

    static func of(_ animator: UnsafePointer<tc_animator_t>?) -> WasmAnimatorBinding? {
        guard let data = animator?.pointee.animator_data else { return nil }
        return Unmanaged<WasmAnimatorBinding>.fromOpaque(data).takeUnretainedValue()
    }
}

/// The lifecycle functions of a wasm animator's native descriptor. Each runs the module in a
/// sandboxed instance; a fault is recorded with the plugin and the session, and the call returns
/// what stops the transition (a NaN duration, a refused setup, an untouched step).
enum WasmTrampolines {
    static let duration: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?) -> Double = { animator, ctx in
        guard let binding = WasmAnimatorBinding.of(animator), let ctx else { return .nan }
        // A fresh instance has no state and no clock: the same context always gives the same
        // answer, so an answer once computed is the answer.
        let key = DurationKey(animator: binding.address, context: ctx)
        if let known = binding.plugin.durations.withLock({ $0[key] }) { return known }
        do {
            let instance = try binding.plugin.instance()
            let value = try instance.duration(animator: binding.address, context: ctx)
            binding.plugin.recycle(instance)
            binding.plugin.durations.withLock { table in
                if table.count >= 4096 { table.removeAll() }
                table[key] = value
            }
            return value
        } catch {
            report(error, binding, ctx)
            return .nan
        }
    }

    static let setup: @convention(c) (
        UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> Bool = { animator, ctx, state in
        state?.pointee = nil
        guard let binding = WasmAnimatorBinding.of(animator), let ctx, let state else { return false }
        do {
            let instance = try binding.plugin.instance()
            // The instance is the transition's state; completion, called only after a setup that
            // returned true, gives it back.
            let ok = try instance.setup(animator: binding.address, context: ctx)
            if ok {
                state.pointee = Unmanaged.passRetained(instance).toOpaque()
            } else {
                binding.plugin.recycle(instance)
            }
            return ok
        } catch {
            report(error, binding, ctx)
            return false
        }
    }

    static let step: @convention(c) (
        UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Double,
        UnsafeMutablePointer<tc_view_state_t>?, UInt32
    ) -> Void = { animator, ctx, state, progress, views, count in
        guard let binding = WasmAnimatorBinding.of(animator), let ctx, let state, let views else { return }
        let instance = Unmanaged<WasmInstance>.fromOpaque(state).takeUnretainedValue()
        guard instance.fault == nil else { return }
        do {
            try instance.step(animator: binding.address, context: ctx, progress: progress, views: views, count: Int(count))
        } catch {
            report(error, binding, ctx)
        }
    }

    static let completion: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Bool) -> Void = {
        animator, ctx, state, finished in
        guard let state else { return }
        let instance = Unmanaged<WasmInstance>.fromOpaque(state).takeRetainedValue()
        guard let binding = WasmAnimatorBinding.of(animator), let ctx, instance.fault == nil else { return }
        do {
            try instance.complete(animator: binding.address, context: ctx, finished: finished)
            binding.plugin.recycle(instance)
        } catch {
            report(error, binding, ctx)
        }
    }

    private static func report(_ error: any Error, _ binding: WasmAnimatorBinding, _ ctx: UnsafePointer<tc_context_t>) {
        let fault = WasmFault.from(error, call: "call")
        binding.plugin.record(fault)
        HostServices.session(ctx)?.pluginFailed(fault)
    }
}

/// What a wasm animator's duration depends on: the animator and every byte of the context it sees
/// (the fields before `param_values`, then the parameter values).
struct DurationKey: Hashable, Sendable {
    let animator: UInt32
    let bytes: [UInt8]

    init(animator: UInt32, context: UnsafePointer<tc_context_t>) {
        self.animator = animator
        var bytes = Array(UnsafeRawBufferPointer(start: context, count: WasmLayout.Context.paramValues))
        // `interactive` is a one-byte bool: its padding is not part of the context.
        bytes[21] = 0; bytes[22] = 0; bytes[23] = 0
        let count = min(Int(context.pointee.param_count), Int(TC_MAX_PARAMS))
        if count > 0, let values = context.pointee.param_values {
            bytes += UnsafeRawBufferPointer(start: values, count: 8 * count)
        }
        self.bytes = bytes
    }
}

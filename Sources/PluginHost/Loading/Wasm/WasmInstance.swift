import TransitionABI
import TransitionCore
@_spi(Fuzzing) import WasmKit

/// One sandboxed instance of a wasm plugin: its own store, linear memory and fuel. Every
/// transition, and every duration query, starts in an instance in the state a fresh one has: a new
/// instance, or one restored to the state it recorded before its first transition (see
/// ``WasmRestorableModule``). Nothing a plugin keeps in its memory or globals outlives the
/// transition.
///
/// An instance serves one thread at a time, as a transition does; the plugin's pool of restored
/// instances hands it from one transition, and thread, to the next.
final class WasmInstance: @unchecked Sendable {
    let plugin: WasmPlugin
    private let store: Store
    private var instance: Instance!
    private var memory: Memory!
    private var functions: [String: Function] = [:]
    /// `tc_wasm_step`, called every frame.
    private var stepFunction: Function!
    /// The interpreter's stack, kept for every call of this instance rather than made for each.
    private var stack = ExecutionStack(engine: WasmSandbox.engine)
    /// The native context of the call under way: what the imports serve.
    private var context: UnsafePointer<tc_context_t>?
    /// The binding call under way and its progress, for faults raised by the imports.
    private var call = "load"
    private var progress: Double?
    /// The module's `tc_host_t`, what `ctx->host` points at.
    private var hostTable: UInt32 = 0
    /// The host's scratch area in linear memory: context, parameters, the state slot, strings.
    private var scratch: UInt32 = 0
    private var scratchEnd: UInt32 = 0
    private var stringsTop: UInt32 = 0
    private var views: UInt32 = 0
    private var viewCapacity = 0
    private var matchedIDs: [UInt32: UInt32] = [:]
    private var compositing: UnsafePointer<tc_compositing_t>?
    /// The plugin's per-transition state, an address in its memory.
    private(set) var state: UInt32 = 0
    /// The first fault of this instance; once set, nothing more runs in it.
    private(set) var fault: WasmFault?
    /// The descriptor address `tc_plugin_entry` returned.
    private(set) var entry: UInt32 = 0
    /// What ``restore()`` puts back; nil for an instance that is used once.
    private var pristine: Pristine?

    /// The state of an instance before its first transition, host side included.
    private struct Pristine {
        let memory: [UInt8]
        let globals: [(Global, Value)]
        let stringsTop: UInt32
        let scratchEnd: UInt32
        let views: UInt32
        let viewCapacity: Int
    }

    private static let scratchSize: UInt32 = 64 << 10
    private static let contextOffset: UInt32 = 0
    private static let paramsOffset: UInt32 = 256
    private static let stateSlotOffset: UInt32 = 256 + 8 * UInt32(TC_MAX_PARAMS)
    private static let stringsOffset: UInt32 = stateSlotOffset + 16

    /// Instantiates the plugin's module, runs its start code and reactor initializer, and checks
    /// that it speaks binding 1 and gives the descriptor `expectedEntry` (when given). `module` is
    /// the plugin's own by default, or its ``WasmRestorableModule`` rewrite.
    init(plugin: WasmPlugin, module: Module? = nil, expectedEntry: UInt32? = nil) throws(WasmFault) {
        self.plugin = plugin
        store = Store(engine: WasmSandbox.engine)
        store.resourceLimiter = WasmMemoryLimiter(limit: plugin.sandbox.memoryLimit)
        store.fuel = Fuel(remaining: plugin.sandbox.fuelPerCall)
        let imports = makeImports()
        do {
            instance = try (module ?? plugin.module).instantiate(store: store, imports: imports)
        } catch {
            throw fault(from: error)
        }
        guard let memory = instance.exports[memory: "memory"] else {
            throw WasmFault(kind: .badValue, call: "load", detail: "the module exports no memory")
        }
        self.memory = memory
        for (name, type) in WasmModuleFile.requiredExports {
            guard let function = instance.exports[function: name] else {
                throw WasmFault(kind: .badValue, call: "load", detail: "the module does not export `\(name)`")
            }
            guard function.type == type else {
                throw WasmFault(kind: .badValue, call: "load", detail: "`\(name)` has the type \(function.type), not \(type) as transition_catalog.h declares it")
            }
            functions[name] = function
        }
        stepFunction = functions["tc_wasm_step"]
        if let initialize = instance.exports[function: "_initialize"], initialize.type == FunctionType(parameters: [], results: []) {
            _ = try invoke(initialize, [], call: "load")
        }
        let binding = try u32(invoke(functions["tc_wasm_binding"]!, [], call: "load"))
        guard binding >> 16 == WasmModuleFile.bindingMajor else {
            throw WasmFault(
                kind: .badValue, call: "load",
                detail: "the module speaks wasm binding \(binding >> 16).\(binding & 0xFFFF), but this host speaks \(WasmModuleFile.bindingMajor).0; rebuild it against the transition_catalog.h of this host")
        }
        entry = try u32(invoke(functions["tc_plugin_entry"]!, [], call: "load"))
        if let expectedEntry, entry != expectedEntry {
            throw WasmFault(
                kind: .badValue, call: "load",
                detail: "tc_plugin_entry gave the descriptor at \(entry) in a fresh instance, not \(expectedEntry) as when the plugin was loaded; return the same static descriptor every time")
        }
        hostTable = try u32(invoke(functions["tc_wasm_host"]!, [], call: "load"))
    }

    /// Reserves the host's scratch area once, at the first call that needs it (after the
    /// descriptors are read, so they are read in the memory the module made for itself).
    private func reserveScratch() throws(WasmFault) {
        guard scratch == 0 else { return }
        scratch = try u32(invoke(functions["tc_wasm_reserve"]!, [.i32(Self.scratchSize)], call: call, progress: progress))
        guard scratch != 0 else { throw WasmFault(kind: .memoryLimit, call: call, detail: "the host's scratch area of 64 KiB could not be reserved") }
        scratchEnd = scratch + Self.scratchSize
        stringsTop = scratch + Self.stringsOffset
        try checkRange(scratch, Int(Self.scratchSize), "the host's scratch area")
    }

    // MARK: Reuse

    /// Makes this instance restorable: reserves the host's scratch area and room for a page of view
    /// states, lets the plugin's allocator take `heap` bytes of room (`tc_wasm_heap`, binding 1.1,
    /// when the module has it), then records memory, the globals named `mutableGlobals` and the
    /// host's own bookkeeping. Everything a transition does after this, ``restore()`` undoes.
    func recordPristineState(mutableGlobals: [String], heap: UInt32) throws(WasmFault) {
        try reserveScratch()
        try reserveViews(Self.pageViewCount)
        if let prepare = instance.exports[function: "tc_wasm_heap"], prepare.type == FunctionType(parameters: [.i32], results: [.i32]) {
            _ = try invoke(prepare, [.i32(heap)], call: "load")
        }
        var globals: [(Global, Value)] = []
        for name in mutableGlobals {
            guard let global = instance.exports[global: name] else {
                throw WasmFault(kind: .badValue, call: "load", detail: "the rewritten module does not export its global `\(DisplayText.escape(name))`")
            }
            globals.append((global, global.value))
        }
        let memory = try withBytes(0, self.memory.byteCount) { Array($0) }
        pristine = Pristine(
            memory: memory, globals: globals, stringsTop: stringsTop, scratchEnd: scratchEnd, views: views, viewCapacity: viewCapacity)
    }

    /// Puts memory, globals and the host's bookkeeping back as ``recordPristineState(mutableGlobals:heap:)``
    /// found them. False, with nothing restored, for an instance that faulted, whose memory grew
    /// (memory cannot shrink, and its size would tell the next transition about this one), or that
    /// recorded no state: such an instance is dropped.
    func restore() -> Bool {
        guard fault == nil, let pristine, memory.byteCount == pristine.memory.count else { return false }
        memory.withUnsafeMutableBufferPointer(offset: 0, count: pristine.memory.count) { guest in
            pristine.memory.withUnsafeBytes { guest.copyMemory(from: $0) }
        }
        for (global, value) in pristine.globals {
            do { try global.assign(value) } catch { return false }
        }
        context = nil
        call = "load"
        progress = nil
        stringsTop = pristine.stringsTop
        scratchEnd = pristine.scratchEnd
        views = pristine.views
        viewCapacity = pristine.viewCapacity
        matchedIDs = [:]
        compositing = nil
        state = 0
        return true
    }

    /// How many view states a restorable instance has room for without growing memory: a page's
    /// worth.
    private static let pageViewCount = 65536 / WasmLayout.viewStateSize

    // MARK: Binding calls

    /// Calls the plugin's init with its file's path.
    func initialize(plugin address: UInt32, path: String) throws(WasmFault) -> Bool {
        let pathAddress = try string(path)
        return try u32(invoke(functions["tc_wasm_init"]!, [.i32(address), .i32(pathAddress)], call: "init")) != 0
    }

    /// The duration the animator at `animator` gives for `context`.
    func duration(animator: UInt32, context: UnsafePointer<tc_context_t>) throws(WasmFault) -> Double {
        try writeContext(context)
        let result = try invoke(functions["tc_wasm_duration"]!, [.i32(animator), .i32(scratch + Self.contextOffset)], call: "duration")
        guard case .f64(let bits)? = result.first else { throw WasmFault(kind: .badValue, call: "duration", detail: "returned no number") }
        return Double(bitPattern: bits)
    }

    /// Runs the animator's setup; the plugin's state address is kept in ``state``.
    func setup(animator: UInt32, context: UnsafePointer<tc_context_t>) throws(WasmFault) -> Bool {
        try writeContext(context)
        try store(UInt32(0), at: scratch + Self.stateSlotOffset)
        let ok = try u32(invoke(
            functions["tc_wasm_setup"]!,
            [.i32(animator), .i32(scratch + Self.contextOffset), .i32(scratch + Self.stateSlotOffset)], call: "setup")) != 0
        state = try load(UInt32.self, at: scratch + Self.stateSlotOffset)
        return ok
    }

    /// Runs the animator's step at `progress` over the host's `count` view states: they are copied
    /// into linear memory, stepped there and copied back, so the plugin never sees host memory.
    func step(
        animator: UInt32, context: UnsafePointer<tc_context_t>, progress: Double,
        views states: UnsafeMutablePointer<tc_view_state_t>, count: Int
    ) throws(WasmFault) {
        self.context = context
        call = "step"
        self.progress = progress
        let bytes = count * WasmLayout.viewStateSize
        if count > viewCapacity { try reserveViews(max(count, 2 * viewCapacity, 16)) }
        try withBytes(views, bytes) { $0.copyMemory(from: UnsafeRawBufferPointer(start: states, count: bytes)) }
        _ = try invoke(
            stepFunction,
            [.i32(animator), .i32(scratch + Self.contextOffset), .i32(state), .f64(progress.bitPattern), .i32(views), .i32(UInt32(count))],
            call: "step", progress: progress)
        try withBytes(views, bytes) { guest in
            let host = UnsafeMutableRawBufferPointer(start: states, count: bytes)
            host.copyMemory(from: UnsafeRawBufferPointer(guest))
            // A bool is one byte of 0 or 1 to the host; the module may have written any byte.
            for i in 0..<count {
                let at = i * WasmLayout.viewStateSize + WasmLayout.viewStateHidden
                host[at] = host[at] == 0 ? 0 : 1
            }
        }
    }

    /// Reserves room for `capacity` view states, which the host copies in and out around a step.
    private func reserveViews(_ capacity: Int) throws(WasmFault) {
        let address = try u32(invoke(functions["tc_wasm_reserve"]!, [.i32(UInt32(capacity * WasmLayout.viewStateSize))], call: call, progress: progress))
        guard address != 0 else { throw WasmFault(kind: .memoryLimit, call: call, progress: progress, detail: "room for \(capacity) view states could not be reserved") }
        try checkRange(address, capacity * WasmLayout.viewStateSize, "the view states")
        views = address
        viewCapacity = capacity
    }

    /// Runs the animator's completion.
    func complete(animator: UInt32, context: UnsafePointer<tc_context_t>, finished: Bool) throws(WasmFault) {
        self.context = context
        _ = try invoke(
            functions["tc_wasm_completion"]!,
            [.i32(animator), .i32(scratch + Self.contextOffset), .i32(state), .i32(finished ? 1 : 0)], call: "completion")
    }

    /// Calls `function` with a fresh fuel budget; any trap, fault or exhausted budget becomes this
    /// instance's ``fault`` and is thrown.
    private func invoke(_ function: Function, _ arguments: [Value], call: String, progress: Double? = nil) throws(WasmFault) -> [Value] {
        if let fault { throw fault }
        self.call = call
        self.progress = progress
        store.fuel = Fuel(remaining: plugin.sandbox.fuelPerCall)
        do {
            return try function.invoke(arguments, on: &stack)
        } catch {
            let fault = fault(from: error)
            self.fault = fault
            throw fault
        }
    }

    private func fault(from error: any Error) -> WasmFault {
        if var fault = error as? WasmFault {
            fault.call = call
            fault.progress = progress
            return fault
        }
        var text = "\(error)".split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "\(error)"
        if text.hasPrefix("Trap: ") { text.removeFirst(6) }
        switch text {
        case "out of fuel":
            return WasmFault(
                kind: .outOfFuel, call: call, progress: progress,
                detail: "did not return within its budget of \(plugin.sandbox.fuelPerCall) instructions (an endless loop, or far too much work for one call)")
        case "call stack exhausted":
            return WasmFault(kind: .trap, call: call, progress: progress, detail: "trapped: call stack exhausted (unbounded recursion)")
        default:
            return WasmFault(kind: .trap, call: call, progress: progress, detail: "trapped: \(DisplayText.escape(text))")
        }
    }

    private func u32(_ values: [Value]) throws(WasmFault) -> UInt32 {
        guard case .i32(let v)? = values.first else { throw WasmFault(kind: .badValue, call: call, progress: progress, detail: "returned no value") }
        return v
    }

    // MARK: Linear memory, bounds-checked

    private func checkRange(_ address: UInt32, _ count: Int, _ what: String) throws(WasmFault) {
        guard count >= 0, Int(address) + count <= memory.byteCount else {
            throw WasmFault(
                kind: .badValue, call: call, progress: progress,
                detail: "\(what) at address \(address) (\(count) bytes) lies outside the module's \(memory.byteCount)-byte memory")
        }
    }

    /// Runs `body` over `count` bytes of linear memory at `address`, after checking they exist.
    func withBytes<T>(_ address: UInt32, _ count: Int, what: String = "a value", _ body: (UnsafeMutableRawBufferPointer) -> T) throws(WasmFault) -> T {
        try checkRange(address, count, what)
        return memory.withUnsafeMutableBufferPointer(offset: UInt(address), count: count, body)
    }

    func load<T: BitwiseCopyable>(_ type: T.Type, at address: UInt32, what: String = "a value") throws(WasmFault) -> T {
        try withBytes(address, MemoryLayout<T>.size, what: what) { $0.loadUnaligned(as: T.self) }
    }

    func store<T: BitwiseCopyable>(_ value: T, at address: UInt32) throws(WasmFault) {
        try withBytes(address, MemoryLayout<T>.size) { $0.storeBytes(of: value, as: T.self) }
    }

    /// The NUL-terminated string at `address`, at most `limit` bytes before its terminator (a
    /// longer one is cut at `limit + 1` bytes, for the descriptor checks to name).
    /// - Throws: when it starts outside memory or runs to its end with no terminator.
    func cString(at address: UInt32, limit: Int, what: String) throws(WasmFault) -> [UInt8] {
        guard Int(address) < memory.byteCount else { try checkRange(address, 1, what); return [] }
        let available = memory.byteCount - Int(address)
        let found = try withBytes(address, min(available, limit + 1), what: what) { bytes -> (text: [UInt8], terminated: Bool) in
            if let end = bytes.firstIndex(of: 0) { return (Array(bytes[..<end]), true) }
            return (Array(bytes), false)
        }
        guard found.terminated || available > limit else {
            throw WasmFault(kind: .badValue, call: call, progress: progress, detail: "\(what) at address \(address) has no terminating NUL before the end of memory")
        }
        return found.text
    }

    /// Copies `text` into the scratch area's strings and returns its address.
    private func string(_ text: String) throws(WasmFault) -> UInt32 {
        try reserveScratch()
        let bytes = Array(text.utf8) + [0]
        if stringsTop + UInt32(bytes.count) > scratchEnd {
            let size = max(UInt32(bytes.count), Self.scratchSize)
            let address = try u32(invoke(functions["tc_wasm_reserve"]!, [.i32(size)], call: call, progress: progress))
            guard address != 0 else { throw WasmFault(kind: .memoryLimit, call: call, progress: progress, detail: "room for a string could not be reserved") }
            stringsTop = address
            scratchEnd = address + size
        }
        let address = stringsTop
        try withBytes(address, bytes.count) { $0.copyBytes(from: bytes) }
        stringsTop += UInt32(bytes.count + 7) & ~7
        return address
    }

    /// Writes the module's view of `context` into the scratch area: the first 200 bytes have the
    /// same layout on both doors; the parameter values are copied; `host` is the module's table.
    private func writeContext(_ context: UnsafePointer<tc_context_t>) throws(WasmFault) {
        self.context = context
        try reserveScratch()
        let base = scratch + Self.contextOffset
        let count = min(Int(context.pointee.param_count), Int(TC_MAX_PARAMS))
        try withBytes(base, WasmLayout.Context.size) { guest in
            guest.copyMemory(from: UnsafeRawBufferPointer(start: context, count: WasmLayout.Context.paramValues))
            guest.storeBytes(of: scratch + Self.paramsOffset, toByteOffset: WasmLayout.Context.paramValues, as: UInt32.self)
            guest.storeBytes(of: UInt32(count), toByteOffset: WasmLayout.Context.paramCount, as: UInt32.self)
            guest.storeBytes(of: hostTable, toByteOffset: WasmLayout.Context.host, as: UInt32.self)
            guest.storeBytes(of: UInt32(0), toByteOffset: WasmLayout.Context.hostData, as: UInt32.self)
            // `interactive` is a one-byte bool followed by padding.
            guest[20] = context.pointee.interactive ? 1 : 0
            guest[21] = 0; guest[22] = 0; guest[23] = 0
        }
        if count > 0, let values = context.pointee.param_values {
            try withBytes(scratch + Self.paramsOffset, 8 * count) { $0.copyMemory(from: UnsafeRawBufferPointer(start: values, count: 8 * count)) }
        }
    }

    // MARK: The host services, as imports

    private func makeImports() -> Imports {
        var imports = Imports()
        // Each service reads its arguments from and writes its result into the interpreter's own
        // buffers: no allocation per call, as a step may call a service for every view.
        func define(_ name: String, _ body: @escaping (WasmInstance, UnsafePointer<tc_context_t>, UnsafeBufferPointer<Value>) throws -> Value?) {
            let type = WasmModuleFile.services[name]!
            let function = Function(store: store, parameters: type.parameters, results: type.results, raw: { [unowned self] _, args, out in
                guard let context = self.context else {
                    throw WasmFault(kind: .badValue, call: self.call, progress: self.progress, detail: "called the host service `\(name)` outside a transition call")
                }
                if let result = try body(self, context, args), !out.isEmpty { out[0] = result }
            })
            imports.define(module: WasmModuleFile.servicesModule, name: name, function)
        }
        let host = { (c: UnsafePointer<tc_context_t>) in c.pointee.host.pointee }
        define("add_view") { _, c, a in .i32(host(c).add_view(c, a.view(1)) ? 1 : 0) }
        define("insert_view_below") { _, c, a in .i32(host(c).insert_view_below(c, a.view(1), a.view(2)) ? 1 : 0) }
        define("remove_view") { _, c, a in .i32(host(c).remove_view(c, a.view(1)) ? 1 : 0) }
        define("snapshot_view") { _, c, a in .view(host(c).snapshot_view(c, a.view(1))) }
        define("make_view") { me, c, a in
            let frame = try me.load(tc_rect_t.self, at: a.u32(2), what: "make_view's frame")
            let color = try me.load(tc_color_t.self, at: a.u32(3), what: "make_view's colour")
            return .view(host(c).make_view(c, a.u32(1), frame, color))
        }
        define("timing_curve") { _, c, a in .f64(host(c).timing_curve(c, a.u32(1), a.f64(2)).bitPattern) }
        define("cubic_bezier") { _, c, a in
            .f64(host(c).cubic_bezier(c, a.f64(1), a.f64(2), a.f64(3), a.f64(4), a.f64(5)).bitPattern)
        }
        define("spring") { _, c, a in .f64(host(c).spring(c, a.f64(1), a.f64(2), a.f64(3)).bitPattern) }
        define("log") { me, c, a in
            var bytes = try me.cString(at: a.u32(2), limit: 4096, what: "a log message")
            bytes.append(0)
            bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { host(c).log(c, a.u32(1), $0.baseAddress) } }
            return nil
        }
        define("has_extension") { me, c, a in
            var bytes = try me.cString(at: a.u32(1), limit: 256, what: "an extension id")
            bytes.append(0)
            let found = bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { host(c).get_extension(c, $0.baseAddress) } }
            guard let found, String(decoding: bytes.dropLast(), as: UTF8.self) == TC_COMPOSITING_EXTENSION_ID else { return .i32(0) }
            me.compositing = found.assumingMemoryBound(to: tc_compositing_t.self)
            return .i32(1)
        }
        func compositing(_ me: WasmInstance, _ c: UnsafePointer<tc_context_t>) -> tc_compositing_t? {
            if me.compositing == nil, let found = host(c).get_extension(c, TC_COMPOSITING_EXTENSION_ID) {
                me.compositing = found.assumingMemoryBound(to: tc_compositing_t.self)
            }
            return me.compositing?.pointee
        }
        define("set_double_sided") { me, c, a in
            .i32(compositing(me, c)?.set_double_sided(c, a.view(1), a.u32(2) != 0) == true ? 1 : 0)
        }
        define("set_camera") { me, c, a in
            var camera = try me.load(tc_camera_t.self, at: a.u32(1), what: "set_camera's camera")
            return .i32(compositing(me, c)?.set_camera(c, &camera) == true ? 1 : 0)
        }
        define("snapshot_rect") { me, c, a in
            let rect = try me.load(tc_rect_t.self, at: a.u32(2), what: "snapshot_rect's rectangle")
            return .view(compositing(me, c)?.snapshot_rect(c, a.view(1), rect, a.u32(3)) ?? TC_VIEW_NONE)
        }
        define("matched_element_count") { me, c, _ in .i32(compositing(me, c)?.matched_element_count(c) ?? 0) }
        define("matched_element") { me, c, a in
            let index = a.u32(1), out = a.u32(2)
            guard out != 0, let comp = compositing(me, c) else { return .i32(0) }
            var element = tc_matched_element_t()
            guard comp.matched_element(c, index, &element) else { return .i32(0) }
            let id: UInt32
            if let known = me.matchedIDs[index] {
                id = known
            } else {
                id = try me.string(element.id.map { String(cString: $0) } ?? "")
                me.matchedIDs[index] = id
            }
            try me.withBytes(out, WasmLayout.MatchedElement.size, what: "matched_element's result") { g in
                g.storeBytes(of: id, toByteOffset: WasmLayout.MatchedElement.id, as: UInt32.self)
                g.storeBytes(of: element.from_frame, toByteOffset: WasmLayout.MatchedElement.fromFrame, as: tc_rect_t.self)
                g.storeBytes(of: element.to_frame, toByteOffset: WasmLayout.MatchedElement.toFrame, as: tc_rect_t.self)
                g.storeBytes(of: element.from_view, toByteOffset: WasmLayout.MatchedElement.fromView, as: Int32.self)
                g.storeBytes(of: element.to_view, toByteOffset: WasmLayout.MatchedElement.toView, as: Int32.self)
            }
            return .i32(1)
        }
        return imports
    }
}

extension UnsafeBufferPointer<Value> {
    fileprivate func u32(_ i: Int) -> UInt32 {
        if case .i32(let v) = self[i] { return v }
        return 0
    }

    fileprivate func view(_ i: Int) -> tc_view_id_t { tc_view_id_t(bitPattern: u32(i)) }

    fileprivate func f64(_ i: Int) -> Double {
        if case .f64(let v) = self[i] { return Double(bitPattern: v) }
        return .nan
    }
}

extension Value {
    fileprivate static func view(_ id: tc_view_id_t) -> Value { .i32(UInt32(bitPattern: id)) }
}

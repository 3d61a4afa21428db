#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
@_spi(Fuzzing) import WasmKit

/// The limits every wasm plugin runs under, in the host's own process: a fuel budget for each call,
/// a cap on linear memory, a cap on the module file. There are no other limits to set: a module
/// has no system access at all, only the host services it imports.
public struct WasmSandbox: Sendable, Hashable {
    /// Fuel for one call into the plugin (one unit is about one WebAssembly instruction). A call
    /// that uses it all fails as ``WasmFault/Kind/outOfFuel``, at the same instruction on every run.
    public var fuelPerCall: UInt64
    /// The most linear memory one instance may have, in bytes.
    public var memoryLimit: Int
    /// The largest module file the host reads, in bytes.
    public var moduleSizeLimit: Int

    /// The defaults: 20 million instructions a call (tens of milliseconds here; the built-in
    /// animators' costliest step uses well under 1 % of it), 32 MiB of memory, 16 MiB of module.
    public static let standard = WasmSandbox(fuelPerCall: 20_000_000, memoryLimit: 32 << 20, moduleSizeLimit: 16 << 20)

    /// The limits this process uses: ``standard``, with the fuel per call taken from the
    /// environment variable `TRANSITION_CATALOG_WASM_FUEL` when it holds a whole number from 10 000
    /// to 10 000 000 000 (a host that wants hangs named sooner, or a slow debug build).
    public static let current: WasmSandbox = {
        var limits = standard
        if let text = getenv(fuelVariable).map({ String(cString: $0) }), let fuel = UInt64(text), (10_000...10_000_000_000).contains(fuel) {
            limits.fuelPerCall = fuel
        }
        return limits
    }()

    /// The environment variable that sets the fuel per call.
    public static let fuelVariable = "TRANSITION_CATALOG_WASM_FUEL"

    /// Creates limits.
    public init(fuelPerCall: UInt64, memoryLimit: Int, moduleSizeLimit: Int) {
        self.fuelPerCall = fuelPerCall
        self.memoryLimit = memoryLimit
        self.moduleSizeLimit = moduleSizeLimit
    }

    /// The engine every wasm plugin of this process runs on: an interpreter that meters fuel and
    /// checks memory bounds in software, so an out-of-bounds access is a trap, never a signal the
    /// embedding app's own handlers could see.
    static let engine = Engine(configuration: EngineConfiguration(memoryBoundsChecking: .software, fuelMetering: true))
}

/// Refuses memory growth past the sandbox's cap with a ``WasmFault``, which ends the call.
final class WasmMemoryLimiter: ResourceLimiter, @unchecked Sendable {
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func limitMemoryGrowth(to desired: Int) throws -> Bool {
        guard desired <= limit else {
            throw WasmFault(
                kind: .memoryLimit, call: "memory.grow",
                detail: "grew its linear memory past the sandbox's cap of \(limit >> 20) MiB (to \(desired / 65536) pages of 64 KiB)")
        }
        return true
    }

    func limitTableGrowth(to desired: Int) throws -> Bool {
        guard desired <= 100_000 else {
            throw WasmFault(kind: .memoryLimit, call: "table.grow", detail: "asked for a table of \(desired) entries; the sandbox allows 100000")
        }
        return true
    }
}

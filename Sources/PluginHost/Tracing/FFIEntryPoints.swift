import CFFI
import CFFIShims
import TransitionABI

/// The animator entry points called through libffi: each call interface is prepared once from
/// the ABI's signature table, then every call is an `ffi_call`. The validator uses this path so
/// that every call can be traced and replayed exactly; previews and embedding call the typed
/// function pointers directly.
package enum FFIEntryPoints {
    /// A C type in a signature.
    enum CType {
        case void, double, pointer, uint32, bool

        var ffi: UnsafeMutablePointer<ffi_type> {
            switch self {
            case .void: tc_ffi_type_void()
            case .double: tc_ffi_type_double()
            case .pointer: tc_ffi_type_pointer()
            case .uint32: tc_ffi_type_uint32()
            case .bool: tc_ffi_type_uint8()
            }
        }
    }

    /// An entry point, by its place in the signature table.
    enum Entry: Int {
        case duration, setup, step, completion
    }

    /// The ABI's signature table, in the order of `Entry`: name, return type, argument types.
    static let signatures: [(name: String, result: CType, arguments: [CType])] = [
        ("duration", .double, [.pointer, .pointer]),
        ("setup", .bool, [.pointer, .pointer, .pointer]),
        ("step", .void, [.pointer, .pointer, .pointer, .double, .pointer, .uint32]),
        ("completion", .void, [.pointer, .pointer, .pointer, .bool]),
    ]

    /// A prepared call interface; it and its type arrays live for the life of the process.
    struct Interface: @unchecked Sendable {
        let cif: UnsafeMutablePointer<ffi_cif>
    }

    /// The prepared interfaces, in the order of `Entry`.
    static let interfaces: [Interface] = signatures.map { s in
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: s.arguments.count)
        for (i, t) in s.arguments.enumerated() { types[i] = t.ffi }
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        let status = ffi_prep_cif(cif, tc_ffi_default_abi(), UInt32(s.arguments.count), s.result.ffi, types)
        precondition(status == FFI_OK, "ffi_prep_cif failed for \(s.name)")
        return Interface(cif: cif)
    }

    /// Calls `function` through the prepared interface of `entry`, with the argument slots on the
    /// stack: no allocation per call.
    private static func call(
        _ entry: Entry, _ function: UnsafeRawPointer, _ result: UnsafeMutableRawPointer?,
        arguments fill: (UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 6) { slots in
            fill(slots)
            ffi_call(interfaces[entry.rawValue].cif, unsafeBitCast(function, to: (@convention(c) () -> Void).self), result, slots.baseAddress)
        }
    }

    static func duration(_ a: UnsafePointer<tc_animator_t>, _ ctx: UnsafeMutablePointer<tc_context_t>) -> Double {
        var selfArg: UnsafeRawPointer? = UnsafeRawPointer(a), ctxArg: UnsafeRawPointer? = UnsafeRawPointer(ctx)
        var result = 0.0
        let fn = unsafeBitCast(a.pointee.duration!, to: UnsafeRawPointer.self)
        withUnsafeMutablePointer(to: &selfArg) { s in
            withUnsafeMutablePointer(to: &ctxArg) { c in
                call(.duration, fn, &result) { slots in
                    slots[0] = UnsafeMutableRawPointer(s)
                    slots[1] = UnsafeMutableRawPointer(c)
                }
            }
        }
        return result
    }

    static func setup(_ a: UnsafePointer<tc_animator_t>, _ ctx: UnsafeMutablePointer<tc_context_t>, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Bool {
        var selfArg: UnsafeRawPointer? = UnsafeRawPointer(a), ctxArg: UnsafeRawPointer? = UnsafeRawPointer(ctx)
        var stateArg: UnsafeRawPointer? = UnsafeRawPointer(state)
        var result: ffi_arg = 0
        let fn = unsafeBitCast(a.pointee.setup!, to: UnsafeRawPointer.self)
        withUnsafeMutablePointer(to: &selfArg) { s in
            withUnsafeMutablePointer(to: &ctxArg) { c in
                withUnsafeMutablePointer(to: &stateArg) { st in
                    call(.setup, fn, &result) { slots in
                        slots[0] = UnsafeMutableRawPointer(s)
                        slots[1] = UnsafeMutableRawPointer(c)
                        slots[2] = UnsafeMutableRawPointer(st)
                    }
                }
            }
        }
        return result & 0xFF != 0
    }

    /// Calls the animator's step through `ffi_call`.
    package static func step(
        _ a: UnsafePointer<tc_animator_t>, _ ctx: UnsafeMutablePointer<tc_context_t>, _ state: UnsafeMutableRawPointer?,
        _ progress: Double, _ views: UnsafeMutablePointer<tc_view_state_t>, _ count: UInt32
    ) {
        var selfArg: UnsafeRawPointer? = UnsafeRawPointer(a), ctxArg: UnsafeRawPointer? = UnsafeRawPointer(ctx)
        var stateArg: UnsafeRawPointer? = UnsafeRawPointer(state), viewsArg: UnsafeRawPointer? = UnsafeRawPointer(views)
        var p = progress, n = count
        let fn = unsafeBitCast(a.pointee.step!, to: UnsafeRawPointer.self)
        withUnsafeMutablePointer(to: &selfArg) { s in
            withUnsafeMutablePointer(to: &ctxArg) { c in
                withUnsafeMutablePointer(to: &stateArg) { st in
                    withUnsafeMutablePointer(to: &p) { pp in
                        withUnsafeMutablePointer(to: &viewsArg) { v in
                            withUnsafeMutablePointer(to: &n) { nn in
                                call(.step, fn, nil) { slots in
                                    slots[0] = UnsafeMutableRawPointer(s)
                                    slots[1] = UnsafeMutableRawPointer(c)
                                    slots[2] = UnsafeMutableRawPointer(st)
                                    slots[3] = UnsafeMutableRawPointer(pp)
                                    slots[4] = UnsafeMutableRawPointer(v)
                                    slots[5] = UnsafeMutableRawPointer(nn)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func completion(_ a: UnsafePointer<tc_animator_t>, _ ctx: UnsafeMutablePointer<tc_context_t>, _ state: UnsafeMutableRawPointer?, _ finished: Bool) {
        guard let completion = a.pointee.completion else { return }
        var selfArg: UnsafeRawPointer? = UnsafeRawPointer(a), ctxArg: UnsafeRawPointer? = UnsafeRawPointer(ctx)
        var stateArg: UnsafeRawPointer? = UnsafeRawPointer(state)
        var flag: UInt8 = finished ? 1 : 0
        let fn = unsafeBitCast(completion, to: UnsafeRawPointer.self)
        withUnsafeMutablePointer(to: &selfArg) { s in
            withUnsafeMutablePointer(to: &ctxArg) { c in
                withUnsafeMutablePointer(to: &stateArg) { st in
                    withUnsafeMutablePointer(to: &flag) { f in
                        call(.completion, fn, nil) { slots in
                            slots[0] = UnsafeMutableRawPointer(s)
                            slots[1] = UnsafeMutableRawPointer(c)
                            slots[2] = UnsafeMutableRawPointer(st)
                            slots[3] = UnsafeMutableRawPointer(f)
                        }
                    }
                }
            }
        }
    }
}

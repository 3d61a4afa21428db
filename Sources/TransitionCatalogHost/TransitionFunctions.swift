import PluginHost
import TransitionABI
import TransitionCore

// The transition functions of transition_catalog_host.h; each is documented there.

@_cdecl("tch_transition_info")
public func tch_transition_info(_ transition: OpaquePointer?, _ out: UnsafeMutablePointer<tch_transition_info_t>?) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        guard let out else { throw HostFailure(.invalidArgument, "tch_transition_info needs out") }
        try checkSize(out.pointee.struct_size, atLeast: MemoryLayout<tch_transition_info_t>.size, "tch_transition_info_t")
        let d = t.driven, planned = d.transition
        out.pointee.operation = UInt32(planned.operation.rawValue)
        out.pointee.style = planned.style == .custom ? 1 : 0
        out.pointee.interactive = d.interactive ? 1 : 0
        out.pointee.duration = d.duration
        out.pointee.animator = t.infoStrings.keepOrNull(d.resolved?.animator.qualifiedID)
        out.pointee.reversed = d.resolved?.reversed == true ? 1 : 0
        out.pointee.from_screen = t.infoStrings.keepOrNull(planned.fromScreen.isEmpty ? nil : planned.fromScreen)
        out.pointee.to_screen = t.infoStrings.keepOrNull(planned.toScreen.isEmpty ? nil : planned.toScreen)
    }
}

@_cdecl("tch_transition_error")
public func tch_transition_error(_ transition: OpaquePointer?) -> UnsafePointer<CChar>? {
    object(transition, as: EmbeddedTransition.self)?.lastError.pointer
}

@_cdecl("tch_transition_update")
public func tch_transition_update(_ transition: OpaquePointer?, _ fraction: Double, _ time: Double) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        guard fraction.isFinite else { throw HostFailure(.invalidArgument, "fraction \(fraction) is not finite") }
        let c = try t.clock(time)
        try t.event { () throws(InteractionController.Error) in try t.driven.update(fraction, at: c) }
    }
}

@_cdecl("tch_transition_grab")
public func tch_transition_grab(_ transition: OpaquePointer?, _ time: Double) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        let c = try t.clock(time)
        try t.event { () throws(InteractionController.Error) in try t.driven.pause(at: c) }
    }
}

@_cdecl("tch_transition_release")
public func tch_transition_release(
    _ transition: OpaquePointer?, _ velocity: Double, _ time: Double, _ finishes: UnsafeMutablePointer<Int32>?
) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        let c = try t.clock(time)
        var result = false
        try t.event { () throws(InteractionController.Error) in result = try t.driven.release(velocity: velocity, at: c) }
        finishes?.pointee = result ? 1 : 0
    }
}

@_cdecl("tch_transition_finish")
public func tch_transition_finish(_ transition: OpaquePointer?, _ time: Double) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        let c = try t.clock(time)
        try t.event { () throws(InteractionController.Error) in try t.driven.finish(at: c) }
    }
}

@_cdecl("tch_transition_cancel")
public func tch_transition_cancel(_ transition: OpaquePointer?, _ time: Double) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        let c = try t.clock(time)
        try t.event { () throws(InteractionController.Error) in try t.driven.cancel(at: c) }
    }
}

@_cdecl("tch_transition_frame")
public func tch_transition_frame(_ transition: OpaquePointer?, _ time: Double, _ out: UnsafeMutablePointer<tch_frame_t>?) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        guard let out else { throw HostFailure(.invalidArgument, "tch_transition_frame needs out") }
        try checkSize(out.pointee.struct_size, atLeast: MemoryLayout<tch_frame_t>.size, "tch_frame_t")
        var frame = try t.frame(at: time)
        frame.struct_size = out.pointee.struct_size
        out.pointee = frame
    }
}

@_cdecl("tch_transition_project")
public func tch_transition_project(
    _ transition: OpaquePointer?, _ index: UInt32, _ u: Double, _ v: Double,
    _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?, _ w: UnsafeMutablePointer<Double>?
) -> Int32 {
    guard let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    return t.call { () throws(HostFailure) in
        let p = try t.project(Int(index), u: u, v: v)
        x?.pointee = p.x
        y?.pointee = p.y
        w?.pointee = p.w
    }
}

@_cdecl("tch_transition_end")
public func tch_transition_end(_ transition: OpaquePointer?, _ finished: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let transition, let t = object(transition, as: EmbeddedTransition.self) else { return HostStatus.invalidArgument.rawValue }
    var status = HostStatus.ok
    do {
        let ended = try t.end()
        finished?.pointee = ended.finished ? 1 : 0
        if let breach = ended.breach {
            t.driver.lastError.set(breach)
            status = .pluginBroken
        }
    } catch {
        t.driver.lastError.set(error.message)
        status = error.status
    }
    release(transition, as: EmbeddedTransition.self)
    return status.rawValue
}

import PluginHost
import TransitionABI
import TransitionCore

// The driver functions of transition_catalog_host.h; each is documented there.

@_cdecl("tch_driver_create")
public func tch_driver_create(
    _ host: OpaquePointer?, _ options: UnsafePointer<tch_driver_options_t>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    out?.pointee = nil
    guard let h = object(host, as: EmbeddedHost.self) else { return HostStatus.invalidArgument.rawValue }
    return h.call { () throws(HostFailure) in
        guard let options, let out else { throw HostFailure(.invalidArgument, "tch_driver_create needs options and out_driver") }
        try checkSize(options.pointee.struct_size, atLeast: MemoryLayout<tch_driver_options_t>.size, "tch_driver_options_t")
        out.pointee = handle(try EmbeddedDriver(host: h, options: options.pointee))
    }
}

@_cdecl("tch_driver_destroy")
public func tch_driver_destroy(_ driver: OpaquePointer?) {
    if let driver { release(driver, as: EmbeddedDriver.self) }
}

@_cdecl("tch_driver_error")
public func tch_driver_error(_ driver: OpaquePointer?) -> UnsafePointer<CChar>? {
    object(driver, as: EmbeddedDriver.self)?.lastError.pointer
}

@_cdecl("tch_driver_set_container_size")
public func tch_driver_set_container_size(_ driver: OpaquePointer?, _ width: Double, _ height: Double) -> Int32 {
    guard let d = object(driver, as: EmbeddedDriver.self) else { return HostStatus.invalidArgument.rawValue }
    return d.call { () throws(HostFailure) in
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw HostFailure(.invalidArgument, "the container size \(width)x\(height) must be finite and positive")
        }
        d.director.containerBounds = Rect(x: 0, y: 0, width: width, height: height)
    }
}

@_cdecl("tch_driver_layers")
public func tch_driver_layers(_ driver: OpaquePointer?, _ count: UnsafeMutablePointer<UInt32>?) -> UnsafePointer<tch_layer_t>? {
    count?.pointee = 0
    guard let d = object(driver, as: EmbeddedDriver.self) else { return nil }
    let (layers, n) = d.cLayers()
    count?.pointee = UInt32(n)
    return layers
}

@_cdecl("tch_transition_begin")
public func tch_transition_begin(
    _ driver: OpaquePointer?, _ begin: UnsafePointer<tch_begin_t>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    out?.pointee = nil
    guard let d = object(driver, as: EmbeddedDriver.self) else { return HostStatus.invalidArgument.rawValue }
    return d.call { () throws(HostFailure) in
        guard let begin, let out else { throw HostFailure(.invalidArgument, "tch_transition_begin needs begin and out_transition") }
        try checkSize(begin.pointee.struct_size, atLeast: MemoryLayout<tch_begin_t>.size, "tch_begin_t")
        guard begin.pointee.start_time.isFinite else { throw HostFailure(.invalidArgument, "start_time is not finite") }
        let driven = try d.begin(begin.pointee)
        out.pointee = handle(EmbeddedTransition(driver: d, driven: driven, origin: begin.pointee.start_time))
    }
}

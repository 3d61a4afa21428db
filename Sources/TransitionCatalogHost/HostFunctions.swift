#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PluginHost
import TransitionABI
import TransitionCore

// The host functions of transition_catalog_host.h; each is documented there.

@_cdecl("tch_api_version")
public func tch_api_version() -> UInt32 {
    UInt32(TCH_API_VERSION_MAJOR) * 1000 + UInt32(TCH_API_VERSION_MINOR)
}

@_cdecl("tch_host_open")
public func tch_host_open(
    _ options: UnsafePointer<tch_host_options_t>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ errorBuffer: UnsafeMutablePointer<CChar>?, _ errorSize: Int
) -> Int32 {
    out?.pointee = nil
    do throws(HostFailure) {
        guard let options, let out else { throw HostFailure(.invalidArgument, "tch_host_open needs options and out_host") }
        try checkSize(options.pointee.struct_size, atLeast: sizeOfVersion1_0(tch_host_options_t.self, endingBefore: \.search), "tch_host_options_t")
        out.pointee = handle(try EmbeddedHost.open(options.pointee))
        return HostStatus.ok.rawValue
    } catch {
        copy(error.message, to: errorBuffer, size: errorSize)
        return error.status.rawValue
    }
}

@_cdecl("tch_host_close")
public func tch_host_close(_ host: OpaquePointer?) {
    if let host { release(host, as: EmbeddedHost.self) }
}

@_cdecl("tch_host_error")
public func tch_host_error(_ host: OpaquePointer?) -> UnsafePointer<CChar>? {
    object(host, as: EmbeddedHost.self)?.lastError.pointer
}

@_cdecl("tch_host_refused_plugin_count")
public func tch_host_refused_plugin_count(_ host: OpaquePointer?) -> UInt32 {
    UInt32(object(host, as: EmbeddedHost.self)?.refusedLines.count ?? 0)
}

@_cdecl("tch_host_refused_plugin")
public func tch_host_refused_plugin(_ host: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar>? {
    guard let h = object(host, as: EmbeddedHost.self), Int(index) < h.refusedLines.count else { return nil }
    return h.refusedPointers[Int(index)]
}

@_cdecl("tch_host_animator_count")
public func tch_host_animator_count(_ host: OpaquePointer?) -> UInt32 {
    UInt32(object(host, as: EmbeddedHost.self)?.animators.count ?? 0)
}

@_cdecl("tch_host_animator_info")
public func tch_host_animator_info(_ host: OpaquePointer?, _ index: UInt32, _ out: UnsafeMutablePointer<tch_animator_info_t>?) -> Int32 {
    guard let h = object(host, as: EmbeddedHost.self) else { return HostStatus.invalidArgument.rawValue }
    return h.call { () throws(HostFailure) in
        guard let out else { throw HostFailure(.invalidArgument, "tch_host_animator_info needs out") }
        try checkSize(out.pointee.struct_size, atLeast: MemoryLayout<tch_animator_info_t>.size, "tch_animator_info_t")
        let a = try h.animator(at: index), d = a.description
        out.pointee.id = h.kept.keep(d.id)
        out.pointee.qualified_id = h.kept.keep(a.qualifiedID)
        out.pointee.name = h.kept.keep(d.name)
        out.pointee.summary = h.kept.keep(d.summary)
        out.pointee.operations = d.operations.reduce(0) { $0 | 1 << UInt32($1.rawValue) }
        out.pointee.styles = d.styles.reduce(0) { $0 | 1 << UInt32($1 == .custom ? 1 : 0) }
        out.pointee.reversible = d.reversible ? 1 : 0
        out.pointee.parameter_count = UInt32(d.parameters.count)
    }
}

@_cdecl("tch_host_parameter_info")
public func tch_host_parameter_info(
    _ host: OpaquePointer?, _ animator: UInt32, _ parameter: UInt32, _ out: UnsafeMutablePointer<tch_parameter_info_t>?
) -> Int32 {
    guard let h = object(host, as: EmbeddedHost.self) else { return HostStatus.invalidArgument.rawValue }
    return h.call { () throws(HostFailure) in
        guard let out else { throw HostFailure(.invalidArgument, "tch_host_parameter_info needs out") }
        try checkSize(out.pointee.struct_size, atLeast: MemoryLayout<tch_parameter_info_t>.size, "tch_parameter_info_t")
        let d = try h.animator(at: animator).description
        guard Int(parameter) < d.parameters.count else {
            throw HostFailure(.notFound, "\(d.id) has \(d.parameters.count) parameters; \(parameter) does not exist")
        }
        let p = d.parameters[Int(parameter)]
        out.pointee.id = h.kept.keep(p.id)
        out.pointee.name = h.kept.keep(p.name)
        out.pointee.doc = h.kept.keep(p.doc)
        out.pointee.unit = h.kept.keep(p.unit)
        out.pointee.type = UInt32(p.kind.rawValue)
        out.pointee.default_value = p.defaultValue
        out.pointee.minimum = p.minimum
        out.pointee.maximum = p.maximum
        out.pointee.choice_count = UInt32(p.choices.count)
        out.pointee.choices = h.keepArray(p.choices)
    }
}

@_cdecl("tch_host_load_transitions_file")
public func tch_host_load_transitions_file(_ host: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    guard let h = object(host, as: EmbeddedHost.self) else { return HostStatus.invalidArgument.rawValue }
    return h.call { () throws(HostFailure) in
        guard let path = string(path) else { throw HostFailure(.invalidArgument, "tch_host_load_transitions_file needs a path") }
        let data: [UInt8]
        do throws(InputFile.Problem) {
            data = try InputFile.read(path, limit: TransitionsSourceFile.largestFile)
        } catch {
            throw HostFailure(
                error == .missing ? .notFound : .file, error.message("transitions file", path: path, limit: TransitionsSourceFile.largestFile))
        }
        do {
            h.rules = try TransitionsSourceFile(utf8: data, fileName: path, catalog: h.descriptions).rules
            h.instantRules = []
        } catch let error as TransitionsSourceFile.Error {
            throw HostFailure(.file, error.description)
        } catch {
            throw HostFailure(.file, "\(path): \(error)")
        }
    }
}

@_cdecl("tch_host_add_rule")
public func tch_host_add_rule(_ host: OpaquePointer?, _ rule: UnsafePointer<tch_rule_t>?) -> Int32 {
    guard let h = object(host, as: EmbeddedHost.self) else { return HostStatus.invalidArgument.rawValue }
    return h.call { () throws(HostFailure) in
        guard let rule = rule?.pointee else { throw HostFailure(.invalidArgument, "tch_host_add_rule needs a rule") }
        try checkSize(rule.struct_size, atLeast: sizeOfVersion1_0(tch_rule_t.self, endingBefore: \.flags), "tch_rule_t")
        let flags = Int(rule.struct_size) >= MemoryLayout<tch_rule_t>.size ? rule.flags : 0
        guard flags & ~UInt64(TCH_RULE_INSTANT) == 0 else {
            throw HostFailure(.invalidArgument, "flags 0x\(String(flags, radix: 16)) holds bits that are no rule flag; use TCH_RULE_INSTANT or 0")
        }
        let instant = flags & UInt64(TCH_RULE_INSTANT) != 0
        if instant {
            if let animator = string(rule.animator) {
                throw HostFailure(.invalidArgument, "the rule sets TCH_RULE_INSTANT and names the animator \(animator); set animator to NULL for an instant change, or clear the flag")
            }
            if rule.parameter_count > 0 || rule.style != -1 || rule.reversed != 0 {
                throw HostFailure(.invalidArgument, "the rule sets TCH_RULE_INSTANT and also parameters, a style or reversed, which only an animator takes; set parameter_count 0, style -1 and reversed 0")
            }
        }
        let json = try RuleJSON.text(rule)
        do {
            let parsed = try TransitionsSourceFile(json: json, fileName: "rule \(h.rules.count + 1)", catalog: h.descriptions)
            if instant { h.instantRules.insert(h.rules.count) }
            h.rules += parsed.rules
        } catch let error as TransitionsSourceFile.Error {
            throw HostFailure(.invalidArgument, error.description)
        } catch {
            throw HostFailure(.invalidArgument, "\(error)")
        }
    }
}

@_cdecl("tch_host_clear_rules")
public func tch_host_clear_rules(_ host: OpaquePointer?) {
    guard let h = object(host, as: EmbeddedHost.self) else { return }
    h.rules = []
    h.instantRules = []
}

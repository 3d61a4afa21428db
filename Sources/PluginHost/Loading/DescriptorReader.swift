import TransitionABI
import TransitionCore

/// Reads a plugin descriptor from plugin memory into `PluginInfo`, collecting every breach of the
/// descriptor rules instead of stopping at the first.
struct DescriptorReader {
    let path: String
    private(set) var problems: [DescriptorProblem] = []

    init(path: String) { self.path = path }

    private mutating func report(_ severity: DescriptorProblem.Severity, _ check: String, _ subject: String, _ message: String) {
        problems.append(DescriptorProblem(severity: severity, check: check, subject: subject, message: message))
    }

    /// Reads a string field, reporting NULL (when required), invalid UTF-8, control characters
    /// and excess length.
    /// The field's name is only built when a problem is reported.
    private mutating func string(
        _ pointer: UnsafePointer<CChar>?, field: @autoclosure () -> String, subject: String, limit: Int, required: Bool
    ) -> String {
        let s = PluginString(pointer, limit: limit)
        if !s.present || (required && s.text.isEmpty) {
            if required {
                report(.error, "descriptor-fields", subject, "\(field()) is \(s.present ? "empty" : "NULL"); set it to a non-empty UTF-8 string")
            }
            return ""
        }
        if !s.validUTF8 {
            report(.warning, "descriptor-strings", subject, "\(field()) is not valid UTF-8 (shown as \"\(s.text)\"); encode it as UTF-8")
        } else if s.hadControlCharacters {
            report(.warning, "descriptor-strings", subject, "\(field()) holds control characters or terminal escapes (shown escaped as \"\(s.text)\"); remove them")
        }
        if s.tooLong {
            report(.warning, "descriptor-strings", subject, "\(field()) is longer than \(limit) bytes and was cut; shorten it")
        }
        return s.text
    }

    /// Reads the plugin descriptor. The ABI version must already have been checked.
    mutating func read(_ plugin: UnsafePointer<tc_plugin_t>) -> (info: PluginInfo, animators: [UnsafePointer<tc_animator_t>]) {
        let p = plugin.pointee
        let pluginID = string(p.id, field: "plugin id", subject: "plugin", limit: Int(TC_ID_MAX), required: true)
        let subject = pluginID.isEmpty ? "plugin" : pluginID
        if !pluginID.isEmpty && !IDSyntax.isReverseDNS(pluginID) {
            report(.error, "descriptor-ids", subject, "plugin id \"\(pluginID)\" is not reverse-DNS; use lowercase labels separated by dots, such as \"org.example.transitions\"")
        }
        let name = string(p.name, field: "name", subject: subject, limit: Int(TC_NAME_MAX), required: true)
        let vendor = string(p.vendor, field: "vendor", subject: subject, limit: Int(TC_NAME_MAX), required: false)
        let version = string(p.version, field: "version", subject: subject, limit: Int(TC_NAME_MAX), required: true)
        let description = string(p.description, field: "description", subject: subject, limit: Int(TC_TEXT_MAX), required: false)
        let license = string(p.license, field: "license", subject: subject, limit: Int(TC_NAME_MAX), required: false)
        if license.isEmpty {
            report(.warning, "descriptor-fields", subject, "license is empty; give an SPDX expression such as \"MIT\"")
        }

        var descriptions: [AnimatorDescription] = []
        var pointers: [UnsafePointer<tc_animator_t>] = []
        let count = Int(p.animator_count)
        if count == 0 {
            report(.error, "descriptor-fields", subject, "animator_count is 0; a plugin must export at least one animator")
        } else if count > Int(TC_MAX_ANIMATORS) {
            report(.error, "descriptor-fields", subject, "animator_count is \(count), above the limit of \(TC_MAX_ANIMATORS)")
        } else if p.animators == nil {
            report(.error, "descriptor-fields", subject, "animators is NULL while animator_count is \(count)")
        } else {
            var seen: [String: Int] = [:]
            for i in 0..<count {
                guard let a = p.animators[i] else {
                    report(.error, "descriptor-fields", subject, "animators[\(i)] is NULL")
                    continue
                }
                guard let d = readAnimator(a, index: i, pluginSubject: subject) else { continue }
                if let first = seen[d.id] {
                    report(.error, "descriptor-ids", subject, "animators[\(first)] and animators[\(i)] both have id \"\(d.id)\"; animator ids must be unique within a plugin")
                    continue
                }
                seen[d.id] = i
                descriptions.append(d)
                pointers.append(a)
            }
        }
        let info = PluginInfo(
            path: path, id: pluginID, name: name, vendor: vendor, version: version, description: description,
            license: license, abi: ABIVersion(p.abi), animators: descriptions)
        return (info, pointers)
    }

    private mutating func readAnimator(_ pointer: UnsafePointer<tc_animator_t>, index: Int, pluginSubject: String) -> AnimatorDescription? {
        let a = pointer.pointee
        let abi = ABIVersion(a.abi)
        let rawID = string(a.id, field: "animators[\(index)].id", subject: pluginSubject, limit: Int(TC_ID_MAX), required: true)
        guard !rawID.isEmpty else { return nil }
        let subject = "\(pluginSubject):\(rawID)"
        if abi.isUnset {
            report(.error, "abi-version", subject, "animator's `abi` is 0.0.0: the field was never set; set `.abi = TC_ABI_VERSION_INIT` in its tc_animator_t")
            return nil
        }
        guard abi.isCompatibleWithHost else {
            report(.error, "abi-version", subject, "animator was built against ABI \(abi) but this host speaks ABI \(ABIVersion.host); rebuild it against the host's transition_catalog.h")
            return nil
        }
        var ok = true
        if !IDSyntax.isKebabCase(rawID) {
            report(.error, "descriptor-ids", subject, "animator id \"\(rawID)\" is not kebab-case; use lowercase letters, digits and hyphens, starting with a letter, such as \"cover-vertical\"")
            ok = false
        }
        let name = string(a.name, field: "name", subject: subject, limit: Int(TC_NAME_MAX), required: true)
        let summary = string(a.summary, field: "summary", subject: subject, limit: Int(TC_TEXT_MAX), required: false)
        let allOps = (1 << UInt32(TC_OPERATION_COUNT)) - 1 as UInt32
        if a.operations == 0 {
            report(.error, "descriptor-fields", subject, "operations is 0; set TC_OPERATION_BIT for each operation it serves")
            ok = false
        } else if a.operations & ~allOps != 0 {
            report(.error, "descriptor-fields", subject, "operations has unknown bits (0x\(String(a.operations, radix: 16))); use TC_OPERATION_BIT values only")
            ok = false
        }
        let allStyles = PresentationStyle.allCases.reduce(0 as UInt32) { $0 | $1.bit }
        if a.styles & ~allStyles != 0 {
            report(.error, "descriptor-fields", subject, "styles has unknown bits (0x\(String(a.styles, radix: 16))); use TC_STYLE_BIT values only")
            ok = false
        }
        for (field, isNull) in [("duration", a.duration == nil), ("setup", a.setup == nil), ("step", a.step == nil)] where isNull {
            report(.error, "descriptor-fields", subject, "\(field) is NULL; duration, setup and step are required (completion may be NULL)")
            ok = false
        }
        let parameters = readParameters(a, subject: subject, ok: &ok)
        guard ok else { return nil }
        return AnimatorDescription(
            id: rawID, name: name, summary: summary, operations: TransitionOperation.from(mask: a.operations),
            styles: PresentationStyle.from(mask: a.styles), reversible: a.flags & UInt32(TC_ANIMATOR_REVERSIBLE) != 0,
            parameters: parameters)
    }

    private mutating func readParameters(_ a: tc_animator_t, subject: String, ok: inout Bool) -> [ParameterSpec] {
        let count = Int(a.param_count)
        guard count > 0 else { return [] }
        guard count <= Int(TC_MAX_PARAMS) else {
            report(.error, "descriptor-parameters", subject, "param_count is \(count), above the limit of \(TC_MAX_PARAMS)")
            ok = false
            return []
        }
        guard let params = a.params else {
            report(.error, "descriptor-parameters", subject, "params is NULL while param_count is \(count)")
            ok = false
            return []
        }
        var specs: [ParameterSpec] = []
        var seen = Set<String>()
        for i in 0..<count {
            let p = params[i]
            let id = string(p.id, field: "params[\(i)].id", subject: subject, limit: Int(TC_ID_MAX), required: true)
            // Built only for a problem's message.
            func parameterName() -> String { "parameter \"\(id.isEmpty ? "#\(i)" : id)\"" }
            guard !id.isEmpty else { ok = false; continue }
            if !IDSyntax.isKebabCase(id) {
                report(.error, "descriptor-parameters", subject, "\(parameterName()): id is not kebab-case")
                ok = false
            }
            if !seen.insert(id).inserted {
                report(.error, "descriptor-parameters", subject, "\(parameterName()) is declared twice; parameter ids must be unique")
                ok = false
            }
            let name = string(p.name, field: "\(parameterName()) name", subject: subject, limit: Int(TC_NAME_MAX), required: true)
            let doc = string(p.doc, field: "\(parameterName()) doc", subject: subject, limit: Int(TC_TEXT_MAX), required: false)
            let unit = string(p.unit, field: "\(parameterName()) unit", subject: subject, limit: 16, required: false)
            guard let kind = ParameterSpec.Kind(rawValue: Int(p.type)) else {
                report(.error, "descriptor-parameters", subject, "\(parameterName()) has unknown type \(p.type); use a tc_param_type_t value")
                ok = false
                continue
            }
            var minimum = p.min_value, maximum = p.max_value
            var choices: [String] = []
            switch kind {
            case .bool:
                minimum = 0
                maximum = 1
            case .choice:
                if p.choice_count == 0 || p.choices == nil {
                    report(.error, "descriptor-parameters", subject, "\(parameterName()) is a choice with no choices; set choice_count and choices")
                    ok = false
                    continue
                }
                for c in 0..<Int(p.choice_count) {
                    let choice = string(p.choices[c], field: "\(parameterName()) choices[\(c)]", subject: subject, limit: Int(TC_ID_MAX), required: true)
                    if !choice.isEmpty && !IDSyntax.isKebabCase(choice) {
                        report(.warning, "descriptor-parameters", subject, "\(parameterName()) choice \"\(choice)\" is not kebab-case; command lines and files name choices in kebab-case")
                    }
                    choices.append(choice)
                }
                if p.max_value != Double(choices.count - 1) {
                    report(.error, "descriptor-parameters", subject, "\(parameterName()) is a choice of \(choices.count) but its max_value is \(Format.number(p.max_value)); set max_value = choice_count − 1 = \(choices.count - 1)")
                }
                minimum = 0
                maximum = Double(choices.count - 1)
            case .number, .integer:
                if !minimum.isFinite || !maximum.isFinite || minimum > maximum {
                    report(.error, "descriptor-parameters", subject, "\(parameterName()) has range \(Format.number(minimum))...\(Format.number(maximum)); give finite bounds with min <= max")
                    ok = false
                    continue
                }
            }
            let spec = ParameterSpec(
                id: id, name: name, doc: doc, unit: unit, kind: kind, defaultValue: p.default_value,
                minimum: minimum, maximum: maximum, choices: choices)
            do {
                try spec.check(p.default_value)
            } catch {
                report(.error, "descriptor-parameters", subject, "\(parameterName()) default: \(error.description); set a default inside the range")
                ok = false
            }
            specs.append(spec)
        }
        return specs
    }
}

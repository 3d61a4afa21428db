#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionABI
import TransitionCore

/// A rule set in code, written as a transitions file of one rule, so it is checked by the same
/// reader and with the same messages as a file's.
enum RuleJSON {
    /// A JSON value of a rule.
    enum Value: Encodable {
        case string(String), number(Double), bool(Bool), null
        case array([Value]), object([String: Value])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let s): try container.encode(s)
            case .number(let n): try container.encode(n)
            case .bool(let b): try container.encode(b)
            case .null: try container.encodeNil()
            case .array(let a): try container.encode(a)
            case .object(let o): try container.encode(o)
            }
        }
    }

    static func text(_ rule: tch_rule_t) throws(HostFailure) -> String {
        var object: [String: Value] = [:]
        if rule.operations == 0 {
            object["operation"] = .string("*")
        } else {
            let names = TransitionOperation.allCases.filter { rule.operations & (1 << UInt32($0.rawValue)) != 0 }.map(\.name)
            guard !names.isEmpty, rule.operations < 1 << 5 else {
                throw HostFailure(.invalidArgument, "operations 0x\(String(rule.operations, radix: 16)) holds bits that are no operation; use TC_OPERATION_BIT")
            }
            object["operation"] = .array(names.map(Value.string))
        }
        if let from = string(rule.from_screen) { object["from"] = .string(from) }
        if let to = string(rule.to_screen) { object["to"] = .string(to) }
        switch rule.interactive {
        case -1: break
        case 0, 1: object["interactive"] = .bool(rule.interactive == 1)
        default: throw HostFailure(.invalidArgument, "interactive is \(rule.interactive); use 1, 0 or TCH_INTERACTIVE_ANY")
        }
        object["animator"] = string(rule.animator).map(Value.string) ?? .null
        guard let assignments = strings(rule.parameters, count: rule.parameter_count) else {
            throw HostFailure(.invalidArgument, "parameters is NULL or holds a NULL entry while parameter_count is \(rule.parameter_count)")
        }
        if !assignments.isEmpty {
            var parameters: [String: Value] = [:]
            for a in assignments {
                guard let eq = a.firstIndex(of: "=") else {
                    throw HostFailure(.invalidArgument, "parameter '\(a)' is not of the form id=value")
                }
                let value = String(a[a.index(after: eq)...])
                parameters[String(a[..<eq])] = Double(value).map(Value.number) ?? (value == "true" ? .bool(true) : value == "false" ? .bool(false) : .string(value))
            }
            object["parameters"] = .object(parameters)
        }
        switch rule.style {
        case -1: break
        case 0: object["style"] = .string("full-screen")
        case 1: object["style"] = .string("custom")
        default: throw HostFailure(.invalidArgument, "style is \(rule.style); use TC_STYLE_FULL_SCREEN, TC_STYLE_CUSTOM or -1")
        }
        if rule.reversed != 0 { object["reversed"] = .bool(true) }
        let file = Value.object(["version": .number(1), "rules": .array([.object(object)])])
        guard let data = try? JSONEncoder().encode(file), let text = String(data: data, encoding: .utf8) else {
            throw HostFailure(.invalidArgument, "the rule cannot be written as JSON")
        }
        return text
    }
}

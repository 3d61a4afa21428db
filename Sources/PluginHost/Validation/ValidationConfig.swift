#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

/// A validator configuration file: known false positives to silence, each with a reason.
///
/// ```json
/// { "silence": [ { "check": "step-cost", "subject": "org.example.*", "reason": "runs on desktops only" } ] }
/// ```
/// `check` and `subject` are glob patterns (`*`, `?`). A silenced result becomes SKIP and keeps its
/// original status and findings in its details.
public struct ValidationConfig: Sendable, Codable, Hashable {
    /// One silenced pattern.
    public struct Silence: Sendable, Codable, Hashable {
        /// A glob over check ids.
        public var check: String
        /// A glob over subjects (plugin ids or `PLUGIN-ID:ANIMATOR-ID`); all when absent.
        public var subject: String?
        /// Why it is silenced; shown in the report.
        public var reason: String
    }

    /// The silenced patterns.
    public var silence: [Silence]

    /// Why a configuration file was refused.
    public struct Error: Swift.Error, CustomStringConvertible {
        /// `FILE: what is wrong`.
        public let description: String
    }

    /// Parses a configuration from JSON text; `fileName` names it in errors.
    public init(json: String, fileName: String) throws(Error) {
        do {
            self = try JSONDecoder().decodeChecked(ValidationConfig.self, from: Data(json.utf8))
        } catch let syntax as JSONSyntax.Failure {
            throw Error(description: "\(fileName): malformed JSON \(syntax.location(in: Array(json.utf8))): \(syntax.reason)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw Error(description: "\(fileName): \(Self.path(context.codingPath + [key])): missing key \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context) {
            throw Error(description: "\(fileName): \(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw Error(description: "\(fileName): not a validator configuration (\(error)); expected {\"silence\": [{\"check\": ..., \"subject\": ..., \"reason\": ...}]}")
        }
        for (i, s) in silence.enumerated() where !ContractCheck.all.contains(where: { Glob.matches(s.check, $0.id) }) {
            throw Error(description: "\(fileName): silence[\(i)].check: \"\(DisplayText.escape(s.check))\" matches no check; see catalog validate --list-checks")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix(".").description
    }

    /// The results with silenced ones turned into SKIP.
    public func apply(to results: [CheckResult], fileName: String) -> [CheckResult] {
        results.map { r in
            guard r.status != .pass, let s = silence.first(where: { Glob.matches($0.check, r.check) && Glob.matches($0.subject ?? "*", r.subject) }) else { return r }
            var silenced = r
            silenced.details = ["silenced by \(fileName): \(s.reason) (was \(r.status.rawValue))"] + r.details
            silenced.status = .skip
            return silenced
        }
    }
}

/// Shell-style patterns with `*` and `?`.
public enum Glob {
    /// True when `text` matches `pattern` entirely.
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
                pi += 1
                ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PluginHost
import TransitionCore

/// The JSON outputs of `validate` (its report and --list-checks) and the reading of --config.
enum ValidateJSON {
    /// `validate --json`: docs/schemas/validate.schema.json.
    struct Report: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var seed: UInt64
        var results: [CheckResult]
        var passed: Bool
    }

    /// `validate --list-checks --json`: docs/schemas/checks.schema.json.
    struct Checks: Encodable {
        struct Check: Encodable {
            var id: String
            var summary: String
        }

        var schemaVersion = JSONOutput.schemaVersion
        var checks: [Check]
    }

    /// The report as JSON text.
    static func report(_ results: [CheckResult], seed: UInt64) throws -> String {
        try JSONOutput.encode(Report(seed: seed, results: results, passed: !results.contains { $0.status.isFailure }))
    }

    /// Every check as JSON text.
    static func checks() throws -> String {
        try JSONOutput.encode(Checks(checks: ContractCheck.all.map { Checks.Check(id: $0.id, summary: $0.summary) }))
    }

    /// Reads a --config file: a missing file or a directory exits 66; one over 1 MiB, bytes that
    /// are not UTF-8, text that is not JSON (a truncated file) or not a configuration exits 65
    /// with a message that names the file and the place, as a transitions file's does.
    static func readConfig(_ file: String) throws -> ValidationConfig {
        let data = try InputLimits.readInput(file, what: "configuration file", limit: InputLimits.transitionsFileBytes)
        if let (line, column) = JSONSyntax.invalidUTF8(in: data) {
            throw CLIError("\(DisplayText.escape(file)): not UTF-8 text: invalid byte at line \(line), column \(column)", status: .dataError)
        }
        let expected = #"expected {"silence": [{"check": ..., "subject": ..., "reason": ...}]}"#
        guard JSONSyntax.firstError(in: data) == nil else {
            throw CLIError("\(DisplayText.escape(file)) is not valid JSON (is it cut short?); \(expected)", status: .dataError)
        }
        do {
            return try ValidationConfig(json: String(decoding: data, as: UTF8.self), fileName: DisplayText.escape(file))
        } catch {
            throw CLIError(error.description, status: .dataError)
        }
    }
}

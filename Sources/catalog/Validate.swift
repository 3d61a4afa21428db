import ArgumentParser
import Foundation
import PluginHost
import TransitionCore

/// `catalog validate`: the animator contract suite.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check plugins against the animator contract.",
        discussion: """
            Each argument is a plugin file or an animator id (PLUGIN-ID:ANIMATOR-ID for a shadowed one). \
            With none, every plugin found is checked. The exit status is 1 when any check fails.
            """)

    @Argument(help: ArgumentHelp("Plugin files or animator ids.", valueName: "path|id"))
    var targets: [String] = []

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Flag(name: .customLong("list-checks"), help: "List the checks and exit.")
    var listChecks = false

    @Flag(help: "Show passing checks too.")
    var verbose = false

    @OptionGroup var plugins: PluginOptions

    func run() throws {
        if listChecks {
            print(TextTable.render(ContractCheck.all.map { [$0.id, $0.summary] }))
            return
        }
        let suite = ContractSuite()
        var results: [CheckResult] = []
        var catalog: PluginCatalog?
        func loaded() -> PluginCatalog {
            if let catalog { return catalog }
            let c = plugins.loadCatalog(quiet: json)
            catalog = c
            return c
        }
        if targets.isEmpty {
            let c = loaded()
            for entry in c.entries { results += suite.validate(path: entry.path) }
            for error in c.unreadable {
                results.append(CheckResult(check: ContractCheck.loading.id, subject: error.path, status: .fail, details: [error.description]))
            }
        }
        for target in targets {
            if target.contains("/") || target.hasSuffix(".so") {
                results += suite.validate(path: target)
            } else {
                let animator = try Resolution.animator(target, in: loaded())
                results += suite.validate(animator)
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            struct Report: Encodable {
                var seed: UInt64
                var results: [CheckResult]
                var passed: Bool
            }
            let report = Report(seed: suite.seed, results: results, passed: !results.contains { $0.status.isFailure })
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            printReport(results, seed: suite.seed)
        }
        if results.contains(where: { $0.status.isFailure }) { throw ExitCode(1) }
    }

    private func printReport(_ results: [CheckResult], seed: UInt64) {
        var subjects: [String] = []
        for r in results where !subjects.contains(r.subject) { subjects.append(r.subject) }
        for subject in subjects {
            let mine = results.filter { $0.subject == subject }
            let worst = mine.map(\.status).max() ?? .pass
            print("\(worst.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) \(DisplayText.escape(subject))")
            for r in mine where verbose || r.status != .pass {
                print("  \(r.status.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) \(r.check)")
                for d in r.details { print("        \(d)") }
            }
        }
        var counts: [CheckStatus: Int] = [:]
        for r in results { counts[r.status, default: 0] += 1 }
        let summary = CheckStatus.allCases.filter { counts[$0] != nil }.map { "\(counts[$0]!) \($0.rawValue.lowercased())" }
        print("\n\(results.count) checks: \(summary.joined(separator: ", ")) (seed \(seed))")
    }
}

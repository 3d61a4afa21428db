import Foundation
import Testing
import TestSupport

/// The shipped man page, docs/man/catalog.1, says what the tool's help says: every subcommand,
/// argument and option with its help text, and the exit status table. When this fails, run
/// `scripts/generate-manual` and commit docs/man/catalog.1.
@Suite struct ManualPageTests {
    static let regenerate = "run scripts/generate-manual and commit docs/man/catalog.1"

    /// The page's text with roff's escapes for '-' and '\' undone.
    static func page() throws -> String {
        let path = TestEnvironment.packageRoot.appendingPathComponent("docs/man/catalog.1").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
    }

    /// The tool's help as the argument parser describes it.
    static func help() throws -> [String: Any] {
        let result = try CLI.run(["--experimental-dump-help"])
        try #require(result.status == 0)
        return try #require(try CLI.jsonObject(result.stdout)["command"] as? [String: Any])
    }

    @Test("every shown subcommand, argument and option is in the page with its help")
    func pageMatchesHelp() throws {
        let page = try Self.page()
        let root = try Self.help()
        let subcommands = (root["subcommands"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool != false }
        #expect(subcommands.count >= 5)
        for command in [root] + subcommands {
            let name = command["commandName"] as? String ?? ""
            if command["commandName"] as? String != "catalog" {
                #expect(page.contains(".It Em \(name)\n"), "no section for \(name); \(Self.regenerate)")
            }
            for text in [command["abstract"], command["discussion"]].compactMap({ $0 as? String }) {
                // The exit status table moves to the EXIT STATUS section.
                let body = text.components(separatedBy: "\nEXIT STATUS:").first ?? text
                #expect(page.contains(body), "\(name): '\(body.prefix(60))…' is not in the page; \(Self.regenerate)")
            }
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
                if let names = argument["names"] as? [[String: Any]], let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String {
                    #expect(page.contains("Fl -\(long)"), "\(name) --\(long) is not in the page; \(Self.regenerate)")
                }
                if let abstract = argument["abstract"] as? String, !abstract.isEmpty {
                    #expect(page.contains(abstract), "\(name): '\(abstract)' is not in the page; \(Self.regenerate)")
                }
            }
        }
        #expect(!page.contains("validate-worker") && !page.contains("scan-worker"), "the hidden workers are in the page")
    }

    @Test("no option in the page is gone from the tool")
    func noStaleOptions() throws {
        let page = try Self.page()
        let help = try CLI.run(["--experimental-dump-help"]).stdout
        let regex = try NSRegularExpression(pattern: "Fl -([a-z][a-z-]*)")
        let ns = page as NSString
        let options = Set(regex.matches(in: page, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) })
        #expect(options.count > 20)
        for option in options {
            #expect(help.contains("\"name\" : \"\(option)\""), "--\(option) is in the page but not in the tool; \(Self.regenerate)")
        }
    }

    @Test("the EXIT STATUS section lists the statuses --help lists")
    func exitStatuses() throws {
        let page = try Self.page()
        let section = try #require(page.components(separatedBy: ".Sh \"EXIT STATUS\"").dropFirst().first, "no EXIT STATUS section")
        let help = try CLI.run(["--help"]).stdout
        let rows = CLI.lines(help.components(separatedBy: "EXIT STATUS:").last ?? "").compactMap { line -> (String, String)? in
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            guard parts.count == 2, Int(parts[0]) != nil else { return nil }
            return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
        }
        #expect(rows.count == 7, "\(help)")
        for (code, meaning) in rows {
            #expect(section.contains(".It \(code)\n"), "status \(code) is not in the page; \(Self.regenerate)")
            #expect(section.contains(String(meaning.prefix(30))), "status \(code): '\(meaning)'; \(Self.regenerate)")
        }
    }
}

import Foundation
import Testing
import TestSupport

/// The guard rails of issue 14: inputs that used to run away, mislead or be ignored get a clear
/// error (status 64 for the command line, 65 for files), and errors suggest what was meant.
@Suite struct GuardRailTests {
    /// A new temporary directory, removed by the returned closure.
    static func temporaryDirectory() throws -> (path: String, cleanup: () -> Void) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-guard-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return (dir, { try? FileManager.default.removeItem(atPath: dir) })
    }

    /// The first bytes of a file.
    static func magic(_ path: String, _ count: Int = 6) -> [UInt8] {
        Array((FileManager.default.contents(atPath: path) ?? Data()).prefix(count))
    }

    static func errorLine(_ result: ProcessResult) -> String {
        CLI.lines(result.stderr).first { $0.hasPrefix("Error:") } ?? ""
    }

    @Test("--out infers the format from its extension")
    func outInfersFormat() throws {
        let dir = try Self.temporaryDirectory()
        defer { dir.cleanup() }
        for (name, magic) in [("a.gif", Array("GIF89a".utf8)), ("a.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), ("a.html", Array("<!DOCT".utf8))] {
            let result = try CLI.run(["preview", "push", "fade", "--out", dir.path + "/" + name])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(Self.magic(dir.path + "/" + name) == magic, "\(name) starts \(Self.magic(dir.path + "/" + name))")
        }
        let json = try CLI.run(["preview", "push", "fade", "--out", dir.path + "/a.json"])
        #expect(json.status == 0)
        let text = try String(contentsOfFile: dir.path + "/a.json", encoding: .utf8)
        #expect(try CLI.jsonObject(text)["frames"] != nil)
    }

    @Test("an explicit --format that contradicts the extension of --out is an error and writes nothing")
    func contradictingFormat() throws {
        let dir = try Self.temporaryDirectory()
        defer { dir.cleanup() }
        let result = try CLI.run(["preview", "push", "fade", "--format", "png", "--out", dir.path + "/a.gif"])
        #expect(result.status == 64)
        #expect(Self.errorLine(result).contains("--format png contradicts --out"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/a.gif"))
        // Lottie files are JSON: that is no contradiction.
        #expect(try CLI.run(["preview", "push", "fade", "--format", "lottie", "--out", dir.path + "/a.json"]).status == 0)
    }

    @Test("a scenario time without a unit cannot run away", arguments: [
        ["preview", "pop", "slide", "--interactive", "scrub 0.5 @0.1; release @100000"],
        ["run", "push", "pop{scrub 0.5 @0.1; release @100000}"],
        ["preview", "pop", "slide", "--interactive", "scrub 0.5 @0.1; release speed=0.0001 @0.2"],
    ])
    func scenarioCap(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.count < 10_000, "printed \(result.stdout.count) characters")
        #expect(Self.errorLine(result).contains("60 s") || Self.errorLine(result).contains("at least 0.05"), "\(result.stderr)")
        // Within the limits, milliseconds work.
        #expect(try CLI.run(["preview", "pop", "slide", "--interactive", "scrub 0.5 @100ms; release @59s"]).status == 0)
    }

    @Test("a scenario over 4096 characters is refused")
    func scenarioSize() throws {
        let long = (1...400).map { "scrub 0.5 @\($0)ms" }.joined(separator: "; ") + "; release @500ms"
        #expect(long.count > 4096)
        let result = try CLI.run(["preview", "pop", "slide", "--interactive", long])
        #expect(result.status == 64)
        #expect(Self.errorLine(result).contains("at most 4096"), "\(result.stderr)")
    }

    @Test("a transitions file over 1 MiB is refused before it is parsed")
    func transitionsFileSize() throws {
        let dir = try Self.temporaryDirectory()
        defer { dir.cleanup() }
        let rule = #"{ "operation": "push", "animator": "slide" },"#
        let text = #"{"version": 1, "rules": ["# + String(repeating: rule, count: (1 << 20) / rule.count + 1) + #"{ "operation": "pop", "animator": "slide" }]}"#
        try text.write(toFile: dir.path + "/big.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "--source", dir.path + "/big.json", "push"])
        #expect(result.status == 65)
        #expect(Self.errorLine(result).contains("at most 1048576 bytes"), "\(result.stderr)")
    }

    @Test("a repeated --param is an error")
    func repeatedParam() throws {
        for extra in [[String](), ["--interactive", "finish @0.1"]] {
            let result = try CLI.run(["preview", "push", "slide", "--param", "direction=left", "--param", "direction=right"] + extra)
            #expect(result.status == 64)
            #expect(Self.errorLine(result).contains("--param direction is given twice"), "\(result.stderr)")
        }
    }

    @Test("--frames with --interactive is honoured for png and refused for text and json")
    func framesWithInteractive() throws {
        let refused = try CLI.run(["preview", "pop", "slide", "--interactive", "finish @0.1", "--frames", "5"])
        #expect(refused.status == 64)
        #expect(Self.errorLine(refused).contains("--frames with --interactive applies to png only"), "\(refused.stderr)")
        let dir = try Self.temporaryDirectory()
        defer { dir.cleanup() }
        let png = try CLI.run(["preview", "pop", "slide", "--interactive", "finish @0.1", "--frames", "3", "--out", dir.path + "/a.png"])
        #expect(png.status == 0, "\(png.stderr)")
        let four = try CLI.run(["preview", "pop", "slide", "--interactive", "finish @0.1", "--frames", "4", "--out", dir.path + "/b.png"])
        #expect(four.status == 0)
        let width = { (path: String) -> Int in
            let bytes = Self.magic(path, 24)
            return bytes.count < 24 ? 0 : bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        }
        #expect(width(dir.path + "/b.png") > width(dir.path + "/a.png"), "--frames 4 is no wider than --frames 3")
    }

    @Test("--size 1x1 --format png does not blame a --scale the user never gave")
    func tinySize() throws {
        let dir = try Self.temporaryDirectory()
        defer { dir.cleanup() }
        let result = try CLI.run(["preview", "push", "slide", "--size", "1x1", "--format", "png", "--out", dir.path + "/a.png"])
        #expect(!result.stderr.contains("scale"), "\(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("--timeout 0 gets a message that does not contradict itself")
    func timeoutZero() throws {
        let result = try CLI.run(["validate", "--timeout", "0"])
        #expect(result.status == 64)
        let message = Self.errorLine(result)
        #expect(message.contains("at least 0.1 and at most 3600 seconds; got 0") && !message.contains("between 0"), "\(message)")
    }

    @Test("validate --skip '*' does not pass green with 0 checks")
    func skipEverything() throws {
        let result = try CLI.run(["validate", "--skip", "*"])
        #expect(result.status == 64)
        #expect(Self.errorLine(result).contains("no check to run"), "\(result.stderr)")
    }

    @Test("a truncated --config names the file and leaks no DecodingError")
    func truncatedConfig() throws {
        let dir = try Self.temporaryDirectory()
        defer { dir.cleanup() }
        try #"{"silence": [{"check": "step-cost", "reas"#.write(toFile: dir.path + "/c.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", "--config", dir.path + "/c.json", "fade"])
        #expect(result.status == 65)
        let message = Self.errorLine(result)
        #expect(message.contains("c.json") && message.contains("not valid JSON"), "\(message)")
        for leak in ["DecodingError", "dataCorrupted", "Debug description", "NSCocoaErrorDomain"] {
            #expect(!result.stderr.contains(leak), "\(result.stderr)")
        }
    }

    @Test("subcommands and --param keys get did you mean", arguments: [
        (["lsit"], "did you mean 'list'?"),
        (["valdate"], "did you mean 'validate'?"),
        (["preview", "push", "slide", "--param", "directon=left"], "did you mean 'direction'?"),
        (["preview", "pop", "slide", "--interactive", "finish @0.1", "--param", "parallx=0.5"], "did you mean 'parallax'?"),
    ])
    func didYouMean(arguments: [String], hint: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(Self.errorLine(result).contains(hint), "\(result.stderr)")
    }
}

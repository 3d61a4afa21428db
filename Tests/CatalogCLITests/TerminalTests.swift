import Foundation
import Testing
import TestSupport

/// `catalog preview` played on a real pseudo-terminal (through Tests/Fixtures/CLI/pty_run.py):
/// a Ctrl-C mid-frame leaves the terminal clean, and colour follows NO_COLOR, TERM and COLORTERM.
@Suite struct TerminalTests {
    /// What a run on a pseudo-terminal wrote and how it ended.
    struct PTYRun {
        var output: String
        var ending: String
        var code: Int
        var interruptedAt: Int?
    }

    static var script: String { TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/CLI/pty_run.py").path }

    /// Runs `catalog` on a pseudo-terminal with `environment`, typing Ctrl-C after `interruptAfter` bytes.
    static func run(_ arguments: [String], environment: [String: String], interruptAfter: Int? = nil) throws -> PTYRun {
        var command = [script]
        if let interruptAfter { command += ["--interrupt-after", String(interruptAfter)] }
        let env = ["NO_COLOR", "COLORTERM", "TERM"].map { key in environment[key].map { "\(key)=\($0)" } ?? "-u\(key)" }
        command += ["--", "env"] + env.filter { $0.hasPrefix("-u") } + env.filter { !$0.hasPrefix("-u") }
        command += [TestEnvironment.catalogExecutable] + arguments
        let result = try runProcess(ExternalTools.python, command)
        try #require(result.status == 0, "pty_run.py failed: \(result.stderr)")
        let object = try CLI.jsonObject(result.stdout)
        return PTYRun(
            output: object["output"] as? String ?? "", ending: object["ending"] as? String ?? "",
            code: object["code"] as? Int ?? -1, interruptedAt: object["interruptedAt"] as? Int)
    }

    /// The colour escapes (SGR sequences with parameters other than a plain reset) in `text`.
    static func colourEscapes(_ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m")
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length))
            .map { ns.substring(with: $0.range(at: 1)) }
            .filter { $0 != "0" && !$0.isEmpty }
    }

    @Test("Ctrl-C mid-frame resets the colours, shows the cursor and leaves the prompt below the picture", arguments: [3000, 25000, 70000])
    func interruptMidFrame(after bytes: Int) throws {
        let run = try Self.run(
            ["preview", "push", "slide", "--speed", "0.05"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
            interruptAfter: bytes)
        #expect(run.interruptedAt != nil, "the preview ended before \(bytes) bytes: \(run.output.count) written")
        #expect(run.ending == "signal" && run.code == Int(SIGINT), "ended by \(run.ending) \(run.code)")
        let output = run.output
        let lastColour = try #require(output.range(of: "\u{1B}[38;2;", options: .backwards), "no colour was drawn")
        let reset = output.range(of: "\u{1B}[0m", options: .backwards)
        #expect(reset.map { $0.lowerBound > lastColour.lowerBound } == true, "the colours are not reset after the last frame")
        let hide = try #require(output.range(of: "\u{1B}[?25l", options: .backwards), "the cursor was not hidden while playing")
        let show = output.range(of: "\u{1B}[?25h", options: .backwards)
        #expect(show.map { $0.lowerBound > hide.lowerBound } == true, "the cursor is left hidden")
        // The prompt lands below the picture, even when the terminal threw away the rest of the
        // frame on Ctrl-C: the space of the picture (N lines) is made first and its top saved
        // (ESC 7); the last thing written goes back there (ESC 8) and N lines down.
        let lines = try #require(Self.reservedLines(output), "the picture's space was not made first: \(output.prefix(200).debugDescription)")
        #expect(output.hasSuffix("\u{1B}[0m\u{1B}8\u{1B}[\(lines)B\r\u{1B}[?25h"), "\(output.suffix(60).debugDescription)")
    }

    /// N when the output starts by hiding the cursor, writing N line feeds, going N lines up and
    /// saving the cursor.
    static func reservedLines(_ output: String) -> Int? {
        let regex = try! NSRegularExpression(pattern: "^\u{1B}\\[\\?25l((?:\r?\n)+)\u{1B}\\[([0-9]+)A\u{1B}7")
        let ns = output as NSString
        guard let match = regex.firstMatch(in: output, range: NSRange(location: 0, length: ns.length)) else { return nil }
        let feeds = ns.substring(with: match.range(at: 1)).unicodeScalars.filter { $0 == "\n" }.count
        let up = Int(ns.substring(with: match.range(at: 2)))
        return feeds == up ? up : nil
    }

    @Test("each frame starts at the picture's saved top and fills exactly the space made for it")
    func framesFillTheirSpace() throws {
        let run = try Self.run(["preview", "push", "slide", "--speed", "4"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(run.ending == "exit" && run.code == 0)
        let lines = try #require(Self.reservedLines(run.output))
        let frames = run.output.components(separatedBy: "\u{1B}8").dropFirst()
        #expect(frames.count >= 3)
        for frame in frames.dropLast() {
            #expect(frame.unicodeScalars.filter { $0 == "\n" }.count == lines)
        }
        // After the last frame: the legend and the hint, then the terminal is restored.
        #expect(run.output.hasSuffix("\u{1B}[0m\u{1B}[?25h"))
    }

    @Test("NO_COLOR plays the transition without colour escapes")
    func noColor() throws {
        let run = try Self.run(["preview", "push", "slide", "--speed", "4"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"])
        #expect(run.ending == "exit" && run.code == 0, "\(run.output.suffix(400))")
        #expect(run.output.contains("▓") || run.output.contains("█"), "the transition was not drawn: \(run.output.prefix(400))")
        #expect(Self.colourEscapes(run.output).isEmpty, "colour escapes: \(Set(Self.colourEscapes(run.output)).prefix(5))")
    }

    @Test("TERM=dumb gets the table and no escapes at all")
    func dumbTerminal() throws {
        let run = try Self.run(["preview", "push", "slide"], environment: ["TERM": "dumb", "COLORTERM": "truecolor"])
        #expect(run.ending == "exit" && run.code == 0)
        #expect(!run.output.contains("\u{1B}"), "escapes on a dumb terminal: \(run.output.prefix(200).debugDescription)")
        #expect(run.output.contains("PROGRESS"), "no table: \(run.output.prefix(400))")
    }

    @Test("24-bit colour only where COLORTERM says so; otherwise the 256-colour palette")
    func colourDepth() throws {
        let palette = try Self.run(["preview", "push", "fade", "--speed", "4"], environment: ["TERM": "xterm-256color"])
        let paletteEscapes = Self.colourEscapes(palette.output)
        #expect(paletteEscapes.contains { $0.hasPrefix("38;5;") } && paletteEscapes.contains { $0.hasPrefix("48;5;") })
        #expect(!paletteEscapes.contains { $0.contains("38;2;") || $0.contains("48;2;") })
        let full = try Self.run(["preview", "push", "fade", "--speed", "4"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        let fullEscapes = Self.colourEscapes(full.output)
        #expect(fullEscapes.contains { $0.hasPrefix("38;2;") } && !fullEscapes.contains { $0.hasPrefix("38;5;") })
    }

    @Test("a GIF that takes more than a second shows progress on a terminal's stderr, then clears it")
    func gifProgress() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-progress-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = ["preview", "push", "fade", "--out", dir + "/a.gif", "--scale", "4"]
        let started = Date()
        let run = try Self.run(arguments, environment: ["TERM": "xterm-256color"])
        #expect(run.ending == "exit" && run.code == 0, "\(run.output.suffix(300))")
        let seconds = Date().timeIntervalSince(started)
        if seconds > 1.5 {
            #expect(run.output.contains("\r\u{1B}[Kwriting a.gif "), "no progress in \(seconds) s: \(run.output.prefix(300).debugDescription)")
        }
        // The line is cleared before 'wrote', and nothing is drawn after it.
        #expect(run.output.hasSuffix("\r\u{1B}[Kwrote \(dir)/a.gif\r\n") || !run.output.contains("writing"), "\(run.output.suffix(120).debugDescription)")
        // Not a terminal: no progress at all.
        let piped = try CLI.run(arguments)
        #expect(piped.status == 0)
        #expect(CLI.lines(piped.stderr) == ["wrote \(dir)/a.gif"], "\(piped.stderr)")
    }

    @Test("validate on a terminal shows the plugin, the animator and check running, with a count, then clears the line")
    func validateProgressOnATerminal() throws {
        let run = try Self.run(["validate", "--only", "duration", "--only", "lifecycle", TestEnvironment.builtinPlugin], environment: ["TERM": "xterm-256color"])
        #expect(run.ending == "exit" && run.code == 0, "\(run.output.suffix(300))")
        let regex = try NSRegularExpression(pattern: "\r\u{1B}\\[K\\[1/1\\] \(CLI.builtinPluginFile) · ([a-z-]+): (duration|lifecycle) \\(([0-9]+)/([0-9]+)\\)")
        let ns = run.output as NSString
        let matches = regex.matches(in: run.output, range: NSRange(location: 0, length: ns.length))
        let animators = Set(matches.map { ns.substring(with: $0.range(at: 1)) })
        let listing = try CLI.jsonObject(try CLI.run(["list", "--json", "--no-builtins", "--plugin-path", TestEnvironment.builtinPlugin]).stdout)
        let plugin = (listing["plugins"] as? [[String: Any]])?.first?["plugin"] as? [String: Any]
        let expected = Set((plugin?["animators"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(expected.contains("slide") && expected.count > 1)
        #expect(animators == expected, "status lines named \(animators.sorted())")
        let counts = matches.map { (Int(ns.substring(with: $0.range(at: 3)))!, Int(ns.substring(with: $0.range(at: 4)))!) }
        #expect(counts.allSatisfy { $0.0 >= 1 && $0.0 <= $0.1 } && Set(counts.map(\.1)).count == 1, "\(counts)")
        // The status line is cleared before the report, and no per-plugin log line is printed.
        #expect(run.output.contains("\r\u{1B}[KPASS "), "\(run.output.suffix(400).debugDescription)")
        #expect(!run.output.contains("[1/1] \(CLI.builtinPluginFile):"))
    }

    @Test("output that is not a terminal gets no escapes, whatever TERM says")
    func pipeGetsNoEscapes() throws {
        let result = try CLI.run(["preview", "push", "slide"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"))
    }
}

import Foundation
import Testing
import TestSupport

/// Mistakes on the `catalog preview` command line: each must end the tool with a non-zero status
/// and one line on stderr that says what was wrong (and what was probably meant), never a crash.
@Suite("catalog preview errors")
struct PreviewErrorTests {
    struct Mistake: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Every fragment must appear on the error line.
        var expected: [String]
        var testDescription: String { "catalog " + arguments.joined(separator: " ") }
    }

    static let mistakes: [Mistake] = [
        Mistake(arguments: ["preview", "psh", "slide"], expected: ["psh", "'push'"]),
        Mistake(arguments: ["preview", "push", "slid"], expected: ["slid", "'slide'"]),
        Mistake(arguments: ["preview", "present", "slide"], expected: ["slide", "present", "push, pop, tab"]),
        Mistake(arguments: ["preview", "push", "slide", "--param", "nope=1"], expected: ["nope", "duration", "direction", "parallax"]),
        Mistake(arguments: ["preview", "push", "slide", "--param", "direction=diagonal"], expected: ["diagonal", "left", "right", "up", "down"]),
        Mistake(arguments: ["preview", "push", "slide", "--param", "duration=100"], expected: ["duration", "100", "out of range"]),
        Mistake(arguments: ["preview", "push", "slide", "--param", "noequals"], expected: ["KEY=VALUE", "noequals"]),
        Mistake(arguments: ["preview", "push", "slide", "--size", "0x10"], expected: ["--size", "0x10"]),
        Mistake(arguments: ["preview", "push", "slide", "--size", "abc"], expected: ["--size", "abc", "WIDTHxHEIGHT"]),
        Mistake(arguments: ["preview", "push", "slide", "--frames", "1"], expected: ["--frames", "2", "1000"]),
        Mistake(arguments: ["preview", "push", "slide", "--format", "bmp"], expected: ["bmp", "text", "json", "png", "gif"]),
        Mistake(arguments: ["preview", "push", "slide", "--format", "gif"], expected: ["gif", "--out"]),
        Mistake(arguments: ["preview", "present", "dimmed-sheet", "--style", "full-screen"], expected: ["full-screen", "custom"]),
        Mistake(arguments: ["preview", "present", "dimmed-sheet", "--style", "sideways"], expected: ["sideways", "full-screen", "custom"]),
    ]

    @Test("a mistake gives a non-zero exit and a one-line error", arguments: mistakes)
    func oneLineError(mistake: Mistake) throws {
        let result = try CLI.run(mistake.arguments)
        CLI.expectNoCrash(result)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty, "nothing on stdout: \(result.stdout)")
        let lines = CLI.lines(result.stderr)
        let message = try #require(lines.first, "no message on stderr")
        #expect(message.hasPrefix("Error: "), "stderr: \(result.stderr)")
        for fragment in mistake.expected {
            #expect(message.contains(fragment), "'\(message)' should mention \(fragment)")
        }
        // Anything after the message may only be ArgumentParser's usage hint.
        for line in lines.dropFirst() {
            #expect(line.hasPrefix("Usage: ") || line.trimmingCharacters(in: .whitespaces).hasPrefix("See '"),
                    "unexpected stderr line: \(line)")
        }
    }

    /// When the tool prints a usage hint after an error it must be the usage of the command that
    /// was run. Errors found after the arguments were parsed (unknown operation or animator, bad
    /// --param, --size, --style) currently print the top-level usage, `catalog <subcommand>`.
    @Test("a usage hint after an error is the usage of `catalog preview`", arguments: mistakes)
    func usageHintNamesPreview(mistake: Mistake) throws {
        let result = try CLI.run(mistake.arguments)
        #expect(result.status != 0)
        for line in CLI.lines(result.stderr) where line.hasPrefix("Usage: ") {
            #expect(line.hasPrefix("Usage: catalog preview"), "misleading usage line: \(line)")
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PluginHost
import TransitionCore

/// The documented sizes past which `catalog` refuses its input with a clear error instead of
/// running away: a transitions file of at most 1 MiB, a scenario of at most 4096 characters
/// whose last step is at most 60 s from the start and whose completions play at speed 0.05 or more.
enum InputLimits {
    /// The largest transitions file, in bytes.
    static let transitionsFileBytes = TransitionsSourceFile.largestFile
    /// The longest scenario text, in characters.
    static let scenarioCharacters = 4096
    /// The latest time a scenario step may have, in seconds.
    static let scenarioSeconds = 60.0
    /// The slowest completion speed a scenario may ask for.
    static let completionSpeed = 0.05

    /// Reads a transitions file (a regular file, or a pipe such as `<(command)`), refusing a
    /// missing or unreadable file or a directory (exit 66) and one over `transitionsFileBytes`
    /// (exit 65).
    static func readTransitionsFile(_ path: String) throws -> Data {
        Data(try readInput(path, what: "transitions file", limit: transitionsFileBytes))
    }

    /// Reads an input file of at most `limit` bytes, turning what went wrong into an error that
    /// names the file: exit 65 when it is too large, else 66. A named pipe without a writer is
    /// waited for, saying so on standard error after a moment; Ctrl-C ends the wait.
    static func readInput(_ path: String, what: String, limit: Int) throws -> [UInt8] {
        do throws(InputFile.Problem) {
            return try InputFile.read(path, limit: limit) {
                printError("waiting for a writer to the named pipe \(DisplayText.escape(path)), the \(what); write to it, or press Ctrl-C to stop")
            }
        } catch {
            throw CLIError(
                error.message(what, path: DisplayText.escape(path), limit: limit),
                status: error.isTooLarge ? .dataError : .noInput)
        }
    }

    /// Refuses scenario text longer than `scenarioCharacters`; `place` names where it was given.
    static func checkText(_ text: String, place: String) throws {
        guard text.count <= scenarioCharacters else {
            throw CLIError.usage("\(place): the scenario is \(text.count) characters; at most \(scenarioCharacters) are allowed")
        }
    }

    /// Refuses a scenario whose last step comes after `scenarioSeconds` or whose completion is
    /// slower than `completionSpeed`, so that a time without a unit (`@100000`) cannot print
    /// millions of frames.
    static func check(_ scenario: InteractionScenario, place: String) throws {
        for step in scenario.steps {
            if step.time > scenarioSeconds {
                throw CLIError.usage(
                    "\(place): column \(step.column): '\(step)' is at \(Format.number(step.time)) s; a scenario's steps must be within \(Format.number(scenarioSeconds)) s of its start (times are in seconds unless followed by ms)")
            }
            if let speed = step.completionSpeed, speed < completionSpeed {
                throw CLIError.usage(
                    "\(place): column \(step.column): speed=\(Format.number(speed, decimals: 4)) is too slow; the completion speed must be at least \(Format.number(completionSpeed, decimals: 2))")
            }
        }
    }
}

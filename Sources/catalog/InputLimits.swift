#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// The documented sizes past which `catalog` refuses its input with a clear error instead of
/// running away: a transitions file of at most 1 MiB, a scenario of at most 4096 characters
/// whose last step is at most 60 s from the start and whose completions play at speed 0.05 or more.
enum InputLimits {
    /// The largest transitions file, in bytes.
    static let transitionsFileBytes = 1 << 20
    /// The longest scenario text, in characters.
    static let scenarioCharacters = 4096
    /// The latest time a scenario step may have, in seconds.
    static let scenarioSeconds = 60.0
    /// The slowest completion speed a scenario may ask for.
    static let completionSpeed = 0.05

    /// Reads a transitions file, refusing a missing or unreadable file (exit 66) and one over
    /// `transitionsFileBytes` (exit 65).
    static func readTransitionsFile(_ path: String) throws -> Data {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            let data = try? Data(contentsOf: URL(fileURLWithPath: path))
        else {
            throw CLIError("cannot read the transitions file \(DisplayText.escape(path)); check the path", status: .noInput)
        }
        guard Int(info.st_size) <= transitionsFileBytes else {
            throw CLIError(
                "\(DisplayText.escape(path)) is \(info.st_size) bytes; a transitions file may be at most \(transitionsFileBytes) bytes (1 MiB)",
                status: .dataError)
        }
        guard data.count <= transitionsFileBytes else {
            throw CLIError("\(DisplayText.escape(path)) is over \(transitionsFileBytes) bytes (1 MiB), the most a transitions file may be", status: .dataError)
        }
        return data
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

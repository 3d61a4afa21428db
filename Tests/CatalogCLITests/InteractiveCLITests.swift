import Foundation
import Testing
import TestSupport

/// `catalog preview --interactive` and `catalog run`, run as a user would.
@Suite struct InteractiveCLITests {
    static let done = "scrub 0.3 @0.2; scrub 0.6 @0.5; release v=0.2 @0.6; grab @0.7; scrub 0.4 @0.9; release v=-1 @1.0"
    static var example: String { TestEnvironment.packageRoot.appendingPathComponent("Examples/transitions.json").path }

    @Test func interactivePopWithSlideAsJSON() throws {
        let result = try CLI.run(["preview", "pop", "slide", "--interactive", Self.done, "--format", "json", "--fps", "60"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try CLI.jsonObject(result.stdout)
        #expect(doc["finished"] as? Bool == false)
        #expect(doc["interactive"] as? Bool == true)
        let entries = try #require(doc["frames"] as? [[String: Any]])
        let times = entries.compactMap { jsonNumber($0["time"]) }
        let progresses = entries.compactMap { jsonNumber($0["progress"]) }
        let phases = entries.compactMap { $0["phase"] as? String }
        #expect(times.count == entries.count && progresses.count == entries.count && phases.count == entries.count)
        #expect(Set(phases) == ["interacting", "finishing", "cancelling", "cancelled"])
        #expect(progresses.first == 0 && progresses.last == 0)
        for i in 1..<times.count {
            #expect(times[i] > times[i - 1])
            #expect(abs(progresses[i] - progresses[i - 1]) / (times[i] - times[i - 1]) < 20, "a jump at \(times[i]) s")
        }
        let grab = try #require(entries.firstIndex { jsonNumber($0["time"]) == 0.7 })
        #expect(phases[grab] == "interacting" && phases[grab - 1] == "finishing")
        let views = try #require(entries[grab]["views"] as? [[String: Any]])
        #expect(views.count == 2)
        #expect((doc["containerAfterCompletion"] as? [Any])?.count == 1)
        let events = try #require(doc["events"] as? [[String: Any]])
        #expect(events.compactMap { $0["event"] as? String } == ["scrub 0.3", "scrub 0.6", "release v=0.2 → finish", "grab", "scrub 0.4", "release v=-1 → cancel"])
    }

    @Test func interactiveTableShowsTimeProgressAndPhase() throws {
        let result = try CLI.run(["preview", "pop", "slide", "--interactive", "scrub 0.5 @0.1; finish @0.2", "--fps", "20"])
        #expect(result.status == 0, "\(result.stderr)")
        let table = try #require(PrintedTable(result.stdout, firstColumn: "TIME"))
        #expect(table.columns == ["TIME", "PROGRESS", "PHASE", "VIEW", "FRAME", "ALPHA", "TRANSFORM", "CORNER", "Z"])
        #expect(table.rows.contains { $0["PHASE"] == "finished" })
        #expect(result.stdout.contains("after completion (finished"))
        #expect(result.stdout.contains("scenario: scrub 0.5 @0.1; finish @0.2"))
    }

    @Test(arguments: [
        (["preview", "pop", "slide", "--interactive", "scrub 0.3 @0.2; relase @0.4"], "column 17: unknown step 'relase'; did you mean 'release'?"),
        (["preview", "pop", "slide", "--interactive", "scrub 0.3 @0.2"], "end it with release, finish or cancel"),
        (["preview", "tab", "dimmed-sheet", "--interactive", "finish @0.1"], "Animators for tab:"),
        (["run", "push", "pop", "pop"], "operation 3 'pop': cannot pop: home is the root of the stack"),
        (["run", "psh"], "did you mean 'push'?"),
        (["run", "pop{scrub 2 @0.1}"], "scenario column 7: scrub takes a fraction between 0 and 1"),
        (["run", "--source", "/nonexistent.json", "push"], "cannot read the transitions file /nonexistent.json: no such file"),
        (["run", "--source", "/tmp", "push"], "/tmp is a directory; give the path of a transitions file"),
        (["run", "--source", "/dev/zero", "push"], "/dev/zero is over 1048576 bytes (1 MiB)"),
        (["run", "tab:1"], "there is no tab 1"),
    ])
    func errorsAreOneLineWithANonZeroExit(arguments: [String], fragment: String) throws {
        let result = try CLI.run(arguments)
        CLI.expectNoCrash(result)
        #expect(result.status != 0)
        let errorLines = CLI.lines(result.stderr).filter { $0.hasPrefix("Error:") }
        #expect(errorLines.count == 1, "\(result.stderr)")
        #expect(errorLines.first?.contains(fragment) == true, "\(result.stderr)")
    }

    /// A shell's `<(command)` is a pipe with no size: the file is read to its end.
    @Test func runReadsATransitionsFileFromAPipe() throws {
        let result = try runProcess(
            "/bin/bash", ["-c", #""$0" run --source <(cat "$1") push pop"#, TestEnvironment.catalogExecutable, Self.example])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2. pop"), "\(result.stdout)")
    }

    @Test func runPlaysTheSequenceThroughTheDrivers() throws {
        let result = try CLI.run([
            "run", "--source", Self.example, "push:detail", "push", "pop", "pop{scrub 0.3 @0.2; release v=-1 @0.4}",
            "present:compose", "dismiss{scrub 0.2 @0.1; cancel @0.2}", "dismiss",
        ])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        let heads = CLI.lines(result.stdout).filter { $0.first?.isNumber == true }
        #expect(heads == [
            "1. push home → detail · slide · 0.35 s · finished",
            "2. push detail → screen-1 · slide · 0.35 s · finished",
            "3. pop screen-1 → detail · slide · 0.35 s · finished",
            "4. pop detail → home · slide · interactive · 0.4 s · cancelled",
            "5. present (custom) detail → compose · dimmed-sheet · 0.4 s · finished",
            "6. dismiss (custom) compose → detail · dimmed-sheet · interactive · 0.4 s · cancelled",
            "7. dismiss (custom) compose → detail · dimmed-sheet · 0.4 s · finished",
        ])
        #expect(result.stdout.contains("   stack: home > detail · presented: compose (custom)"))
        #expect(result.stdout.contains("   hierarchy: detail | dimming 0.5 | compose at 16,127 358x701"))
        #expect(result.stdout.contains("   presentation: dismissal-will-begin, dismissal-did-end(cancelled)"))
        #expect(CLI.lines(result.stdout).last == "   hierarchy: detail")
    }

    @Test func runAsJSONCarriesTheTimelines() throws {
        let result = try CLI.run(["run", "--source", Self.example, "--tabs", "home,search", "push", "tab:1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try CLI.jsonObject(result.stdout)
        let transitions = try #require(doc["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["operation"] as? String } == ["push", "tab"])
        #expect(transitions.map { $0["finished"] as? Bool } == [true, true])
        #expect(transitions[0]["stack"] as? [String] == ["home", "screen-1"] && transitions[0]["tab"] as? Int == 0)
        #expect(transitions[1]["stack"] as? [String] == ["search"] && transitions[1]["tab"] as? Int == 1)
        #expect((transitions[0]["frames"] as? [Any])?.isEmpty == false)
    }
}

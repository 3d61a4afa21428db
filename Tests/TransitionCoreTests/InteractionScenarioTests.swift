import Testing
import TransitionCore

@Suite struct InteractionScenarioTests {
    static let example = "scrub 0.3 @0.2; scrub 0.6 @0.5; release v=0.2 @0.6; grab @0.7; scrub 0.4 @0.9; release v=-1 @1.0"

    @Test func parsesTheExample() throws {
        let s = try InteractionScenario(parsing: Self.example)
        #expect(s.steps.map(\.action) == [.scrub(0.3), .scrub(0.6), .release(velocity: 0.2), .grab, .scrub(0.4), .release(velocity: -1)])
        #expect(s.steps.map(\.time) == [0.2, 0.5, 0.6, 0.7, 0.9, 1.0])
        #expect(s.steps.map(\.column) == [1, 17, 33, 53, 64, 80])
        let c = try s.controller(duration: 0.35)
        #expect(c.finishes == false)
        #expect(c.progress(at: 10) == 0)
        #expect(c.phase(at: 0.65) == .finishing)
        #expect(c.phase(at: 0.8) == .interacting)
    }

    @Test func acceptsNewLinesUnitsOptionsAndCase() throws {
        let s = try InteractionScenario(parsing: "SCRUB 0.5 @200ms\nfinish speed=2 curve=cubic-bezier(0.4, 0, 0.2, 1) @0.3s;")
        #expect(s.steps.count == 2)
        #expect(s.steps[0].time == 0.2)
        #expect(s.steps[1].completionSpeed == 2)
        #expect(s.steps[1].completionCurve == TimingCurve(name: "cubic-bezier(0.4, 0, 0.2, 1)"))
        let c = try s.controller(duration: 1)
        #expect(abs(try #require(c.completionTime) - (0.3 + 0.25)) < 1e-12)
    }

    @Test func describesStepsInItsOwnGrammar() throws {
        let s = try InteractionScenario(parsing: Self.example + "; grab @1.05; finish speed=1.5 curve=linear @1.1")
        let again = try InteractionScenario(parsing: s.description)
        #expect(again.steps.map(\.action) == s.steps.map(\.action))
        #expect(again.steps.map(\.time) == s.steps.map(\.time))
        #expect(again.steps.map(\.completionSpeed) == s.steps.map(\.completionSpeed))
    }

    @Test(arguments: [
        ("scrub 0.3 @0.2; relase @0.4", 17, "did you mean 'release'?"),
        ("scrub 1.3 @0.2", 7, "between 0 and 1"),
        ("scrub 0.3", 10, "needs a time"),
        ("scrub @0.3", 11, "needs a fraction"),
        ("scrub 0.3 @0.5; scrub 0.4 @0.5", 27, "times must increase"),
        ("scrub 0.3 @0", 11, "times must increase"),
        ("grab v=2 @0.3", 6, "does not take 'v='"),
        ("release v=fast @0.3", 11, "expected a velocity"),
        ("finish speed=0 @0.3", 14, "greater than 0"),
        ("finish curve=springy @0.3", 14, "unknown curve"),
        ("release @x", 10, "expected a time"),
        ("release @0.1 @0.2", 14, "two times"),
        ("  ;  ", 1, "empty"),
    ])
    func refusesWithTheColumn(text: String, column: Int, fragment: String) {
        do {
            _ = try InteractionScenario(parsing: text)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test(arguments: [
        ("scrub 0.5 @0.2", 1, "still holding"),
        ("scrub 0.5 @0.2; grab @0.3; finish @0.4", 17, "already holds"),
        ("finish @0.1; scrub 0.5 @0.2", 14, "grab it first"),
        ("finish @0.1; grab @5", 14, "finished at"),
        ("release @0.1; release @0.2", 15, "after the transition was cancelled at 0.1 s"),
        ("scrub 0.6 @0.1; release @0.2; release @0.3", 31, "grab it first"),
    ])
    func refusesWhatTheControllerRefuses(text: String, column: Int, fragment: String) throws {
        let s = try InteractionScenario(parsing: text)
        do {
            _ = try s.controller(duration: 0.35)
            Issue.record("'\(text)' ran")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }
}

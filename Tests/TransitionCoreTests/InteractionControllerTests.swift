import Testing
import TransitionCore

@Suite struct InteractionControllerTests {
    @Test func scrubbingIsLinearBetweenUpdatesAndHoldsAfter() throws {
        var c = InteractionController(duration: 1)
        try c.update(0.4, at: 0.2)
        try c.update(0.8, at: 0.6)
        #expect(c.progress(at: 0) == 0)
        #expect(abs(c.progress(at: 0.1) - 0.2) < 1e-12)
        #expect(c.progress(at: 0.2) == 0.4)
        #expect(abs(c.progress(at: 0.4) - 0.6) < 1e-12)
        #expect(c.progress(at: 0.6) == 0.8)
        #expect(c.progress(at: 5) == 0.8, "a held gesture holds")
        #expect(c.phase(at: 5) == .interacting)
        #expect(c.completionTime == nil && c.finishes == nil)
    }

    @Test func finishTakesTheRestOfTheDurationOverTheSpeedAlongTheCurve() throws {
        var c = InteractionController(duration: 2, completionSpeed: 1, completionCurve: .easeInOut)
        try c.update(0.4, at: 0.5)
        try c.finish(at: 0.5)
        let end = try #require(c.completionTime)
        #expect(abs(end - (0.5 + 0.6 * 2)) < 1e-12)
        let mid = 0.5 + 0.6
        #expect(abs(c.progress(at: mid) - (0.4 + 0.6 * TimingCurve.easeInOut.value(at: 0.5))) < 1e-12)
        #expect(c.progress(at: end) == 1, "the end is exact")
        #expect(c.progress(at: end + 3) == 1)
        #expect(c.phase(at: mid) == .finishing)
        #expect(c.phase(at: end) == .finished)
        #expect(c.finishes == true)

        var fast = InteractionController(duration: 2, completionSpeed: 2)
        try fast.update(0.4, at: 0.5)
        try fast.finish(at: 0.5)
        #expect(abs(try #require(fast.completionTime) - (0.5 + 0.6)) < 1e-12, "speed 2 takes half the time")
    }

    @Test func cancelAnimatesBackToZero() throws {
        var c = InteractionController(duration: 1, completionCurve: .linear)
        try c.update(0.3, at: 0.3)
        try c.cancel(at: 0.4)
        #expect(abs(try #require(c.completionTime) - 0.7) < 1e-12)
        #expect(abs(c.progress(at: 0.55) - 0.15) < 1e-12)
        #expect(c.progress(at: 0.7) == 0)
        #expect(c.phase(at: 0.8) == .cancelled)
        #expect(c.finishes == false)
    }

    @Test func grabbingAFinishingTransitionKeepsItsProgressExactly() throws {
        var c = InteractionController(duration: 1)
        try c.update(0.6, at: 0.3)
        try c.finish(at: 0.3)
        let settle = c.segments[c.segments.count - 1]
        let untouched = settle.progress(at: 0.5)
        try c.pause(at: 0.5)
        #expect(c.phase(at: 0.5) == .interacting)
        #expect(c.progress(at: 0.5) == untouched, "the first grabbed value is the last animated one")
        #expect(c.segments[c.segments.count - 2].endProgress == untouched)
        #expect(abs(c.progress(at: 0.5 - 1e-9) - untouched) < 1e-6)
        try c.update(0.2, at: 0.7)
        #expect(abs(c.progress(at: 0.6) - (untouched + 0.2) / 2) < 1e-12, "the drag starts where the grab caught it")
        try c.cancel(at: 0.7)
        #expect(c.progress(at: 10) == 0)
    }

    @Test func grabbingWorksAnyNumberOfTimes() throws {
        var c = InteractionController(duration: 0.5)
        var t = 0.1
        try c.update(0.5, at: t)
        for i in 0..<10 {
            if i % 2 == 0 { try c.finish(at: t) } else { try c.cancel(at: t) }
            let before = c.progress(at: t + 0.05)
            t += 0.05
            try c.pause(at: t)
            #expect(c.progress(at: t) == before)
        }
        try c.finish(at: t)
        #expect(c.progress(at: t + 10) == 1)
        #expect(c.events.count == 22)
    }

    @Test func refusesEventsOutOfOrderOrOutOfPhase() throws {
        var c = InteractionController(duration: 1)
        try c.update(0.5, at: 0.5)
        #expect(throws: InteractionController.Error.self) { try c.update(0.6, at: 0.4) }
        try c.finish(at: 0.6)
        #expect(throws: InteractionController.Error.self) { try c.update(0.7, at: 0.7) }
        #expect(throws: InteractionController.Error.self) { try c.release(velocity: 0, at: 0.7) }
        #expect(throws: InteractionController.Error.self) { try c.pause(at: 5) }
        let before = c
        #expect(throws: InteractionController.Error.self) { try c.finish(at: 0.7) }
        #expect(c == before, "a refusal changes nothing")

        var slow = InteractionController(duration: 1, completionSpeed: 0)
        #expect(throws: InteractionController.Error.self) { try slow.finish(at: 0.1) }
    }

    @Test func releaseUsesTheDecision() throws {
        var a = InteractionController(duration: 1)
        try a.update(0.6, at: 0.2)
        #expect(try a.release(velocity: 0, at: 0.3) == true)
        var b = InteractionController(duration: 1)
        try b.update(0.6, at: 0.2)
        #expect(try b.release(velocity: -5, at: 0.3) == false, "a flick back cancels past half way")
        var c = InteractionController(duration: 1)
        try c.update(0.1, at: 0.2)
        #expect(try c.release(velocity: 5, at: 0.3) == true, "a flick forward finishes before half way")
    }

    @Test func plainRunsAreLinearInTime() {
        let c = InteractionController.plain(duration: 0.4)
        #expect(c.progress(at: 0) == 0)
        #expect(abs(c.progress(at: 0.1) - 0.25) < 1e-12)
        #expect(c.progress(at: 0.4) == 1)
        #expect(c.completionTime == 0.4)
        let times = c.sampleTimes(framesPerSecond: 10)
        #expect(times.first == 0 && times.last == 0.4)
        #expect(times.count == 5)
    }

    @Test func sampleTimesIncludeEveryEventOnce() throws {
        var c = InteractionController(duration: 0.35)
        try c.update(0.3, at: 0.2)
        try c.release(velocity: 0.2, at: 0.6)
        try c.pause(at: 0.7)
        try c.release(velocity: -1, at: 1.0)
        let times = c.sampleTimes(framesPerSecond: 10)
        for t in [0.2, 0.6, 0.7, 1.0, try #require(c.completionTime)] { #expect(times.contains(t)) }
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 > 1e-6 }, "increasing, no near-duplicates")
    }
}

import Testing
import TransitionCore

/// A release whose outcome may surprise explains itself: position, velocity and threshold.
@Suite struct ReleaseNearMissTests {
    let standard = ReleaseDecision.standard

    @Test func finishingWhileMovingBackNamesThePositionAndTheFlickNotReached() throws {
        let why = try #require(standard.nearMiss(fraction: 0.6, velocity: -1))
        #expect(why == "finishes: position 0.6 is at or past the threshold 0.5, and velocity -1/s is no flick (finish at 2.564/s, cancel at −2.564/s)")
    }

    @Test func aFlickExplainsAFinishShortOfTheThreshold() throws {
        let why = try #require(standard.nearMiss(fraction: 0.2, velocity: 3))
        #expect(why == "finishes: velocity 3/s reaches the finish flick 2.564/s, which finishes wherever it is (position 0.2 is short of the threshold 0.5)")
        let back = try #require(standard.nearMiss(fraction: 0.8, velocity: -3))
        #expect(back.hasPrefix("cancels: velocity -3/s reaches the cancel flick −2.564/s"))
    }

    @Test func aReleaseJustShortOfTheThresholdIsANearMiss() throws {
        let why = try #require(standard.nearMiss(fraction: 0.48, velocity: 0))
        #expect(why.hasPrefix("cancels: position 0.48 is short of the threshold 0.5"))
    }

    @Test func theExpectedOutcomeNeedsNoExplanation() {
        #expect(standard.nearMiss(fraction: 0.9, velocity: 0.5) == nil)
        #expect(standard.nearMiss(fraction: 0.1, velocity: -0.5) == nil)
        #expect(standard.nearMiss(fraction: 0.4, velocity: -1) == nil)
    }

    @Test func theControllerKeepsTheDecisionWithTheRelease() throws {
        var controller = InteractionController(duration: 1)
        try controller.update(0.6, at: 0.1)
        let decision = ReleaseDecision.touchwonders
        #expect(try controller.release(velocity: -0.5, at: 0.2, decision: decision))
        let release = try #require(controller.events.last)
        #expect(release.decision == decision)
        #expect(controller.events.dropLast().allSatisfy { $0.decision == nil })
    }
}

import Foundation
import Testing
import TestSupport

/// The interactive preview explains a release that finishes where a cancel may be expected.
@Suite struct ReleaseNearMissCLITests {
    @Test func aReleaseMovingBackThatFinishesSaysWhy() throws {
        let result = try CLI.run(["preview", "pop", "slide", "--interactive", "scrub 0.6 @0.1; release v=-1 @0.2"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("release v=-1 → finish (finishes: position 0.6 is at or past the threshold 0.5, and velocity -1/s is no flick"), "\(result.stdout)")
    }

    @Test func anExpectedReleaseStaysShort() throws {
        let result = try CLI.run(["preview", "pop", "slide", "--interactive", "scrub 0.9 @0.1; release v=1 @0.2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("release v=1 → finish  "), "\(result.stdout)")
    }
}

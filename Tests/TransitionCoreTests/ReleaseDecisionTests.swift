import PropertyBased
import Testing
import TransitionCore

@Suite struct ReleaseDecisionTests {
    @Test func standardIsHalfWayOrAThousandPointsPerSecond() {
        let d = ReleaseDecision.standard
        #expect(d.positionThreshold == 0.5)
        #expect(abs(d.finishVelocity * ReleaseDecision.referenceDistance - 1000) < 1e-9)
        #expect(d.finishes(fraction: 0.5, velocity: 0))
        #expect(!d.finishes(fraction: 0.49, velocity: 0))
        #expect(d.finishes(fraction: 0.1, velocity: 2.6))
        #expect(!d.finishes(fraction: 0.9, velocity: -2.6))
        #expect(d.finishes(fraction: 0.9, velocity: -2.5))
    }

    @Test func positionOnlyIgnoresVelocity() {
        #expect(!ReleaseDecision.positionOnly.finishes(fraction: 0.4, velocity: 1e9))
        #expect(ReleaseDecision.positionOnly.finishes(fraction: 0.6, velocity: -1e9))
    }

    /// The swiftui-navigation-transitions rule, in points per second over the reference distance.
    @Test func swiftUINavigationMatchesItsRule() async {
        await propertyCheck(input: Gen.double(in: 0...1), Gen.double(in: -2000...2000)) { fraction, pointsPerSecond in
            let velocity = pointsPerSecond / ReleaseDecision.referenceDistance
            let theirs = pointsPerSecond > 675 || (fraction >= 0.2 && pointsPerSecond > -200)
            let ours = ReleaseDecision.swiftUINavigation.finishes(fraction: fraction, velocity: velocity)
            if abs(pointsPerSecond - 675) > 1e-6 && abs(pointsPerSecond + 200) > 1e-6 {
                #expect(ours == theirs, "fraction \(fraction), \(pointsPerSecond) pt/s")
            }
        }
    }
}

@testable import PluginHost
import Testing
import TransitionCore

/// The purity check compares two steps at one progress bit for bit: every field a plugin writes
/// counts, a NaN equals itself, and -0 is not 0.
@Suite struct StepComparisonTests {
    let base = ViewState(frame: Rect(x: 10, y: 20, width: 300, height: 500), alpha: 0.5, transform: .rotationY(0.3), cornerRadius: 4, zIndex: 2)

    @Test func aStateEqualsItselfEvenHoldingNaN() {
        #expect(TransitionChecks.sameBits(base, base))
        var nan = base
        nan.alpha = .nan
        #expect(TransitionChecks.sameBits(nan, nan))
    }

    @Test(arguments: 0..<16)
    func oneTransformEntryThatDiffersIsSeen(_ entry: Int) {
        var other = base
        other.transform.m[entry] = other.transform.m[entry].nextUp
        #expect(!TransitionChecks.sameBits(base, other))
    }

    @Test func everyOtherFieldIsCompared() {
        let changes: [(inout ViewState) -> Void] = [
            { $0.frame.x = -$0.frame.x }, { $0.frame.y += 1 }, { $0.frame.width = $0.frame.width.nextDown },
            { $0.frame.height += 1 }, { $0.alpha = 0.25 }, { $0.cornerRadius = 0 }, { $0.zIndex = 3 }, { $0.hidden = true },
        ]
        for (i, change) in changes.enumerated() {
            var other = base
            change(&other)
            #expect(!TransitionChecks.sameBits(base, other), "change \(i)")
        }
    }

    @Test func negativeZeroIsNotZero() {
        var zero = base, negative = base
        zero.cornerRadius = 0
        negative.cornerRadius = -0.0
        #expect(!TransitionChecks.sameBits(zero, negative))
    }
}

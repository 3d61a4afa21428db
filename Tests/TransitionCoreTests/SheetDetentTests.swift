import Testing
import TransitionCore

/// Sheet detents: UIKit's medium and large, custom fractions, the frames they give, and the
/// errors for values that are not detents.
@Suite struct SheetDetentTests {
    static let phone = Rect(x: 0, y: 0, width: 390, height: 844)

    @Test(arguments: [("medium", 0.5), ("large", 1.0), ("0.4", 0.4), (" Medium ", 0.5), ("1", 1.0), ("0.25", 0.25)])
    func parsesNamesAndFractions(_ text: String, _ fraction: Double) throws {
        #expect(try SheetDetent(parsing: text).heightFraction == fraction)
    }

    @Test func mediumIsHalfTheContainerAlongTheBottomEdge() {
        #expect(SheetDetent.medium.presentedFrame(in: Self.phone) == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(SheetDetent.large.presentedFrame(in: Self.phone) == Self.phone)
        let offset = Rect(x: 10, y: 20, width: 320, height: 568)
        #expect(SheetDetent.fraction(0.25).presentedFrame(in: offset) == Rect(x: 10, y: 446, width: 320, height: 142))
    }

    @Test(arguments: [
        ("half", "'half' is not a detent; give medium, large"),
        ("", "'' is not a detent"),
        ("0", "must be in (0, 1]"),
        ("-0.5", "got -0.5"),
        ("1.5", "got 1.5"),
        ("nan", "got nan"),
        ("inf", "got inf"),
    ])
    func refusesWhatIsNotADetent(_ text: String, _ phrase: String) {
        let error = #expect(throws: SheetDetent.Error.self) { try SheetDetent(parsing: text) }
        #expect(error?.description.contains(phrase) == true, "\(error?.description ?? "no error")")
    }

    @Test func describesItselfAsWritten() throws {
        #expect(SheetDetent.medium.description == "medium")
        #expect(try SheetDetent(parsing: "0.4").description == "0.4")
        #expect(SheetDetent.medium.layout == .sheet(heightFraction: 0.5))
    }
}

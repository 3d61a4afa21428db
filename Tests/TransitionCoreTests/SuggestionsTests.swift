import Testing
import TransitionCore

@Suite struct SuggestionsTests {
    static let operations = ["push", "pop", "present", "dismiss", "tab"]

    @Test(arguments: [
        ("psuh", "push"), ("PUSH", "push"), ("dismis", "dismiss"), ("presnet", "present"),
        ("tabs", "tab"), ("Pop", "pop"),
    ])
    func findsTheClosest(word: String, expected: String) {
        #expect(Suggestions.closest(to: word, in: Self.operations) == expected)
    }

    @Test(arguments: ["teleport", "xyzzy", "presentation-controller"])
    func staysQuietWhenNothingIsClose(word: String) {
        #expect(Suggestions.closest(to: word, in: Self.operations) == nil)
    }

    @Test func allowsAThirdOfTheWordInEdits() {
        let candidates = ["interactive-dismissal"]
        #expect(Suggestions.closest(to: "interactiv-dismisal", in: candidates) == "interactive-dismissal")
        #expect(Suggestions.closest(to: "interactve-dsmsal", in: candidates) == "interactive-dismissal")
        #expect(Suggestions.closest(to: "intractve-dsmsal", in: candidates) == "interactive-dismissal")
        #expect(Suggestions.closest(to: "intractve-dsmsl", in: candidates) == nil)
    }

    @Test func twoEditsAreAlwaysAllowed() {
        #expect(Suggestions.closest(to: "ab", in: ["xy"]) == "xy")
        #expect(Suggestions.closest(to: "ab", in: ["xyz"]) == nil)
    }

    @Test func prefersTheNearerThenTheFirst() {
        #expect(Suggestions.closest(to: "slic", in: ["slide", "slice"]) == "slice")
        #expect(Suggestions.closest(to: "slie", in: ["slice", "slide"]) == "slice")
        #expect(Suggestions.closest(to: "slie", in: ["slide", "slice"]) == "slide")
        #expect(Suggestions.closest(to: "anything", in: []) == nil)
        #expect(Suggestions.closest(to: "push", in: ["PUSH", "POP"]) == "PUSH")
    }
}

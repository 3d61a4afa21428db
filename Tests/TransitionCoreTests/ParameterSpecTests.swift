import Testing
import TransitionCore

@Suite struct ParameterSpecTests {
    @Test(arguments: [("0.4", 0.4), (" 1.5 ", 1.5), ("5", 5), ("0.05", 0.05), ("2e0", 2)])
    func parsesNumbers(text: String, expected: Double) throws {
        #expect(try TestCatalog.duration.parse(text) == expected)
    }

    @Test(arguments: [
        ("true", 1.0), ("yes", 1), ("on", 1), ("1", 1), ("TRUE", 1),
        ("false", 0), ("no", 0), ("off", 0), ("0", 0),
    ])
    func parsesBools(text: String, expected: Double) throws {
        #expect(try TestCatalog.crossfade.parse(text) == expected)
    }

    @Test func refusesOtherBoolText() {
        let error = #expect(throws: ParameterSpec.Error.self) { try TestCatalog.crossfade.parse("maybe") }
        #expect(error?.description == "crossfade must be true or false, not 'maybe'")
    }

    @Test(arguments: [("left", 0.0), ("right", 1), ("UP", 2), (" down ", 3), ("3", 3)])
    func parsesChoices(text: String, expected: Double) throws {
        #expect(try TestCatalog.direction.parse(text) == expected)
    }

    @Test(arguments: ["sideways", "4", "-1", ""])
    func refusesOtherChoices(text: String) {
        let error = #expect(throws: ParameterSpec.Error.self) { try TestCatalog.direction.parse(text) }
        #expect(error?.description.contains("must be one of left, right, up, down") == true)
    }

    @Test(arguments: ["9", "0.01", "-1"])
    func outOfRangeNamesTheRange(text: String) {
        let error = #expect(throws: ParameterSpec.Error.self) { try TestCatalog.duration.parse(text) }
        #expect(error?.description.contains("out of range") == true)
        #expect(error?.description.contains("allowed: 0.05...5s") == true)
    }

    @Test func integerRefusesFractions() throws {
        let error = #expect(throws: ParameterSpec.Error.self) { try TestCatalog.steps.parse("1.5") }
        #expect(error?.description == "steps must be a whole number")
        #expect(try TestCatalog.steps.parse("12") == 12)
        #expect(throws: ParameterSpec.Error.self) { try TestCatalog.steps.parse("13") }
    }

    @Test(arguments: ["nan", "NaN", "inf", "-infinity"])
    func nonFiniteNumbersAreRefused(text: String) {
        let error = #expect(throws: ParameterSpec.Error.self) { try TestCatalog.duration.parse(text) }
        #expect(error?.description == "duration must be a finite number")
    }

    @Test func checkRefusesNaNAndNonBooleans() throws {
        #expect(throws: ParameterSpec.Error.self) { try TestCatalog.duration.check(.nan) }
        #expect(throws: ParameterSpec.Error.self) { try TestCatalog.crossfade.check(0.5) }
        #expect(try TestCatalog.duration.check(2) == 2)
    }

    @Test func notANumber() {
        let error = #expect(throws: ParameterSpec.Error.self) { try TestCatalog.duration.parse("fast\u{1B}") }
        #expect(error?.description == "duration must be a number; got 'fast\\e'")
    }

    @Test func display() {
        #expect(TestCatalog.direction.display(2) == "up")
        #expect(TestCatalog.crossfade.display(1) == "true")
        #expect(TestCatalog.duration.display(0.35) == "0.35s")
        #expect(TestCatalog.direction.allowedDescription == "left | right | up | down")
    }

    @Test func valuesUseDefaultsForTheRest() throws {
        let values = try TestCatalog.slide.values(for: [(key: "duration", value: "1.25")])
        #expect(values == [0, 1.25])
        #expect(try TestCatalog.slide.values(for: []) == TestCatalog.slide.defaultValues)
        #expect(try TestCatalog.slide.values(for: [(key: "direction", value: "down"), (key: "direction", value: "up")]) == [2, 0.35])
    }

    @Test func valuesNameTheKnownParameters() {
        let error = #expect(throws: ParameterSpec.Error.self) {
            try TestCatalog.slide.values(for: [(key: "speed", value: "2")])
        }
        #expect(error?.description == "slide has no parameter 'speed' (known: direction, duration)")
        let none = #expect(throws: ParameterSpec.Error.self) {
            try TestCatalog.still.values(for: [(key: "speed", value: "2")])
        }
        #expect(none?.description.contains("it has none") == true)
    }

    @Test func valuesReportBadValues() {
        let error = #expect(throws: ParameterSpec.Error.self) {
            try TestCatalog.slide.values(for: [(key: "duration", value: "10")])
        }
        #expect(error?.description.contains("duration = 10 is out of range") == true)
    }
}

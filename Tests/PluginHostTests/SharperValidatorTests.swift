import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The validator's findings as a plugin author reads them: screen-space diagnoses, back faces,
/// choice ranges, unset versions, measured step costs, grouped fuzz findings and skipped scenarios.
@Suite struct SharperValidatorTests {
    func animator(_ fixture: String, _ id: String) throws -> Animator {
        try #require(try PluginLibrary.load(path: try FixturePlugins.path(fixture)).animator(id))
    }

    func suite() -> ContractSuite {
        var suite = ContractSuite()
        suite.containers = [.phonePortrait]
        suite.samples = 60
        return suite
    }

    @Test func aBackFaceDrawnOverAFrontFaceOverAVisibleShareFailsWithBothBoxesOnScreen() throws {
        let flip = try animator("flip_shows_back", "flip")
        let result = suite().run(.backFaces, on: flip)
        #expect(result.status == .fail)
        let detail = result.details.joined(separator: "\n")
        #expect(detail.contains("390x844 push: the to view #1 shows its back over the from view #0, which faces the viewer, at 29 progresses from 0.0167 to 0.4833"), "\(detail)")
        #expect(detail.contains("it projects to x "), "\(detail)")
        #expect(detail.contains("pt², drawn above #0 (which projects to x "), "\(detail)")
        #expect(detail.contains("set_double_sided"), "\(detail)")
        #expect(detail.contains("% of the screen)"), "the largest share it covers is named: \(detail)")
        // The same flip seen only once its faces have turned is not warned about.
        let late = try flip.run(try TransitionContext(operation: .push, containerBounds: ContainerSize.phonePortrait.bounds), progresses: [0.75, 1])
        #expect(late.frames.allSatisfy { $0[ViewID(1)]?.state.facesAway(camera: $0.camera) == false })
    }

    @Test func aChoiceWhoseMaximumIsNotTheLastIndexFails() throws {
        let results = ContractSuite().checkPlugin(path: try FixturePlugins.path("choice_max")).results
        let parameters = try #require(results.first { $0.check == "descriptor-parameters" })
        #expect(parameters.status == .fail)
        #expect(parameters.details.contains { $0.contains("parameter \"edge\" is a choice of 3 but its max_value is 3; set max_value = choice_count − 1 = 2") }, "\(parameters.details)")
    }

    @Test func anAllZeroVersionSaysWhichFieldToSet() throws {
        let results = ContractSuite().checkPlugin(path: try FixturePlugins.path("zero_abi")).results
        let version = try #require(results.first { $0.check == "abi-version" })
        #expect(version.status == .fail)
        let detail = version.details.joined(separator: "\n")
        #expect(detail.contains("set `.abi = TC_ABI_VERSION_INIT`"), "\(detail)")
        #expect(!detail.contains("rebuild"), "an unset field is not a header mismatch: \(detail)")
    }

    @Test func stepCostShowsTheMeasuredTimeOnAPass() throws {
        let result = suite().run(.stepCost, on: try animator("third_party_wipe", "curtain"))
        #expect(result.status == .pass || result.status == .warn)
        #expect(result.details.contains { $0.contains("µs per step") || $0.contains("µs on average") }, "\(result.details)")
        if result.status == .pass {
            #expect(result.details.allSatisfy { $0.hasPrefix("390x844 ") && $0.contains("µs per step (budget 50 µs)") }, "\(result.details)")
        }
    }

    @Test func fuzzFindingsWithOneCauseBecomeOneFindingWithACount() throws {
        let cube = try animator("cube_back_face", "cube")
        var one = ContractSuite()
        one.containers = [.phonePortrait]
        let push = try #require(Scenario.all(for: cube.description).first { $0.description == "push" })
        let result = one.run(.parameters, on: cube, scenarios: [push])
        #expect(result.status == .fail)
        #expect(result.details.count == 1, "\(result.details)")
        let line = try #require(result.details.first)
        #expect(line.contains("parameter sets, first with one-sided=false"), "\(line)")
        let count = try #require(line.firstMatch(of: /in (\d+) of (\d+) parameter sets/))
        #expect(Int(count.1)! > 1 && Int(count.1)! < Int(count.2)!, "\(line)")
    }

    @Test func aSkippedScenarioIsNamedBesideThePassesOfTheOthers() throws {
        let fade = try animator("setup_refuses", "push-only-fade")
        let result = suite().run(.endpoints, on: fade)
        #expect(result.status == .pass)
        #expect(result.details == [
            "not run in 390x844 pop: setup returned false (see lifecycle)",
            "not run in 390x844 pop with a matched element: setup returned false (see lifecycle)",
        ], "\(result.details)")
    }
}

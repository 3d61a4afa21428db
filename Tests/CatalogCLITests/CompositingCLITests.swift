import Foundation
import TestSupport
import Testing

/// The command-line side of the compositing model: `--match` on preview and run, and
/// `validate --size`.
@Suite("matched elements and container sizes on the command line") struct CompositingCLITests {
    @Test func previewCarriesMatchedElementsIntoTheSampledFrames() throws {
        let result = try CLI.run(["preview", "push", "slide", "--match", "card:16,200,358x120->0,0,390x844", "--format", "json", "--frames", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try CLI.jsonObject(result.stdout)["frames"] as? [[String: Any]])
        let elements = try #require(frames.first?["matchedElements"] as? [[String: Any]])
        #expect(elements.first?["id"] as? String == "card")
        #expect(elements.first?["fromView"] as? Int == 2 && elements.first?["toView"] as? Int == 3)
    }

    @Test func previewJSONCarriesTheCameraAndSnapshotContentWithinTheSchema() throws {
        let path = try FixturePlugins.path("compositing_doors")
        let result = try CLI.run([
            "preview", "push", "org.example.compositing-doors:doors", "--plugin-path", path, "--format", "json", "--frames", "3",
            "--match", "card:16,200,358x120->0,0,390x300",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try CLI.jsonObject(result.stdout)["frames"] as? [[String: Any]])
        #expect((frames[0]["camera"] as? [String: Any])?["eyeDistance"] as? Int == 600)
        #expect((frames[2]["camera"] as? [String: Any])?["eyeDistance"] as? Int == 400, "past half-way the step sets a closer camera")
        let views = try #require(frames[0]["views"] as? [[String: Any]])
        let tile = try #require(views.first { $0["role"] as? String == "tile" })
        #expect(((tile["state"] as? [String: Any])?["doubleSided"] as? Bool) == false)
        let verdict = try JSONSchemaTests.validate(result.stdout, against: "preview")
        #expect(verdict.valid, "\(verdict.errors)")
    }

    @Test(arguments: [["preview", "push", "slide"], ["run", "push"]])
    func aBadMatchIsRefusedWithTheSyntax(_ command: [String]) throws {
        let result = try CLI.run(command + ["--match", "card:16,200->0,0,390x844"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--match:") && result.stderr.contains("ID:X,Y,WxH->X,Y,WxH"), "\(result.stderr)")
    }

    @Test func runGivesMatchedElementsToEachTransition() throws {
        let result = try CLI.run(["run", "push", "--match", "card:16,200,358x120->0,0,390x844", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let transitions = try #require(try CLI.jsonObject(result.stdout)["transitions"] as? [[String: Any]])
        let entries = try #require(transitions.first?["frames"] as? [[String: Any]])
        let views = try #require(entries.first?["views"] as? [[String: Any]])
        let fromSide = try #require(views.first { $0["id"] as? Int == 2 })
        let content = try #require((fromSide["state"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["source"] as? Int == 0)
        #expect((content["rect"] as? [String: Any])?["y"] as? Int == 200, "the from side shows the card's part of the from-screen")
    }

    @Test func validateRunsInTheOneSizeAskedAndNamesIt() throws {
        let path = try FixturePlugins.path("cube_back_face")
        let result = try CLI.run(["validate", path, "--size", "844x390", "--only", "endpoints"])
        #expect(result.status != 0)
        #expect(result.stdout.contains("844x390 push: at progress 1 the from view #0 still covers the to-view #1: it projects to x 0…265"), "\(result.stdout)")
        #expect(!result.stdout.contains("390x844"))
        let all = try CLI.run(["validate", path, "--only", "endpoints"])
        for size in ["390x844", "844x390", "1024x1366", "320x568"] {
            #expect(all.stdout.contains("\(size) push: at progress 1"), "\(size) missing from \(all.stdout)")
        }
        let bad = try CLI.run(["validate", path, "--size", "wide"])
        #expect(bad.status != 0 && bad.stderr.contains("WIDTHxHEIGHT"), "\(bad.stderr)")
    }
}

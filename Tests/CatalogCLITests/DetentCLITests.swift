import Foundation
import TestSupport
import Testing

/// `--detent`: the host's sheet detent for custom presentations, in preview, validate, run and
/// export, and its errors.
@Suite struct DetentCLITests {
    /// The frame of the first view with `role` in the preview JSON frame `frame`.
    func frame(of role: String, in frame: [String: Any]) throws -> (x: Double, y: Double, width: Double, height: Double) {
        let views = try #require(frame["views"] as? [[String: Any]])
        let view = try #require(views.first { $0["role"] as? String == role }, "no \(role) view in \(views.map { $0["role"] ?? "?" })")
        let state = try #require(view["state"] as? [String: Any])
        let rect = try #require(state["frame"] as? [String: Any])
        return try (#require(rect["x"] as? Double), #require(rect["y"] as? Double), #require(rect["width"] as? Double), #require(rect["height"] as? Double))
    }

    /// The opacity of the first view with `role` in the preview JSON frame `frame`, 0 when there is none.
    func alpha(of role: String, in frame: [String: Any]) throws -> Double {
        let views = try #require(frame["views"] as? [[String: Any]])
        guard let view = views.first(where: { $0["role"] as? String == role }) else { return 0 }
        let state = try #require(view["state"] as? [String: Any])
        return try #require(state["alpha"] as? Double)
    }

    @Test("the detent decides the dimming: clear at medium and below, dimmed above", arguments: [("medium", 0.0), ("0.3", 0.0), ("0.6", 0.4), ("large", 0.4)])
    func detentDecidesTheDimming(_ detent: String, _ dim: Double) throws {
        let present = try CLI.run(["preview", "present", "bottom-sheet", "--detent", detent, "--format", "json", "--frames", "3"])
        #expect(present.status == 0, "stderr: \(present.stderr)")
        let frames = try #require(try CLI.jsonObject(present.stdout)["frames"] as? [[String: Any]])
        let shown = try alpha(of: "dimming", in: try #require(frames.last))
        #expect(abs(shown - dim) < 1e-9, "at \(detent) the screen behind is dimmed to \(shown)")
    }

    @Test("a medium bottom sheet rises from the bottom edge to half the container's height and falls back")
    func mediumSheetPreview() throws {
        let present = try CLI.run(["preview", "present", "bottom-sheet", "--detent", "medium", "--format", "json", "--frames", "3"])
        #expect(present.status == 0, "stderr: \(present.stderr)")
        let frames = try #require(try CLI.jsonObject(present.stdout)["frames"] as? [[String: Any]])
        let start = try frame(of: "to", in: frames[0]), end = try frame(of: "to", in: try #require(frames.last))
        #expect(start.y == 844, "the sheet starts below the bottom edge: \(start)")
        #expect(end.x == 0 && end.y == 422 && end.width == 390 && end.height == 422, "the sheet's top rests at half the height: \(end)")

        let dismiss = try CLI.run(["preview", "dismiss", "bottom-sheet", "--detent", "0.25", "--format", "json", "--frames", "2", "--size", "320x568"])
        #expect(dismiss.status == 0, "stderr: \(dismiss.stderr)")
        let back = try #require(try CLI.jsonObject(dismiss.stdout)["frames"] as? [[String: Any]])
        let first = try frame(of: "from", in: back[0])
        #expect(first.y == 426 && first.height == 142, "a quarter of 568 points from the bottom: \(first)")
    }

    @Test("validate passes the bottom sheet at the medium detent")
    func validateBottomSheetAtMedium() throws {
        let result = try CLI.run(["validate", "--json", "bottom-sheet", "--detent", "medium", "--size", "390x844", "--skip", "step-cost"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stdout: \(result.stdout.prefix(2000))")
        let (passed, results) = try ValidateCommandTests.results(result.stdout)
        #expect(passed == true)
        #expect(results.contains { $0.check == "endpoints" && $0.status == "PASS" })
    }

    @Test("validate --detent judges custom presentations at the detent's frame")
    func validateCatchesAPluginThatPlacesItsOwnScreen() throws {
        let path = try FixturePlugins.path("fixed_card_frame")
        let card = try CLI.run(["validate", "--json", "--no-builtins", "--size", "390x844", path])
        #expect(card.status == 0, "at the default card frame the fixture's frame is the host's: \(card.stdout.prefix(2000))")
        let medium = try CLI.run(["validate", "--json", "--no-builtins", "--size", "390x844", "--detent", "medium", path])
        CLI.expectNoCrash(medium)
        #expect(medium.status == 1)
        let (_, results) = try ValidateCommandTests.results(medium.stdout)
        let endpoints = results.filter { $0.check == "endpoints" && $0.status == "FAIL" }.flatMap(\.details)
        #expect(endpoints.contains { $0.contains("present (custom)") && $0.contains("0,422 390x422") }, "\(endpoints)")
    }

    @Test("run places a custom presentation at --detent, and a rule's detent wins")
    func runAtADetent() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("detent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("plain.json").path
        try #"{ "version": 1, "rules": [ { "operation": "present", "animator": "bottom-sheet" } ] }"#.write(toFile: plain, atomically: true, encoding: .utf8)
        let ruled = directory.appendingPathComponent("ruled.json").path
        try #"{ "version": 1, "rules": [ { "operation": ["present", "dismiss"], "animator": "bottom-sheet", "detent": "medium" } ] }"#.write(toFile: ruled, atomically: true, encoding: .utf8)

        let byOption = try CLI.run(["run", "--source", plain, "--detent", "0.3", "present"])
        #expect(byOption.status == 0, "stderr: \(byOption.stderr)")
        #expect(byOption.stdout.contains("modal-1 at 0,591 390x253"), "\(byOption.stdout)")
        let byRule = try CLI.run(["run", "--source", ruled, "--detent", "0.3", "present", "dismiss"])
        #expect(byRule.status == 0, "stderr: \(byRule.stderr)")
        #expect(byRule.stdout.contains("modal-1 at 0,422 390x422"), "\(byRule.stdout)")
    }

    @Test("bad detents and detents where the host does not place the screen are refused with one line", arguments: [
        (["preview", "present", "bottom-sheet", "--detent", "half"], "--detent: 'half' is not a detent; give medium, large"),
        (["preview", "present", "bottom-sheet", "--detent", "0"], "must be in (0, 1]"),
        (["preview", "present", "bottom-sheet", "--detent", "1.5"], "got 1.5"),
        (["preview", "push", "slide", "--detent", "medium"], "applies to present and dismiss in the custom style"),
        (["preview", "present", "cover-vertical", "--detent", "medium"], "this is present in the full-screen style"),
        (["validate", "bottom-sheet", "--detent", "tall"], "'tall' is not a detent"),
        (["run", "--detent", "2", "present"], "got 2"),
        (["export", "web", "slide", "--detent", "medium"], "applies to present and dismiss in the custom style"),
    ])
    func refused(_ arguments: [String], _ phrase: String) throws {
        let result = try CLI.run(arguments)
        CLI.expectNoCrash(result)
        #expect(result.status == 64, "stdout: \(result.stdout.prefix(400)) stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = CLI.lines(result.stderr)
        #expect(lines.count == 1 && lines[0].contains(phrase), "stderr: \(result.stderr)")
    }
}

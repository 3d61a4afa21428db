import Foundation
import Testing
import TestSupport

/// `catalog preview` when standard output is a pipe: the frame table, or JSON.
@Suite("catalog preview")
struct PreviewCommandTests {
    @Test("preview push slide prints the frame table with 9 progresses from 0 to 1")
    func slideTable() throws {
        let result = try CLI.run(["preview", "push", "slide"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "unexpected stderr: \(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"), "a pipe must get the table, not terminal playback")

        let header = try #require(CLI.lines(result.stdout).first)
        #expect(header.hasPrefix("push slide"), "header: \(header)")
        #expect(header.contains("390x844"))
        let table = try #require(PrintedTable(result.stdout, firstColumn: "PROGRESS"), "no table in: \(result.stdout)")
        #expect(table.columns.first == "PROGRESS")
        #expect(table.columns.contains("VIEW") && table.columns.contains("FRAME") && table.columns.contains("ALPHA"))

        let rows = try #require(PreviewRow.parse(result.stdout))
        #expect(PreviewRow.progresses(rows) == ["0", "0.125", "0.25", "0.375", "0.5", "0.625", "0.75", "0.875", "1"])
        let toRows = rows.filter { $0.role == "to" }
        #expect(toRows.count == 9)
        #expect(toRows.first?.frame == "390,0 390x844", "push slide left: the to-view starts off the right edge")
        #expect(toRows.last?.progress == "1")
        #expect(toRows.last?.frame == "0,0 390x844")
        #expect(rows.filter { $0.role == "from" }.first?.frame == "0,0 390x844")

        let after = try #require(CLI.lines(result.stdout).last)
        #expect(after.hasPrefix("after completion"), "last line: \(after)")
        #expect(after.contains("to"))
    }

    @Test("--frames sets the number of sampled progresses", arguments: [2, 3, 5, 11])
    func framesOption(frames: Int) throws {
        let result = try CLI.run(["preview", "push", "slide", "--frames", String(frames)])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try #require(PreviewRow.parse(result.stdout))
        let progresses = PreviewRow.progresses(rows)
        #expect(progresses.count == frames)
        #expect(progresses.first == "0")
        #expect(progresses.last == "1")
        if frames == 3 { #expect(progresses == ["0", "0.5", "1"]) }
        #expect(rows.filter { $0.role == "to" }.last?.frame == "0,0 390x844")
    }

    @Test("--size changes the container and the frames")
    func sizeOption() throws {
        let result = try CLI.run(["preview", "push", "slide", "--frames", "3", "--size", "200x400"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let header = try #require(CLI.lines(result.stdout).first)
        #expect(header.contains("200x400"), "header: \(header)")
        let rows = try #require(PreviewRow.parse(result.stdout))
        #expect(PreviewRow.progresses(rows) == ["0", "0.5", "1"])
        let toRows = rows.filter { $0.role == "to" }
        #expect(toRows.first?.frame == "200,0 200x400")
        #expect(toRows.last?.frame == "0,0 200x400")
        #expect(!result.stdout.contains("390x844"))
    }

    @Test("--param direction=right brings the to-view in from the left")
    func directionParameter() throws {
        let result = try CLI.run(["preview", "push", "slide", "--param", "direction=right"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("direction=right"))
        let toRows = try #require(PreviewRow.parse(result.stdout)).filter { $0.role == "to" }
        let start = try #require(toRows.first?.x, "to-view frame: \(toRows.first?.frame ?? "none")")
        #expect(start < 0)
        #expect(toRows.last?.frame == "0,0 390x844")
    }

    @Test("--format json has one frame per --frames, from 0 to 1, with full view states", arguments: [2, 5, 9])
    func jsonFormat(frames: Int) throws {
        let result = try CLI.run(["preview", "push", "slide", "--format", "json", "--frames", String(frames)])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let doc = try CLI.jsonObject(result.stdout)
        #expect(doc["animator"] as? String == "\(CLI.builtinPluginID):slide")
        #expect(doc["operation"] as? String == "push")
        #expect(jsonNumber(doc["duration"]) == 0.35)
        let container = try #require(doc["container"] as? [String: Any])
        #expect(jsonNumber(container["width"]) == 390 && jsonNumber(container["height"]) == 844)

        let frameList = try #require(doc["frames"] as? [[String: Any]])
        #expect(frameList.count == frames)
        #expect(jsonNumber(frameList.first?["progress"]) == 0)
        #expect(jsonNumber(frameList.last?["progress"]) == 1)
        for frame in frameList {
            let views = try #require(frame["views"] as? [[String: Any]])
            #expect(views.count == 2)
            for view in views {
                #expect(view["role"] != nil, "view without role: \(view)")
                let state = try #require(view["state"] as? [String: Any], "view without state: \(view)")
                let rect = try #require(state["frame"] as? [String: Any])
                for key in ["x", "y", "width", "height"] { #expect(jsonNumber(rect[key]) != nil, "frame.\(key)") }
                let alpha = try #require(jsonNumber(state["alpha"]))
                #expect((0...1).contains(alpha))
                let transform = try #require(state["transform"] as? [Any])
                #expect(transform.count == 16)
                #expect(transform.allSatisfy { jsonNumber($0) != nil })
            }
        }
        // The to-view ends at its final frame. (Its role is matched by name or by the ABI number 1:
        // how roles are encoded is the subject of `jsonRolesAreNames`.)
        let last = try #require(frameList.last?["views"] as? [[String: Any]])
        let to = try #require(last.first { $0["role"] as? String == "to" || jsonNumber($0["role"]) == 1 })
        let rect = try #require((to["state"] as? [String: Any])?["frame"] as? [String: Any])
        #expect(jsonNumber(rect["x"]) == 0 && jsonNumber(rect["y"]) == 0)
    }

    /// `preview --format json` is for tools, yet a view's role is the raw ABI number and its id a
    /// `{"rawValue": N}` object. The names ("from", "to", "dimming", ...) are what the table shows.
    @Test("--format json names view roles and gives view ids as numbers")
    func jsonRolesAreNames() throws {
        let result = try CLI.run(["preview", "push", "slide", "--format", "json", "--frames", "2"])
        #expect(result.status == 0)
        let doc = try CLI.jsonObject(result.stdout)
        let views = try #require((doc["frames"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        let roles = views.map { $0["role"] }
        #expect(views.compactMap { $0["role"] as? String }.sorted() == ["from", "to"], "roles are encoded as \(roles)")
        let ids = views.map { $0["id"] }
        #expect(views.allSatisfy { jsonNumber($0["id"]) != nil }, "view ids are encoded as \(ids)")
        let after = doc["containerAfterCompletion"] as? [Any] ?? []
        #expect(after.allSatisfy { jsonNumber($0) != nil }, "containerAfterCompletion is encoded as \(after)")
    }

    @Test("preview present dimmed-sheet uses the custom style and shows a dimming view")
    func dimmedSheet() throws {
        let result = try CLI.run(["preview", "present", "dimmed-sheet"])
        CLI.expectNoCrash(result)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let header = try #require(CLI.lines(result.stdout).first)
        #expect(header.hasPrefix("present dimmed-sheet"))
        #expect(header.contains("custom"), "header: \(header)")
        let rows = try #require(PreviewRow.parse(result.stdout))
        let dimming = rows.filter { $0.role == "dimming" }
        #expect(dimming.count == 9, "one dimming row per progress: \(rows.map(\.view))")
        #expect(dimming.first?.alpha == "0")
        #expect(dimming.last?.alpha == "0.5", "dim=0.5 by default")
        #expect(rows.contains { $0.role == "to" })
    }

    @Test("preview present dimmed-sheet --format json reports the custom style")
    func dimmedSheetJSON() throws {
        let result = try CLI.run(["preview", "present", "dimmed-sheet", "--format", "json", "--frames", "3"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let doc = try CLI.jsonObject(result.stdout)
        #expect(doc["style"] as? String == "custom")
        #expect(doc["operation"] as? String == "present")
    }

    @Test("preview present dimmed-sheet --style full-screen is refused")
    func dimmedSheetFullScreenRefused() throws {
        let result = try CLI.run(["preview", "present", "dimmed-sheet", "--style", "full-screen"])
        CLI.expectNoCrash(result)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let message = try #require(CLI.lines(result.stderr).first)
        #expect(message.contains("dimmed-sheet"))
        #expect(message.contains("full-screen"))
        #expect(message.contains("custom"), "should say which style it serves: \(message)")
    }
}

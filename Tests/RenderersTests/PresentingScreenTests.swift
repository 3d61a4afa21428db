import Foundation
@testable import Renderers
import Testing
import TestSupport
import TransitionCore

/// A custom-style present or dismiss leaves the presenting screen outside the container, where
/// it stays visible; every picture draws it behind the presented card, dimmed by what lies over it.
@Suite("The presenting screen behind custom presentations")
struct PresentingScreenTests {
    static let style = CardStyle.standard

    /// A point of the device screen that a presented card never covers (above its top, 127 pt
    /// down) and that no block of the presenting screen's face covers (left of its padding).
    static let probe = (x: 6, y: 100)

    static let cases: [(String, TransitionOperation)] = [
        ("dimmed-sheet", .present), ("dimmed-sheet", .dismiss), ("fade", .present), ("zoom", .present), ("zoom", .dismiss),
    ]

    /// The entry where the presented card is fully up: the last of a present, the first of a dismiss.
    static func restingIndex(_ timeline: TransitionTimeline, _ operation: TransitionOperation) -> Int {
        operation == .present ? timeline.entries.count - 1 : 0
    }

    /// What the probe must show in `frame`: the presenting screen's colour under every dimming
    /// view of the frame that covers it, each mixed in by its alpha.
    static func expectedColor(_ frame: TransitionFrame, presenting: ViewRole) -> (Int, Int, Int) {
        var color = style.color(for: presenting)
        for view in frame.drawOrder where view.role == .dimming && !view.state.isInvisible {
            let f = view.state.frame
            guard Double(probe.x) >= f.x, Double(probe.x) <= f.maxX, Double(probe.y) >= f.y, Double(probe.y) <= f.maxY else { continue }
            let fill = view.state.color ?? style.dimming
            color = color.mixed(with: fill, view.state.alpha * fill.alpha)
        }
        return bytes(color)
    }

    static func timelines(_ id: String, _ operation: TransitionOperation, fps: Double = 30) throws -> (with: TransitionTimeline, without: TransitionTimeline) {
        let animator = try Fixtures.animator(id)
        return (
            try Fixtures.timeline(animator, operation, style: .custom, fps: fps),
            try Fixtures.timeline(animator, operation, style: .custom, fps: fps, backdrop: false)
        )
    }

    @Test("the sampled frames carry the presenting screen under the container, in the role it has", arguments: cases)
    func sampled(_ id: String, _ operation: TransitionOperation) throws {
        let (timeline, bare) = try Self.timelines(id, operation)
        for (entry, plain) in zip(timeline.entries, bare.entries) {
            let order = entry.frame.drawOrder
            #expect(order.first?.role == (operation == .present ? .from : .to), "the presenting screen is drawn first")
            #expect(order.first?.state.frame == Fixtures.bounds)
            #expect(Array(order.dropFirst()).map(\.state) == plain.frame.drawOrder.map(\.state), "the animator's views are unchanged, above it")
        }
    }

    @Test("the PNG renderer draws the presenting screen behind the card, dimmed", arguments: cases)
    func png(_ id: String, _ operation: TransitionOperation) throws {
        let (timeline, bare) = try Self.timelines(id, operation)
        let k = Self.restingIndex(timeline, operation)
        let presenting: ViewRole = operation == .present ? .from : .to
        let expected = Self.expectedColor(timeline.entries[k].frame, presenting: presenting)
        let ours = try DecodedPNG(try FramePainter(timeline: timeline).png(timeline.entries[k].frame))
        #expect(close(ours.rgb(Self.probe.x, Self.probe.y), expected, 3), "\(operation) \(id): \(ours.rgb(Self.probe.x, Self.probe.y)) against \(expected)")
        // Without the backdrop the same point shows the empty screen: the check above can fail.
        let empty = try DecodedPNG(try FramePainter(timeline: bare).png(bare.entries[k].frame))
        #expect(!close(empty.rgb(Self.probe.x, Self.probe.y), expected, 3))
    }

    @Test("the GIF shows the presenting screen behind the card, dimmed", arguments: [("dimmed-sheet", TransitionOperation.present), ("zoom", .dismiss)])
    func gif(_ id: String, _ operation: TransitionOperation) throws {
        let (timeline, _) = try Self.timelines(id, operation)
        let margin = 12.0
        let gif = try DecodedGIF(try GIFRenderer(options: .init(scale: 1, margin: margin)).render(timeline))
        let k = Self.restingIndex(timeline, operation)
        let expected = Self.expectedColor(timeline.entries[k].frame, presenting: operation == .present ? .from : .to)
        let p = gif.frames[k][(Self.probe.y + Int(margin)) * gif.width + Self.probe.x + Int(margin)]
        let shown = (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
        #expect(close(shown, expected, 8), "\(operation) \(id): \(shown) against \(expected)")
    }

    @Test("Chromium shows the presenting screen behind the card on the HTML page", arguments: [("dimmed-sheet", TransitionOperation.present), ("fade", .present), ("zoom", .dismiss)])
    func html(_ id: String, _ operation: TransitionOperation) throws {
        let (timeline, _) = try Self.timelines(id, operation, fps: 60)
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = try Fixtures.write(Array(try HTMLRenderer().render(timeline).utf8), "page.html", in: dir)
        let position = operation == .present ? 1 : 0
        let shot = dir + "/browser.png"
        _ = try ExternalTools.browse(url: "file://\(page)#p=\(position)&bare", width: 390, height: 844, screenshot: shot)
        let image = try DecodedPNG(Array(try Data(contentsOf: URL(fileURLWithPath: shot))))
        let expected = Self.expectedColor(timeline.entries[Self.restingIndex(timeline, operation)].frame, presenting: operation == .present ? .from : .to)
        #expect(close(image.rgb(Self.probe.x, Self.probe.y), expected, 3), "\(operation) \(id): \(image.rgb(Self.probe.x, Self.probe.y)) against \(expected)")
    }

    @Test("rlottie shows the presenting screen behind the card in the Lottie file", arguments: [("dimmed-sheet", TransitionOperation.present), ("zoom", .dismiss)])
    func lottie(_ id: String, _ operation: TransitionOperation) throws {
        let (timeline, _) = try Self.timelines(id, operation, fps: 60)
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try Fixtures.write(Array(try LottieRenderer(frameRate: 60).render(timeline).utf8), "anim.json", in: dir)
        let k = Self.restingIndex(timeline, operation)
        let frameNumber = Int((timeline.entries[k].time * 60).rounded())
        let shot = dir + "/rlottie.png"
        _ = try ExternalTools.consumer(["rlottie-render", file, String(frameNumber), shot, "--backdrop", CrossCheckTests.backdrop])
        let image = try DecodedPNG(Array(try Data(contentsOf: URL(fileURLWithPath: shot))))
        let expected = Self.expectedColor(timeline.entries[k].frame, presenting: operation == .present ? .from : .to)
        #expect(close(image.rgb(Self.probe.x, Self.probe.y), expected, 3), "\(operation) \(id) frame \(frameNumber): \(image.rgb(Self.probe.x, Self.probe.y)) against \(expected)")
    }
}

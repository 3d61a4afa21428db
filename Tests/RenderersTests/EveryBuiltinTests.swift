import Foundation
import Renderers
import Testing
import TransitionCore

@Suite("Every built-in animator in every format")
struct EveryBuiltinTests {
    @Test("png, gif, html and lottie render for every animator and operation it supports")
    func everyFormat() throws {
        let cases = try Fixtures.builtinCases()
        #expect(cases.count >= 20)
        for (animator, op) in cases {
            let name = "\(op) \(animator.id)"
            let strip = try FilmstripRenderer().render(try Fixtures.timeline(animator, op, progresses: FrameTimes.even(8)))
            #expect(strip.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name): a PNG")
            let motion = try Fixtures.timeline(animator, op, fps: 30)
            let gif = try GIFRenderer(options: .init(frameHeight: 240)).render(motion)
            #expect(gif.starts(with: Array("GIF89a".utf8)), "\(name): a GIF89a")
            let smooth = try Fixtures.timeline(animator, op, fps: 60)
            let html = try HTMLRenderer().render(smooth)
            #expect(html.contains("@keyframes"), "\(name): the page animates")
            let lottie = try LottieRenderer().render(smooth)
            let doc = try JSONSerialization.jsonObject(with: Data(lottie.utf8)) as? [String: Any]
            #expect(doc?["layers"] != nil, "\(name): Lottie JSON")
        }
    }
}

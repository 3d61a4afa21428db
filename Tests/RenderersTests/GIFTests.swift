import CGIF
@testable import Renderers
import Testing
import TransitionCore

/// A GIF read back with giflib's decoder: the screen, each frame's region, delay and palette
/// indices, the loop extension, and the composited pixels of every frame.
struct DecodedGIF {
    var width = 0
    var height = 0
    var delays: [Int] = []
    var disposals: [Int32] = []
    var regions: [(x: Int, y: Int, width: Int, height: Int)] = []
    var loopCount: Int?
    /// Each frame as shown: 0xRRGGBB.
    var frames: [[UInt32]] = []

    init(_ bytes: [UInt8]) throws {
        try GraphicsLibraries.loadGIF()
        final class Source { let bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let source = Source(bytes)
        var error: Int32 = 0
        let file = try #require(DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { gif, out, length in
            let s = Unmanaged<Source>.fromOpaque(gif!.pointee.UserData!).takeUnretainedValue()
            let n = min(Int(length), s.bytes.count - s.offset)
            s.bytes.withUnsafeBufferPointer { out!.update(from: $0.baseAddress! + s.offset, count: n) }
            s.offset += n
            return Int32(n)
        }, &error), "giflib could not open the GIF (error \(error))")
        defer { DGifCloseFile(file, nil) }
        #expect(DGifSlurp(file) == GIF_OK, "giflib could not read the GIF")
        width = Int(file.pointee.SWidth)
        height = Int(file.pointee.SHeight)
        var screen = [UInt32](repeating: 0, count: width * height)
        for i in 0..<Int(file.pointee.ImageCount) {
            let image = file.pointee.SavedImages[i]
            var gcb = GraphicsControlBlock()
            #expect(DGifSavedExtensionToGCB(file, Int32(i), &gcb) == GIF_OK, "frame \(i) has a graphics control block")
            delays.append(Int(gcb.DelayTime))
            disposals.append(gcb.DisposalMode)
            let d = image.ImageDesc
            regions.append((Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height)))
            for e in 0..<Int(image.ExtensionBlockCount) {
                let block = image.ExtensionBlocks[e]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                    String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
                    e + 1 < Int(image.ExtensionBlockCount)
                {
                    let data = image.ExtensionBlocks[e + 1]
                    if data.ByteCount >= 3 { loopCount = Int(data.Bytes[1]) | Int(data.Bytes[2]) << 8 }
                }
            }
            let map = d.ColorMap ?? file.pointee.SColorMap!
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let index = Int(image.RasterBits[y * Int(d.Width) + x])
                    let c = map.pointee.Colors[index]
                    screen[(Int(d.Top) + y) * width + Int(d.Left) + x] = UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
                }
            }
            frames.append(screen)
        }
    }
}

@Suite("GIF")
struct GIFTests {
    @Test("one GIF frame per timeline entry, at the GIF's size, looping forever")
    func framesAndLoop() throws {
        let timeline = Fixtures.linearPush(frames: 13, duration: 0.4)
        let renderer = GIFRenderer()
        let gif = try DecodedGIF(try renderer.render(timeline))
        let size = try renderer.size(for: timeline.containerBounds)
        #expect(gif.width == size.width && gif.height == size.height)
        #expect(size.height == 480 + 24, "the device is 480 pixels high, with a 12-pixel margin")
        #expect(gif.frames.count == 13)
        #expect(gif.loopCount == 0, "NETSCAPE2.0 loop count 0 means forever")
        #expect(gif.disposals.allSatisfy { $0 == DISPOSE_DO_NOT })
        #expect(gif.regions[0] == (0, 0, size.width, size.height))
    }

    @Test("delays follow the real duration, with a pause at each end")
    func delays() throws {
        let timeline = Fixtures.linearPush(frames: 13, duration: 0.4)
        let gif = try DecodedGIF(try GIFRenderer(options: .init(hold: 0.5)).render(timeline))
        #expect(gif.delays.first! >= 50 && gif.delays.last! == 50)
        #expect(gif.delays.reduce(0, +) == 40 + 100, "0.4 s of motion and two 0.5 s holds")
        #expect(gif.delays.dropFirst().dropLast().allSatisfy { $0 == 3 || $0 == 4 }, "30 fps: 3 or 4 hundredths")
        #expect(GIFRenderer.delays(times: [0, 1.0 / 30, 2.0 / 30, 0.1], hold: 0) == [3, 4, 3, 2])
        #expect(GIFRenderer.delays(times: [0, 0.02, 0.04], hold: 0.25) == [27, 2, 25])
        #expect(GIFRenderer.delays(times: [0], hold: 0.5) == [100])
    }

    @Test("each decoded frame is the painted frame: flat colours exact, edges nearly")
    func pixels() throws {
        let timeline = Fixtures.linearPush(frames: 4)
        let renderer = GIFRenderer(options: .init(scale: 0.5, margin: 0))
        let gif = try DecodedGIF(try renderer.render(timeline))
        let painter = FramePainter(timeline: timeline)
        for (i, entry) in timeline.entries.enumerated() {
            let canvas = try CairoCanvas(width: gif.width, height: gif.height)
            canvas.fill(CardStyle.standard.backdrop)
            painter.paint(entry.frame, on: canvas, x: 0, y: 0, scale: 0.5)
            let expected = canvas.pixels()
            var exact = 0, worst = 0
            for (a, b) in zip(expected, gif.frames[i]) {
                let d = max(abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)), abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)), abs(Int(a & 0xFF) - Int(b & 0xFF)))
                if d == 0 { exact += 1 }
                worst = max(worst, d)
            }
            #expect(Double(exact) / Double(expected.count) > 0.97, "frame \(i): \(exact) of \(expected.count) pixels exact")
            #expect(worst < 60, "frame \(i): the worst pixel is off by \(worst)")
        }
    }

    @Test("later frames store only the region that changed")
    func deltas() throws {
        // The from-view stays; only a small card moves across the lower half.
        let frames = FrameTimes.even(5).map { p in
            TransitionFrame(progress: p, views: [
                Fixtures.view(0, .from, Fixtures.bounds),
                Fixtures.view(1, .tile, Rect(x: 20 + 200 * p, y: 600, width: 60, height: 60), color: Color(red: 0.2, green: 0.8, blue: 0.4)),
            ])
        }
        let timeline = TransitionTimeline.even(title: "tile", containerBounds: Fixtures.bounds, duration: 0.2, frames: frames)
        let gif = try DecodedGIF(try GIFRenderer(options: .init(scale: 0.5)).render(timeline))
        for r in gif.regions.dropFirst() {
            #expect(r.height < gif.height / 4 && r.width < gif.width, "a small region: \(r)")
        }
    }

    @Test("the palette keeps up to 256 colours exactly, and the most frequent ones beyond that")
    func palette() {
        var pixels = [UInt32](repeating: 0xFF10_2030, count: 100 * 100)
        for i in 0..<300 { pixels[i] = 0xFF00_0000 | UInt32(i * 7919 % 0xFFFFFF) }
        let exact = pixels.prefix(200 * 1).map { $0 }
        let few = GIFPalette(pixels: exact.withUnsafeBufferPointer { $0 }, stride: 200, x: 0, y: 0, width: 200, height: 1)
        #expect(few.colors.count <= 256)
        for (p, i) in zip(exact, few.indices) { #expect(few.colors[Int(i)] == p & 0xFFFFFF) }
        let many = pixels.withUnsafeBufferPointer { GIFPalette(pixels: $0, stride: 100, x: 0, y: 0, width: 100, height: 100) }
        #expect(many.colors.count == 256)
        #expect(many.colors.contains(0x102030), "the background, the most frequent colour, is kept exactly")
        #expect(many.indices[5000] == UInt8(many.colors.firstIndex(of: 0x102030)!))
    }

    @Test("bad input is refused")
    func bad() throws {
        #expect(throws: RenderError.self) { try GIFEncoder(width: 0, height: 10) }
        let encoder = try GIFEncoder(width: 2, height: 2)
        #expect(throws: RenderError.self) { try encoder.add(pixels: [0, 0, 0], delay: 3) }
        #expect(throws: RenderError.self) { try encoder.finish() }
        #expect(throws: RenderError.self) { try GIFRenderer(options: .init(scale: 20)).render(Fixtures.linearPush()) }
    }
}

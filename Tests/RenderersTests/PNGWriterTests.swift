import CCairo
import CPNG
@testable import Renderers
import Testing
import TransitionCore

/// PNG files are written with libpng at a fast zlib level; they must decode to exactly the pixels
/// cairo's own PNG writer gives for the same surface, opaque (RGB) or not (RGBA, unpremultiplied).
@Suite("PNG writer")
struct PNGWriterTests {
    /// A filmstrip of push · slide drawn as `catalog preview --format png` draws it, over `backdrop`.
    func filmstripCanvas(backdrop: Color, frames: Int = 4) throws -> CairoCanvas {
        let timeline = try Fixtures.timeline(
            Fixtures.animator("slide"), .push, progresses: (0..<frames).map { Double($0) / Double(frames - 1) })
        var style = CardStyle.standard
        style.backdrop = backdrop
        let renderer = FilmstripRenderer(style: style, options: .init(frameHeight: 120, captions: false))
        let layout = try renderer.layout(frameCount: timeline.entries.count, bounds: timeline.containerBounds)
        let canvas = try CairoCanvas(width: layout.width, height: layout.height)
        canvas.fill(style.backdrop)
        let painter = FramePainter(timeline: timeline, style: style)
        for (entry, origin) in zip(timeline.entries, layout.frameOrigins) {
            painter.paint(entry.frame, on: canvas, x: origin.x, y: origin.y, scale: layout.scale)
        }
        // Translucent strokes over everything, so that partly transparent pixels of many alphas occur.
        for i in 0..<8 {
            canvas.fillRoundedRect(
                Rect(x: Double(i * 11), y: Double(i * 5), width: 40, height: 30), radius: 6,
                Color(red: 0.9, green: 0.3, blue: Double(i) / 8, alpha: Double(i + 1) / 9))
        }
        return canvas
    }

    /// The canvas written by cairo's PNG writer (libpng's defaults).
    func cairoPNG(_ canvas: CairoCanvas) throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        cairo_surface_flush(canvas.surface)
        let status = cairo_surface_write_to_png_stream(canvas.surface, { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        #expect(status == CAIRO_STATUS_SUCCESS)
        return sink.bytes
    }

    /// The PNG's colour type, from its IHDR chunk: 2 RGB, 6 RGBA.
    func colorType(_ png: [UInt8]) -> UInt8 {
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        return png[25]
    }

    /// The index of the first pixel that differs, or of the end of the shorter list, or nil when equal.
    func firstDifference(_ a: [UInt32], _ b: [UInt32]) -> Int? {
        a == b ? nil : (zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count))
    }

    /// A C string buffer as text.
    func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canvas through `tc_png_write` with `level` and `filter`.
    func write(_ canvas: CairoCanvas, level: Int32, filter: tc_png_filter_t) throws -> [UInt8] {
        try GraphicsLibraries.loadPNG()
        cairo_surface_flush(canvas.surface)
        var output = tc_png_buffer_t()
        defer { tc_png_buffer_free(&output) }
        var message = [CChar](repeating: 0, count: 512)
        let ok = tc_png_write(
            cairo_image_surface_get_data(canvas.surface), Int32(canvas.width), Int32(canvas.height),
            cairo_image_surface_get_stride(canvas.surface), level, filter, &output, &message, message.count)
        #expect(ok, "\(text(message))")
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.count))
    }

    @Test("an opaque filmstrip is an RGB PNG that decodes to the canvas's pixels")
    func opaque() throws {
        let canvas = try filmstripCanvas(backdrop: CardStyle.standard.backdrop)
        let png = try canvas.pngBytes()
        #expect(colorType(png) == 2)
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == canvas.width && decoded.height == canvas.height)
        let expected = canvas.pixels()
        #expect(firstDifference(decoded.pixels, expected) == nil)
    }

    @Test("a filmstrip over a clear backdrop is an RGBA PNG that decodes as cairo's own writer's does")
    func transparent() throws {
        let canvas = try filmstripCanvas(backdrop: .clear)
        let alphas = Set(canvas.pixels().map { $0 >> 24 })
        #expect(alphas.contains(0) && alphas.contains(255) && alphas.count > 8, "the fixture has too few alphas: \(alphas.sorted())")
        let png = try canvas.pngBytes()
        #expect(colorType(png) == 6)
        let ours = try DecodedPNG(png), cairos = try DecodedPNG(cairoPNG(canvas))
        #expect(ours.width == cairos.width && ours.height == cairos.height)
        #expect(firstDifference(ours.pixels, cairos.pixels) == nil)
    }

    @Test("every row filter and zlib level decodes to the same pixels", arguments: [
        TC_PNG_FILTER_NONE, TC_PNG_FILTER_SUB, TC_PNG_FILTER_UP, TC_PNG_FILTER_AVERAGE, TC_PNG_FILTER_PAETH, TC_PNG_FILTER_ADAPTIVE,
    ])
    func filters(_ filter: tc_png_filter_t) throws {
        let canvas = try filmstripCanvas(backdrop: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5), frames: 2)
        let reference = try DecodedPNG(cairoPNG(canvas)).pixels
        for level: Int32 in [0, 1, 9] {
            let decoded = try DecodedPNG(write(canvas, level: level, filter: filter))
            #expect(firstDifference(decoded.pixels, reference) == nil, "level \(level)")
        }
    }

    /// Opaque pixels whose red, green and blue bytes all differ, so a byte put in the wrong place shows.
    func opaquePixels(width: Int, height: Int) -> [UInt32] {
        (0..<width * height).map { i -> UInt32 in
            let i = UInt32(i)
            return 0xFF00_0000 | (i &* 37 &+ 11) % 256 << 16 | (i &* 91 &+ 7) % 256 << 8 | (i &* 53 &+ 200) % 256
        }
    }

    /// `pixels` (`width` a row, packed) through `tc_png_write` at the defaults.
    func write(_ pixels: [UInt32], width: Int) throws -> [UInt8] {
        try GraphicsLibraries.loadPNG()
        var pixels = pixels
        let height = pixels.count / width
        var output = tc_png_buffer_t()
        defer { tc_png_buffer_free(&output) }
        var message = [CChar](repeating: 0, count: 512)
        let ok = pixels.withUnsafeMutableBytes {
            tc_png_write(
                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(width * 4),
                TC_PNG_DEFAULT_LEVEL, TC_PNG_DEFAULT_FILTER, &output, &message, message.count)
        }
        #expect(ok, "\(text(message))")
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.count))
    }

    @Test("opaque rows of every width, four pixels at a time and the rest, decode to the same pixels", arguments: Array(1...9))
    func opaqueWidths(_ width: Int) throws {
        let pixels = opaquePixels(width: width, height: 3)
        let png = try write(pixels, width: width)
        #expect(colorType(png) == 2)
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == width && decoded.height == 3)
        #expect(firstDifference(decoded.pixels, pixels) == nil)
    }

    @Test("one clear pixel in an opaque picture, first, in the middle or last, makes it RGBA and decodes exactly", arguments: [0, 17, 34])
    func oneClearPixel(_ index: Int) throws {
        var pixels = opaquePixels(width: 7, height: 5)
        pixels[index] = 0
        let png = try write(pixels, width: 7)
        #expect(colorType(png) == 6)
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 7 && decoded.height == 5)
        #expect(firstDifference(decoded.pixels, pixels) == nil)
    }

    @Test("a changed pixel is seen: the comparison above is not blind")
    func changedPixel() throws {
        let canvas = try filmstripCanvas(backdrop: CardStyle.standard.backdrop, frames: 2)
        let before = try DecodedPNG(canvas.pngBytes()).pixels
        canvas.fillRoundedRect(Rect(x: 3, y: 3, width: 1, height: 1), radius: 0, Color(red: 0.5, green: 1, blue: 0))
        #expect(firstDifference(try DecodedPNG(canvas.pngBytes()).pixels, before) == 3 * canvas.width + 3)
    }

    @Test("pixels the writer cannot take are a sentence, not a crash")
    func badInput() throws {
        try GraphicsLibraries.loadPNG()
        var output = tc_png_buffer_t()
        var message = [CChar](repeating: 0, count: 512)
        var pixels = [UInt8](repeating: 0xFF, count: 64)
        let ok = tc_png_write(&pixels, 4, 4, 8, 1, TC_PNG_FILTER_UP, &output, &message, message.count)
        #expect(!ok)
        #expect(output.bytes == nil && output.count == 0)
        #expect(text(message).hasPrefix("the PNG writer was given"), "\(text(message))")
    }
}

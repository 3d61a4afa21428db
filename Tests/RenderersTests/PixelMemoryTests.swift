import CCairo
@testable import Renderers
import Testing
import TransitionCore

/// A large canvas draws into memory of its own on 2 MiB boundaries (PixelMemory.h); it must start
/// transparent and draw exactly the pixels cairo's own allocation does.
@Suite("Pixel memory")
struct PixelMemoryTests {
    static let hugePage = 2 << 20

    @Test("the mapping starts on a 2 MiB boundary, covers the bytes asked for and is zero and writable throughout")
    func mapping() throws {
        for bytes in [1, Self.hugePage - 1, Self.hugePage, Self.hugePage + 1, 5 * Self.hugePage + 12345] {
            var mapped = 0
            let memory = try #require(tc_pixel_memory_allocate(bytes, &mapped), "\(bytes) bytes")
            defer { tc_pixel_memory_free(memory, mapped) }
            #expect(Int(bitPattern: memory) % Self.hugePage == 0, "\(bytes) bytes")
            #expect(mapped >= bytes && mapped % Self.hugePage == 0 && mapped - bytes < Self.hugePage, "\(bytes) bytes: \(mapped)")
            let words = memory.bindMemory(to: UInt64.self, capacity: mapped / 8)
            #expect((0..<mapped / 8).allSatisfy { words[$0] == 0 }, "\(bytes) bytes")
            words[0] = 1
            words[mapped / 8 - 1] = 2
            #expect(words[0] == 1 && words[mapped / 8 - 1] == 2)
        }
        var mapped = 7
        #expect(tc_pixel_memory_allocate(0, &mapped) == nil)
        #expect(mapped == 7)
    }

    /// Fills a rounded rectangle, a translucent one over it and a triangle, through `context`.
    func draw(_ context: OpaquePointer) {
        cairo_set_source_rgba(context, 0.2, 0.4, 0.6, 1)
        cairo_paint(context)
        cairo_new_sub_path(context)
        cairo_arc(context, 300, 200, 150, 0, 2 * Double.pi)
        cairo_set_source_rgba(context, 0.9, 0.5, 0.1, 1)
        cairo_fill(context)
        cairo_rectangle(context, 100.5, 50.25, 700, 300)
        cairo_set_source_rgba(context, 0.1, 0.8, 0.3, 0.4)
        cairo_fill(context)
        cairo_move_to(context, 900, 20)
        cairo_line_to(context, 1010, 480)
        cairo_line_to(context, 620, 300)
        cairo_close_path(context)
        cairo_set_source_rgba(context, 0.3, 0.1, 0.7, 0.8)
        cairo_fill(context)
    }

    @Test("a large canvas uses it, starts transparent and draws the pixels of a surface cairo allocates")
    func largeCanvas() throws {
        let width = 1024, height = 512
        let canvas = try CairoCanvas(width: width, height: height)
        #expect(canvas.pixelMemory != nil, "a \(width)x\(height) canvas is above the threshold")
        #expect(canvas.pixels().allSatisfy { $0 == 0 })
        draw(canvas.context)

        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(surface) }
        let context = try #require(cairo_create(surface))
        draw(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        let expected = (0..<height).flatMap { y in
            (0..<width).map { x in UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self) }
        }
        let drawn = canvas.pixels()
        #expect(Set(expected).count > 10, "the drawing has too few colours to compare")
        #expect(drawn == expected)
        #expect(try DecodedPNG(canvas.pngBytes()).pixels == expected)
    }

    @Test("a small canvas leaves its pixels to cairo")
    func smallCanvas() throws {
        let canvas = try CairoCanvas(width: 100, height: 100)
        #expect(canvas.pixelMemory == nil)
        #expect(canvas.pixels().allSatisfy { $0 == 0 })
    }
}

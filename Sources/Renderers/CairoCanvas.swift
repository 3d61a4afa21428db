import CCairo
import CPNG
import TransitionCore

/// A bitmap to draw on with cairo: 32-bit pixels, premultiplied ARGB in native byte order.
///
/// The canvas owns its cairo surface and context; it is used on one thread at a time.
final class CairoCanvas {
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    let surface: OpaquePointer
    let context: OpaquePointer
    /// The pixels' own mapping (see `PixelMemory.h`) for a large canvas, with its length; nil when
    /// cairo allocated them.
    let pixelMemory: (address: UnsafeMutableRawPointer, mapped: Int)?

    /// The largest side a preview image may have, in pixels.
    static let maximumSide = 16384
    /// The most pixels a preview image may have.
    static let maximumPixels = 64 * 1024 * 1024

    /// Creates a canvas of `width` x `height` pixels, transparent.
    /// - Throws: `RenderError` for a size of zero or beyond the limits, when cairo cannot be loaded, or
    ///   when it fails.
    init(width: Int, height: Int) throws(RenderError) {
        guard width >= 1, height >= 1 else { throw RenderError("an image must be at least 1x1 pixels; got \(width)x\(height)") }
        guard width <= Self.maximumSide, height <= Self.maximumSide, width * height <= Self.maximumPixels else {
            throw RenderError(
                "the image would be \(width)x\(height) pixels, more than the limit of \(Self.maximumSide) pixels a side and \(Self.maximumPixels / 1_048_576) megapixels; use a smaller --scale, size or frame count")
        }
        try GraphicsLibraries.loadCairo()
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        var memory: (address: UnsafeMutableRawPointer, mapped: Int)?
        if stride * height >= TC_PIXEL_MEMORY_MINIMUM {
            var mapped = 0
            if let address = tc_pixel_memory_allocate(stride * height, &mapped) { memory = (address, mapped) }
        }
        let created =
            if let memory {
                cairo_image_surface_create_for_data(
                    memory.address.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
            } else {
                cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            }
        guard let surface = created, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let created { cairo_surface_destroy(created) }
            if let memory { tc_pixel_memory_free(memory.address, memory.mapped) }
            throw RenderError("cairo could not make a \(width)x\(height) image")
        }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            if let memory { tc_pixel_memory_free(memory.address, memory.mapped) }
            throw RenderError("cairo could not draw on a \(width)x\(height) image")
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.context = context
        self.pixelMemory = memory
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        if let pixelMemory { tc_pixel_memory_free(pixelMemory.address, pixelMemory.mapped) }
    }

    // MARK: State

    /// Saves the transform, clip and source.
    func save() { cairo_save(context) }
    /// Restores what the last `save()` kept.
    func restore() { cairo_restore(context) }
    /// Moves the origin.
    func translate(_ x: Double, _ y: Double) { cairo_translate(context, x, y) }
    /// Scales the user space.
    func scale(_ s: Double) { cairo_scale(context, s, s) }

    /// Starts drawing into a layer that `endGroup(alpha:)` composites with one opacity, so
    /// overlapping parts of one view do not show through each other.
    func beginGroup() { cairo_push_group(context) }

    /// Composites the layer begun by `beginGroup()` with `alpha`.
    func endGroup(alpha: Double) {
        cairo_pop_group_to_source(context)
        cairo_paint_with_alpha(context, alpha)
    }

    // MARK: Drawing

    /// Fills the whole canvas (within the clip) with `color`.
    func fill(_ color: Color) {
        setSource(color)
        cairo_paint(context)
    }

    /// Fills an axis-aligned rounded rectangle.
    func fillRoundedRect(_ rect: Rect, radius: Double, _ color: Color) {
        addRoundedRect(rect, radius: radius)
        setSource(color)
        cairo_fill(context)
    }

    /// Limits drawing to an axis-aligned rounded rectangle until the next `restore()`.
    func clipRoundedRect(_ rect: Rect, radius: Double) {
        addRoundedRect(rect, radius: radius)
        cairo_clip(context)
    }

    /// Fills polygons together with the nonzero winding rule (so a glyph's holes stay open).
    func fillPolygons(_ polygons: [[(x: Double, y: Double)]], _ color: Color) {
        var any = false
        for polygon in polygons {
            guard let first = polygon.first, polygon.count >= 3 else { continue }
            cairo_move_to(context, first.x, first.y)
            for p in polygon.dropFirst() { cairo_line_to(context, p.x, p.y) }
            cairo_close_path(context)
            any = true
        }
        guard any else { return }
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        setSource(color)
        cairo_fill(context)
    }

    /// The outlines of the glyphs of `text` as polygons, in unhinted coordinates of the user
    /// space with no transform: the line box's left edge at `x` and its vertical centre at
    /// `centerY`. Curves are flattened to within a tenth of a point.
    ///
    /// A line is laid out once per canvas and moved to each place it is asked for.
    func textOutlines(_ text: String, family: String, size: Double, bold: Bool, x: Double, centerY: Double) -> [[(x: Double, y: Double)]] {
        guard size.isFinite, size > 0, size < 1000, !text.isEmpty else { return [] }
        let key = LineKey(text: text, family: family, size: size, bold: bold)
        let line: LineOutline
        if let known = lines[key] {
            line = known
        } else {
            guard let made = Self.lineOutline(text, family: family, size: size, bold: bold) else { return [] }
            lines[key] = made
            line = made
        }
        // From the scratch surface to where the line goes.
        let dx = x - line.pad, dy = centerY + (line.ascent - line.descent) / 2 - line.baseline
        return line.polygons.map { polygon in polygon.map { ($0.x + dx, $0.y + dy) } }
    }

    /// A line of text to outline.
    private struct LineKey: Hashable {
        let text: String
        let family: String
        let size: Double
        let bold: Bool
    }

    /// A line's glyph outlines where the scratch surface had them, with the font's extents.
    private struct LineOutline {
        let polygons: [[(x: Double, y: Double)]]
        let pad: Double
        let baseline: Double
        let ascent: Double
        let descent: Double
    }

    /// The lines this canvas has outlined.
    private var lines: [LineKey: LineOutline] = [:]

    /// Lays out one line on a scratch surface that holds it whole, since cairo leaves out glyphs
    /// that fall outside the surface (or the clip) they are laid out on; nil when cairo fails.
    private static func lineOutline(_ text: String, family: String, size: Double, bold: Bool) -> LineOutline? {
        let pad = size
        let width = Int32(min(8192, (size * Double(text.unicodeScalars.count + 2) * 1.5).rounded(.up)))
        let height = Int32((size * 3).rounded(.up))
        guard let scratch = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height) else { return nil }
        defer { cairo_surface_destroy(scratch) }
        guard let context = cairo_create(scratch) else { return nil }
        defer { cairo_destroy(context) }
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
        selectFont(on: context, family: family, size: size, bold: bold)
        var extents = cairo_font_extents_t()
        cairo_font_extents(context, &extents)
        let baseline = pad + extents.ascent
        cairo_move_to(context, pad, baseline)
        cairo_text_path(context, text)
        guard let path = cairo_copy_path_flat(context) else { return nil }
        defer { cairo_path_destroy(path) }
        var polygons: [[(x: Double, y: Double)]] = []
        var current: [(x: Double, y: Double)] = []
        var i = 0
        let count = Int(path.pointee.num_data)
        while i < count, let data = path.pointee.data {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if current.count >= 3 { polygons.append(current) }
                current = [(data[i + 1].point.x, data[i + 1].point.y)]
            case CAIRO_PATH_LINE_TO:
                current.append((data[i + 1].point.x, data[i + 1].point.y))
            case CAIRO_PATH_CLOSE_PATH:
                if current.count >= 3 { polygons.append(current) }
                current = []
            default:
                break
            }
            i += max(1, Int(header.length))
        }
        if current.count >= 3 { polygons.append(current) }
        return LineOutline(polygons: polygons, pad: pad, baseline: baseline, ascent: extents.ascent, descent: extents.descent)
    }

    /// Selects the font for `text` and `textWidth`.
    func setFont(family: String, size: Double, bold: Bool) {
        Self.selectFont(on: context, family: family, size: size, bold: bold)
    }

    /// Sets `context`'s font: the face `FontFaces` keeps for it, which is the one
    /// `cairo_select_font_face` would pick, else the family by name.
    private static func selectFont(on context: OpaquePointer, family: String, size: Double, bold: Bool) {
        cairo_set_font_size(context, size)
        if let face = FontFaces.shared.face(on: context, family: family, bold: bold) {
            cairo_set_font_face(context, face)
        } else {
            cairo_select_font_face(context, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        }
    }

    /// The ascent and descent of the selected font.
    func fontMetrics() -> (ascent: Double, descent: Double) {
        var extents = cairo_font_extents_t()
        cairo_font_extents(context, &extents)
        return (extents.ascent, extents.descent)
    }

    /// How far `text` advances in the selected font.
    func textWidth(_ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// Draws `text` in the selected font with its baseline starting at (x, y).
    func text(_ text: String, x: Double, y: Double, _ color: Color) {
        setSource(color)
        cairo_move_to(context, x, y)
        cairo_show_text(context, text)
        cairo_new_path(context)
    }

    // MARK: Output

    /// The pixels as 0xAARRGGBB words (premultiplied), row by row, `width` per row.
    func pixels() -> [UInt32] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var result = [UInt32](repeating: 0, count: width * height)
        result.withUnsafeMutableBytes { out in
            for row in 0..<height {
                (out.baseAddress! + row * width * 4).copyMemory(from: data + row * stride, byteCount: width * 4)
            }
        }
        return result
    }

    /// The canvas as a PNG file's bytes, written with libpng at a fast zlib level and one row filter
    /// (see BENCHMARKS.md, "PNG encoding"): RGB when every pixel is opaque, else RGBA.
    /// - Throws: `RenderError` when libpng cannot be loaded or fails.
    func pngBytes() throws(RenderError) -> [UInt8] {
        try GraphicsLibraries.loadPNG()
        cairo_surface_flush(surface)
        let stride = cairo_image_surface_get_stride(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw RenderError("cairo has no pixels for a \(width)x\(height) image") }
        var output = tc_png_buffer_t()
        var message = [CChar](repeating: 0, count: 512)
        let written = message.withUnsafeMutableBufferPointer {
            tc_png_write(
                data, Int32(width), Int32(height), stride, TC_PNG_DEFAULT_LEVEL, TC_PNG_DEFAULT_FILTER, &output,
                $0.baseAddress, $0.count)
        }
        defer { tc_png_buffer_free(&output) }
        guard written, let bytes = output.bytes else {
            throw RenderError(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.count))
    }

    // MARK: Helpers

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    private func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = RoundedRect.clampedRadius(rect, radius)
        if r <= 0 {
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let pi = Double.pi
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.y + r, r, -pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, pi / 2)
        cairo_arc(context, rect.x + r, rect.maxY - r, r, pi / 2, pi)
        cairo_arc(context, rect.x + r, rect.y + r, r, pi, 3 * pi / 2)
        cairo_close_path(context)
    }
}

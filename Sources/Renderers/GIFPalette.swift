/// The colours of one GIF frame as a palette of at most 256 entries and an index per pixel.
///
/// Previews are flat colours with anti-aliased edges, so every colour that covers much of the
/// frame is kept exactly: when a frame has at most 256 colours the palette is exact, otherwise
/// it holds the 256 most frequent colours and each rarer (edge) pixel takes its nearest palette
/// colour. There is no dithering, so flat areas stay flat.
struct GIFPalette {
    /// The palette, 0xRRGGBB.
    var colors: [UInt32]
    /// One palette index per pixel of the region, row by row.
    var indices: [UInt8]

    /// Quantizes the region `x, y, width, height` of `pixels` (0xAARRGGBB words, opaque, with
    /// `stride` words a row).
    init(pixels: UnsafeBufferPointer<UInt32>, stride: Int, x: Int, y: Int, width: Int, height: Int) {
        var counts: [UInt32: Int] = [:]
        var last: UInt32 = 0xFFFF_FFFF
        var run = 0
        for row in y..<(y + height) {
            let base = row * stride
            for col in x..<(x + width) {
                let c = pixels[base + col] & 0xFF_FFFF
                if c == last {
                    run += 1
                } else {
                    if run > 0 { counts[last, default: 0] += run }
                    last = c
                    run = 1
                }
            }
        }
        if run > 0 { counts[last, default: 0] += run }

        var lookup: [UInt32: UInt8] = [:]
        if counts.count <= 256 {
            colors = counts.keys.sorted()
        } else {
            colors = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(256).map(\.key)
        }
        for (i, c) in colors.enumerated() { lookup[c] = UInt8(i) }
        if counts.count > 256 {
            for c in counts.keys where lookup[c] == nil { lookup[c] = Self.nearest(c, in: colors) }
        }

        var indices = [UInt8](repeating: 0, count: width * height)
        var lastColor: UInt32 = 0xFFFF_FFFF
        var lastIndex: UInt8 = 0
        var i = 0
        for row in y..<(y + height) {
            let base = row * stride
            for col in x..<(x + width) {
                let c = pixels[base + col] & 0xFF_FFFF
                if c != lastColor {
                    lastColor = c
                    lastIndex = lookup[c]!
                }
                indices[i] = lastIndex
                i += 1
            }
        }
        self.indices = indices
    }

    /// The index of the palette colour closest to `color` (squared distance, weighted for the eye).
    static func nearest(_ color: UInt32, in palette: [UInt32]) -> UInt8 {
        let r = Int(color >> 16 & 0xFF), g = Int(color >> 8 & 0xFF), b = Int(color & 0xFF)
        var best = 0, bestDistance = Int.max
        for (i, p) in palette.enumerated() {
            let dr = r - Int(p >> 16 & 0xFF), dg = g - Int(p >> 8 & 0xFF), db = b - Int(p & 0xFF)
            let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }
}

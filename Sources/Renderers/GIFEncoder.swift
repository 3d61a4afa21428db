import CGIF

/// Writes an animated GIF with giflib, one frame at a time, into memory.
///
/// The first frame is stored whole; each later frame stores only the rectangle that changed
/// since the one before (left in place, not disposed), each with its own exact-first palette
/// (`GIFPalette`). The animation loops forever unless told otherwise.
///
/// An encoder is used on one thread at a time.
public final class GIFEncoder {
    /// The image size in pixels.
    public let width: Int
    /// The image size in pixels.
    public let height: Int
    /// True when the animation loops forever.
    public let loops: Bool
    /// How many frames were added.
    public private(set) var frameCount = 0

    private var file: UnsafeMutablePointer<GifFileType>?
    private let sink = GIFSink()
    private var previous: [UInt32] = []
    private var finished = false

    /// Creates an encoder for frames of `width` x `height` pixels.
    /// - Throws: `RenderError` for a size outside 1...65535, or when giflib cannot be loaded.
    public init(width: Int, height: Int, loops: Bool = true) throws(RenderError) {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw RenderError("a GIF must be between 1x1 and 65535x65535 pixels; got \(width)x\(height)")
        }
        try GraphicsLibraries.loadGIF()
        self.width = width
        self.height = height
        self.loops = loops
    }

    deinit {
        if let file { _ = EGifCloseFile(file, nil) }
    }

    /// Adds a frame shown for `delay` hundredths of a second.
    /// - Parameter delay: how long the frame shows, in hundredths of a second.
    /// - Parameter pixels: `width` x `height` opaque 0xAARRGGBB words, row by row.
    /// - Throws: `RenderError` for a wrong pixel count, a delay outside 0...65535, or a giflib failure.
    public func add(pixels: [UInt32], delay: Int) throws(RenderError) {
        guard !finished else { throw RenderError("the GIF is already finished") }
        guard pixels.count == width * height else {
            throw RenderError("a GIF frame needs \(width * height) pixels; got \(pixels.count)")
        }
        guard (0...65535).contains(delay) else { throw RenderError("a GIF frame delay must be 0...65535 hundredths of a second; got \(delay)") }
        var region = (x: 0, y: 0, width: width, height: height)
        if frameCount > 0 {
            region = changedRegion(pixels) ?? (0, 0, 1, 1)
        }
        let palette = pixels.withUnsafeBufferPointer {
            GIFPalette(pixels: $0, stride: width, x: region.x, y: region.y, width: region.width, height: region.height)
        }
        let map = try Self.colorMap(palette.colors)
        defer { GifFreeMapObject(map) }
        if frameCount == 0 { try open(globalMap: map) }
        guard let file else { throw RenderError("the GIF could not be started") }

        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay), TransparentColor: NO_TRANSPARENT_COLOR)
        var controlBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &controlBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), controlBytes), "a frame's timing")
        try check(
            EGifPutImageDesc(
                file, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height), false,
                frameCount == 0 ? nil : map), "a frame's descriptor")
        var indices = palette.indices
        let count = indices.count
        try check(indices.withUnsafeMutableBufferPointer { EGifPutLine(file, $0.baseAddress, Int32(count)) }, "a frame's pixels")
        previous = pixels
        frameCount += 1
    }

    /// Ends the file and returns its bytes.
    /// - Throws: `RenderError` when no frame was added or giflib fails.
    public func finish() throws(RenderError) -> [UInt8] {
        guard !finished else { return sink.bytes }
        guard frameCount > 0, let file else { throw RenderError("a GIF needs at least one frame") }
        finished = true
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw RenderError("giflib could not finish the GIF: \(Self.message(error))") }
        return sink.bytes
    }

    private func open(globalMap: UnsafeMutablePointer<ColorMapObject>) throws(RenderError) {
        var error: Int32 = 0
        guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), gifWrite, &error) else {
            throw RenderError("giflib could not start a GIF: \(Self.message(error))")
        }
        self.file = file
        EGifSetGifVersion(file, true)
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, globalMap), "the screen descriptor")
        if loops {
            try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), "the loop extension")
            let netscape = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(file, Int32(netscape.count), netscape), "the loop extension")
            let forever: [UInt8] = [1, 0, 0]
            try check(EGifPutExtensionBlock(file, 3, forever), "the loop extension")
            try check(EGifPutExtensionTrailer(file), "the loop extension")
        }
    }

    /// The bounding box of the pixels that differ from the previous frame, or nil when none do.
    private func changedRegion(_ pixels: [UInt32]) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, maxX = -1, minY = height, maxY = -1
        pixels.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for row in 0..<height {
                    let base = row * width
                    var first = -1
                    for col in 0..<width where now[base + col] != before[base + col] {
                        first = col
                        break
                    }
                    guard first >= 0 else { continue }
                    var lastCol = first
                    var col = width - 1
                    while col > first {
                        if now[base + col] != before[base + col] {
                            lastCol = col
                            break
                        }
                        col -= 1
                    }
                    minX = min(minX, first)
                    maxX = max(maxX, lastCol)
                    minY = min(minY, row)
                    maxY = row
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private static func colorMap(_ colors: [UInt32]) throws(RenderError) -> UnsafeMutablePointer<ColorMapObject> {
        var size = 2
        while size < colors.count { size *= 2 }
        var entries = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in colors.enumerated() {
            entries[i] = GifColorType(Red: UInt8(c >> 16 & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(size), entries) else { throw RenderError("giflib could not make a colour map") }
        return map
    }

    private func check(_ status: Int32, _ what: String) throws(RenderError) {
        guard status == GIF_OK else {
            throw RenderError("giflib could not write \(what): \(Self.message(file?.pointee.Error ?? 0))")
        }
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// Collects the bytes giflib writes.
private final class GIFSink {
    var bytes: [UInt8] = []
}

/// giflib's output function: appends to the encoder's sink.
private let gifWrite: OutputFunc = { file, data, length in
    guard let file, let data, let user = file.pointee.UserData, length >= 0 else { return 0 }
    let sink = Unmanaged<GIFSink>.fromOpaque(user).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return length
}

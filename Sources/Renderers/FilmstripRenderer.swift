import TransitionCore

/// A PNG filmstrip: every frame of a timeline side by side, left to right, each labelled with
/// its progress and time, under a caption naming the transition. The image for a README and
/// for review.
public struct FilmstripRenderer: Sendable {
    /// How the strip is laid out.
    public struct Options: Sendable, Hashable {
        /// Pixels a point; nil fits each frame to `frameHeight`.
        public var scale: Double?
        /// The height of one frame in pixels when no scale is given.
        public var frameHeight: Double
        /// Draws the caption above the frames and the progress labels under them.
        public var captions: Bool

        /// Creates options; the defaults make frames 300 pixels high, with captions.
        public init(scale: Double? = nil, frameHeight: Double = 300, captions: Bool = true) {
            self.scale = scale
            self.frameHeight = frameHeight
            self.captions = captions
        }
    }

    /// The look.
    public var style: CardStyle
    /// The layout.
    public var options: Options

    /// Creates a renderer.
    public init(style: CardStyle = .standard, options: Options = Options()) {
        self.style = style
        self.options = options
    }

    /// Where things go in the strip, in pixels.
    public struct Layout: Sendable {
        /// Pixels a point.
        public var scale: Double
        /// The image size.
        public var width: Int
        /// The image size.
        public var height: Int
        /// The top-left corner of each frame.
        public var frameOrigins: [(x: Double, y: Double)]
        /// The size of one frame.
        public var frameWidth: Double
        /// The size of one frame.
        public var frameHeight: Double
    }

    static let margin = 24.0
    static let gap = 16.0
    static let captionHeight = 34.0
    static let labelHeight = 30.0

    /// The layout of a strip of `count` frames of a container of `bounds`.
    public func layout(frameCount count: Int, bounds: Rect) throws(RenderError) -> Layout {
        guard count >= 1 else { throw RenderError("a filmstrip needs at least one frame") }
        guard bounds.isFinite, bounds.width > 0, bounds.height > 0 else {
            throw RenderError("the container must have a positive size; got \(bounds)")
        }
        let scale = options.scale ?? options.frameHeight / bounds.height
        try FramePainter.checkScale(scale)
        let fw = (bounds.width * scale).rounded(.up), fh = (bounds.height * scale).rounded(.up)
        let top = Self.margin + (options.captions ? Self.captionHeight : 0)
        let origins = (0..<count).map { (x: Self.margin + Double($0) * (fw + Self.gap), y: top) }
        let width = 2 * Self.margin + Double(count) * fw + Double(count - 1) * Self.gap
        let height = top + fh + (options.captions ? Self.labelHeight : 0) + Self.margin * (options.captions ? 0.5 : 1)
        let w = width.rounded(.up), h = height.rounded(.up)
        guard w <= Double(CairoCanvas.maximumSide), h <= Double(CairoCanvas.maximumSide) else {
            throw RenderError(
                "the filmstrip would be \(Format.number(w))x\(Format.number(h)) pixels, more than \(CairoCanvas.maximumSide) a side; use fewer frames or a smaller --scale")
        }
        return Layout(scale: scale, width: Int(w), height: Int(h), frameOrigins: origins, frameWidth: fw, frameHeight: fh)
    }

    /// The filmstrip of every frame of `timeline`, as PNG bytes.
    public func render(_ timeline: TransitionTimeline) throws(RenderError) -> [UInt8] {
        let layout = try layout(frameCount: timeline.entries.count, bounds: timeline.containerBounds)
        let canvas = try CairoCanvas(width: layout.width, height: layout.height)
        canvas.fill(style.backdrop)
        let painter = FramePainter(timeline: timeline, style: style)
        for (entry, origin) in zip(timeline.entries, layout.frameOrigins) {
            painter.paint(entry.frame, on: canvas, x: origin.x, y: origin.y, scale: layout.scale)
        }
        if options.captions { drawCaptions(timeline, layout, on: canvas) }
        return try canvas.pngBytes()
    }

    private func drawCaptions(_ timeline: TransitionTimeline, _ layout: Layout, on canvas: CairoCanvas) {
        let b = timeline.containerBounds
        canvas.setFont(family: style.fontFamily, size: 15, bold: true)
        let titleWidth = canvas.textWidth(timeline.title)
        canvas.text(timeline.title, x: Self.margin, y: Self.margin + 13, style.label)
        canvas.setFont(family: style.fontFamily, size: 13, bold: false)
        let details = "  ·  \(Format.number(timeline.duration * 1000, decimals: 0)) ms  ·  \(Format.number(b.width))×\(Format.number(b.height)) pt  ·  \(timeline.entries.count) frames"
        canvas.text(details, x: Self.margin + titleWidth, y: Self.margin + 13, style.caption)
        canvas.setFont(family: style.fontFamily, size: 12, bold: false)
        for (entry, origin) in zip(timeline.entries, layout.frameOrigins) {
            let text = "\(Format.number(entry.frame.progress, decimals: 2))  ·  \(Format.number(entry.time * 1000, decimals: 0)) ms"
            let w = canvas.textWidth(text)
            canvas.text(text, x: origin.x + (layout.frameWidth - w) / 2, y: origin.y + layout.frameHeight + 20, style.caption)
        }
    }
}

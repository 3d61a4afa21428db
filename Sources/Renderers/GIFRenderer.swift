import TransitionCore

/// An animated GIF of a timeline: one GIF frame per timeline entry, each shown until the next
/// entry's time, so the animation plays at the animator's real duration; the first and last
/// frames are held a little longer, and it loops forever.
///
/// GIF delays are whole hundredths of a second and browsers slow down delays under 2/100 s,
/// so a GIF plays at most 50 frames a second: sample the timeline at 50 fps or fewer (30 is
/// the usual choice). Delays are rounded so that their sum keeps the real duration.
public struct GIFRenderer: Sendable {
    /// Size and pauses.
    public struct Options: Sendable, Hashable {
        /// Pixels a point; nil fits the device to `frameHeight`.
        public var scale: Double?
        /// The device's height in pixels when no scale is given.
        public var frameHeight: Double
        /// The backdrop around the device, in pixels.
        public var margin: Double
        /// Seconds the first and the last frame are held, each, before the loop goes on.
        public var hold: Double

        /// Creates options; the defaults make the device 480 pixels high and hold each end 0.5 s.
        public init(scale: Double? = nil, frameHeight: Double = 480, margin: Double = 12, hold: Double = 0.5) {
            self.scale = scale
            self.frameHeight = frameHeight
            self.margin = margin
            self.hold = hold
        }
    }

    /// The look.
    public var style: CardStyle
    /// Size and pauses.
    public var options: Options

    /// Creates a renderer.
    public init(style: CardStyle = .standard, options: Options = Options()) {
        self.style = style
        self.options = options
    }

    /// The size of the GIF in pixels and the scale, for a container of `bounds`.
    public func size(for bounds: Rect) throws(RenderError) -> (width: Int, height: Int, scale: Double) {
        guard bounds.isFinite, bounds.width > 0, bounds.height > 0 else {
            throw RenderError("the container must have a positive size; got \(bounds)")
        }
        let scale = options.scale ?? options.frameHeight / bounds.height
        try FramePainter.checkScale(scale)
        let margin = max(0, options.margin.rounded())
        let w = Int((bounds.width * scale).rounded(.up) + 2 * margin)
        let h = Int((bounds.height * scale).rounded(.up) + 2 * margin)
        guard w <= 4096, h <= 4096 else {
            throw RenderError("the GIF would be \(w)x\(h) pixels, more than 4096 a side; use a smaller --scale or size")
        }
        return (w, h, scale)
    }

    /// The delay of each frame in hundredths of a second for entries at `times` (seconds): each
    /// frame lasts until the next one's time, rounded so the sum is the real duration, at
    /// least 2; the first and last frames also get `hold`.
    public static func delays(times: [Double], hold: Double) -> [Int] {
        guard !times.isEmpty else { return [] }
        let holdCS = Int((max(0, hold) * 100).rounded())
        if times.count == 1 { return [max(2, 2 * holdCS)] }
        var delays: [Int] = []
        for i in 0..<(times.count - 1) {
            let d = Int((times[i + 1] * 100).rounded()) - Int((times[i] * 100).rounded())
            delays.append(max(2, d))
        }
        delays.append(max(2, holdCS))
        delays[0] += holdCS
        return delays
    }

    /// The GIF of every frame of `timeline`, as bytes.
    public func render(_ timeline: TransitionTimeline) throws(RenderError) -> [UInt8] {
        guard !timeline.entries.isEmpty else { throw RenderError("the timeline has no frames") }
        let (w, h, scale) = try size(for: timeline.containerBounds)
        let encoder = try GIFEncoder(width: w, height: h)
        let painter = FramePainter(timeline: timeline, style: style)
        let canvas = try CairoCanvas(width: w, height: h)
        let margin = max(0, options.margin.rounded())
        let delays = Self.delays(times: timeline.entries.map(\.time), hold: options.hold)
        for (entry, delay) in zip(timeline.entries, delays) {
            canvas.fill(style.backdrop)
            painter.paint(entry.frame, on: canvas, x: margin, y: margin, scale: scale)
            try encoder.add(pixels: canvas.pixels(), delay: delay)
        }
        return try encoder.finish()
    }
}

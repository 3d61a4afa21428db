import TransitionCore

/// Draws the frames of one transition as a person sees them: the device screen, and on it each
/// view in the container as a card in stacking order, with its alpha and its full 4x4 transform
/// (every point of the card goes through the perspective divide, so a card seen edge-on
/// vanishes and a turning card keeps its perspective).
public struct FramePainter: Sendable {
    /// The look.
    public var style: CardStyle
    /// The container's bounds: the device screen.
    public var bounds: Rect
    /// Each view's card face, laid out for the size the view first has.
    var faces: [ViewID: CardFace]

    /// Creates a painter for the frames of `timeline`.
    public init(timeline: TransitionTimeline, style: CardStyle = .standard) {
        self.init(bounds: timeline.containerBounds, frames: timeline.entries.map(\.frame), style: style)
    }

    /// Creates a painter for `frames` in a container of `bounds`.
    public init(bounds: Rect, frames: [TransitionFrame], style: CardStyle = .standard) {
        self.style = style
        self.bounds = bounds
        var faces: [ViewID: CardFace] = [:]
        for frame in frames {
            for view in frame.views where view.isInContainer && faces[view.id] == nil {
                faces[view.id] = CardFace(
                    role: view.role, width: view.state.frame.width, height: view.state.frame.height,
                    body: style.fill(for: view), style: style)
            }
        }
        self.faces = faces
    }

    /// The face of a view: the one laid out for the view's first size, or one for its size now.
    func face(of view: SampledView) -> CardFace {
        faces[view.id] ?? CardFace(
            role: view.role, width: view.state.frame.width, height: view.state.frame.height,
            body: style.fill(for: view), style: style)
    }

    /// Paints `frame` with the device's top-left corner at (x, y) pixels, `scale` pixels a point.
    func paint(_ frame: TransitionFrame, on canvas: CairoCanvas, x: Double, y: Double, scale: Double) {
        canvas.save()
        canvas.translate(x, y)
        canvas.scale(scale)
        let screen = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        canvas.clipRoundedRect(screen, radius: style.deviceCornerRadius(for: bounds))
        canvas.fill(style.screen)
        canvas.translate(-bounds.x, -bounds.y)
        for view in frame.drawOrder where !view.state.isInvisible && view.state.isFinite {
            paint(view, on: canvas)
        }
        canvas.restore()
    }

    private func paint(_ view: SampledView, on canvas: CairoCanvas) {
        let face = face(of: view)
        let projection = ViewProjection(state: view.state, referenceWidth: face.width, referenceHeight: face.height)
        let card = Rect(x: 0, y: 0, width: face.width, height: face.height)
        let scaleToReference = view.state.frame.width > 0 ? face.width / view.state.frame.width : 1
        guard let body = projection.outline(card, radius: view.state.cornerRadius * scaleToReference) else { return }
        let alpha = min(max(view.state.alpha, 0), 1)
        let grouped = alpha < 1
        if grouped { canvas.beginGroup() }
        canvas.fillPolygon(body, style.fill(for: view))
        for block in face.blocks {
            if let outline = projection.outline(block.rect, radius: block.radius) {
                canvas.fillPolygon(outline, block.color)
            }
        }
        if let label = face.label, let map = projection.localAffine(at: label.x, label.centerY) {
            canvas.save()
            canvas.transform(
                a: map.du.x, b: map.du.y, c: map.dv.x, d: map.dv.y,
                e: map.origin.x - map.du.x * label.x - map.dv.x * label.centerY,
                f: map.origin.y - map.du.y * label.x - map.dv.y * label.centerY)
            canvas.setFont(family: style.fontFamily, size: label.fontSize, bold: label.bold)
            let metrics = canvas.fontMetrics()
            canvas.text(label.text, x: label.x, y: label.centerY + (metrics.ascent - metrics.descent) / 2, label.color)
            canvas.restore()
        }
        if grouped { canvas.endGroup(alpha: alpha) }
    }

    /// One frame as a PNG of the device screen alone, `scale` pixels a point, with the backdrop
    /// colour outside the screen's rounded corners.
    public func png(_ frame: TransitionFrame, scale: Double = 1) throws(RenderError) -> [UInt8] {
        try Self.checkScale(scale)
        let canvas = try CairoCanvas(
            width: Int((bounds.width * scale).rounded(.up)), height: Int((bounds.height * scale).rounded(.up)))
        canvas.fill(style.backdrop)
        paint(frame, on: canvas, x: 0, y: 0, scale: scale)
        return try canvas.pngBytes()
    }

    static func checkScale(_ scale: Double) throws(RenderError) {
        guard scale.isFinite, scale >= 0.05, scale <= 8 else {
            throw RenderError("the scale must be between 0.05 and 8 pixels a point; got \(Format.number(scale, decimals: 3))")
        }
    }
}

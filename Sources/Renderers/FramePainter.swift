import TransitionCore

/// Draws the frames of one transition as a person sees them: the device screen, and on it each
/// view in the container as a card in stacking order, with its alpha, its full 4x4 transform and
/// the container's camera. Every point of a card, its blocks and the outlines of its label's
/// glyphs, goes through the true perspective divide, clipped at the eye's plane first, so a card
/// seen edge-on vanishes and a turning card keeps its perspective. A one-sided view facing away
/// is not drawn; a snapshot or tile shows its source's face, cropped to its rectangle and
/// stretched over its frame.
public struct FramePainter: Sendable {
    /// The look.
    public var style: CardStyle
    /// The container's bounds: the device screen.
    public var bounds: Rect
    /// Each view's card face, laid out for the largest size the view has in the frames: a view
    /// that grows from nothing (a page revealed from an edge) shows the face it ends with.
    var faces: [ViewID: CardFace]

    /// Creates a painter for the frames of `timeline`.
    public init(timeline: TransitionTimeline, style: CardStyle = .standard) {
        self.init(bounds: timeline.containerBounds, frames: timeline.entries.map(\.frame), style: style)
    }

    /// Creates a painter for `frames` in a container of `bounds`.
    public init(bounds: Rect, frames: [TransitionFrame], style: CardStyle = .standard) {
        self.style = style
        self.bounds = bounds
        self.faces = Self.largestViews(frames).mapValues { view in
            CardFace(
                role: view.role, width: view.state.frame.width, height: view.state.frame.height,
                body: style.fill(for: view), style: style)
        }
    }

    /// Each view at its largest size in the container, and each snapshot's source, which may
    /// never be in the container itself; the first of equal sizes wins.
    static func largestViews(_ frames: [TransitionFrame]) -> [ViewID: SampledView] {
        TransitionFrame.largestViews(frames)
    }

    /// The size each view's face is laid out for.
    static func layoutSizes(_ frames: [TransitionFrame]) -> [ViewID: (width: Double, height: Double)] {
        largestViews(frames).mapValues { ($0.state.frame.width, $0.state.frame.height) }
    }

    /// A view's area on its frame, or -1 when its frame is not a finite size.
    static func area(of view: SampledView) -> Double {
        let f = view.state.frame
        guard f.width.isFinite, f.height.isFinite else { return -1 }
        return max(f.width, 0) * max(f.height, 0)
    }

    /// The face of a view: the one laid out for the view's largest size, or one for its size now.
    func face(of view: SampledView) -> CardFace {
        faces[view.id] ?? CardFace(
            role: view.role, width: view.state.frame.width, height: view.state.frame.height,
            body: style.fill(for: view), style: style)
    }

    /// What `view` shows on its card: its own face, or a snapshot's source face mapped onto it.
    func content(of view: SampledView) -> ViewContent {
        let own = face(of: view)
        guard let content = ViewContent.snapshotContent(of: view, sourceFace: { faces[$0] }), let source = faces[content.source] else {
            return ViewContent(card: own, face: own, mapping: .identity, crops: false)
        }
        let mapping = ViewContent.Mapping(
            scaleX: content.rect.width > 0 ? own.width / content.rect.width : 0,
            scaleY: content.rect.height > 0 ? own.height / content.rect.height : 0,
            dx: -content.rect.x, dy: -content.rect.y)
        return ViewContent(card: own, face: source, mapping: mapping, crops: true)
    }

    /// The region projected polygons are clipped to: the screen with a wide margin, far enough
    /// that no clipped edge shows, near enough that coordinates stay small.
    var projectionLimit: Rect { TransitionFrame.projectionLimit(bounds) }

    /// The views of `frame` that are drawn, bottom first, each with its projection and its
    /// outline on screen: the shared model of what is seen (`TransitionFrame.projectedViews`, which
    /// the validator's seen-content check also asks), with each view's content.
    func drawn(_ frame: TransitionFrame) -> [(view: SampledView, content: ViewContent, projection: ViewProjection, outline: [(x: Double, y: Double)])] {
        frame.projectedViews(limit: projectionLimit) { view in
            let face = face(of: view)
            return (face.width, face.height)
        }.map { item in (item.view, content(of: item.view), item.projection, item.outline) }
    }

    /// The views of `frame` as the screen shows them, bottom first, for renderers that draw
    /// flat shapes (the terminal): each drawn view's outline on screen (for a snapshot, the part
    /// of its card its source covers) and the face it shows.
    public func drawnViews(_ frame: TransitionFrame) -> [DrawnView] {
        drawn(frame).compactMap { item in
            var outline = item.outline
            var faceRole = item.view.role
            var ownColor = item.view.role.isScreen ? nil : item.view.state.color
            if item.content.crops {
                let face = item.content.face
                let source = RoundedRect.points(Rect(x: 0, y: 0, width: face.width, height: face.height), radius: 0)
                    .map { item.content.mapping.apply((x: $0.0, y: $0.1)) }
                let card = item.content.cardOutline(cornerRadius: item.view.state.cornerRadius, frameWidth: item.view.state.frame.width)
                outline = item.projection.project(PolygonClipping.clip(source, toConvex: card))
                let sourceView = ViewContent.source(of: item.view).flatMap { frame[$0] }
                faceRole = sourceView?.role ?? faceRole
                ownColor = sourceView.flatMap { $0.role.isScreen ? nil : $0.state.color }
            }
            guard !outline.isEmpty else { return nil }
            return DrawnView(view: item.view, outline: outline, faceRole: faceRole, ownColor: ownColor)
        }
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
        let items = drawn(frame)
        let tolerance = 0.25 / scale
        let runs = PieceSeams.mergedRuns(items, tolerance: tolerance)
        let joined = PieceSeams.joinedSides(items, tolerance: tolerance)
        for (i, item) in items.enumerated() where !runs.covered.contains(i) {
            paint(item.view, item.content, item.projection, item.outline, pixel: 1 / scale, joined: joined[i] ?? [], whole: runs.whole[i], on: canvas)
        }
        canvas.restore()
    }

    private func paint(
        _ view: SampledView, _ content: ViewContent, _ projection: ViewProjection, _ outline: [(x: Double, y: Double)], pixel: Double,
        joined: ViewContent.Sides, whole: Rect?, on canvas: CairoCanvas
    ) {
        let alpha = min(max(view.state.alpha, 0), 1)
        let grouped = alpha < 1
        if grouped { canvas.beginGroup() }
        // Pieces of one source overlap where they meet on screen (`joined`, see PieceSeams and
        // cropOutline): the body by one pixel, the blocks by two and the label by three, so that
        // each layer of a later piece covers the antialiased edge of the layer below it and no
        // seam shows.
        let frameWidth = view.state.frame.width
        let bleed = frameWidth > 0 ? pixel * content.card.width / frameWidth : 0
        // A piece drawn for a whole run of pieces shows the run's rectangle in one fill.
        let crops = whole.map { rect in Array(repeating: content.outline(ofSource: rect), count: 3) }
            ?? (1...3).map { content.cropOutline(cornerRadius: view.state.cornerRadius, frameWidth: frameWidth, bleed: bleed * Double($0), sides: joined) }
        func fill(_ polygons: [[(x: Double, y: Double)]], _ color: Color, layer: Int) {
            let shown = polygons.map { polygon -> [(x: Double, y: Double)] in
                let placed = polygon.map(content.mapping.apply)
                return projection.project(content.crops ? PolygonClipping.clip(placed, toConvex: crops[layer]) : placed)
            }.filter { !$0.isEmpty }
            canvas.fillPolygons(shown, color)
        }
        if content.crops {
            let face = content.face
            fill([RoundedRect.points(Rect(x: 0, y: 0, width: face.width, height: face.height), radius: 0).map { (x: $0.0, y: $0.1) }], face.body, layer: 0)
        } else {
            canvas.fillPolygons([outline], style.fill(for: view))
        }
        for block in content.face.blocks {
            fill([RoundedRect.points(block.rect, radius: block.radius).map { (x: $0.0, y: $0.1) }], block.color, layer: 1)
        }
        if style.drawsRoleLabels, let label = content.face.label {
            let glyphs = canvas.textOutlines(
                label.text, family: style.fontFamily, size: label.fontSize, bold: label.bold, x: label.x, centerY: label.centerY)
            fill(glyphs, label.color, layer: 2)
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

import TransitionCore

/// Where pieces of one source meet on screen: the sides along which a snapshot or tile joins
/// another piece of the same source, edge to edge, in this frame. The painter lets a piece's
/// content reach a pixel across those sides, and only those, so joined pieces show no seam and
/// pieces that have come apart show exactly their own rectangle.
enum PieceSeams {
    /// One drawn piece: its index among the drawn views, its source, the rectangle of the source
    /// it shows, and its mapping and projection to the screen.
    struct Piece {
        var index: Int
        var source: ViewID
        var rect: Rect
        var content: ViewContent
        var projection: ViewProjection

        /// A point of the source face on screen, as this piece draws it.
        func screen(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
            let card = content.mapping.apply((x: x, y: y))
            return projection.point(card.x, card.y)
        }
    }

    /// Runs of pieces that draw as one: consecutive in the drawing order, of one source, each
    /// with the same alpha, square corners and the same placement of the source on screen, and
    /// together tiling a rectangle of it (the strips of a fold or the tiles of an explosion
    /// before they move). The first of a run is drawn showing the whole rectangle, by index
    /// among `drawn`, and the others are not drawn: one fill has no seams at all.
    static func mergedRuns(
        _ drawn: [(view: SampledView, content: ViewContent, projection: ViewProjection, outline: [(x: Double, y: Double)])],
        tolerance: Double
    ) -> (whole: [Int: Rect], covered: Set<Int>) {
        var whole: [Int: Rect] = [:], covered = Set<Int>()
        var run: [Piece] = []
        func close() {
            defer { run = [] }
            guard run.count > 1 else { return }
            let rects = run.map(\.rect)
            let x0 = rects.map(\.x).min()!, y0 = rects.map(\.y).min()!
            let x1 = rects.map(\.maxX).max()!, y1 = rects.map(\.maxY).max()!
            let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let area = rects.reduce(0) { $0 + $1.width * $1.height }
            let near = 1e-6 * max(box.width * box.height, 1)
            guard abs(area - box.width * box.height) <= near else { return }
            for i in rects.indices {
                for j in rects.indices where j > i {
                    let w = min(rects[i].maxX, rects[j].maxX) - max(rects[i].x, rects[j].x)
                    let h = min(rects[i].maxY, rects[j].maxY) - max(rects[i].y, rects[j].y)
                    if w > 1e-6 && h > 1e-6 { return }
                }
            }
            whole[run[0].index] = box
            for piece in run.dropFirst() { covered.insert(piece.index) }
        }
        for (i, item) in drawn.enumerated() {
            guard let rect = item.content.sourceRect, let source = ViewContent.source(of: item.view),
                item.view.state.cornerRadius <= 0
            else {
                close()
                continue
            }
            let piece = Piece(index: i, source: source, rect: rect, content: item.content, projection: item.projection)
            if let first = run.first {
                let sameAlpha = drawn[first.index].view.state.alpha == item.view.state.alpha
                if first.source != source || !sameAlpha || !samePlacement(first, piece, tolerance: tolerance) { close() }
            }
            run.append(piece)
        }
        close()
        return (whole, covered)
    }

    /// True when `a` and `b` put every point of their source at the same place on screen (checked
    /// at the corners of the face, which fixes a projective map).
    static func samePlacement(_ a: Piece, _ b: Piece, tolerance: Double) -> Bool {
        let face = a.content.face
        for (x, y) in [(0.0, 0.0), (face.width, 0), (0, face.height), (face.width, face.height), (face.width / 2, face.height / 3)] {
            guard let p = a.screen(x, y), let q = b.screen(x, y), abs(p.x - q.x) <= tolerance, abs(p.y - q.y) <= tolerance else { return false }
        }
        return true
    }

    /// The joined sides of each drawn piece, by index among `drawn`; `tolerance` is how far apart
    /// (in points) two pieces' copies of a shared edge may land and still count as joined.
    static func joinedSides(
        _ drawn: [(view: SampledView, content: ViewContent, projection: ViewProjection, outline: [(x: Double, y: Double)])],
        tolerance: Double
    ) -> [Int: ViewContent.Sides] {
        var bySource: [ViewID: [Piece]] = [:]
        for (i, item) in drawn.enumerated() {
            guard let rect = item.content.sourceRect, let source = ViewContent.source(of: item.view) else { continue }
            bySource[source, default: []].append(Piece(index: i, source: source, rect: rect, content: item.content, projection: item.projection))
        }
        // Neighbours are found through their edges' coordinates: a piece's right edge against the
        // left edges of the others, its bottom edge against their top edges.
        func key(_ v: Double) -> Int64 { Int64((v * 1024).rounded()) }
        var joined: [Int: ViewContent.Sides] = [:]
        for pieces in bySource.values where pieces.count > 1 {
            var lefts: [Int64: [Int]] = [:], tops: [Int64: [Int]] = [:]
            for (k, p) in pieces.enumerated() {
                lefts[key(p.rect.x), default: []].append(k)
                tops[key(p.rect.y), default: []].append(k)
            }
            for a in pieces.indices {
                let neighbours = (lefts[key(pieces[a].rect.maxX)] ?? []) + (tops[key(pieces[a].rect.maxY)] ?? [])
                for b in neighbours where b != a {
                    let (sideA, sideB) = sharedSides(pieces[a], pieces[b], tolerance: tolerance)
                    if !sideA.isEmpty { joined[pieces[a].index, default: []].formUnion(sideA) }
                    if !sideB.isEmpty { joined[pieces[b].index, default: []].formUnion(sideB) }
                }
            }
        }
        return joined
    }

    /// The sides of `a` and of `b` along which they share an edge of the source that both draw at
    /// the same place on screen.
    static func sharedSides(_ a: Piece, _ b: Piece, tolerance: Double) -> (ViewContent.Sides, ViewContent.Sides) {
        let near = 1e-6 * max(a.rect.width, a.rect.height, 1)
        func meet(_ ax: Double, _ bx: Double) -> Bool { abs(ax - bx) <= near }
        // The shared segment in source coordinates, with the sides it lies on.
        var candidates: [(from: (Double, Double), to: (Double, Double), a: ViewContent.Sides, b: ViewContent.Sides)] = []
        let top = max(a.rect.y, b.rect.y), bottom = min(a.rect.maxY, b.rect.maxY)
        if bottom - top > near {
            if meet(a.rect.maxX, b.rect.x) { candidates.append(((a.rect.maxX, top), (a.rect.maxX, bottom), .right, .left)) }
            if meet(a.rect.x, b.rect.maxX) { candidates.append(((a.rect.x, top), (a.rect.x, bottom), .left, .right)) }
        }
        let left = max(a.rect.x, b.rect.x), right = min(a.rect.maxX, b.rect.maxX)
        if right - left > near {
            if meet(a.rect.maxY, b.rect.y) { candidates.append(((left, a.rect.maxY), (right, a.rect.maxY), .bottom, .top)) }
            if meet(a.rect.y, b.rect.maxY) { candidates.append(((left, a.rect.y), (right, a.rect.y), .top, .bottom)) }
        }
        var sidesA: ViewContent.Sides = [], sidesB: ViewContent.Sides = []
        for c in candidates {
            guard let a0 = a.screen(c.from.0, c.from.1), let a1 = a.screen(c.to.0, c.to.1),
                let b0 = b.screen(c.from.0, c.from.1), let b1 = b.screen(c.to.0, c.to.1)
            else { continue }
            func close(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Bool {
                abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
            }
            if close(a0, b0) && close(a1, b1) {
                sidesA.insert(c.a)
                sidesB.insert(c.b)
            }
        }
        return (sidesA, sidesB)
    }
}

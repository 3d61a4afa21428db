/// What the screen shows, under the compositing model, as the renderers draw it and the validator
/// judges it: one model, shared.
///
/// `TransitionFrame.projectedViews` gives the views a frame paints, bottom first, each with its
/// projection (its transform about its centre, then the container's camera, with a true
/// perspective divide) and its outline on screen (its card with rounded corners, clipped in front
/// of the eye), one-sided views facing away left out. The renderers paint exactly these; a
/// `SeenPicture` asks the same list, at a grid of screen points, which view and which point of
/// which content is seen there.

/// A view as drawn: where its card lands on screen.
package struct ProjectedView: Sendable {
    /// The view.
    package var view: SampledView
    /// Card coordinates to the screen.
    package var projection: ViewProjection
    /// The card's outline on screen, a convex polygon, clockwise when the view faces the viewer.
    package var outline: [(x: Double, y: Double)]
    /// The card's size: the size its face is laid out for.
    package var card: (width: Double, height: Double)
}

extension TransitionFrame {
    /// The region projected polygons are clipped to for a screen of `bounds`: the screen with a
    /// wide margin, far enough that no clipped edge shows, near enough that coordinates stay small.
    package static func projectionLimit(_ bounds: Rect) -> Rect {
        let m = max(bounds.width, bounds.height)
        return Rect(x: bounds.x - m, y: bounds.y - m, width: bounds.width + 2 * m, height: bounds.height + 2 * m)
    }

    /// The views this frame paints, bottom first, each with its projection and outline: views in
    /// the container, visible, finite, partly in front of the eye, and facing the viewer unless
    /// double-sided. `cardSize` gives the size each view's face is laid out for.
    package func projectedViews(limit: Rect, cardSize: (SampledView) -> (width: Double, height: Double)) -> [ProjectedView] {
        var result: [ProjectedView] = []
        for view in drawOrder where !view.state.isInvisible && view.state.isFinite {
            let card = cardSize(view)
            let camera = self.camera(for: view)
            guard camera.isValid else { continue }
            let projection = ViewProjection(
                state: view.state, camera: camera, referenceWidth: card.width, referenceHeight: card.height, limit: limit)
            let toCard = view.state.frame.width > 0 ? card.width / view.state.frame.width : 1
            let outline = projection.project(
                RoundedRect.points(Rect(x: 0, y: 0, width: card.width, height: card.height), radius: view.state.cornerRadius * toCard)
                    .map { (x: $0.0, y: $0.1) })
            guard !outline.isEmpty else { continue }
            if !view.state.doubleSided && PolygonClipping.signedArea(outline) < 0 { continue }
            result.append(ProjectedView(view: view, projection: projection, outline: outline, card: card))
        }
        return result
    }

    /// Each view at its largest size in `frames`, and each snapshot's source, which may never be
    /// in the container itself; the first of equal sizes wins. Faces are laid out at these sizes.
    package static func largestViews(_ frames: [TransitionFrame]) -> [ViewID: SampledView] {
        var largest: [ViewID: SampledView] = [:]
        func area(_ view: SampledView) -> Double {
            let f = view.state.frame
            guard f.width.isFinite, f.height.isFinite else { return -1 }
            return max(f.width, 0) * max(f.height, 0)
        }
        func consider(_ view: SampledView) {
            if let best = largest[view.id], area(best) >= area(view) { return }
            largest[view.id] = view
        }
        for frame in frames {
            for view in frame.views where view.isInContainer {
                consider(view)
                if let source = view.state.content?.source ?? (view.role == .snapshot || view.role == .tile ? view.source : nil),
                    let original = frame[source]
                {
                    consider(original)
                }
            }
        }
        return largest
    }
}

/// What one frame shows at a grid of screen points: at each, the views seen there from the front,
/// each with the content it shows at that point (which view's face, and which point of it, through
/// a snapshot's source rectangle) and how much of the point's colour it gives (its alpha times
/// what the views above it let through). What no view covers shows the backdrop.
package struct SeenPicture: Sendable {
    /// One view's part of what a point shows.
    package struct Layer: Sendable {
        /// The face shown: a screen's or made view's own, a snapshot's source's; -1 for the backdrop.
        package var source: Int32
        /// The view drawn there (the snapshot itself for a snapshot); -1 for the backdrop.
        package var view: Int32
        /// True when the face is one plain fill, so that which point of it shows does not matter.
        package var uniform: Bool
        /// The point of the face shown, in the face's own coordinates (points).
        package var x: Double
        package var y: Double
        /// How much of the point's colour this view gives, in [0, 1].
        package var weight: Double
        /// Face points per point of the view's frame: > 1 where content is squeezed into the frame.
        package var scale: Double
    }

    /// How many views from the front a point keeps; what lies further down is lumped into the backdrop.
    package static let depth = 4

    /// The screen.
    package let bounds: Rect
    /// The grid.
    package let columns: Int, rows: Int
    /// `depth` layers a point, front first; unused slots have weight 0.
    package let layers: [Layer]
    /// The drawn views, bottom first.
    package let drawn: [ProjectedView]

    /// The grid for a screen of `bounds`: 48 × 104 cells at 390x844, scaled with the size: about
    /// as many cells at every size (4 992), square ones, so a tablet costs what a phone does.
    package static func grid(for bounds: Rect) -> (columns: Int, rows: Int) {
        let cell = (bounds.width * bounds.height / (48.0 * 104.0)).squareRoot()
        return (max(4, Int((bounds.width / cell).rounded())), max(4, Int((bounds.height / cell).rounded())))
    }

    /// The middle of grid cell (`column`, `row`) on screen.
    package func point(_ index: Int) -> (x: Double, y: Double) {
        let column = index % columns, row = index / columns
        return (bounds.x + (Double(column) + 0.5) * bounds.width / Double(columns), bounds.y + (Double(row) + 0.5) * bounds.height / Double(rows))
    }

    /// Ends the picture and hands over its layers, for a later picture to write over
    /// (`init(_:bounds:faceSize:reusing:)`).
    package consuming func releasingLayers() -> [Layer] { layers }

    /// The layers seen at grid point `index`, front first, backdrop last.
    package func seen(_ index: Int) -> ArraySlice<Layer> {
        let all = layers[(index * Self.depth)..<((index + 1) * Self.depth)]
        return all.prefix { $0.weight > 0 }
    }

    /// What `frame` shows in a screen of `bounds`; `faceSize` gives the size each view's face is
    /// laid out for (as the renderers lay it out), nil for a view never drawn. `storage`, the
    /// `layers` of a picture no longer needed, is written over instead of allocating anew when it
    /// has the size this picture needs.
    package init(
        _ frame: TransitionFrame, bounds: Rect, faceSize: (ViewID) -> (width: Double, height: Double)?, reusing storage: consuming [Layer] = []
    ) {
        self.bounds = bounds
        (columns, rows) = Self.grid(for: bounds)
        let drawn = frame.projectedViews(limit: TransitionFrame.projectionLimit(bounds)) { view in
            faceSize(view.id) ?? (view.state.frame.width, view.state.frame.height)
        }
        self.drawn = drawn
        // Per drawn view, top first: its outline's box, the inverse of its card-to-screen map and
        // what its card shows.
        struct Probe {
            var outline: [(x: Double, y: Double)]
            var minX, minY, maxX, maxY: Double
            var inverse: [Double]
            var card: (width: Double, height: Double)
            var alpha: Double
            var view: Int32
            var source: Int32
            var uniform: Bool
            /// Card coordinates to face coordinates: face = card · k + offset.
            var kx, ky, ox, oy: Double
            /// The face's size when it is a snapshot's source (points outside show nothing).
            var sourceFace: (width: Double, height: Double)?
            var scale: Double
        }
        var probes: [Probe] = []
        for d in drawn.reversed() {
            let p = d.projection
            let m = p.matrix.m
            // Card point (u, v) → (X, Y, W) = H · (u, v, 1).
            let h = [
                m[0] * p.scaleX, m[4] * p.scaleY, m[12] - m[0] * p.halfWidth - m[4] * p.halfHeight,
                m[1] * p.scaleX, m[5] * p.scaleY, m[13] - m[1] * p.halfWidth - m[5] * p.halfHeight,
                m[3] * p.scaleX, m[7] * p.scaleY, m[15] - m[3] * p.halfWidth - m[7] * p.halfHeight,
            ]
            guard let inverse = Self.invert(h) else { continue }
            let xs = d.outline.map(\.x), ys = d.outline.map(\.y)
            let view = d.view
            let frameWidth = view.state.frame.width, frameHeight = view.state.frame.height
            var probe = Probe(
                outline: d.outline, minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!, inverse: inverse,
                card: d.card, alpha: min(max(view.state.alpha, 0), 1), view: view.id.rawValue, source: view.id.rawValue,
                uniform: !view.role.isScreen, kx: 1, ky: 1, ox: 0, oy: 0, sourceFace: nil,
                scale: 1)
            // Card points per screen point, on average over the card: what the transform and the
            // camera shrink, a face point moves further for a screen point.
            let shown = abs(PolygonClipping.signedArea(d.outline)) / 2
            let perScreen = shown > 1e-9 ? (d.card.width * d.card.height / shown).squareRoot() : 1
            if let content = Self.snapshotContent(of: view, faceSize: faceSize), let face = faceSize(content.source) {
                probe.source = content.source.rawValue
                probe.uniform = frame[content.source].map { !$0.role.isScreen } ?? false
                probe.kx = d.card.width > 0 ? content.rect.width / d.card.width : 0
                probe.ky = d.card.height > 0 ? content.rect.height / d.card.height : 0
                probe.ox = content.rect.x
                probe.oy = content.rect.y
                probe.sourceFace = face
                probe.scale = frameWidth > 0 && frameHeight > 0 ? max(content.rect.width / frameWidth, content.rect.height / frameHeight) : 1
            }
            probe.scale *= max(1, perScreen * (frameWidth > 0 ? frameWidth / max(d.card.width, 1e-9) : 1))
            probes.append(probe)
        }
        let columns = self.columns, rows = self.rows, bounds = self.bounds, depth = SeenPicture.depth
        let count = columns * rows
        let blank = Layer(source: -1, view: -1, uniform: true, x: 0, y: 0, weight: 0, scale: 1)
        var layers = consume storage
        if layers.count == count * depth {
            layers.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
        } else {
            layers = [Layer](repeating: blank, count: count * depth)
        }
        var left = [Double](repeating: 1, count: count)
        var slots = [Int](repeating: 0, count: count)
        let cellX = bounds.width / Double(columns), cellY = bounds.height / Double(rows)
        // Each view, from the front, over the grid cells its outline's box covers.
        layers.withUnsafeMutableBufferPointer { layers in
            left.withUnsafeMutableBufferPointer { left in
                slots.withUnsafeMutableBufferPointer { slots in
                    for probe in probes {
                        let c0 = max(0, Int(((probe.minX - bounds.x) / cellX - 0.5).rounded(.down)))
                        let c1 = min(columns - 1, Int(((probe.maxX - bounds.x) / cellX - 0.5).rounded(.up)))
                        let r0 = max(0, Int(((probe.minY - bounds.y) / cellY - 0.5).rounded(.down)))
                        let r1 = min(rows - 1, Int(((probe.maxY - bounds.y) / cellY - 0.5).rounded(.up)))
                        guard c0 <= c1, r0 <= r1 else { continue }
                        let i = probe.inverse
                        probe.outline.withUnsafeBufferPointer { outline in
                            for row in r0...r1 {
                                let py = bounds.y + (Double(row) + 0.5) * cellY
                                guard py >= probe.minY, py <= probe.maxY else { continue }
                                for column in c0...c1 {
                                    let index = row * columns + column
                                    guard slots[index] < depth - 1, left[index] > 1e-3 else { continue }
                                    let px = bounds.x + (Double(column) + 0.5) * cellX
                                    guard px >= probe.minX, px <= probe.maxX, SeenPicture.contains(outline, px, py) else { continue }
                                    let s = i[6] * px + i[7] * py + i[8]
                                    guard abs(s) > 1e-12 else { continue }
                                    let u = (i[0] * px + i[1] * py + i[2]) / s, v = (i[3] * px + i[4] * py + i[5]) / s
                                    let fx = u * probe.kx + probe.ox, fy = v * probe.ky + probe.oy
                                    if let face = probe.sourceFace, fx < 0 || fy < 0 || fx > face.width || fy > face.height { continue }
                                    let weight = probe.alpha * left[index]
                                    guard weight > 0 else { continue }
                                    layers[index * depth + slots[index]] = Layer(
                                        source: probe.source, view: probe.view, uniform: probe.uniform, x: fx, y: fy, weight: weight, scale: probe.scale)
                                    slots[index] += 1
                                    left[index] -= weight
                                }
                            }
                        }
                    }
                    for index in 0..<count where left[index] > 1e-3 {
                        layers[index * depth + slots[index]] = Layer(source: -1, view: -1, uniform: true, x: 0, y: 0, weight: left[index], scale: 1)
                    }
                }
            }
        }
        self.layers = layers
    }

    /// What a snapshot or tile shows: its content, or for a snapshot made through the 1.0
    /// interface (a source and no rectangle) the whole of its source; nil for other views.
    package static func snapshotContent(of view: SampledView, faceSize: (ViewID) -> (width: Double, height: Double)?) -> SnapshotContent? {
        if let content = view.state.content { return content }
        guard view.role == .snapshot || view.role == .tile, let source = view.source, let face = faceSize(source) else { return nil }
        return SnapshotContent(source: source, rect: Rect(x: 0, y: 0, width: face.width, height: face.height))
    }

    /// How much of what grid point `j` shows in `after` is not seen at grid point `i` of `before`:
    /// the weight of `after`'s layers there that no layer of `before` matches, in [0, 1]. Two
    /// layers match when they show the same face at points within `tolerance` (in points of the
    /// screen, scaled by how much each squeezes its content), or the same plain fill.
    @inline(__always)
    package static func unexplained(
        _ before: SeenPicture, _ i: Int, _ after: SeenPicture, _ j: Int, tolerance: (Layer, Layer) -> Double
    ) -> Double {
        before.layers.withUnsafeBufferPointer { a in
            after.layers.withUnsafeBufferPointer { b in unexplained(a, i, b, j, tolerance: tolerance) }
        }
    }

    /// `unexplained(_:_:_:_:tolerance:)` over the two pictures' layers.
    @inline(__always)
    static func unexplained(
        _ a: UnsafeBufferPointer<Layer>, _ i: Int, _ b: UnsafeBufferPointer<Layer>, _ j: Int, tolerance: (Layer, Layer) -> Double
    ) -> Double {
        var remaining = SIMD4<Double>(repeating: 0)
        let baseA = i * depth, baseB = j * depth
        for k in 0..<depth { remaining[k] = a[baseA + k].weight }
        var missing = 0.0
        for k in 0..<depth {
            let layer = b[baseB + k]
            guard layer.weight > 0 else { break }
            var need = layer.weight
            for m in 0..<depth where remaining[m] > 0 && need > 0 {
                let other = a[baseA + m]
                guard other.source == layer.source else { continue }
                if !layer.uniform {
                    let dx = other.x - layer.x, dy = other.y - layer.y
                    let limit = tolerance(other, layer) * max(1, other.scale, layer.scale)
                    guard dx * dx + dy * dy <= limit * limit else { continue }
                }
                let used = min(need, remaining[m])
                need -= used
                remaining[m] -= used
            }
            missing += need
        }
        return min(max(missing, 0), 1)
    }

    /// How much of what grid point `index` shows changes from `before` to `after` in a way the
    /// views' motion does not explain. A point is explained in place when `after` shows there what
    /// `before` showed (within `tolerance`); or, when `reach` > 0 points, by an edge passing over
    /// it: what `after` shows there was seen within `reach` of it in `before` (a view moving in),
    /// or what `before` showed there is seen within `reach` of it in `after` (a view moving away),
    /// or the screen's edge lies within `reach` (what moves in may come from outside the screen).
    /// A change under `significant` is returned as it is, without looking around.
    package static func jump(
        _ before: SeenPicture, _ after: SeenPicture, at index: Int, reach: Double, significant: Double, tolerance: (Layer, Layer) -> Double
    ) -> Double {
        before.layers.withUnsafeBufferPointer { a in
            after.layers.withUnsafeBufferPointer { b in
                var worst = unexplained(a, index, b, index, tolerance: tolerance)
                guard worst >= significant, reach > 0 else { return worst }
                let cellX = before.bounds.width / Double(before.columns), cellY = before.bounds.height / Double(before.rows)
                let kx = min(4, Int((reach / cellX).rounded(.up))), ky = min(4, Int((reach / cellY).rounded(.up)))
                let column = index % before.columns, row = index / before.columns
                for dy in -ky...ky {
                    for dx in -kx...kx where dx != 0 || dy != 0 {
                        let c = column + dx, r = row + dy
                        let distance = ((Double(dx) * cellX) * (Double(dx) * cellX) + (Double(dy) * cellY) * (Double(dy) * cellY)).squareRoot()
                        guard distance <= reach + max(cellX, cellY) else { continue }
                        // Within reach of the screen's edge, what moves in may come from outside it.
                        guard c >= 0, c < before.columns, r >= 0, r < before.rows else { return 0 }
                        let near = r * before.columns + c
                        let moved: (Layer, Layer) -> Double = { tolerance($0, $1) + distance }
                        worst = min(worst, unexplained(a, near, b, index, tolerance: moved))
                        worst = min(worst, unexplained(b, near, a, index, tolerance: moved))
                        if worst < significant { return worst }
                    }
                }
                return worst
            }
        }
    }

    /// True when (x, y) lies inside the convex polygon `q`, whichever way it runs.
    static func contains(_ q: UnsafeBufferPointer<(x: Double, y: Double)>, _ x: Double, _ y: Double) -> Bool {
        var sign = 0.0
        let n = q.count
        for i in 0..<n {
            let a = q[i], b = q[i + 1 == n ? 0 : i + 1]
            let cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }

    /// The inverse of a 3 × 3 matrix in rows, or nil when it is singular.
    static func invert(_ h: [Double]) -> [Double]? {
        let c0 = h[4] * h[8] - h[5] * h[7], c1 = h[5] * h[6] - h[3] * h[8], c2 = h[3] * h[7] - h[4] * h[6]
        let det = h[0] * c0 + h[1] * c1 + h[2] * c2
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        return [
            c0, h[2] * h[7] - h[1] * h[8], h[1] * h[5] - h[2] * h[4],
            c1, h[0] * h[8] - h[2] * h[6], h[2] * h[3] - h[0] * h[5],
            c2, h[1] * h[6] - h[0] * h[7], h[0] * h[4] - h[1] * h[3],
        ].map { $0 / det }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// How the Lottie file draws a card turning in perspective: as strips side by side, each placed
/// by the affine fit of its own projected corners, so that together they follow the true
/// trapezoid much more closely than one parallelogram can.
///
/// The strips are cut across the direction the card foreshortens in: for a turn about the
/// vertical axis the card's top and bottom edges converge while its left and right edges stay
/// parallel, so the strips stand side by side (each the card's full height); for a turn about
/// the horizontal axis they lie one above the other. The count is the smallest that keeps the
/// area the strips' fits misplace under a share of the view's area at every sample, up to a
/// maximum; the direction is the one that needs fewer (`worstError`).
struct PerspectiveStrips: Equatable {
    /// The direction the strips are cut in.
    enum Axis: Equatable {
        /// Strips side by side, each the card's full height.
        case vertical
        /// Strips one above the other, each the card's full width.
        case horizontal
    }

    /// The direction the strips are cut in.
    var axis: Axis
    /// How many strips the card is cut into.
    var count: Int

    /// A view's pose at one sample, as the strips see it.
    struct Sample {
        /// The view.
        var state: ViewState
        /// The container's camera for the view.
        var camera: Camera
    }

    /// How far, in points on screen, a quadrilateral's diagonals' midpoints may lie apart before
    /// the view is taken as turning in perspective.
    static let parallelogramTolerance = 0.5

    /// The strips for a card of `width` x `height` points in its own coordinates, drawn at
    /// `samples` (those where it is drawn), that keep `worstError` at most `tolerance`; nil when
    /// it is a parallelogram at every sample (2D motion, drawn as one layer) or `maximum` is
    /// below 2.
    static func plan(samples: [Sample], width: Double, height: Double, tolerance: Double, maximum: Int) -> PerspectiveStrips? {
        guard maximum >= 2, width > 0, height > 0 else { return nil }
        let turning = samples.contains { sample in
            guard let c = sample.state.projectedCorners(camera: sample.camera) else { return false }
            return abs(c[0].x + c[2].x - c[1].x - c[3].x) > 2 * parallelogramTolerance
                || abs(c[0].y + c[2].y - c[1].y - c[3].y) > 2 * parallelogramTolerance
        }
        guard turning else { return nil }
        var best: (strips: PerspectiveStrips, error: Double)?
        for axis in [Axis.vertical, .horizontal] {
            var chosen = PerspectiveStrips(axis: axis, count: maximum)
            var error = chosen.worstError(samples: samples, width: width, height: height)
            for count in 2..<maximum {
                let candidate = PerspectiveStrips(axis: axis, count: count)
                let e = candidate.worstError(samples: samples, width: width, height: height)
                if e <= tolerance {
                    (chosen, error) = (candidate, e)
                    break
                }
            }
            if let current = best, current.strips.count < chosen.count || (current.strips.count == chosen.count && current.error <= error) { continue }
            best = (chosen, error)
        }
        return best?.strips
    }

    /// The strips' rectangles in the card's own coordinates (origin at its top-left), in order
    /// along the axis.
    func regions(width: Double, height: Double) -> [Rect] {
        (0..<count).map { i in
            switch axis {
            case .vertical:
                let x0 = width * Double(i) / Double(count), x1 = width * Double(i + 1) / Double(count)
                return Rect(x: x0, y: 0, width: x1 - x0, height: height)
            case .horizontal:
                let y0 = height * Double(i) / Double(count), y1 = height * Double(i + 1) / Double(count)
                return Rect(x: 0, y: y0, width: width, height: y1 - y0)
            }
        }
    }

    /// The region of strip `i` widened by `bleed` on the sides it shares with its neighbours,
    /// for its shapes: neighbouring strips then overlap by a hair instead of leaving the
    /// antialiased seam two abutting edges draw.
    func shapeRegion(_ i: Int, width: Double, height: Double, bleed: Double) -> Rect {
        var r = regions(width: width, height: height)[i]
        let before = i > 0 ? bleed : 0, after = i < count - 1 ? bleed : 0
        switch axis {
        case .vertical:
            r = Rect(x: r.x - before, y: r.y, width: r.width + before + after, height: r.height)
        case .horizontal:
            r = Rect(x: r.x, y: r.y - before, width: r.width, height: r.height + before + after)
        }
        return r
    }

    /// The projected corners of `region` (in the coordinates of a card of `width` x `height`
    /// points) of a view at one sample, clockwise from the top-left, in container coordinates;
    /// nil when a corner is behind the eye.
    static func projectedCorners(of region: Rect, sample: Sample, width: Double, height: Double) -> [(x: Double, y: Double)]? {
        let frame = sample.state.frame
        let kx = frame.width / width, ky = frame.height / height
        var corners: [(x: Double, y: Double)] = []
        for (u, v) in [(region.x, region.y), (region.maxX, region.y), (region.maxX, region.maxY), (region.x, region.maxY)] {
            let p = sample.state.project(x: (u - width / 2) * kx, y: (v - height / 2) * ky, camera: sample.camera)
            guard p.w > 0, p.x.isFinite, p.y.isFinite else { return nil }
            corners.append((p.x, p.y))
        }
        return corners
    }

    /// Where an affine fit of a `width` x `height` region (centred on its origin) puts the
    /// region's corners, clockwise from the top-left.
    static func fittedCorners(_ fit: AffineFit, width: Double, height: Double) -> [(x: Double, y: Double)] {
        let angle = fit.rotation * .pi / 180
        let c = cos(angle), s = sin(angle)
        let hw = width / 2, hh = height / 2
        let local: [(Double, Double)] = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
        return local.map { (u: Double, v: Double) -> (x: Double, y: Double) in
            let x = u * fit.scaleX, y = v * fit.scaleY
            let px: Double = fit.x + c * x - s * y
            let py: Double = fit.y + s * x + c * y
            return (px, py)
        }
    }

    /// The largest share of the view's area that the strips' affine fits misplace at one
    /// sample: for each strip, each projected edge's length times the mean distance of the
    /// fitted corners from the edge's line, summed over the strips (about the area between the
    /// fitted and the true outlines), over the area of the view's frame.
    func worstError(samples: [Sample], width: Double, height: Double) -> Double {
        var worst = 0.0
        let regions = regions(width: width, height: height)
        for sample in samples {
            var misplaced = 0.0
            for region in regions {
                guard let corners = Self.projectedCorners(of: region, sample: sample, width: width, height: height),
                    let fit = AffineFit(corners: corners, referenceWidth: region.width, referenceHeight: region.height)
                else { continue }
                let fitted = Self.fittedCorners(fit, width: region.width, height: region.height)
                for i in 0..<4 {
                    let j = (i + 1) % 4
                    let a = corners[i], b = corners[j]
                    let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                    guard length > 1e-9 else { continue }
                    // How far the fitted corners lie across the edge's line: sliding along it
                    // misplaces nothing.
                    let nx = -(b.y - a.y) / length, ny = (b.x - a.x) / length
                    let across = abs((fitted[i].x - a.x) * nx + (fitted[i].y - a.y) * ny) + abs((fitted[j].x - b.x) * nx + (fitted[j].y - b.y) * ny)
                    misplaced += length * across / 2
                }
            }
            let area = sample.state.frame.width * sample.state.frame.height
            if area > 0 { worst = max(worst, misplaced / area) }
        }
        return worst
    }
}

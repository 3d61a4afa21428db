#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A 4x4 transform, column-major, applied about a view's centre with points as column vectors.
/// Axes: +x right, +y down, +z towards the viewer.
///
/// The layout matches `tc_transform_t`: `m[12]`, `m[13]`, `m[14]` hold the translation and
/// `m[11]` = -1/d gives perspective seen from distance d (Core Animation's m34).
public struct Transform3D: Sendable, Hashable {
    /// The sixteen entries, column-major: entry (row r, column c) is `m[c * 4 + r]`.
    public var m: SIMD16<Double>

    /// Creates a transform from its sixteen column-major entries.
    public init(_ m: SIMD16<Double>) { self.m = m }

    /// Creates a transform from an array of sixteen column-major entries.
    public init?(columnMajor values: [Double]) {
        guard values.count == 16 else { return nil }
        var m = SIMD16<Double>()
        for i in 0..<16 { m[i] = values[i] }
        self.m = m
    }

    /// The transform that changes nothing.
    public static let identity = Transform3D(
        SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

    /// A translation.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity
        t.m[12] = x
        t.m[13] = y
        t.m[14] = z
        return t
    }

    /// A scale along each axis.
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity
        t.m[0] = x
        t.m[5] = y
        t.m[10] = z
        return t
    }

    /// A rotation by `radians` about the vertical (y) axis; positive turns +z towards +x: the right
    /// edge goes away from the viewer, the left edge comes towards it.
    public static func rotationY(_ radians: Double) -> Transform3D {
        let c = cos(radians), s = sin(radians)
        var t = identity
        t.m[0] = c
        t.m[2] = -s
        t.m[8] = s
        t.m[10] = c
        return t
    }

    /// A rotation by `radians` about the horizontal (x) axis; positive turns +y towards +z: the
    /// bottom edge comes towards the viewer, the top edge goes away.
    public static func rotationX(_ radians: Double) -> Transform3D {
        let c = cos(radians), s = sin(radians)
        var t = identity
        t.m[5] = c
        t.m[6] = s
        t.m[9] = -s
        t.m[10] = c
        return t
    }

    /// A rotation by `radians` in the screen plane (about z); positive turns +x towards +y, which is
    /// clockwise on screen because +y points down.
    public static func rotationZ(_ radians: Double) -> Transform3D {
        let c = cos(radians), s = sin(radians)
        var t = identity
        t.m[0] = c
        t.m[1] = s
        t.m[4] = -s
        t.m[5] = c
        return t
    }

    /// A perspective projection seen from `distance` points in front of the screen plane.
    public static func perspective(distance: Double) -> Transform3D {
        var t = identity
        t.m[11] = -1 / distance
        return t
    }

    /// The transform that applies `other` first, then `self` (matrix product self · other).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var r = SIMD16<Double>()
        for c in 0..<4 {
            for row in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[k * 4 + row] * other.m[c * 4 + k] }
                r[c * 4 + row] = sum
            }
        }
        return Transform3D(r)
    }

    /// Applies the transform to a point relative to the view's centre and returns the projected
    /// 2D point (after the perspective divide) and the homogeneous w, which is <= 0 for points
    /// behind the viewer.
    public func project(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, w: Double) {
        let px = m[0] * x + m[4] * y + m[8] * z + m[12]
        let py = m[1] * x + m[5] * y + m[9] * z + m[13]
        let pw = m[3] * x + m[7] * y + m[11] * z + m[15]
        guard pw != 0 else { return (px, py, 0) }
        return (px / pw, py / pw, pw)
    }

    /// True when every entry is finite.
    public var isFinite: Bool {
        for i in 0..<16 where !m[i].isFinite { return false }
        return true
    }

    /// True when every entry is within `tolerance` of the identity's.
    public func isIdentity(tolerance: Double = 1e-9) -> Bool {
        distance(to: .identity) <= tolerance
    }

    /// The largest difference between corresponding entries.
    public func distance(to other: Transform3D) -> Double {
        var d = 0.0
        for i in 0..<16 { d = Swift.max(d, abs(m[i] - other.m[i])) }
        return d
    }

    /// The entries as an array, column-major.
    public var columnMajor: [Double] { (0..<16).map { m[$0] } }

    /// A short human summary: "identity", or the scale, rotation and translation it holds.
    public var summary: String {
        if isIdentity() { return "identity" }
        var parts: [String] = []
        let sx = (m[0] * m[0] + m[1] * m[1] + m[2] * m[2]).squareRoot()
        let sy = (m[4] * m[4] + m[5] * m[5] + m[6] * m[6]).squareRoot()
        if abs(sx - 1) > 1e-6 || abs(sy - 1) > 1e-6 {
            parts.append(abs(sx - sy) < 1e-6 ? "scale \(Format.number(sx))" : "scale \(Format.number(sx))x\(Format.number(sy))")
        }
        let ry = atan2(m[8], m[10]) * 180 / .pi
        if abs(ry) > 1e-3 { parts.append("rotY \(Format.number(ry, decimals: 1))°") }
        let rx = atan2(-m[9], m[5]) * 180 / .pi
        if abs(rx) > 1e-3 && abs(rx) < 179.999 { parts.append("rotX \(Format.number(rx, decimals: 1))°") }
        let rz = atan2(m[1], m[0]) * 180 / .pi
        if abs(rz) > 1e-3 && abs(ry) < 1e-3 { parts.append("rotZ \(Format.number(rz, decimals: 1))°") }
        if abs(m[12]) > 1e-6 || abs(m[13]) > 1e-6 || abs(m[14]) > 1e-6 {
            parts.append("move \(Format.number(m[12])),\(Format.number(m[13]))" + (abs(m[14]) > 1e-6 ? ",\(Format.number(m[14]))" : ""))
        }
        let w = (m[3] * m[3] + m[7] * m[7] + m[11] * m[11]).squareRoot()
        if w > 1e-12 { parts.append("persp \(Format.number(1 / w, decimals: 0))") }
        return parts.isEmpty ? "matrix" : parts.joined(separator: " ")
    }
}

extension Transform3D: Codable {
    /// Decodes sixteen column-major numbers.
    public init(from decoder: any Decoder) throws {
        let values = try [Double](from: decoder)
        guard let t = Transform3D(columnMajor: values) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a transform needs 16 numbers, got \(values.count)"))
        }
        self = t
    }

    /// Encodes sixteen column-major numbers.
    public func encode(to encoder: any Encoder) throws {
        try columnMajor.encode(to: encoder)
    }
}

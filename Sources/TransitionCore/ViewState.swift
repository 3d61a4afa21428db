/// The state of one view at one progress of a transition: what `step` writes.
public struct ViewState: Sendable, Hashable {
    /// The untransformed frame in container coordinates.
    public var frame: Rect
    /// Opacity in [0, 1].
    public var alpha: Double
    /// The transform about the frame's centre.
    public var transform: Transform3D
    /// The corner radius in points.
    public var cornerRadius: Double
    /// The stacking key: higher is drawn above; ties keep container order.
    public var zIndex: Int32
    /// A hidden view is not drawn.
    public var hidden: Bool
    /// The fill of views an animator made (dimming, tiles); nil for the screens themselves.
    public var color: Color?
    /// False for a one-sided view, which is not drawn while it faces away (`CALayer.isDoubleSided`).
    public var doubleSided: Bool
    /// For snapshots and tiles, what they show: a rectangle of their source, scaled to `frame`.
    public var content: SnapshotContent?

    /// Creates a view state; the defaults are a view's base state.
    public init(
        frame: Rect, alpha: Double = 1, transform: Transform3D = .identity, cornerRadius: Double = 0,
        zIndex: Int32 = 0, hidden: Bool = false, color: Color? = nil, doubleSided: Bool = true,
        content: SnapshotContent? = nil
    ) {
        self.frame = frame
        self.alpha = alpha
        self.transform = transform
        self.cornerRadius = cornerRadius
        self.zIndex = zIndex
        self.hidden = hidden
        self.color = color
        self.doubleSided = doubleSided
        self.content = content
    }

    /// True when every number is finite, the colour's and the snapshot rectangle's included.
    public var isFinite: Bool {
        frame.isFinite && alpha.isFinite && transform.isFinite && cornerRadius.isFinite
            && (color?.isFinite ?? true) && (content?.rect.isFinite ?? true)
    }

    /// True when the view draws nothing: hidden or fully transparent.
    public var isInvisible: Bool { hidden || alpha <= 0 }

    /// The largest difference between the numbers of two states (frame, alpha, transform,
    /// corner radius); infinity when the discrete fields (z, hidden) differ.
    public func distance(to other: ViewState) -> Double {
        if zIndex != other.zIndex || hidden != other.hidden { return .infinity }
        return Swift.max(
            frame.distance(to: other.frame), abs(alpha - other.alpha),
            transform.distance(to: other.transform) * Swift.max(1, frame.width, frame.height),
            abs(cornerRadius - other.cornerRadius))
    }

    /// The view's four corners as drawn, clockwise from the top-left, in container coordinates:
    /// the frame's corners through the transform about the centre, after the perspective divide.
    /// Nil when a corner falls behind the viewer.
    public var projectedCorners: [(x: Double, y: Double)]? {
        let hw = frame.width / 2, hh = frame.height / 2
        var corners: [(x: Double, y: Double)] = []
        corners.reserveCapacity(4)
        for (cx, cy) in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)] {
            let p = transform.project(x: cx, y: cy)
            guard p.w > 0 else { return nil }
            corners.append((frame.midX + p.x, frame.midY + p.y))
        }
        return corners
    }

    /// The bounding box of the view as drawn: its frame's corners through its transform about
    /// the centre, after the perspective divide. Nil when a corner falls behind the viewer.
    public var projectedBounds: Rect? {
        let hw = frame.width / 2, hh = frame.height / 2
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)] {
            let p = transform.project(x: cx, y: cy)
            guard p.w > 0 else { return nil }
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        return Rect(x: frame.midX + minX, y: frame.midY + minY, width: maxX - minX, height: maxY - minY)
    }
}

extension ViewState: Codable {
    private enum CodingKeys: String, CodingKey {
        case frame, alpha, transform, cornerRadius, zIndex, hidden, color, doubleSided, content
    }

    /// Decodes a state; `doubleSided` is true and `content` nil when absent.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            frame: try c.decode(Rect.self, forKey: .frame), alpha: try c.decode(Double.self, forKey: .alpha),
            transform: try c.decode(Transform3D.self, forKey: .transform),
            cornerRadius: try c.decode(Double.self, forKey: .cornerRadius), zIndex: try c.decode(Int32.self, forKey: .zIndex),
            hidden: try c.decode(Bool.self, forKey: .hidden), color: try c.decodeIfPresent(Color.self, forKey: .color),
            doubleSided: try c.decodeIfPresent(Bool.self, forKey: .doubleSided) ?? true,
            content: try c.decodeIfPresent(SnapshotContent.self, forKey: .content))
    }

    /// Encodes a state; `doubleSided` only when false and `content` only when present, so a
    /// 1.0 view's state reads as before.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(frame, forKey: .frame)
        try c.encode(alpha, forKey: .alpha)
        try c.encode(transform, forKey: .transform)
        try c.encode(cornerRadius, forKey: .cornerRadius)
        try c.encode(zIndex, forKey: .zIndex)
        try c.encode(hidden, forKey: .hidden)
        try c.encodeIfPresent(color, forKey: .color)
        if !doubleSided { try c.encode(doubleSided, forKey: .doubleSided) }
        try c.encodeIfPresent(content, forKey: .content)
    }
}

/// What a view is in a transition. Raw values match `tc_view_role_t`.
public enum ViewRole: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The screen being left.
    case from = 0
    /// The screen arriving.
    case to = 1
    /// A picture of another view.
    case snapshot = 2
    /// A flat colour behind a presented view.
    case dimming = 3
    /// A shadow or glow.
    case shadow = 4
    /// A piece of a snapshot split into tiles.
    case tile = 5
    /// Anything else an animator draws.
    case decoration = 6

    /// The lowercase name.
    public var name: String {
        switch self {
        case .from: "from"
        case .to: "to"
        case .snapshot: "snapshot"
        case .dimming: "dimming"
        case .shadow: "shadow"
        case .tile: "tile"
        case .decoration: "decoration"
        }
    }

    /// True for the two screens; false for views an animator made.
    public var isScreen: Bool { self == .from || self == .to }

    /// The role's name.
    public var description: String { name }
}

extension ViewRole: Codable {
    /// Decodes the role from its name.
    public init(from decoder: any Decoder) throws {
        let name = try String(from: decoder)
        guard let role = ViewRole.allCases.first(where: { $0.name == name }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown role '\(name)'"))
        }
        self = role
    }

    /// Encodes the role as its name.
    public func encode(to encoder: any Encoder) throws { try name.encode(to: encoder) }
}

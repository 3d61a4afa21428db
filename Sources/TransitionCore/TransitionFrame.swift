/// One view in a sampled frame of a transition.
public struct SampledView: Sendable, Hashable, Codable {
    /// The view's handle.
    public var id: ViewID
    /// What the view is.
    public var role: ViewRole
    /// For snapshots, the view they picture.
    public var source: ViewID?
    /// The view's position in the container from the bottom (0), or nil when it is not in it.
    public var containerIndex: Int?
    /// The view's state at this progress.
    public var state: ViewState

    /// Creates a sampled view.
    public init(id: ViewID, role: ViewRole, source: ViewID? = nil, containerIndex: Int?, state: ViewState) {
        self.id = id
        self.role = role
        self.source = source
        self.containerIndex = containerIndex
        self.state = state
    }

    /// True when the view is in the container (and so may be drawn).
    public var isInContainer: Bool { containerIndex != nil }
}

/// The states of every view of a transition at one progress.
public struct TransitionFrame: Sendable, Hashable, Codable {
    /// The progress in [0, 1] (a little outside when a host overshoots).
    public var progress: Double
    /// Every view of the transition, by handle.
    public var views: [SampledView]
    /// The container's camera at this progress; `Camera.none` unless the animator set one.
    public var camera: Camera
    /// The elements both screens show, with the snapshot views made for them.
    public var matchedElements: [MatchedElement]

    /// Creates a frame.
    public init(progress: Double, views: [SampledView], camera: Camera = .none, matchedElements: [MatchedElement] = []) {
        self.progress = progress
        self.views = views
        self.camera = camera
        self.matchedElements = matchedElements
    }

    private enum CodingKeys: String, CodingKey {
        case progress, views, camera, matchedElements
    }

    /// Decodes a frame; the camera is none and there are no matched elements when absent.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            progress: try c.decode(Double.self, forKey: .progress), views: try c.decode([SampledView].self, forKey: .views),
            camera: try c.decodeIfPresent(Camera.self, forKey: .camera) ?? .none,
            matchedElements: try c.decodeIfPresent([MatchedElement].self, forKey: .matchedElements) ?? [])
    }

    /// Encodes a frame; the camera only when it changes something, matched elements only when
    /// there are some.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(progress, forKey: .progress)
        try c.encode(views, forKey: .views)
        if !camera.isNone { try c.encode(camera, forKey: .camera) }
        if !matchedElements.isEmpty { try c.encode(matchedElements, forKey: .matchedElements) }
    }

    /// The view with handle `id`.
    public subscript(id: ViewID) -> SampledView? {
        let i = Int(id.rawValue)
        return views.indices.contains(i) && views[i].id == id ? views[i] : views.first { $0.id == id }
    }

    /// The views in the container in drawing order, bottom first: by z index, then container order.
    public var drawOrder: [SampledView] {
        views.filter(\.isInContainer).sorted {
            ($0.state.zIndex, $0.containerIndex!) < ($1.state.zIndex, $1.containerIndex!)
        }
    }

    /// The views actually painted, bottom first: `drawOrder` without the views that draw nothing
    /// (hidden, transparent, behind the eye, or one-sided and facing away under the camera).
    public var drawnViews: [SampledView] {
        drawOrder.filter { $0.isDrawn(camera: camera) }
    }
}

import TransitionCore

/// One sampled frame as every JSON output writes it (`preview`, `preview --interactive`, `run`):
/// its time in seconds, its progress, the gesture's phase when there is one, and the views.
struct FrameJSON: Encodable {
    /// Seconds from the start.
    var time: Double
    /// The transition's progress.
    var progress: Double
    /// The phase of an interactive transition (interacting, finishing, ...), absent otherwise.
    var phase: String?
    /// Every view of the transition.
    var views: [SampledView]
    /// The container's camera, absent when it changes nothing.
    var camera: Camera?
    /// The elements both screens show, absent when there are none.
    var matchedElements: [MatchedElement]?

    /// The JSON form of `frame` at `time` seconds.
    init(time: Double, phase: String? = nil, frame: TransitionFrame) {
        self.time = time
        progress = frame.progress
        self.phase = phase
        views = frame.views
        camera = frame.camera.isNone ? nil : frame.camera
        matchedElements = frame.matchedElements.isEmpty ? nil : frame.matchedElements
    }
}

extension ParameterValue {
    /// The values of `specs` by parameter id, choices by name.
    static func named(_ specs: [ParameterSpec], _ values: [Double]) -> [String: ParameterValue] {
        Dictionary(zip(specs, values).map { ($0.id, ParameterValue(spec: $0, value: $1)) }, uniquingKeysWith: { first, _ in first })
    }
}

import TransitionCore

/// What the host asks a worker process to do; sent in the first packet of the report channel, so
/// none of it appears in the worker's argv, environment or files. A scan has a binary request of
/// its own (``ScanRequest``), and so do sampling a transition and running one step by step
/// (a ``SampleRequest`` in the form `SampleMessageCoding` writes, as are a stepping worker's
/// later commands).
public enum WorkerRequest: Codable, Sendable {
    /// Run contract-suite units of one plugin.
    case validate(ValidationRequest)
    /// Replay a recorded call trace, call by call.
    case replay(trace: String, capture: String)

    /// One transition a sampling or stepping worker runs.
    public struct SampleRequest: Sendable {
        /// The plugin file, as an absolute path.
        public var path: String
        /// The animator's id within the plugin.
        public var animator: String
        /// The operation.
        public var operation: TransitionOperation
        /// The presentation style.
        public var style: PresentationStyle
        /// The container's width.
        public var width: Double
        /// The container's height.
        public var height: Double
        /// The presented frame of a custom style.
        public var presentedFrame: Rect?
        /// The interactive flag.
        public var interactive: Bool
        /// The tab being left.
        public var tabFrom: Int
        /// The tab arriving.
        public var tabTo: Int
        /// The parameter values; nil for the defaults.
        public var parameters: [Double]?
        /// The matched elements of the context.
        public var matchedElements: [MatchedElement] = []
        /// How completion is called.
        public var finished: Bool
        /// Where the call trace is written (`unit-1.trace`), as a validation worker writes its own,
        /// so the two kinds of worker look alike to the plugin; empty for no trace.
        public var capture: String
    }

    /// The units of one plugin a validation worker runs.
    public struct ValidationRequest: Codable, Sendable {
        /// The plugin file, as an absolute path.
        public var path: String
        /// The ids of the animator checks to run.
        public var checks: [String]
        /// When set, only the units of these animators run.
        public var animators: [String]?
        /// The suite's seed; it also orders the units.
        public var seed: UInt64
        /// Units already settled by earlier workers, to be left out.
        public var settled: [Int]
        /// Where call traces of units are written (`unit-N.trace`).
        public var capture: String
        /// The container sizes the checks run in.
        public var containers: [ContainerSize]
        /// The height fraction of the sheet detent custom presentations rest at; nil for the
        /// default presented frame.
        public var detent: Double? = nil
    }
}

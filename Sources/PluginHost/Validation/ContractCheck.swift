/// A named check of the animator contract, with a one-line description.
public struct ContractCheck: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stable kebab-case id.
    public let id: String
    /// What it checks, in one line.
    public let summary: String

    /// The check's id.
    public var description: String { id }

    /// dlopen with RTLD_NOW, the entry symbol, a non-NULL descriptor.
    public static let loading = ContractCheck(id: "loading", summary: "the file loads with dlopen(RTLD_NOW) and exports tc_plugin_entry returning a descriptor")
    /// The ABI major versions match.
    public static let abiVersion = ContractCheck(id: "abi-version", summary: "the plugin and every animator were built against this host's ABI major version")
    /// Required fields are set and counts are sane.
    public static let descriptorFields = ContractCheck(id: "descriptor-fields", summary: "required descriptor fields and functions are set; counts are within limits")
    /// Ids follow their syntax and are unique.
    public static let descriptorIDs = ContractCheck(id: "descriptor-ids", summary: "the plugin id is reverse-DNS; animator ids are kebab-case and unique")
    /// Strings are UTF-8 without control characters and within length limits.
    public static let descriptorStrings = ContractCheck(id: "descriptor-strings", summary: "descriptor strings are UTF-8, free of control characters and within length limits")
    /// Parameters are well-formed with defaults inside their ranges.
    public static let descriptorParameters = ContractCheck(id: "descriptor-parameters", summary: "parameters have unique kebab-case ids, sane ranges, choices and defaults inside their ranges")
    /// The duration is finite, positive, bounded and stable.
    public static let duration = ContractCheck(id: "duration", summary: "duration is finite, > 0, at most 60 s, and the same for the same context")
    /// Setup accepts every supported operation; services are called in allowed phases.
    public static let lifecycle = ContractCheck(id: "lifecycle", summary: "setup accepts every supported operation; host services are used only in the phases that allow them")
    /// The to-view is placed as UIKit requires; nothing is added on a custom dismiss.
    public static let containerSetup = ContractCheck(id: "container-setup", summary: "setup adds the to-view (above when presenting, below when dismissing) and never on a custom-style dismiss")
    /// No service is given an absent or unknown view.
    public static let absentViews = ContractCheck(id: "absent-views", summary: "absent views (TC_VIEW_NONE) and unknown handles are never passed to host services")
    /// Progress 0 shows the start; progress 1 shows the to-view at its final frame.
    public static let endpoints = ContractCheck(id: "endpoints", summary: "progress 0 shows exactly the from-view; progress 1 shows the to-view at its final frame, identity transform, alpha 1")
    /// Every value is finite; alpha is in [0, 1].
    public static let finiteValues = ContractCheck(id: "finite-values", summary: "every frame, transform, radius is finite and alpha is in [0, 1], also slightly outside [0, 1]")
    /// No jumps between neighbouring progresses.
    public static let continuity = ContractCheck(id: "continuity", summary: "no view jumps between neighbouring progresses (240 samples)")
    /// What is seen on screen moves continuously, from before setup to after completion.
    public static let seenContent = ContractCheck(id: "seen-content", summary: "what is seen at a grid of screen points moves continuously: before setup to progress 0, every sample, progress 1 to after completion, progress 0 to after a cancel")
    /// No view showing its back is drawn over a view facing the viewer.
    public static let backFaces = ContractCheck(id: "back-faces", summary: "no view with its back to the viewer is drawn over one facing the viewer (a failure over a visible share of the screen, else a warning)")
    /// The same progress gives the same states, in any order.
    public static let purity = ContractCheck(id: "purity", summary: "step is pure in progress: the same progress gives the same states in shuffled order")
    /// Scrubbing forward then back gives the same states.
    public static let reversibility = ContractCheck(id: "reversibility", summary: "scrubbing forward then back (interactive) gives the same states at the same progresses")
    /// Cancelling restores the from-view.
    public static let cancel = ContractCheck(id: "cancel", summary: "a cancelled transition ends with the from-view exactly as it was and alone in the container")
    /// No view the animator made remains after completion.
    public static let leaks = ContractCheck(id: "leaks", summary: "no snapshot, dimming, tile or other made view is left in the container after completion")

    /// Parameters fuzzed within and at their bounds keep the contract.
    public static let parameters = ContractCheck(id: "parameters", summary: "at every parameter's bounds and at fuzzed values (seeded), duration, endpoints and values stay valid")
    /// No global state: interleaved and concurrent transitions match solo runs.
    public static let independence = ContractCheck(id: "independence", summary: "two transitions interleaved, and several on threads at once, give the same states as run apart")
    /// A step allocates no memory (a failure) and stays within its time budget (a warning).
    public static let stepCost = ContractCheck(id: "step-cost", summary: "a step allocates no memory, and takes under 50 µs on average (a warning)")
    /// The plugin writes nothing to standard output.
    public static let quiet = ContractCheck(id: "quiet", summary: "the plugin writes nothing to standard output (it belongs to the host); stderr is shown in the report")

    /// Every check, in the order they run.
    public static let all: [ContractCheck] = [
        loading, abiVersion, descriptorFields, descriptorIDs, descriptorStrings, descriptorParameters,
        duration, lifecycle, containerSetup, absentViews, endpoints, finiteValues, continuity, seenContent, backFaces, purity,
        reversibility, cancel, leaks, parameters, independence, stepCost, quiet,
    ]

    /// The check with `id`.
    public static func named(_ id: String) -> ContractCheck? { all.first { $0.id == id } }
}

/// The outcome of a check.
public enum CheckStatus: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Not run (its prerequisite failed or it does not apply).
    case skip = "SKIP"
    /// Passed.
    case pass = "PASS"
    /// Passed with a remark the author should read.
    case warn = "WARN"
    /// The contract is broken.
    case fail = "FAIL"
    /// The plugin crashed while the check ran.
    case crash = "CRASH"
    /// The plugin did not finish in time.
    case timeout = "TIMEOUT"

    private var rank: Int {
        switch self {
        case .skip: 0
        case .pass: 1
        case .warn: 2
        case .fail: 3
        case .crash: 4
        case .timeout: 5
        }
    }

    /// Orders statuses from the mildest to the worst.
    public static func < (a: CheckStatus, b: CheckStatus) -> Bool { a.rank < b.rank }

    /// True for FAIL, CRASH and TIMEOUT: the statuses that make validation exit non-zero.
    public var isFailure: Bool { self == .fail || self == .crash || self == .timeout }
}

/// The result of one check for one subject (a plugin or one of its animators).
public struct CheckResult: Sendable, Hashable, Codable {
    /// The check's id.
    public var check: String
    /// The plugin id (or file, when it could not be read) or `PLUGIN-ID:ANIMATOR-ID`.
    public var subject: String
    /// The outcome.
    public var status: CheckStatus
    /// One line per finding: what went wrong and what to change; empty on a clean pass.
    public var details: [String]
    /// How long the check took, in seconds.
    public var seconds: Double
    /// What the plugin wrote to standard output while the check ran (isolated runs only).
    public var stdout: String?
    /// What the plugin wrote to standard error while the check ran (isolated runs only).
    public var stderr: String?
    /// The plugin file.
    public var path: String?

    /// Creates a result.
    public init(
        check: String, subject: String, status: CheckStatus, details: [String] = [], seconds: Double = 0,
        stdout: String? = nil, stderr: String? = nil, path: String? = nil
    ) {
        self.check = check
        self.subject = subject
        self.status = status
        self.details = details
        self.seconds = seconds
        self.stdout = stdout
        self.stderr = stderr
        self.path = path
    }
}

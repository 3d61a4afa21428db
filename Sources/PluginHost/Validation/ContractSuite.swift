import Dispatch
import TransitionCore

/// The animator contract suite: loads a plugin, checks its descriptors, then runs every animator
/// through every operation and style it supports and checks what it does against UIKit's rules.
public struct ContractSuite: Sendable {
    /// The container sizes every animator runs in: a portrait phone, the same phone in landscape,
    /// a tablet and a small phone, so no animator can depend on one screen size.
    public var containers: [ContainerSize] = ContainerSize.validationSizes
    /// Where custom-style presentations rest, as a host's sheet detent; nil gives them the
    /// default presented frame (`PresentationLayout.defaultPresentedFrame(in:)`).
    public var detent: SheetDetent?
    /// The number of progress intervals sampled between 0 and 1.
    public var samples = 240
    /// The seed of the shuffled orders, printed in reports so a run can be repeated.
    public var seed: UInt64 = 0x7C_2024
    /// When set, every entry point is called through libffi and recorded here.
    public var tracer: CallTracer?

    /// Creates a suite with the default settings.
    public init() {}

    /// The checks that run per plugin file, before any animator runs.
    public static let pluginChecks: [ContractCheck] = [
        .loading, .abiVersion, .descriptorFields, .descriptorIDs, .descriptorStrings, .descriptorParameters,
    ]
    /// The checks that run per animator, each over every scenario the animator supports.
    public static let animatorChecks: [ContractCheck] = [
        .duration, .lifecycle, .containerSetup, .absentViews, .endpoints, .finiteValues, .continuity, .seenContent, .backFaces, .purity,
        .reversibility, .cancel, .leaks, .parameters, .independence, .stepCost,
    ]

    /// The checks that also run each scenario with a matched element.
    static let matchedElementChecks: [ContractCheck] = [.lifecycle, .absentViews, .endpoints, .finiteValues, .leaks]

    /// The outcome of the plugin-level checks: their results, and the animators to check next
    /// (empty when the plugin cannot be used).
    public struct PluginOutcome: Sendable {
        /// The results of the loading and descriptor checks.
        public var results: [CheckResult]
        /// The plugin's id, or its path when it could not be read.
        public var subject: String
        /// The ids of the animators to run, in descriptor order.
        public var animatorIDs: [String]
    }

    /// Loads the plugin at `path` and runs the loading and descriptor checks.
    public func checkPlugin(path: String) -> PluginOutcome {
        let start = DispatchTime.now().uptimeNanoseconds
        var findings = Findings()
        let opened: (info: PluginInfo, problems: [DescriptorProblem], wasm: WasmPlugin?)
        do {
            let read = try PluginLibrary.open(path: path)
            opened = (read.info, read.problems, read.wasm)
        } catch {
            let check: ContractCheck = error.kind == .incompatibleABI ? .abiVersion : .loading
            findings.fail(check, error.description)
            var results = findings.results(subject: path, checks: [check])
            for other in Self.pluginChecks where other != check {
                results.append(CheckResult(check: other.id, subject: path, status: .skip, details: ["the plugin could not be loaded"]))
            }
            return PluginOutcome(results: stamp(results, path: path, since: start), subject: path, animatorIDs: [])
        }
        let subject = opened.info.id.isEmpty ? path : opened.info.id
        for check in Self.pluginChecks { findings.pass(check) }
        for problem in opened.problems {
            let check = ContractCheck.named(problem.check) ?? .descriptorFields
            findings.report(check, problem.severity == .error ? .fail : .warn, problem.description)
        }
        var results = findings.results(subject: subject, checks: Self.pluginChecks)
        if let limits = opened.wasm?.sandbox, let i = results.firstIndex(where: { $0.check == ContractCheck.loading.id }) {
            results[i].details.append(
                "sandboxed: a WebAssembly module, run in this process with no worker (\(limits.fuelPerCall) instructions a call, \(limits.memoryLimit >> 20) MiB of memory, a fresh instance's state for every transition)")
        }
        var ids: [String] = []
        if !opened.problems.contains(where: { $0.severity == .error }) {
            do {
                ids = try PluginLibrary.load(path: path).animators.map(\.id)
            } catch {
                results.append(CheckResult(check: ContractCheck.loading.id, subject: subject, status: .fail, details: [error.description]))
            }
        }
        return PluginOutcome(results: stamp(results, path: path, since: start), subject: subject, animatorIDs: ids)
    }

    /// Runs each of `checks` on each of `animators`, as many at once as there are cores, and
    /// returns the results in the order of the animators, then the checks. For a plugin whose
    /// transitions share nothing, such as a sandboxed wasm module, this is what a worker per check
    /// gives a native one, with no process to start.
    public func runConcurrently(_ checks: [ContractCheck], on animators: [Animator]) -> [CheckResult] {
        let units = animators.flatMap { a in checks.map { (check: $0, animator: a) } }
        let results = ConcurrentResults(count: units.count)
        DispatchQueue.concurrentPerform(iterations: units.count) { i in
            results.set(i, run(units[i].check, on: units[i].animator))
        }
        return (0..<units.count).compactMap { results.get($0) }
    }

    /// Runs one check of one animator over every scenario it supports (or those given).
    public func run(_ check: ContractCheck, on animator: Animator, scenarios: [Scenario]? = nil) -> CheckResult {
        let start = DispatchTime.now().uptimeNanoseconds
        var findings = Findings()
        // Step cost and independence from other transitions do not depend on the container's
        // size, and they are the costliest checks: they run in the first size only.
        let sizes = check == .stepCost || check == .independence ? Array(containers.prefix(1)) : containers
        var runs = sizes.map { ($0, scenarios ?? Scenario.all(for: animator.description)) }
        // What an animator does with a matched element is judged once, in the first size.
        if Self.matchedElementChecks.contains(check), let first = containers.first {
            runs.append((first, (scenarios ?? Scenario.all(for: animator.description)).map { s in
                var matched = s
                matched.matchedElement = true
                return matched
            }))
        }
        // A sandboxed plugin's fault (fuel spent, a trap, a bad address) ends the check: it is
        // the plugin's crash or hang, caught in this process.
        let sandbox = animator.library.wasm
        _ = sandbox?.takeFaults()
        var fault: (WasmFault, place: String)?
        runs: for (size, list) in runs {
            for scenario in list {
                guard let context = scenario.context(container: size.bounds, presentedFrame: detent?.presentedFrame(in: size.bounds)) else { continue }
                TransitionChecks(
                    animator: animator, scenario: scenario, context: context, samples: samples, seed: seed, tracer: tracer,
                    sizeLabel: size.description
                ).run(check, into: &findings)
                if let first = sandbox?.takeFaults().first {
                    fault = (first, "\(size) \(scenario)")
                    break runs
                }
            }
        }
        if let (fault, place) = fault {
            let result = CheckResult(
                check: check.id, subject: animator.qualifiedID, status: fault.kind == .outOfFuel ? .timeout : .crash,
                details: ["\(place): \(fault) (sandboxed: the host went on); \(WasmPlugin.remedy(for: fault))"])
            return stamp([result], path: animator.library.path, since: start)[0]
        }
        let result = findings.results(subject: animator.qualifiedID, checks: [check]).first
            ?? CheckResult(check: check.id, subject: animator.qualifiedID, status: .skip, details: ["no scenario applies"])
        return stamp([result], path: animator.library.path, since: start)[0]
    }

    /// Loads the plugin at `path` and checks its descriptors and every animator, in this process.
    public func validate(path: String) -> [CheckResult] {
        let outcome = checkPlugin(path: path)
        guard !outcome.animatorIDs.isEmpty, let library = try? PluginLibrary.load(path: path) else { return outcome.results }
        return outcome.results + library.animators.flatMap { validate($0) }
    }

    /// Runs one animator through every check and every scenario it supports, in this process.
    public func validate(_ animator: Animator, scenarios: [Scenario]? = nil) -> [CheckResult] {
        Self.animatorChecks.map { run($0, on: animator, scenarios: scenarios) }
    }

    private func stamp(_ results: [CheckResult], path: String, since start: UInt64) -> [CheckResult] {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return results.map {
            var r = $0
            r.path = path
            r.seconds = seconds / Double(results.count)
            return r
        }
    }
}

/// One way to run an animator: an operation, a style and, for tabs, a direction.
public struct Scenario: Sendable, Hashable, CustomStringConvertible {
    /// The operation.
    public var operation: TransitionOperation
    /// The presentation style.
    public var style: PresentationStyle
    /// For tabs: true to move to a higher index.
    public var forward: Bool
    /// True to give the transition a matched element (`card`, from a list row to a header), as
    /// shared-element animators expect.
    public var matchedElement = false

    /// Every scenario an animator's description supports.
    public static func all(for description: AnimatorDescription) -> [Scenario] {
        description.operations.flatMap { op -> [Scenario] in
            if op == .tab { return [Scenario(operation: op, style: .fullScreen, forward: true), Scenario(operation: op, style: .fullScreen, forward: false)] }
            if op.isModal { return description.styles.map { Scenario(operation: op, style: $0, forward: true) } }
            return [Scenario(operation: op, style: .fullScreen, forward: true)]
        }
    }

    /// The context of this scenario in `container`; a custom-style one with `presentedFrame`
    /// as the presented screen's frame when given.
    public func context(container: Rect, presentedFrame: Rect? = nil) -> TransitionContext? {
        try? TransitionContext(
            operation: operation, style: style, containerBounds: container, presentedFrame: presentedFrame,
            tabFromIndex: forward ? 0 : 1, tabToIndex: forward ? 1 : 0,
            matchedElements: matchedElement ? [Self.sampleElement(in: container)] : [])
    }

    /// The matched element of `matchedElement` scenarios: a list row a quarter of the way down
    /// that becomes a header across the top.
    public static func sampleElement(in container: Rect) -> MatchedElement {
        MatchedElement(
            id: "card",
            fromFrame: Rect(
                x: container.x + 16, y: container.y + (container.height * 0.25).rounded(),
                width: container.width - 32, height: (container.height * 0.15).rounded()),
            toFrame: Rect(x: container.x, y: container.y, width: container.width, height: (container.height * 0.4).rounded()))
    }

    /// `push`, `present (custom)`, `tab 1→0`, `push with a matched element`.
    public var description: String {
        let base = operation == .tab ? (forward ? "tab 0→1" : "tab 1→0") : operation.isModal ? "\(operation) (\(style))" : operation.name
        return matchedElement ? base + " with a matched element" : base
    }
}

/// Check results gathered from several threads, by index.
private final class ConcurrentResults: @unchecked Sendable {
    private var results: [CheckResult?]
    private let lock = Lock()

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: CheckResult) {
        lock.lock()
        results[i] = value
        lock.unlock()
    }

    func get(_ i: Int) -> CheckResult? {
        lock.lock()
        defer { lock.unlock() }
        return results[i]
    }
}

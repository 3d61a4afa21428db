import Benchmark
import CatalogPlugins
import PluginHost
import TransitionCore

/// The seen-content check's cost: per sample, and what it adds to a whole `validate`.
///
/// `SeenContent/<animator>/check` is the check of one built-in in its first scenario at 390x844
/// (241 samples, the before-setup, after-completion and cancel boundaries); its time ÷ 241 is the
/// check's cost per sample as it runs (only pairs of samples whose views change what they show, or
/// move fast, are pictured). `SeenContent/<animator>/picture` pictures every one of the 241
/// frames (48 × 104 points each): the cost of a sample that is pictured. `SeenContent/validate/paired`
/// is `catalog validate --in-process` of the sample `Isolation/validate` uses (every eighth built-in
/// but explode, 320x568, no step cost), with the check and with `--skip seen-content`, back to back
/// in every iteration: the ratio is what the check adds to the suite (goal: at most 1.25×).
func registerSeenContentBenchmarks() {
    let ids = BenchEnvironment.smoke ? ["fade"] : ["slide", "flip", "fold", "portal", "dimmed-sheet"]
    for id in ids {
        let animator = Prepared<Animator>()
        Benchmark("SeenContent/\(id)/check", configuration: Configurations.program(iterations: 20, seconds: 10)) { benchmark in
            var suite = ContractSuite()
            suite.containers = [.phonePortrait]
            let first = Scenario.all(for: animator.value.description).prefix(1)
            let result = suite.run(.seenContent, on: animator.value, scenarios: Array(first))
            if result.status.isFailure { fail(benchmark, "\(id) failed seen-content: \(result.details.first ?? "")") }
            blackHole(result)
        } setup: {
            try animator.prepare { try builtinAnimator(id) }
        }
        let frames = Prepared<(frames: [TransitionFrame], bounds: Rect)>()
        Benchmark("SeenContent/\(id)/picture", configuration: Configurations.program(iterations: 20, seconds: 10)) { benchmark in
            let sizes = TransitionFrame.largestViews(frames.value.frames).mapValues { (width: $0.state.frame.width, height: $0.state.frame.height) }
            for frame in frames.value.frames {
                blackHole(SeenPicture(frame, bounds: frames.value.bounds) { sizes[$0] })
            }
        } setup: {
            try frames.prepare {
                let a = try builtinAnimator(id)
                guard let scenario = Scenario.all(for: a.description).first,
                    let context = scenario.context(container: ContainerSize.phonePortrait.bounds)
                else { throw BenchError("\(id) has no scenario") }
                let run = try a.run(context, progresses: (0...240).map { Double($0) / 240 })
                return (run.frames, context.containerBounds)
            }
        }
    }

    let validated = BenchEnvironment.smoke
        ? ["fade"]
        : DirectRun.animatorIDs.enumerated().filter { $0.offset % 8 == 0 && $0.element != "explode" }.map(\.element)
    let validate = ["validate", "--in-process", "--size", "320x568", "--skip", "step-cost"] + validated
    func catalog(_ arguments: [String]) throws {
        let status = try BenchEnvironment.run(BenchEnvironment.catalogExecutable, arguments)
        if status != 0 { throw BenchError("catalog \(arguments.joined(separator: " ")) ended with status \(status)") }
    }
    let order = Alternation()
    Benchmark("SeenContent/validate/paired", configuration: Configurations.pairedProcess(iterations: 5, seconds: 60, metric: seenContentMetric)) { benchmark in
        measuringPairedCPU(
            benchmark, metric: seenContentMetric, alternation: order,
            subject: { try catalog(validate) }, anchor: { try catalog(validate + ["--skip", "seen-content"]) })
    } setup: {
        try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable) }
    }
}

/// `SeenContent/validate/paired`: `validate`'s CPU time with the seen-content check ÷ without it.
let seenContentMetric = pairedProcessMetric("with seen-content ÷ without (‰)")

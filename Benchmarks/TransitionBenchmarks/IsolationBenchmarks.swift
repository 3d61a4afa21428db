import Benchmark
import CatalogPlugins

/// The cost of running plugin code in worker processes, as a user pays it: one `catalog`
/// process, isolated (the default) against `--in-process`, timed with the CPU time of the
/// process and its workers.
///
/// `Isolation/validate/…` validates a fixed sample of the built-ins in one process: every eighth
/// animator of the catalogue but explode (whose suite alone takes seconds), in one container size,
/// without the timing check. The harness exports no iteration over two seconds, and the paired
/// benchmark runs the sample twice an iteration: on a slow machine (1.75 s for the sample of every
/// fourth, isolated, on 2026-11-27) a larger sample left it out of the report. `Isolation/preview/…` is
/// `catalog preview push slide --format json`. The smoke run validates fade alone.
func registerIsolationBenchmarks() {
    let validated = BenchEnvironment.smoke
        ? ["fade"]
        : DirectRun.animatorIDs.enumerated().filter { $0.offset % 8 == 0 && $0.element != "explode" }.map(\.element)
    let validate = ["validate", "--size", "320x568", "--skip", "step-cost"] + validated
    let preview = ["preview", "push", "slide", "--format", "json"]
    /// Runs `catalog` with `arguments`, which must succeed.
    func catalog(_ arguments: [String]) throws {
        let status = try BenchEnvironment.run(BenchEnvironment.catalogExecutable, arguments)
        if status != 0 { throw BenchError("catalog \(arguments.joined(separator: " ")) ended with status \(status)") }
    }
    let requireCatalog = { try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable) } }
    for (subject, arguments, iterations, seconds) in [("validate", validate, 5, 30), ("preview", preview, 40, 10)] {
        for (mode, extra) in [("isolated", [String]()), ("in-process", ["--in-process"])] {
            Benchmark("Isolation/\(subject)/\(mode)", configuration: Configurations.process(iterations: iterations, seconds: seconds)) { benchmark in
                measuringProcessCPU(benchmark) { try catalog(arguments + extra) }
            } setup: {
                try requireCatalog()
            }
        }
        // Both ways back to back in every iteration, alternating which goes first.
        let order = Alternation()
        Benchmark("Isolation/\(subject)/paired", configuration: Configurations.pairedProcess(iterations: iterations, seconds: seconds * 2, metric: isolationMetric)) { benchmark in
            measuringPairedCPU(
                benchmark, metric: isolationMetric, alternation: order,
                subject: { try catalog(arguments) }, anchor: { try catalog(arguments + ["--in-process"]) })
        } setup: {
            try requireCatalog()
        }
    }
}

/// `Isolation/<command>/paired`: the isolated command's CPU time ÷ the same command's with
/// `--in-process`, run back to back.
let isolationMetric = pairedProcessMetric("isolated ÷ in-process (‰)")

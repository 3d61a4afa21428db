import Benchmark
import CatalogPlugins

/// The cost of running plugin code in worker processes, as a user pays it: one `catalog`
/// process, isolated (the default) against `--in-process`, timed with the CPU time of the
/// process and its workers.
///
/// `Isolation/validate/…` validates a fixed sample of the built-ins in one process: every fourth
/// animator of the catalogue but explode (whose suite alone takes seconds and would break the
/// harness's export of iterations over two seconds), in one container size, without the timing
/// check; about one second per iteration in release. `Isolation/preview/…` is
/// `catalog preview push slide --format json`. The smoke run validates fade alone.
func registerIsolationBenchmarks() {
    let validated = BenchEnvironment.smoke
        ? ["fade"]
        : DirectRun.animatorIDs.enumerated().filter { $0.offset % 4 == 0 && $0.element != "explode" }.map(\.element)
    let validate = ["validate", "--size", "320x568", "--skip", "step-cost"] + validated
    let preview = ["preview", "push", "slide", "--format", "json"]
    for (mode, extra) in [("isolated", [String]()), ("in-process", ["--in-process"])] {
        Benchmark("Isolation/validate/\(mode)", configuration: Configurations.process(iterations: 5, seconds: 30)) { benchmark in
            measuringProcessCPU(benchmark) {
                let status = try BenchEnvironment.run(BenchEnvironment.catalogExecutable, validate + extra)
                if status != 0 { throw BenchError("catalog \((validate + extra).joined(separator: " ")) ended with status \(status)") }
            }
        } setup: {
            try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable) }
        }
        Benchmark("Isolation/preview/\(mode)", configuration: Configurations.process(iterations: 40, seconds: 10)) { benchmark in
            measuringProcessCPU(benchmark) {
                let status = try BenchEnvironment.run(BenchEnvironment.catalogExecutable, preview + extra)
                if status != 0 { throw BenchError("catalog \((preview + extra).joined(separator: " ")) ended with status \(status)") }
            }
        } setup: {
            try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable) }
        }
    }
}

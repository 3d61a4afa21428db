import Benchmark
import CatalogPlugins
import PluginHost

/// Validation: the whole contract suite over the built-in plugin, in this process
/// (`ContractSuite().validate(path:)`) and isolated (`catalog validate`, one child process per
/// check), and in this process per built-in animator.
func registerValidationBenchmarks() {
    let fullSuite = Configurations.program(iterations: 5, seconds: 60)

    Benchmark("Validation/builtins/in-process", configuration: fullSuite) { benchmark in
        let results = ContractSuite().validate(path: BenchEnvironment.builtinPlugin)
        if let failed = results.first(where: { $0.status == .fail || $0.status == .crash || $0.status == .timeout }) {
            fail(benchmark, "the built-in plugin failed \(failed.check) on \(failed.subject)")
        }
        blackHole(results)
    } setup: {
        try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.builtinPlugin) }
    }

    Benchmark("Validation/builtins/isolated", configuration: fullSuite) { benchmark in
        let status = (try? BenchEnvironment.run(BenchEnvironment.catalogExecutable, ["validate", BenchEnvironment.builtinPlugin])) ?? -1
        if status != 0 { fail(benchmark, "catalog validate of the built-in plugin ended with status \(status)") }
    } setup: {
        try reportingFailure {
            try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable)
            try BenchEnvironment.requireProduct(BenchEnvironment.builtinPlugin)
        }
    }

    for id in BenchEnvironment.smoke ? ["fade"] : DirectRun.animatorIDs {
        let animator = Prepared<Animator>()
        Benchmark("Validation/\(id)/in-process", configuration: Configurations.program(iterations: 10, seconds: 20)) { benchmark in
            blackHole(ContractSuite().validate(animator.value))
        } setup: {
            try animator.prepare { try builtinAnimator(id) }
        }
    }
}

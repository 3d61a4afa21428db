import Benchmark
import CatalogPlugins
import PluginHost

/// Validation: the whole contract suite over the built-in plugin, in this process
/// (`ContractSuite().validate(path:)`) and isolated (`catalog validate`, one child process per
/// check), and in this process per built-in animator.
/// The smoke run checks the small C built-in plugin in one container size instead: the whole
/// catalogue in a debug build takes minutes and proves nothing more about the benchmark.
func registerValidationBenchmarks() {
    let fullSuite = Configurations.program(iterations: 5, seconds: 60)
    let plugin = BenchEnvironment.smoke ? BenchEnvironment.productsDirectory + "/libCatalogPluginsC.so" : BenchEnvironment.builtinPlugin
    let sizeArguments = BenchEnvironment.smoke ? ["--size", "320x568"] : []
    var suite = ContractSuite()
    if BenchEnvironment.smoke { suite.containers = [.smallPhone] }

    Benchmark("Validation/builtins/in-process", configuration: fullSuite) { benchmark in
        let results = suite.validate(path: plugin)
        if let failed = results.first(where: { $0.status == .fail || $0.status == .crash || $0.status == .timeout }) {
            fail(benchmark, "the built-in plugin failed \(failed.check) on \(failed.subject)")
        }
        blackHole(results)
    } setup: {
        try reportingFailure { try BenchEnvironment.requireProduct(plugin) }
    }

    Benchmark("Validation/builtins/isolated", configuration: fullSuite) { benchmark in
        let status = (try? BenchEnvironment.run(BenchEnvironment.catalogExecutable, ["validate"] + sizeArguments + [plugin])) ?? -1
        if status != 0 { fail(benchmark, "catalog validate of the built-in plugin ended with status \(status)") }
    } setup: {
        try reportingFailure {
            try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable)
            try BenchEnvironment.requireProduct(plugin)
        }
    }

    for id in BenchEnvironment.smoke ? ["fade"] : DirectRun.animatorIDs {
        let animator = Prepared<Animator>()
        Benchmark("Validation/\(id)/in-process", configuration: Configurations.program(iterations: 10, seconds: 20)) { benchmark in
            blackHole(suite.validate(animator.value))
        } setup: {
            try animator.prepare { try builtinAnimator(id) }
        }
    }
}

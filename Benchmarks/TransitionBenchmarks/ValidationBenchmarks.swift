import Benchmark
import CatalogPlugins
import PluginHost

/// Validation: the contract suite of each built-in animator, in this process
/// (`ContractSuite().validate(_:)`) and isolated (`catalog validate ID`, with its worker
/// processes); the report sums them over the animators for the whole catalogue. The harness
/// exports no iteration longer than two seconds (its throughput rounds to zero), so the whole
/// suite in one iteration runs only in the smoke run, over the small C built-in plugin in one
/// container size: the whole catalogue in a debug build takes minutes and proves nothing more.
func registerValidationBenchmarks() {
    let plugin = BenchEnvironment.smoke ? BenchEnvironment.productsDirectory + "/libCatalogPluginsC.so" : BenchEnvironment.builtinPlugin
    let sizeArguments = BenchEnvironment.smoke ? ["--size", "320x568"] : []
    var suite = ContractSuite()
    if BenchEnvironment.smoke { suite.containers = [.smallPhone] }

    if BenchEnvironment.smoke { registerWholeSuiteBenchmarks(suite: suite, plugin: plugin, sizeArguments: sizeArguments) }

    for id in BenchEnvironment.smoke ? ["fade"] : DirectRun.animatorIDs {
        let animator = Prepared<Animator>()
        Benchmark("Validation/\(id)/in-process", configuration: Configurations.program(iterations: 10, seconds: 20)) { benchmark in
            blackHole(suite.validate(animator.value))
        } setup: {
            try animator.prepare { try builtinAnimator(id) }
        }
        Benchmark("Validation/\(id)/isolated", configuration: Configurations.program(iterations: 3, seconds: 10)) { benchmark in
            let status = (try? BenchEnvironment.run(BenchEnvironment.catalogExecutable, ["validate"] + sizeArguments + [id])) ?? -1
            if status != 0 { fail(benchmark, "catalog validate \(id) ended with status \(status)") }
        } setup: {
            try reportingFailure { try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable) }
        }
    }
}

/// The whole suite of a plugin in one iteration, in this process and isolated.
private func registerWholeSuiteBenchmarks(suite: ContractSuite, plugin: String, sizeArguments: [String]) {
    let fullSuite = Configurations.program(iterations: 5, seconds: 60)
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
}

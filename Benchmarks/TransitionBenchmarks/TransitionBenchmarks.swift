@preconcurrency import Benchmark

/// Every benchmark of the package, by area. Names are AREA/SUBJECT/VARIANT, so one run's results
/// can be set side by side (`Benchmarks/report.swift`).
let benchmarks: @Sendable () -> Void = {
    registerBoundaryBenchmarks()
    registerTimingBenchmarks()
    registerScalingBenchmarks()
    registerExplodeBenchmarks()
    registerDiscoveryBenchmarks()
    registerStartupBenchmarks()
    registerValidationBenchmarks()
    registerSeenContentBenchmarks()
    registerIsolationBenchmarks()
    registerHostIsolationBenchmarks()
    registerPreviewBenchmarks()
    registerWasmBenchmarks()
    registerWebBenchmarks()
    if BenchEnvironment.smoke {
        // Run directly, the executable stops silently at a failure: the smoke script counts.
        writeError("smoke: \(Benchmark.benchmarks.count) benchmarks registered")
    }
}

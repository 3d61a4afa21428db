import Benchmark
import Foundation

/// Start-up: `catalog list` with the built-in plugins and a warm scan cache, against the anchor it
/// is read against, a Swift program that does nothing (`Benchmarks/Fixtures/empty.swift`), and
/// against one that loads the libraries `catalog` loads and does nothing (`essentials.swift`).
func registerStartupBenchmarks() {
    let empty = Prepared<String>()
    Benchmark("Startup/empty-swift/run", configuration: Configurations.process(iterations: 50, seconds: 10)) { benchmark in
        measuringProcessCPU(benchmark) {
            let status = try BenchEnvironment.run(empty.value, [])
            if status != 0 { throw BenchError("\(empty.value) ended with status \(status)") }
        }
    } setup: {
        try empty.prepare { try BenchEnvironment.program("empty") }
    }

    let essentials = Prepared<String>()
    Benchmark("Startup/essentials-swift/run", configuration: Configurations.process(iterations: 50, seconds: 10)) { benchmark in
        measuringProcessCPU(benchmark) {
            let status = try BenchEnvironment.run(essentials.value, [])
            if status != 0 { throw BenchError("\(essentials.value) ended with status \(status)") }
        }
    } setup: {
        try essentials.prepare { try BenchEnvironment.program("essentials") }
    }

    let cache = Prepared<String>()
    /// `catalog list` with the built-ins and the benchmark's scan cache.
    func list() throws {
        let status = try BenchEnvironment.run(BenchEnvironment.catalogExecutable, ["list"], environment: ["TRANSITION_CATALOG_CACHE": cache.value])
        if status != 0 { throw BenchError("catalog list ended with status \(status)") }
    }
    /// Names the cache and warms it with one listing.
    func warmCache() throws {
        try cache.prepare {
            try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable)
            return BenchEnvironment.fixturesDirectory + "/startup-cache-\(getpid()).json"
        }
        try reportingFailure(list)
    }

    let order = Alternation()
    Benchmark("Startup/list-empty/paired", configuration: Configurations.pairedProcess(iterations: 50, seconds: 20, metric: listEmptyMetric)) { benchmark in
        measuringPairedCPU(
            benchmark, metric: listEmptyMetric, alternation: order, subject: list,
            anchor: {
                let status = try BenchEnvironment.run(empty.value, [])
                if status != 0 { throw BenchError("\(empty.value) ended with status \(status)") }
            })
    } setup: {
        try empty.prepare { try BenchEnvironment.program("empty") }
        try warmCache()
    }

    /// The argument-parser anchor, built beside `catalog` (`swift build` with the benchmarks).
    var parserAnchor: String { BenchEnvironment.productsDirectory + "/startup-anchor" }
    func runParserAnchor() throws {
        let status = try BenchEnvironment.run(parserAnchor, ["list"])
        if status != 0 { throw BenchError("\(parserAnchor) list ended with status \(status)") }
    }

    Benchmark("Startup/parser-anchor/run", configuration: Configurations.process(iterations: 50, seconds: 10)) { benchmark in
        measuringProcessCPU(benchmark, runParserAnchor)
    } setup: {
        try BenchEnvironment.requireProduct(parserAnchor)
    }

    let parserOrder = Alternation()
    Benchmark("Startup/list-parser/paired", configuration: Configurations.pairedProcess(iterations: 50, seconds: 20, metric: listParserMetric)) { benchmark in
        measuringPairedCPU(benchmark, metric: listParserMetric, alternation: parserOrder, subject: list, anchor: runParserAnchor)
    } setup: {
        try BenchEnvironment.requireProduct(parserAnchor)
        try warmCache()
    }

    Benchmark("Startup/catalog-list/warm", configuration: Configurations.process(iterations: 50, seconds: 10)) { benchmark in
        measuringProcessCPU(benchmark, list)
    } setup: {
        try warmCache()
    } teardown: {
        try? FileManager.default.removeItem(atPath: cache.value)
    }
}

/// `Startup/list-empty/paired`: a warm `catalog list`'s CPU time ÷ the empty program's, run back
/// to back.
let listEmptyMetric = pairedProcessMetric("list ÷ empty (‰)")

/// `Startup/list-parser/paired`: a warm `catalog list`'s CPU time ÷ the argument-parser anchor's
/// (`startup-anchor list`), run back to back.
let listParserMetric = pairedProcessMetric("list ÷ parser anchor (‰)")

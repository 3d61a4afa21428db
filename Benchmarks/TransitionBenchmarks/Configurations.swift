import Benchmark
import Foundation

/// The benchmark configurations, full or (in smoke mode) a couple of short iterations.
enum Configurations {
    /// Micro benchmarks: 1000 operations per iteration, time and allocations measured.
    static var micro: Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: BenchEnvironment.smoke ? 1 : 5,
            scalingFactor: .kilo,
            maxDuration: BenchEnvironment.smoke ? .milliseconds(20) : .seconds(1),
            maxIterations: BenchEnvironment.smoke ? 3 : 10_000)
    }

    /// Paired micro benchmarks (the boundary's 2000 steps an iteration, the Bézier solvers' 8192
    /// evaluations): the ratio of the two sides as `metric`.
    static func paired(_ metric: BenchmarkMetric = pairedRatioMetric) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .throughput, metric],
            warmupIterations: BenchEnvironment.smoke ? 1 : 5,
            scalingFactor: .one,
            maxDuration: BenchEnvironment.smoke ? .milliseconds(20) : .seconds(2),
            maxIterations: BenchEnvironment.smoke ? 3 : 10_000)
    }

    /// The explode benchmarks and the paired tiles benchmark: one pass over the sampled
    /// progresses an iteration, whose cost is reported through `metrics` (per tile, and how that
    /// grows with the tiles). The throughput is there for the JMH export, which needs it.
    static func explode(adding metrics: [BenchmarkMetric]) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .throughput] + metrics,
            warmupIterations: BenchEnvironment.smoke ? 1 : 3,
            scalingFactor: .one,
            maxDuration: BenchEnvironment.smoke ? .milliseconds(20) : .seconds(2),
            maxIterations: BenchEnvironment.smoke ? 2 : 1000)
    }

    /// Micro benchmarks that also report a custom metric.
    static func micro(adding metric: BenchmarkMetric) -> Benchmark.Configuration {
        var c = micro
        c.metrics.append(metric)
        return c
    }

    /// Whole-program runs timed also by their processes' CPU time (see `processCPUMetric`).
    static func process(iterations: Int, seconds: Int) -> Benchmark.Configuration {
        var c = program(iterations: iterations, seconds: seconds)
        c.metrics.append(processCPUMetric)
        return c
    }

    /// Whole-program runs (a `catalog` command, a contract suite): one operation per iteration.
    static func program(iterations: Int, seconds: Int) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .throughput],
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: BenchEnvironment.smoke ? .milliseconds(1) : .seconds(seconds),
            maxIterations: BenchEnvironment.smoke ? 1 : iterations)
    }
}

/// The custom metric of whole-program benchmarks: the CPU time (user and system) of the processes
/// an iteration ran, children included, in microseconds. Unlike the wall clock it barely moves with
/// the load of other work on a shared machine.
var processCPUMetric: BenchmarkMetric { .custom("CPU time (us)", polarity: .prefersSmaller, useScalingFactor: false) }

/// The CPU time, in microseconds, of every child process this one has waited for so far.
func childrenCPUMicroseconds() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    return (Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec)) * 1_000_000 + Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)
}

/// Runs `body`, which runs programs, and records their CPU time in `processCPUMetric`.
func measuringProcessCPU(_ benchmark: Benchmark, _ body: () throws -> Void) {
    let before = childrenCPUMicroseconds()
    do { try body() } catch { fail(benchmark, "\(error)") }
    benchmark.measurement(processCPUMetric, childrenCPUMicroseconds() - before)
}

/// A custom metric of a paired whole-program benchmark: subject ÷ anchor CPU time, in thousandths.
func pairedProcessMetric(_ name: String) -> BenchmarkMetric {
    .custom(name, polarity: .prefersSmaller, useScalingFactor: false)
}

/// The order of the next paired iteration: the subject runs first in every other one, so that
/// neither program always runs right after the other.
final class Alternation {
    private var subjectFirst = false

    /// True when this iteration runs the subject first; flips for the next one.
    func next() -> Bool {
        subjectFirst.toggle()
        return subjectFirst
    }
}

extension Configurations {
    /// Paired whole-program benchmarks: each iteration runs a subject and its anchor once each, in
    /// alternating order, and reports the ratio of their CPU times as `metric`. A load that
    /// changes during the run moves both sides of each ratio alike.
    static func pairedProcess(iterations: Int, seconds: Int, metric: BenchmarkMetric) -> Benchmark.Configuration {
        var c = program(iterations: iterations, seconds: seconds)
        c.metrics.append(metric)
        return c
    }
}

/// Runs `subject` and `anchor`, in the order `alternation` gives, and records subject ÷ anchor
/// CPU time (of the processes each started) in thousandths as `metric`.
func measuringPairedCPU(
    _ benchmark: Benchmark, metric: BenchmarkMetric, alternation: Alternation,
    subject: () throws -> Void, anchor: () throws -> Void
) {
    func cpu(_ body: () throws -> Void) throws -> Int {
        let before = childrenCPUMicroseconds()
        try body()
        return childrenCPUMicroseconds() - before
    }
    do {
        let subjectFirst = alternation.next()
        let first = try cpu(subjectFirst ? subject : anchor)
        let second = try cpu(subjectFirst ? anchor : subject)
        let (s, a) = subjectFirst ? (first, second) : (second, first)
        benchmark.measurement(metric, Int((Double(s) / Double(max(1, a)) * 1000).rounded()))
    } catch {
        fail(benchmark, "\(error)")
    }
}

/// Holds what a benchmark's setup prepares for its iterations.
final class Prepared<Value> {
    private var stored: Value?

    /// The value; the benchmark's setup has run.
    var value: Value {
        guard let stored else { fatalError("the benchmark's setup did not run") }
        return stored
    }

    /// The value when the setup made one.
    var prepared: Value? { stored }

    /// Prepares the value once; a failure is also written to standard error.
    func prepare(_ make: () throws -> Value) throws {
        if stored == nil { stored = try reportingFailure(make) }
    }

    /// Drops the value.
    func reset() { stored = nil }
}

/// Runs `body`; when it throws, writes the error to standard error before passing it on. A
/// benchmark executable run directly (the smoke mode) would otherwise stop without a word.
func reportingFailure<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        writeError("benchmark setup failed: \(error)")
        throw error
    }
}

/// Marks `benchmark` as failed with `message`, also written to standard error.
func fail(_ benchmark: Benchmark, _ message: String) {
    writeError("benchmark \(benchmark.name) failed: \(message)")
    benchmark.error(message)
}

/// Writes a line to standard error.
func writeError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

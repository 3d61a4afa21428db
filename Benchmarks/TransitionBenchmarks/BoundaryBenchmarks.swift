import Benchmark
import CatalogPlugins
import Foundation
import PluginHost
import TransitionABI
import TransitionCore

/// The built-in plugin, loaded once per process.
func builtinLibrary() throws -> PluginLibrary {
    try BenchEnvironment.requireProduct(BenchEnvironment.builtinPlugin)
    return try PluginLibrary.load(path: BenchEnvironment.builtinPlugin)
}

/// A built-in animator by id.
func builtinAnimator(_ id: String) throws -> Animator {
    guard let animator = try builtinLibrary().animator(id) else { throw BenchError("no built-in animator '\(id)'") }
    return animator
}

/// The custom metric of the paired benchmarks: C ABI time ÷ direct time, in thousandths.
var pairedRatioMetric: BenchmarkMetric { .custom("C ABI ÷ direct (‰)", polarity: .prefersSmaller, useScalingFactor: false) }

/// The ABI boundary: each built-in animator's step as a direct Swift call, through the C ABI
/// (`stepInPlace`), through libffi, and on the validator's traced path; then the pure cost of a
/// call, on a step that writes one number.
func registerBoundaryBenchmarks() {
    for id in DirectRun.animatorIDs {
        let direct = Prepared<DirectStepper>()
        Benchmark("ABI/\(id)/direct", configuration: Configurations.micro) { benchmark in
            let stepper = direct.value
            for i in benchmark.scaledIterations {
                blackHole(stepper.step(sampledProgresses[i % 241]))
            }
        } setup: {
            try direct.prepare {
                let stepper = try DirectStepper(SteppedTransition(try builtinAnimator(id)))
                guard stepper.agreesWithSession() else {
                    throw BenchError("the direct call of \(id) does not compute what its C step does")
                }
                return stepper
            }
        } teardown: {
            direct.reset()
        }

        let viaABI = Prepared<SteppedTransition>()
        Benchmark("ABI/\(id)/c-abi", configuration: Configurations.micro) { benchmark in
            let session = viaABI.value.session
            for i in benchmark.scaledIterations {
                blackHole(session.stepInPlace(sampledProgresses[i % 241]))
            }
        } setup: {
            try viaABI.prepare { try SteppedTransition(try builtinAnimator(id)) }
        } teardown: {
            viaABI.reset()
        }

        let viaFFI = Prepared<SteppedTransition>()
        Benchmark("ABI/\(id)/ffi", configuration: Configurations.micro) { benchmark in
            let session = viaFFI.value.session
            for i in benchmark.scaledIterations {
                blackHole(session.stepInPlace(sampledProgresses[i % 241], calling: .ffi))
            }
        } setup: {
            try viaFFI.prepare { try SteppedTransition(try builtinAnimator(id)) }
        } teardown: {
            viaFFI.reset()
        }

        // The validator's path: libffi, and every call recorded in a trace file as a validation
        // unit's is (through its shared mapping), emptied every 100 000 steps so that it never
        // reaches the line limit, past which a tracer stops writing.
        let traced = Prepared<(transition: SteppedTransition, tracer: CallTracer, steps: StepCount)>()
        let tracePath = BenchEnvironment.fixturesDirectory + "/abi-\(id).trace"
        Benchmark("ABI/\(id)/traced", configuration: Configurations.micro) { benchmark in
            let (transition, tracer, steps) = traced.value
            for i in benchmark.scaledIterations {
                steps.value += 1
                if steps.value % 100_000 == 0 { tracer.truncate() }
                blackHole(transition.session.stepInPlace(sampledProgresses[i % 241]))
            }
        } setup: {
            try traced.prepare {
                try FileManager.default.createDirectory(atPath: BenchEnvironment.fixturesDirectory, withIntermediateDirectories: true)
                guard let tracer = CallTracer(path: tracePath) else { throw BenchError("cannot create \(tracePath)") }
                return (try SteppedTransition(try builtinAnimator(id), tracer: tracer), tracer, StepCount())
            }
        } teardown: {
            traced.prepared?.tracer.close()
            traced.reset()
            try? FileManager.default.removeItem(atPath: tracePath)
        }
    }

    for id in DirectRun.animatorIDs {
        // Both paths in every iteration, 1000 steps each in alternating order, so the ratio is
        // not skewed by a load that changes between two benchmarks on a shared machine.
        let paired = Prepared<DirectStepper>()
        Benchmark("ABI/\(id)/paired", configuration: Configurations.paired()) { benchmark in
            let stepper = paired.value, session = stepper.transition.session
            func direct() -> UInt64 {
                let start = DispatchTime.now().uptimeNanoseconds
                for i in 0..<1000 { blackHole(stepper.step(sampledProgresses[i % 241])) }
                return DispatchTime.now().uptimeNanoseconds - start
            }
            func viaABI() -> UInt64 {
                let start = DispatchTime.now().uptimeNanoseconds
                for i in 0..<1000 { blackHole(session.stepInPlace(sampledProgresses[i % 241])) }
                return DispatchTime.now().uptimeNanoseconds - start
            }
            let (d, c) = benchmark.currentIteration % 2 == 0 ? (direct(), viaABI()) : { let c = viaABI(); return (direct(), c) }()
            benchmark.measurement(pairedRatioMetric, Int((Double(c) / Double(d) * 1000).rounded()))
        } setup: {
            try paired.prepare { try DirectStepper(SteppedTransition(try builtinAnimator(id))) }
        } teardown: {
            paired.reset()
        }
    }

    let trivial = Prepared<TrivialCalls>()
    let prepareTrivial: () throws -> Void = { try trivial.prepare { try TrivialCalls() } }

    Benchmark("Call/trivial/pointer", configuration: Configurations.micro) { benchmark in
        let t = trivial.value
        for i in benchmark.scaledIterations {
            t.step(t.animator, t.context, nil, sampledProgresses[i % 241], t.states, t.count)
        }
        blackHole(t.states)
    } setup: {
        try prepareTrivial()
    }

    Benchmark("Call/trivial/ffi_call", configuration: Configurations.micro) { benchmark in
        let t = trivial.value
        for i in benchmark.scaledIterations {
            t.raw.call(sampledProgresses[i % 241])
        }
        blackHole(t.states)
    } setup: {
        try prepareTrivial()
    }

    Benchmark("Call/trivial/FFIEntryPoints", configuration: Configurations.micro) { benchmark in
        let t = trivial.value
        for i in benchmark.scaledIterations {
            FFIEntryPoints.step(t.animator, t.context, nil, sampledProgresses[i % 241], t.states, t.count)
        }
        blackHole(t.states)
    } setup: {
        try prepareTrivial()
    }

    Benchmark("Call/trivial/stepInPlace", configuration: Configurations.micro) { benchmark in
        let session = trivial.value.transition.session
        for i in benchmark.scaledIterations {
            blackHole(session.stepInPlace(sampledProgresses[i % 241]))
        }
    } setup: {
        try prepareTrivial()
    }

    // What the benchmark harness itself allocates per iteration, to subtract from the others.
    Benchmark("Call/empty/loop", configuration: Configurations.micro) { benchmark in
        for i in benchmark.scaledIterations {
            blackHole(sampledProgresses[i % 241])
        }
    }
}

/// The steps a traced benchmark has written to its trace file, across iterations.
final class StepCount {
    var value = 0
}

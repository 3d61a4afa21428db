import Benchmark
import Foundation
import PluginHost
import TransitionCore

/// The ratio the paired wasm benchmarks report: the wasm door's time ÷ the native door's, for the
/// same C source and the same work, measured side by side in each iteration.
var wasmRatioMetric: BenchmarkMetric { .custom("wasm ÷ native (‰)", polarity: .prefersSmaller, useScalingFactor: false) }

/// Nanoseconds of one operation of the wasm door.
var wasmNanosecondsMetric: BenchmarkMetric { .custom("wasm ns per operation", polarity: .prefersSmaller, useScalingFactor: false) }

/// The fixture `Benchmarks/Fixtures/NAME.c` built for the wasm door by `scripts/wasm-cc`.
func wasmFixture(_ name: String) throws -> String {
    let output = BenchEnvironment.fixturesDirectory + "/\(name).wasm"
    try FileManager.default.createDirectory(atPath: BenchEnvironment.fixturesDirectory, withIntermediateDirectories: true)
    let status = try BenchEnvironment.run(
        "/bin/sh", [BenchEnvironment.packageRoot + "/scripts/wasm-cc", "-o", output, BenchEnvironment.packageRoot + "/Benchmarks/Fixtures/\(name).c"],
        quiet: false)
    guard status == 0 else { throw BenchError("scripts/wasm-cc could not build \(name).c for wasm (status \(status)); is wasi-libc installed?") }
    return output
}

/// The C built-ins built for the wasm door by the set-up (`scripts/build-wasm-plugins`).
var wasmBuiltins: String { BenchEnvironment.productsDirectory + "/wasm/catalog-plugins-c.wasm" }

/// The Swift built-ins built for the wasm door with Embedded Swift.
var wasmSwiftBuiltins: String { BenchEnvironment.productsDirectory + "/wasm/catalog-plugins.wasm" }

/// One animator's transition through each door, set up and warmed, checked to step alike.
final class DoorPair {
    let native: SteppedTransition
    let wasm: SteppedTransition
    /// How many views a step of it fills.
    let viewCount: Int

    init(native nativePath: String, wasm wasmPath: String, animator id: String, parameters: [Double]? = nil) throws {
        func animator(_ path: String) throws -> Animator {
            guard let animator = try PluginLibrary.load(path: path).animator(id) else { throw BenchError("\(path) has no \(id) animator") }
            return animator
        }
        native = try SteppedTransition(try animator(nativePath), parameters: parameters)
        wasm = try SteppedTransition(try animator(wasmPath), parameters: parameters)
        var views = 0
        for p in sampledProgresses {
            let a = native.session.stepInPlace(p), b = wasm.session.stepInPlace(p)
            views = a.count
            guard a.count == b.count, zip(a, b).allSatisfy({ abs($0.frame.x - $1.frame.x) < 1e-9 && abs($0.alpha - $1.alpha) < 1e-9 }) else {
                throw BenchError("\(id)'s wasm build does not step as its native build at \(p)")
            }
        }
        viewCount = views
    }

    /// The tiles fixture (`count` tile views) built from one C source for both doors.
    static func tiles(_ count: Int) throws -> DoorPair {
        try DoorPair(native: try BenchEnvironment.fixture("tiles"), wasm: try wasmFixture("tiles"), animator: "tiles", parameters: [0.5, Double(count)])
    }

    /// Nanoseconds for the 241 sampled steps of `transition`.
    static func time(_ transition: SteppedTransition) -> UInt64 {
        let start = DispatchTime.now().uptimeNanoseconds
        for p in sampledProgresses { blackHole(transition.session.stepInPlace(p)) }
        return DispatchTime.now().uptimeNanoseconds - start
    }
}

/// Registers `Wasm/NAME/step` (wasm ÷ native, side by side) and `Wasm/NAME/step-time` (one wasm
/// step in nanoseconds) for the pair `make` builds.
func registerStepPair(_ name: String, _ make: @escaping () throws -> DoorPair) {
    let pair = Prepared<DoorPair>()
    Benchmark("Wasm/\(name)/step", configuration: Configurations.paired(wasmRatioMetric)) { benchmark in
        var native: UInt64 = 0, wasm: UInt64 = 0
        for i in benchmark.scaledIterations {
            if i % 2 == 0 {
                native += DoorPair.time(pair.value.native)
                wasm += DoorPair.time(pair.value.wasm)
            } else {
                wasm += DoorPair.time(pair.value.wasm)
                native += DoorPair.time(pair.value.native)
            }
        }
        benchmark.measurement(wasmRatioMetric, Int((Double(wasm) / Double(max(native, 1)) * 1000).rounded()))
    } setup: {
        try pair.prepare(make)
    }
    let wasmOnly = Prepared<DoorPair>()
    Benchmark("Wasm/\(name)/step-time", configuration: Configurations.paired(wasmNanosecondsMetric)) { benchmark in
        var wasm: UInt64 = 0, steps = 0
        for _ in benchmark.scaledIterations {
            wasm += DoorPair.time(wasmOnly.value.wasm)
            steps += sampledProgresses.count
        }
        benchmark.measurement(wasmNanosecondsMetric, Int(wasm) / max(steps, 1))
    } setup: {
        try wasmOnly.prepare(make)
    }
}

/// The wasm door against the native one, each a ratio measured side by side in one run:
/// - `Wasm/tiles/N/step`: one step of the tiles fixture (N tile views; 16 is a busy screen, 100
///   is explode's order of magnitude) built from one C source for both doors;
/// - `Wasm/cube/step`, `Wasm/explode/112/step`: the Swift built-ins, native and Embedded Swift;
/// - `Wasm/transition-start`: beginning and setting up a transition of the C built-ins' fade-upwards
///   (in a restored wasm instance) and completing it, ÷ native, and its wasm time in nanoseconds;
/// - `Wasm/validate`: `catalog validate` of the C built-ins' wasm build (in process, no worker) ÷
///   the same native plugin validated isolated (its worker processes);
/// - `Wasm/preview-first-frame`: `catalog preview` of one frame of fade-upwards, wasm ÷ native.
func registerWasmBenchmarks() {
    for count in BenchEnvironment.smoke ? [16] : [16, 100] {
        registerStepPair("tiles/\(count)") { try DoorPair.tiles(count) }
    }
    // The Swift built-ins through both doors: cube (3D, four faces) and explode with 7 tiles across
    // (112 tile views at 390x844).
    registerStepPair("cube") { try DoorPair(native: BenchEnvironment.builtinPlugin, wasm: wasmSwiftBuiltins, animator: "cube") }
    if !BenchEnvironment.smoke {
        registerStepPair("explode/112") {
            try DoorPair(native: BenchEnvironment.builtinPlugin, wasm: wasmSwiftBuiltins, animator: "explode", parameters: [1.0, 7])
        }
    }

    let animators = Prepared<(native: Animator, wasm: Animator)>()
    var startConfiguration = Configurations.paired(wasmRatioMetric)
    startConfiguration.metrics.append(wasmNanosecondsMetric)
    Benchmark("Wasm/transition-start", configuration: startConfiguration) { benchmark in
        let context = try TransitionContext(operation: .push, containerBounds: benchContainer)
        func start(_ animator: Animator) throws -> UInt64 {
            let begin = DispatchTime.now().uptimeNanoseconds
            let session = animator.begin(context)
            try session.setup()
            session.complete(finished: true)
            return DispatchTime.now().uptimeNanoseconds - begin
        }
        var native: UInt64 = 0, wasm: UInt64 = 0
        for _ in benchmark.scaledIterations {
            native += try start(animators.value.native)
            wasm += try start(animators.value.wasm)
        }
        benchmark.measurement(wasmRatioMetric, Int((Double(wasm) / Double(max(native, 1)) * 1000).rounded()))
        benchmark.measurement(wasmNanosecondsMetric, Int(wasm) / max(benchmark.scaledIterations.count, 1))
    } setup: {
        try animators.prepare {
            guard let native = try PluginLibrary.load(path: BenchEnvironment.productsDirectory + "/libCatalogPluginsC.so").animator("fade-upwards"),
                let wasm = try PluginLibrary.load(path: wasmBuiltins).animator("fade-upwards")
            else { throw BenchError("the C built-ins have no fade-upwards") }
            return (native, wasm)
        }
    }

    // Whole commands: one iteration runs each door once, in alternating order.
    let validateArguments = BenchEnvironment.smoke ? ["--size", "320x568", "--only", "duration"] : []
    let commands: [(name: String, arguments: (String) -> [String])] = [
        ("validate", { ["validate", "--no-builtins"] + validateArguments + [$0] }),
        ("preview-first-frame", { ["preview", "push", "fade-upwards", "--no-builtins", "--plugin-path", $0, "--format", "json", "--frames", "2"] }),
    ]
    for (name, arguments) in commands {
        var configuration = Configurations.program(iterations: 5, seconds: 120)
        configuration.metrics.append(wasmRatioMetric)
        Benchmark("Wasm/\(name)", configuration: configuration) { benchmark in
            let native = BenchEnvironment.productsDirectory + "/libCatalogPluginsC.so"
            func time(_ plugin: String) -> UInt64 {
                let start = DispatchTime.now().uptimeNanoseconds
                let status = (try? BenchEnvironment.run(BenchEnvironment.catalogExecutable, arguments(plugin))) ?? -1
                if status != 0 { fail(benchmark, "catalog \(arguments(plugin).joined(separator: " ")) ended with status \(status)") }
                return DispatchTime.now().uptimeNanoseconds - start
            }
            var n: UInt64 = 0, w: UInt64 = 0
            for i in benchmark.scaledIterations {
                if i % 2 == 0 { n += time(native); w += time(wasmBuiltins) } else { w += time(wasmBuiltins); n += time(native) }
            }
            benchmark.measurement(wasmRatioMetric, Int((Double(w) / Double(max(n, 1)) * 1000).rounded()))
        } setup: {
            try reportingFailure {
                try BenchEnvironment.requireProduct(BenchEnvironment.catalogExecutable)
                try BenchEnvironment.requireProduct(wasmBuiltins)
            }
        }
    }
}

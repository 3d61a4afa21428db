// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The benchmarks (`Benchmarks/`, see BENCHMARKS.md) and their harness, ordo-one/benchmark, are part
// of the package only when TRANSITION_CATALOG_BENCHMARKS is set, so that building the tool and
// running the tests compile neither: `TRANSITION_CATALOG_BENCHMARKS=1 swift package benchmark`.
let withBenchmarks = !(ProcessInfo.processInfo.environment["TRANSITION_CATALOG_BENCHMARKS"] ?? "").isEmpty
// The API reference's generator, swiftlang/swift-docc-plugin, joins the package only when
// TRANSITION_CATALOG_DOCS is set, as scripts/generate-api-reference does; builds never need it.
let withDocs = !(ProcessInfo.processInfo.environment["TRANSITION_CATALOG_DOCS"] ?? "").isEmpty
// The modules that do the numeric work of every command and test (the core's geometry and timing,
// the host and its validator, the built-in animators, the renderers) are optimized in debug builds
// too: unoptimized, their SIMD and generic code ran the test suite about ten times slower (see
// CONTRIBUTING.md). Set TRANSITION_CATALOG_ONONE to build them without optimization, to step
// through them in a debugger.
let unoptimizedDebug = !(ProcessInfo.processInfo.environment["TRANSITION_CATALOG_ONONE"] ?? "").isEmpty
let optimizedInDebug: [SwiftSetting] = unoptimizedDebug ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "TransitionCatalog",
    products: [
        .executable(name: "catalog", targets: ["catalog"]),
        // The worker process catalog starts to load plugins: the plugin host alone, so it starts fast.
        .executable(name: "catalog-worker", targets: ["catalog-worker"]),
        .library(name: "TransitionCore", targets: ["TransitionCore"]),
        .library(name: "PluginHost", targets: ["PluginHost"]),
        .library(name: "Renderers", targets: ["Renderers"]),
        // The built-in animators: a real plugin library, loaded with dlopen like any third-party one.
        .library(name: "CatalogPlugins", type: .dynamic, targets: ["CatalogPlugins"]),
        // Built-in animators written in C: a plugin library of their own, found beside `catalog`.
        .library(name: "CatalogPluginsC", type: .dynamic, targets: ["CatalogPluginsC"]),
        // The C host API (include/transition_catalog_host.h) for apps that embed the engine.
        .library(name: "TransitionCatalogHost", type: .dynamic, targets: ["TransitionCatalogHost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The WebAssembly runtime of the wasm plugin door: in-process, with fuel metering.
        .package(url: "https://github.com/swiftwasm/WasmKit", from: "0.4.2", traits: ["MultiThread"]),
    ],
    targets: [
        // The plugin ABI: include/transition_catalog.h and its module map.
        .systemLibrary(name: "TransitionABI", path: "include"),
        .systemLibrary(
            name: "CFFI",
            pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]
        ),
        .target(name: "CFFIShims", dependencies: ["CFFI"]),
        .target(name: "TransitionCore", swiftSettings: optimizedInDebug),
        // What confines a worker process: user and PID namespaces and a seccomp-bpf filter.
        .target(name: "CWorkerSandbox"),
        // Counts one thread's heap allocations between a start and a stop: the validator's check
        // that a plugin's step allocates nothing. CAllocationInterposer, linked into the catalog
        // executables only, replaces malloc and its kin with counting ones that forward to glibc.
        .target(name: "CAllocationCount"),
        .target(name: "CAllocationInterposer", dependencies: ["CAllocationCount"]),
        // The host's reset of many view states at once (AVX2 where the processor has it).
        .target(name: "CViewStateReset", cSettings: [.headerSearchPath("../../include")]),
        .target(
            name: "PluginHost",
            dependencies: [
                "TransitionCore", "TransitionABI", "CFFI", "CFFIShims", "CViewStateReset", "CWorkerSandbox", "CAllocationCount",
                .product(name: "WasmKit", package: "WasmKit"), .product(name: "WasmParser", package: "WasmKit"),
            ],
            swiftSettings: optimizedInDebug
        ),
        .target(name: "CatalogPlugins", dependencies: ["TransitionABI"], swiftSettings: optimizedInDebug),
        // The C host API: C functions over PluginHost's drivers.
        .target(name: "TransitionCatalogHost", dependencies: ["PluginHost", "TransitionCore", "TransitionABI", "CFFIShims"]),
        .target(name: "CatalogPluginsC", cSettings: [.headerSearchPath("../../include")]),
        // Pixels come from Debian's C libraries, cairo (drawing, PNG) and giflib (GIF), opened at run
        // time by the commands that draw: the build needs neither's headers, and no other command
        // loads them.
        .target(name: "CLibraryLoader"),
        .target(name: "CCairo", dependencies: ["CLibraryLoader"]),
        .target(name: "CGIF", dependencies: ["CLibraryLoader"]),
        // PNG files are written with libpng directly, opened at run time like cairo.
        .target(name: "CPNG", dependencies: ["CLibraryLoader"]),
        // Previews of sampled transitions: PNG filmstrip, GIF, HTML page and gallery, Lottie.
        .target(name: "Renderers", dependencies: ["TransitionCore", "CCairo", "CGIF", "CPNG"], swiftSettings: optimizedInDebug),
        .executableTarget(
            name: "catalog",
            dependencies: [
                "PluginHost", "TransitionCore", "Renderers", "CAllocationInterposer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "catalog-worker", dependencies: ["PluginHost", "CAllocationInterposer"]),
        // The descriptor fuzz target: random descriptors and view states through the loader's
        // reader and the value checks (libFuzzer with scripts/fuzz; a plain build replays inputs).
        .executableTarget(name: "descriptor-fuzz", dependencies: ["PluginHost", "TransitionCore", "TransitionABI"], path: "Tests/Fuzz"),
        // Locates built products, compiles the C fixture plugins and holds the exact reference
        // solvers, for the tests and the benchmarks.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "TransitionCoreTests",
            dependencies: ["TransitionCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "PluginHostTests",
            dependencies: [
                "PluginHost", "TransitionCore", "TransitionABI", "TestSupport", "CFFIShims",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "CatalogCLITests", dependencies: ["TransitionCore", "PluginHost", "TestSupport"]),
        .testTarget(
            name: "RenderersTests",
            dependencies: ["Renderers", "TransitionCore", "PluginHost", "CCairo", "CGIF", "CPNG", "CLibraryLoader", "TestSupport"]
        ),
    ]
)

if withBenchmarks {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]))
    package.targets.append(
        // The benchmarks (`swift package benchmark`, see BENCHMARKS.md). They reach the built-in
        // animators' code directly, to set it against the same code behind the C ABI.
        .executableTarget(
            name: "TransitionBenchmarks",
            dependencies: [
                "PluginHost", "TransitionCore", "TransitionABI", "CatalogPlugins", "CFFI", "CFFIShims", "Renderers",
                "TestSupport", .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TransitionBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ))
    package.targets.append(
        // The start-up floor of a tool made of swift-argument-parser and FoundationEssentials, as
        // `catalog` is (`Startup/list-parser/paired`).
        .executableTarget(
            name: "startup-anchor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/Fixtures/StartupAnchor"
        ))
}

if withDocs {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}

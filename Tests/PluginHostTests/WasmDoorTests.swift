import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The wasm door in this process: the same C source gives the same states through both doors, and a module that loops, traps, bloats or lies is
/// named and survived, with nothing but the transition lost.
@Suite("wasm plugins run sandboxed in the host's process")
struct WasmDoorTests {
    static let sizes = [Rect(x: 0, y: 0, width: 390, height: 844), Rect(x: 0, y: 0, width: 1024, height: 1366)]

    /// Limits for hostile modules: the standard caps with the tests' fuel per call.
    static var limits: WasmSandbox {
        var limits = WasmSandbox.standard
        limits.fuelPerCall = WasmFixtures.testFuel
        return limits
    }

    /// The C built-ins compiled for wasm32 give the states the native build gives, equal in
    /// every value (bit for bit: the arithmetic is IEEE-754 on both doors and the curves come
    /// from the host), for every operation and style each declares, at 241 progresses and two
    /// container sizes.
    @Test func theCBuiltInsGiveTheNativeStatesBitForBit() throws {
        let native = try PluginLibrary.load(path: PackagePlugins.cPlugin)
        let wasm = try PluginLibrary.load(path: try WasmFixtures.cBuiltins())
        #expect(wasm.door == .wasm && native.door == .native)
        #expect(wasm.animators.map(\.id) == native.animators.map(\.id))
        #expect(wasm.info.id == native.info.id)
        var compared = 0
        for (a, b) in zip(native.animators, wasm.animators) {
            #expect(a.description == b.description, "\(a.id): the descriptors differ")
            for bounds in Self.sizes {
                for scenario in Scenario.all(for: a.description) {
                    guard let context = scenario.context(container: bounds) else { continue }
                    let progresses = SampledTransition.evenProgresses(241)
                    let x = try a.run(context, progresses: progresses)
                    let y = try b.run(context, progresses: progresses)
                    #expect(x.duration == y.duration, "\(a.id) \(scenario)")
                    #expect(x.completion == y.completion, "\(a.id) \(scenario)")
                    for (p, q) in zip(x.frames, y.frames) where p != q {
                        Issue.record("\(a.id) \(scenario) \(Int(bounds.width))x\(Int(bounds.height)) at \(p.progress): native \(p.views) wasm \(q.views)")
                        break
                    }
                    compared += x.frames.count
                }
            }
        }
        #expect(compared >= 3 * 4 * 2 * 241, "compared only \(compared) frames")
    }

    /// The Swift built-ins that the wasm test compares, covering a 3D one (cube, fold), snapshot
    /// ones (portal, explode), springs (halfway-spring, bottom-sheet), a custom presentation with
    /// dimming (dimmed-sheet) and a matched-element one (container-transform).
    static let swiftAnimators = [
        "slide", "fade", "flip", "zoom", "halfway-spring", "dimmed-sheet", "cube", "fold", "portal", "explode",
        "bottom-sheet", "container-transform",
    ]

    /// The Swift built-ins, native and wasm, loaded once for the test's cases.
    static let swiftLibraries = Result { () throws -> (native: PluginLibrary, wasm: PluginLibrary) in
        (try PluginLibrary.load(path: TestEnvironment.builtinPlugin), try PluginLibrary.load(path: try WasmFixtures.swiftBuiltins()))
    }

    /// The Swift built-ins compiled with Embedded Swift for wasm32 give the native states within
    /// 1e-12 (they call libm's cos, sin and exp, and wasi-libc's musl and glibc may round the
    /// last bit apart), for every operation and style each declares, with and without a matched
    /// element, at 121 progresses and two container sizes; durations and completions are equal.
    /// The interpreter runs the cases one after another, so this is the suite's longest test: 121
    /// progresses keep it near 100 s.
    @Test(arguments: swiftAnimators)
    func theSwiftBuiltInsGiveTheNativeStatesWithin1e12(_ id: String) throws {
        let (native, wasm) = try Self.swiftLibraries.get()
        #expect(wasm.door == .wasm && wasm.info.id == native.info.id)
        #expect(wasm.animators.map(\.id) == native.animators.map(\.id))
        var compared = 0, identical = 0, worst = 0.0
        do {
            let a = try #require(native.animator(id)), b = try #require(wasm.animator(id))
            #expect(a.description == b.description, "\(id): the descriptors differ")
            for bounds in Self.sizes {
                var scenarios = Scenario.all(for: a.description)
                if id == "container-transform" {
                    scenarios += scenarios.map { s in
                        var matched = s
                        matched.matchedElement = true
                        return matched
                    }
                }
                for scenario in scenarios {
                    guard let context = scenario.context(container: bounds) else { continue }
                    let progresses = SampledTransition.evenProgresses(121)
                    let x = try a.run(context, progresses: progresses)
                    let y = try b.run(context, progresses: progresses)
                    #expect(x.duration == y.duration, "\(id) \(scenario)")
                    #expect(x.completion == y.completion, "\(id) \(scenario)")
                    for (p, q) in zip(x.frames, y.frames) {
                        compared += 1
                        if p == q { identical += 1; continue }
                        let d = Self.largestDifference(p, q)
                        worst = max(worst, d)
                        #expect(d <= 1e-12, "\(id) \(scenario) \(Int(bounds.width))x\(Int(bounds.height)) at \(p.progress): \(d)")
                    }
                }
            }
        }
        #expect(compared >= 2 * 121, "compared only \(compared) frames")
        // Frames that are not bit-identical differ in the last bits of libm's results.
        #expect(identical == compared || worst > 0, "\(identical) of \(compared) frames identical, worst \(worst)")
    }

    /// The largest difference between two frames' numbers; infinity when their views differ in
    /// anything but numbers.
    static func largestDifference(_ a: TransitionFrame, _ b: TransitionFrame) -> Double {
        guard a.views.count == b.views.count else { return .infinity }
        var worst = 0.0
        for (u, v) in zip(a.views, b.views) {
            guard u.id == v.id, u.role == v.role, u.containerIndex == v.containerIndex, u.state.hidden == v.state.hidden,
                u.state.zIndex == v.state.zIndex, u.state.doubleSided == v.state.doubleSided, u.state.content == v.state.content
            else { return .infinity }
            let x = [u.state.frame.x, u.state.frame.y, u.state.frame.width, u.state.frame.height, u.state.alpha, u.state.cornerRadius]
                + u.state.transform.columnMajor
            let y = [v.state.frame.x, v.state.frame.y, v.state.frame.width, v.state.frame.height, v.state.alpha, v.state.cornerRadius]
                + v.state.transform.columnMajor
            for (p, q) in zip(x, y) { worst = max(worst, abs(p - q)) }
        }
        let c = a.camera.sublayerTransform.columnMajor + [a.camera.eyeDistance]
        let d = b.camera.sublayerTransform.columnMajor + [b.camera.eyeDistance]
        for (p, q) in zip(c, d) { worst = max(worst, abs(p - q)) }
        return worst
    }

    /// Each module that goes wrong while it runs fails its transition with an error naming the
    /// call (and the progress of a step) and what happened; this process goes on, and the next
    /// transition of the same module fails the same way.
    @Test(arguments: [
        ("loop_duration", "wasm duration: did not return within its budget of 2000000 instructions"),
        ("loop_setup", "wasm setup: did not return within its budget"),
        ("loop_step", "wasm step at progress 0.75: did not return within its budget"),
        ("grow_memory", "wasm setup: grew its linear memory past the sandbox's cap of 32 MiB"),
        ("oob_store", "wasm step at progress 0.75: trapped: out of bounds memory access"),
        ("unreachable", "wasm step at progress 0.75: trapped: unreachable"),
        ("recursion", "wasm step at progress 0.75: trapped: "),
        ("bad_service_pointer", "wasm setup: trapped: out of bounds memory access"),
    ])
    func aFaultEndsTheTransitionWithItsName(_ fixture: String, _ expected: String) throws {
        let library = try PluginLibrary.loadSandboxed(path: try WasmFixtures.path(fixture), limits: Self.limits)
        let animator = try #require(library.animator("hostile"))
        let context = try TransitionContext(operation: .push, containerBounds: Self.sizes[0])
        var messages: [String] = []
        for _ in 0..<2 {
            do {
                _ = try animator.run(context, progresses: [0, 0.25, 0.75, 1])
                Issue.record("\(fixture) ran to the end")
            } catch {
                messages.append("\(error)")
            }
        }
        #expect(messages.count == 2 && messages[0] == messages[1], "\(messages)")
        #expect(messages.first?.hasPrefix("org.example.hostile:hostile: " + expected) == true, "\(messages)")
    }

    /// Each module that cannot be a plugin is refused at load with its path and what is wrong,
    /// before any of its code runs or after it handed over a descriptor that lies.
    @Test(arguments: [
        ("wasi_import", PluginError.Kind.invalidDescriptor, "imports `wasi_snapshot_preview1."),
        ("unknown_import", .invalidDescriptor, "imports `env.read_clipboard`, which the sandbox does not provide"),
        ("lying_count", .invalidDescriptor, "animator_count is 5000, above the limit of 1024"),
        ("pointer_past_memory", .invalidDescriptor, "the plugin's animator list at address 4294967040 (4 bytes) lies outside the module's"),
        ("unterminated_string", .invalidDescriptor, "the plugin's name at address"),
        ("not_wasm", .notALibrary, "not a WebAssembly module (no \\0asm header)"),
        ("huge", .notALibrary, "the module is 64 MiB; wasm animators are limited to 16 MiB"),
    ])
    func aBrokenModuleIsRefusedAtLoad(_ fixture: String, _ kind: PluginError.Kind, _ expected: String) throws {
        let path = try WasmFixtures.path(fixture)
        do {
            _ = try PluginLibrary.loadSandboxed(path: path, limits: Self.limits)
            Issue.record("\(fixture) loaded")
        } catch {
            #expect(error.kind == kind)
            #expect(error.path == path)
            #expect(error.reason.contains(expected), "\(error.reason)")
            #expect(!error.remedy.isEmpty)
        }
    }

    /// The unterminated name is named as such: it runs to the end of memory with no NUL.
    @Test func aStringWithoutTerminatorIsNamed() throws {
        let path = try WasmFixtures.path("unterminated_string")
        do {
            _ = try PluginLibrary.loadSandboxed(path: path, limits: Self.limits)
            Issue.record("loaded")
        } catch {
            #expect(error.reason.hasSuffix("has no terminating NUL before the end of memory"), "\(error.reason)")
        }
    }

    /// The validator runs every check of a wasm plugin in this process and says so; a module
    /// that loops in its step times out in the checks that step past halfway, and the rest
    /// of this process's work goes on.
    @Test func theValidatorNamesASandboxedHangAsATimeout() throws {
        var suite = ContractSuite()
        suite.containers = [ContainerSize.validationSizes[0]]
        suite.samples = 24
        let path = try WasmFixtures.path("loop_step")
        let library = try PluginLibrary.loadSandboxed(path: path, limits: Self.limits)
        let animator = try #require(library.animator("hostile"))
        let result = suite.run(.continuity, on: animator)
        #expect(result.status == .timeout)
        #expect(result.details.first?.contains("wasm step at progress") == true, "\(result.details)")
        #expect(result.details.first?.contains("sandboxed: the host went on") == true, "\(result.details)")
        let outcome = suite.checkPlugin(path: try WasmFixtures.cBuiltins())
        let loading = try #require(outcome.results.first { $0.check == "loading" })
        #expect(loading.status == .pass)
        #expect(loading.details.contains { $0.hasPrefix("sandboxed: a WebAssembly module, run in this process with no worker") })
    }
}

import Foundation
@testable import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Every wasm transition starts in an instance in the state a fresh one has: the host restores
/// instances after use (memory and globals) and drops those it cannot restore. Plugins that try
/// to count transitions through each kind of instance state see a count of 1 every time.
@Suite("wasm instances start every transition afresh")
struct WasmReuseTests {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    static func load(_ fixture: String) throws -> PluginLibrary {
        try PluginLibrary.loadSandboxed(path: try WasmFixtures.path(fixture), limits: WasmDoorTests.limits)
    }

    static func instantiations(_ library: PluginLibrary) throws -> Int {
        try #require(library.wasm).instantiations.load(ordering: .relaxed)
    }

    /// A count kept in linear memory or in a wasm global is back to 0 at the start of every
    /// transition (the step lies, alpha 0.5, when it is not 1), although the transitions share
    /// one restored instance: the six transitions make at most two instances beside the loading one.
    @Test(arguments: ["counts_transitions", "counts_in_wasm_global"])
    func aRestoredInstanceKeepsNothing(_ fixture: String) throws {
        let library = try Self.load(fixture)
        let animator = try #require(library.animator("hostile"))
        let context = try TransitionContext(operation: .push, containerBounds: Self.bounds)
        for _ in 0..<6 {
            let run = try animator.run(context, progresses: [0.25])
            let to = try #require(run.frames[0].views.first { $0.role == .to })
            #expect(to.state.alpha == 0.25)
            #expect(run.log.map(\.message) == ["transition #1"])
        }
        #expect(try Self.instantiations(library) <= 3)
        #expect(library.wasm?.notRestorableBecause == nil)
    }

    /// A module built against the header of wasm binding 1.0, which has no `tc_wasm_heap`, loads,
    /// runs and is restored the same way: its binding says 1.0, and its count is 1 every time.
    @Test func aModuleOfBinding10StillRuns() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try WasmFixtures.path("binding10_counts"))))
        #expect(!bytes.containsSequence(Array("tc_wasm_heap".utf8)))
        let library = try Self.load("binding10_counts")
        let animator = try #require(library.animator("hostile"))
        let context = try TransitionContext(operation: .pop, containerBounds: Self.bounds)
        for _ in 0..<4 {
            let run = try animator.run(context, progresses: [0.75])
            #expect(run.log.map(\.message) == ["transition #1"])
            #expect(run.frames[0].views.first { $0.role == .to }?.state.alpha == 0.75)
        }
        #expect(try Self.instantiations(library) <= 3)
    }

    /// Memory that grew cannot shrink, and its size would tell a transition about the ones before:
    /// an instance whose memory grew is dropped, and every transition sees the same size.
    @Test func anInstanceWhoseMemoryGrewIsNotReused() throws {
        let library = try Self.load("counts_by_growing")
        let animator = try #require(library.animator("hostile"))
        let context = try TransitionContext(operation: .push, containerBounds: Self.bounds)
        var sizes: [String] = []
        for _ in 0..<4 { sizes += try animator.run(context, progresses: [0.5]).log.map(\.message) }
        #expect(sizes.count == 4 && Set(sizes).count == 1, "\(sizes)")
        #expect(try Self.instantiations(library) >= 5)
    }

    /// A module whose code can change a table is never restored, only replaced: it is named with
    /// the instruction, and its count is still 1 every time.
    @Test func aModuleThatChangesATableGetsANewInstanceEachTime() throws {
        let library = try Self.load("counts_in_table")
        #expect(library.wasm?.notRestorableBecause == "its code uses `table.grow`")
        let animator = try #require(library.animator("hostile"))
        let context = try TransitionContext(operation: .push, containerBounds: Self.bounds)
        for _ in 0..<3 {
            let run = try animator.run(context, progresses: [0.25])
            #expect(run.log.map(\.message) == ["transition #1"])
            #expect(run.frames[0].views.first { $0.role == .to }?.state.alpha == 0.25)
        }
        #expect(try Self.instantiations(library) >= 4)
    }

    /// The built-ins run in restored instances, and a transition gives the same states in its
    /// first instance and in every reuse.
    @Test func theBuiltInsRunInRestoredInstances() throws {
        let library = try PluginLibrary.load(path: try WasmFixtures.swiftBuiltins())
        #expect(library.wasm?.notRestorableBecause == nil)
        let before = try Self.instantiations(library)
        for id in ["cube", "explode", "bottom-sheet"] {
            let animator = try #require(library.animator(id))
            let context = try TransitionContext(operation: animator.description.operations.first!, containerBounds: Self.bounds)
            let first = try animator.run(context, progresses: [0, 0.3, 0.7, 1])
            for _ in 0..<3 {
                let again = try animator.run(context, progresses: [0, 0.3, 0.7, 1])
                #expect(again.frames == first.frames, "\(id)")
            }
        }
        #expect(try Self.instantiations(library) - before <= 2)
    }

    /// The rewrite that exports a module's globals keeps every section but the export section
    /// byte for byte, and the rewritten module exports what it did plus one name per global.
    @Test func theRewriteOnlyAddsExports() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try WasmFixtures.path("counts_in_wasm_global"))))
        let rewritten = try #require(WasmRestorableModule.withGlobalsExported(bytes, count: 3))
        #expect(rewritten.count > bytes.count)
        let original = try WasmModuleFile(path: try WasmFixtures.path("counts_in_wasm_global"), sandbox: .standard).module
        let prepared = try WasmRestorableModule.prepare(bytes).get()
        let added = Set(prepared.module.exports.map(\.name)).subtracting(original.exports.map(\.name))
        #expect(added.allSatisfy { $0.hasPrefix("\u{1}tc-global-") } && !added.isEmpty)
        #expect(prepared.mutableGlobals.count >= 2, "the stack pointer and the count")
        #expect(WasmRestorableModule.withGlobalsExported(Array(bytes.prefix(9)), count: 1) == nil)
    }
}

extension Array where Element == UInt8 {
    fileprivate func containsSequence(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

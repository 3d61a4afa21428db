import Foundation
import PluginHost
import Testing
import TestSupport
import TransitionCore

/// The isolated sampler's watchdog times plugin calls, not the worker's own work.
@Suite struct IsolatedSamplerTests {
    /// Explode with 16 tiles across a tall container reports over two thousand views per frame, at
    /// 161 progresses: encoding that takes the worker longer than the shortest per-call timeout,
    /// but no plugin call does, so the heartbeats keep the watchdog from killing it. A host that
    /// asks for less than the shortest timeout gets the shortest.
    @Test(arguments: [WorkerChannel.shortestTimeout, 0.01])
    func aLongReportIsNotTakenForAHang(timeout: Double) throws {
        let context = try TransitionContext(
            operation: .push, containerBounds: Rect(x: 0, y: 0, width: 390, height: 3376))
        let sampler = IsolatedSampler(executable: TestEnvironment.catalogExecutable, timeout: timeout)
        let library = try PluginLibrary.load(path: TestEnvironment.productsDirectory + "/" + CLI.builtinPluginFile)
        let explode = try #require(library.animator("explode"))
        var parameters = explode.description.defaultValues
        let tiles = try #require(explode.description.parameters.firstIndex { $0.id == "tiles" })
        parameters[tiles] = 16
        let started = Date()
        let (sampled, _) = try sampler.run(
            path: TestEnvironment.productsDirectory + "/" + CLI.builtinPluginFile, animatorID: "explode",
            qualifiedID: "explode", context: context, parameters: parameters
        ) { duration in (0...160).map { Double($0) / 160 } }
        #expect(sampled.frames.count == 161)
        #expect((sampled.frames.first?.views.count ?? 0) > 2000)
        // The report took longer than one call may: the case this test is about.
        #expect(Date().timeIntervalSince(started) > timeout, "the report came too fast to show anything; raise the tile count")
    }
}

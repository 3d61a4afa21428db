import Foundation
import PluginHost
import TestSupport
import Testing

/// A long list of plugin files is scanned by several child processes, each loading a batch.
@Suite("scanning in batches")
struct ScanBatchTests {
    static let names = ["global_state", "crash_on_load", "shadows_fade", "slow_step", "prints_to_stdout"]

    func scan(batchSize: Int) throws -> (paths: [String], outcome: PluginScanner.Outcome) {
        let dir = try FixturePlugins.directory(with: Self.names)
        let paths = Self.names.map { dir + "/" + $0 + ".so" }
        var scanner = PluginScanner(executable: TestEnvironment.catalogExecutable, cacheFile: nil)
        scanner.batchSize = batchSize
        return (paths, scanner.scan(paths))
    }

    @Test("batches of two keep every record, in order, and blame only the file that crashed", arguments: [2, 100])
    func recordsInOrder(batchSize: Int) throws {
        let (paths, outcome) = try scan(batchSize: batchSize)
        #expect(outcome.records.map(\.path) == paths)
        #expect(outcome.scanned == paths)
        for record in outcome.records {
            if record.path.hasSuffix("/crash_on_load.so") {
                #expect(record.plugin == nil)
                #expect(record.error?.reason.contains("crashed with SIGSEGV") == true, "\(String(describing: record.error))")
            } else {
                #expect(record.error == nil, "\(record.path): \(String(describing: record.error))")
                #expect(record.plugin?.path == record.path)
                #expect(record.plugin?.animators.isEmpty == false, "\(record.path) reported no animator")
                #expect(record.inode != nil, "\(record.path) has no file identity, so it would not be cached")
            }
        }
    }

    @Test("the records do not depend on the batch size")
    func sameRecords() throws {
        let small = try scan(batchSize: 1).outcome.records
        let large = try scan(batchSize: 100).outcome.records
        #expect(small.map { $0.plugin?.id } == large.map { $0.plugin?.id })
        #expect(small.map { $0.durations } == large.map { $0.durations })
        #expect(small.map { $0.error?.kind } == large.map { $0.error?.kind })
    }
}

import CFFIShims
import Foundation
@testable import PluginHost
import Testing

/// The one-pass read of the environment `ProcessState.restore()` compares with what it recorded:
/// for each name, what `getenv` returns (the first entry of the name, a prefix of a longer name
/// never matching, nil when unset). It reads the test process's own environment and changes
/// nothing in it.
@Suite struct ProcessStateTests {
    @Test func findsWhatGetenvFinds() throws {
        let environment = ProcessInfo.processInfo.environment
        let present = try #require(environment.keys.sorted().first { !$0.isEmpty && $0.utf8.count > 2 })
        // A prefix and an extension of a set name, and names nobody sets.
        let names = [present, String(present.dropLast()), present + "_X", "PATH", "HOME", "TRANSITION_CATALOG_NO_SUCH_VARIABLE", "=", ""]
        let cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var pointers = cNames.map { UnsafePointer($0) }
        var found = [UnsafePointer<CChar>?](repeating: UnsafePointer(bitPattern: 1), count: names.count)
        pointers.withUnsafeMutableBufferPointer { list in
            list.withMemoryRebound(to: UnsafePointer<CChar>?.self) { tc_find_variables($0.baseAddress!, names.count, &found) }
        }
        for (i, name) in names.enumerated() {
            let expected = getenv(name).map { String(cString: $0) }
            #expect(found[i].map { String(cString: $0) } == expected, "\(name)")
            if let pointer = found[i], let direct = getenv(name) { #expect(pointer == UnsafePointer(direct), "\(name): not the environment's own string") }
        }
        #expect(found[0] != nil)
        #expect(found[5] == nil)
    }
}

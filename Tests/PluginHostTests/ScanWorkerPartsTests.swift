import Foundation
@testable import PluginHost
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The parts of a scan worker: its binary request, how it tells a library that must stay loaded,
/// how it counts its threads, and the host's paths for it.
@Suite("scan worker parts")
struct ScanWorkerPartsTests {
    @Test("a scan request survives its binary form", arguments: [true, false])
    func requestRoundTrip(unloads: Bool) throws {
        let request = ScanRequest(paths: ["/a/libé.so", "/b c/d.so", ""], unloads: unloads, alone: unloads ? 0 : 32)
        #expect(ScanRequest(bytes: request.bytes) == request)
    }

    @Test("a JSON request, a short or a padded scan request is not read as a scan")
    func requestRefusesOtherBytes() {
        let bytes = ScanRequest(paths: ["/a.so", "/b.so"], unloads: true, alone: 1).bytes
        #expect(ScanRequest(bytes: Array(#"{"validate":{}}"#.utf8)) == nil)
        #expect(ScanRequest(bytes: Array(bytes.dropLast())) == nil)
        #expect(ScanRequest(bytes: bytes + [0]) == nil)
        #expect(ScanRequest(bytes: []) == nil)
    }

    @Test("a Swift library is seen to link the Swift runtime; a C one is not")
    func swiftRuntimeDetected() throws {
        for (path, swift) in [(TestEnvironment.builtinPlugin, true), (try FixturePlugins.path("shadows_fade"), false)] {
            let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "\(path)")
            #expect(PluginLibrary.linksSwiftRuntime(handle) == swift, "\(path)")
            // Closing a Swift library would leave the runtime pointing into unmapped memory.
            if !swift { dlclose(handle) }
        }
    }

    @Test("the thread count follows a thread that starts")
    func threadCountLive() throws {
        let counter = try #require(ThreadCount())
        let before = try #require(counter.current)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let thread = Thread {
            started.signal()
            release.wait()
        }
        thread.start()
        started.wait()
        #expect(counter.current == before + 1)
        release.signal()
    }

    @Test("an absolute path is resolved to the same string whether or not it needed work", arguments: [
        ("/a/b.so", "/a/b.so"), ("/a//b.so", "/a/b.so"), ("/a/./b.so", "/a/b.so"), ("/a/b/", "/a/b"), ("/a/.", "/a"),
        ("/a/../b.so", "/a/../b.so"), ("/a/.b.so", "/a/.b.so"), ("/a/..b/c", "/a/..b/c"), ("/", "/"), ("//", "/"),
    ])
    func absolutePaths(path: String, expected: String) {
        #expect(AbsolutePath.resolve(path) == expected)
    }
}

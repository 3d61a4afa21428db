import CLibraryLoader
import Foundation
@testable import Renderers
import Testing

/// cairo and giflib are opened on first use; a library that cannot be opened or lacks a function
/// is a sentence naming it and what to install.
@Suite("graphics libraries")
struct GraphicsLibrariesTests {
    /// Loads `soname` resolving `symbols`, and returns the outcome and its message.
    func load(_ soname: String, _ symbols: [String]) -> (Bool, String) {
        let names = symbols.map { strdup($0) }
        defer { names.forEach { free($0) } }
        var pointers = names.map { UnsafePointer($0) }
        var functions = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
        var library = tc_runtime_library_t()
        library.lock = pthread_mutex_t()
        var message = [CChar](repeating: 0, count: 512)
        let ok = soname.withCString { so in
            "install the thing".withCString { hint in
                pointers.withUnsafeMutableBufferPointer { symbolsBuffer in
                    functions.withUnsafeMutableBufferPointer { out in
                        library.soname = so
                        library.symbols = UnsafePointer(symbolsBuffer.baseAddress)
                        library.functions = out.baseAddress
                        library.count = symbols.count
                        library.install_hint = hint
                        return tc_runtime_library_load(&library, &message, message.count)
                    }
                }
            }
        }
        return (ok, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    @Test("a library that is not there is named with dlopen's reason and the hint")
    func missingLibrary() {
        let (ok, message) = load("libtransition-catalog-absent.so.9", ["f"])
        #expect(!ok)
        #expect(message.hasPrefix("libtransition-catalog-absent.so.9 could not be loaded ("), "\(message)")
        #expect(message.contains("No such file"), "\(message)")
        #expect(message.hasSuffix("; install the thing"), "\(message)")
    }

    @Test("a library without a function names the function")
    func missingFunction() {
        let (ok, message) = load("libc.so.6", ["strlen", "tc_no_such_function"])
        #expect(!ok)
        #expect(message == "libc.so.6 has no function tc_no_such_function (too old a version); install the thing")
    }

    @Test("cairo, libpng and giflib load, and cairo is then resident")
    func realLibraries() throws {
        try GraphicsLibraries.loadCairo()
        try GraphicsLibraries.loadPNG()
        try GraphicsLibraries.loadGIF()
        #expect(GraphicsLibraries.isCairoResident)
    }
}

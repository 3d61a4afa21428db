#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TransitionCore
import WasmKit
import WasmParser

/// A wasm plugin file read and checked before anything of it runs: its size, its header, its
/// structure (WasmKit's parser and validator) and what it imports and exports.
struct WasmModuleFile {
    /// The parsed module.
    let module: Module
    /// The file's bytes.
    let bytes: [UInt8]

    /// The host services a module may import, from module `tc_host`, with their wasm32 types.
    static let services: [String: FunctionType] = {
        let i = ValueType.i32, f = ValueType.f64
        return [
            "add_view": FunctionType(parameters: [i, i], results: [i]),
            "insert_view_below": FunctionType(parameters: [i, i, i], results: [i]),
            "remove_view": FunctionType(parameters: [i, i], results: [i]),
            "snapshot_view": FunctionType(parameters: [i, i], results: [i]),
            "make_view": FunctionType(parameters: [i, i, i, i], results: [i]),
            "timing_curve": FunctionType(parameters: [i, i, f], results: [f]),
            "cubic_bezier": FunctionType(parameters: [i, f, f, f, f, f], results: [f]),
            "spring": FunctionType(parameters: [i, f, f, f], results: [f]),
            "log": FunctionType(parameters: [i, i, i], results: []),
            "has_extension": FunctionType(parameters: [i, i], results: [i]),
            "set_double_sided": FunctionType(parameters: [i, i, i], results: [i]),
            "set_camera": FunctionType(parameters: [i, i], results: [i]),
            "snapshot_rect": FunctionType(parameters: [i, i, i, i], results: [i]),
            "matched_element_count": FunctionType(parameters: [i], results: [i]),
            "matched_element": FunctionType(parameters: [i, i, i], results: [i]),
        ]
    }()

    /// The module that names the host services.
    static let servicesModule = "tc_host"

    /// The functions the host calls, with their wasm32 types.
    static let requiredExports: [(name: String, type: FunctionType)] = {
        let i = ValueType.i32, f = ValueType.f64
        return [
            ("tc_plugin_entry", FunctionType(parameters: [], results: [i])),
            ("tc_wasm_binding", FunctionType(parameters: [], results: [i])),
            ("tc_wasm_reserve", FunctionType(parameters: [i], results: [i])),
            ("tc_wasm_host", FunctionType(parameters: [], results: [i])),
            ("tc_wasm_init", FunctionType(parameters: [i, i], results: [i])),
            ("tc_wasm_duration", FunctionType(parameters: [i, i], results: [f])),
            ("tc_wasm_setup", FunctionType(parameters: [i, i, i], results: [i])),
            ("tc_wasm_step", FunctionType(parameters: [i, i, i, f, i, i], results: [])),
            ("tc_wasm_completion", FunctionType(parameters: [i, i, i, i], results: [])),
        ]
    }()

    /// The binding major version this host speaks.
    static let bindingMajor: UInt32 = 1

    /// True when the file at `path` starts with the WebAssembly magic number (`\0asm`). Reads
    /// four bytes without blocking; false for anything that cannot be read.
    static func isWasm(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        return Glibc.read(fd, &magic, 4) == 4 && magic == [0, 0x61, 0x73, 0x6D]
    }

    /// Reads, parses and checks the module at `path`.
    /// - Throws: `PluginError` naming the file, what is wrong and what to do.
    init(path: String, sandbox: WasmSandbox) throws(PluginError) {
        let bytes = try Self.readBytes(path: path, limit: sandbox.moduleSizeLimit)
        guard bytes.count >= 8, bytes[0..<4].elementsEqual([0, 0x61, 0x73, 0x6D]) else {
            throw PluginError(kind: .notALibrary, path: path, reason: "not a WebAssembly module (no \\0asm header)", remedy: "build the plugin for wasm32 (see docs/abi-guide.md, \"The wasm32 binding\")")
        }
        guard bytes[4..<8].elementsEqual([1, 0, 0, 0]) else {
            throw PluginError(kind: .notALibrary, path: path, reason: "a WebAssembly binary of version \(bytes[4]), not 1 (a component, or another format)", remedy: "build a core wasm32 module, not a component")
        }
        let module: Module
        do {
            module = try parseWasm(bytes: bytes)
        } catch {
            throw PluginError(kind: .notALibrary, path: path, reason: "not a valid WebAssembly module: \(DisplayText.escape("\(error)"))", remedy: "rebuild it with a wasm32 toolchain (clang --target=wasm32-wasi, Embedded Swift)")
        }
        for entry in module.imports {
            let name = DisplayText.escape(entry.module) + "." + DisplayText.escape(entry.name)
            guard entry.module == Self.servicesModule, case .function = entry.descriptor, Self.services[entry.name] != nil else {
                let wasi = entry.module.hasPrefix("wasi")
                throw PluginError(
                    kind: .invalidDescriptor, path: path,
                    reason: "imports `\(name)`, which the sandbox does not provide" + (wasi ? " (WASI: files, clocks, random numbers and output are not available to animators)" : ""),
                    remedy: wasi
                        ? "drop what uses WASI (printf, time, rand, files) and link libc statically; use the host's log service for messages"
                        : "import only the host services of module \"tc_host\" that transition_catalog.h declares for wasm32")
            }
        }
        let exported = Dictionary(module.exports.map { ($0.name, $0.descriptor) }, uniquingKeysWith: { a, _ in a })
        guard case .memory = exported["memory"] else {
            throw PluginError(kind: .missingEntry, path: path, reason: "the module does not export its linear memory as `memory`", remedy: "link with wasm-ld's default memory export (do not pass --import-memory)")
        }
        for (name, _) in Self.requiredExports {
            guard case .function = exported[name] else {
                throw PluginError(
                    kind: .missingEntry, path: path, reason: "the module does not export `\(name)`",
                    remedy: name == "tc_plugin_entry"
                        ? "define `const tc_plugin_t *tc_plugin_entry(void)` (in Swift: @_cdecl(\"tc_plugin_entry\"))"
                        : "include transition_catalog.h in a C file of the plugin when compiling for wasm32: it defines the binding's exports")
            }
        }
        self.module = module
        self.bytes = bytes
    }

    /// The file's bytes: at most `limit`, from a regular file, read without blocking on a FIFO.
    private static func readBytes(path: String, limit: Int) throws(PluginError) -> [UInt8] {
        if let problem = PluginFileCheck.problem(path) { throw problem }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw PluginError(kind: .unreadable, path: path, reason: String(cString: strerror(errno)), remedy: "make the file readable by the user running the host")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            throw PluginError(kind: .notALibrary, path: path, reason: "not a regular file", remedy: "give the path of a plugin's .wasm file")
        }
        guard Int(st.st_size) <= limit else {
            throw PluginError(
                kind: .notALibrary, path: path,
                reason: "the module is \(Int(st.st_size) >> 20) MiB; wasm animators are limited to \(limit >> 20) MiB",
                remedy: "build it in release mode and strip it (wasm-ld --strip-all); an animator needs far less")
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return Array(bytes[0..<done])
    }
}

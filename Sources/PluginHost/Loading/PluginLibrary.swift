import CFFIShims
import Synchronization
import TransitionABI
import TransitionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plugin library loaded into this process with dlopen, checked and ready to run.
///
/// A library stays loaded for the life of the process: unloading code that registered runtime
/// metadata (as Swift and C++ plugins do) is unsafe. Loading the same file twice returns the same
/// instance.
public final class PluginLibrary: @unchecked Sendable {
    /// The file it was loaded from.
    public let path: String
    /// What the plugin says about itself.
    public let info: PluginInfo
    /// Descriptor warnings (a library with errors is refused).
    public let problems: [DescriptorProblem]
    /// Its animators, in descriptor order.
    public private(set) var animators: [Animator] = []
    /// The door it came through: a native shared library, or a sandboxed WebAssembly module.
    public let door: PluginDoor

    let plugin: UnsafePointer<tc_plugin_t>
    /// The sandboxed module behind a wasm plugin's descriptors.
    let wasm: WasmPlugin?

    private static let loaded = Mutex<[String: PluginLibrary]>([:])

    private init(
        path: String, info: PluginInfo, problems: [DescriptorProblem], plugin: UnsafePointer<tc_plugin_t>,
        pointers: [UnsafePointer<tc_animator_t>], wasm: WasmPlugin?
    ) {
        self.path = path
        self.info = info
        self.problems = problems
        self.plugin = plugin
        self.wasm = wasm
        self.door = wasm == nil ? .native : .wasm
        self.animators = zip(info.animators, pointers).map { Animator(library: self, description: $0, pointer: $1) }
    }

    /// The animator with `id`, or nil.
    public func animator(_ id: String) -> Animator? { animators.first { $0.id == id } }

    /// Loads and checks the plugin at `path`: dlopen with RTLD_NOW | RTLD_LOCAL, the entry symbol,
    /// the ABI version, the descriptors, then the plugin's init.
    /// - Throws: `PluginError` naming the file, what is wrong and what to do.
    public static func load(path: String) throws(PluginError) -> PluginLibrary {
        let key = fileKey(path)
        if let existing = loaded.withLock({ $0[key] }) { return existing }
        let library = try loadUnshared(path: path).library
        return loaded.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = library
            return library
        }
    }

    /// Loads the wasm plugin at `path` under `limits` (its fuel per call, memory and module caps),
    /// as a library of its own that ``load(path:)`` does not share.
    /// - Throws: `PluginError` naming the file, what is wrong and what to do; a native library
    ///   is refused (it has no sandbox to run in).
    public static func loadSandboxed(path: String, limits: WasmSandbox) throws(PluginError) -> PluginLibrary {
        guard PluginDoor.of(path) == .wasm else {
            throw PluginError(kind: .notALibrary, path: path, reason: "not a WebAssembly module", remedy: "give a .wasm plugin; a native one cannot run sandboxed")
        }
        return try loadUnshared(path: path, limits: limits).library
    }

    /// Loads and checks the plugin at `path` as ``load(path:)`` does, but does not keep it among
    /// this process's loaded libraries, and returns its `dlopen` handle: a scan that has taken
    /// what it needs may close the library again. Nothing may use the library once it is closed.
    /// `checkFirst` as in ``open(path:checkFirst:)``. Unless `restoring` is false (for a caller
    /// that calls `ProcessState.restore()` itself once it is done with the plugin), the working
    /// directory and watched variables are put back before it returns or throws.
    static func loadUnshared(
        path: String, checkFirst: Bool = true, restoring: Bool = true, limits: WasmSandbox = .current
    ) throws(PluginError) -> (library: PluginLibrary, handle: UnsafeMutableRawPointer?) {
        ProcessState.record()
        defer { if restoring { ProcessState.restore() } }
        let opened = try open(path: path, checkFirst: checkFirst, limits: limits)
        if let error = opened.problems.first(where: { $0.severity == .error }) {
            let count = opened.problems.filter { $0.severity == .error }.count
            throw PluginError(
                kind: error.check == "abi-version" ? .incompatibleABI : .invalidDescriptor, path: path,
                reason: error.description + (count > 1 ? " (and \(count - 1) more problem\(count > 2 ? "s" : ""))" : ""),
                remedy: "run `catalog validate \(DisplayText.escape(path))` for the full list")
        }
        if let initialize = opened.plugin.pointee.`init` {
            CallCounter.enter()
            let accepted = path.withCString { initialize(opened.plugin, $0) }
            CallCounter.leave()
            guard accepted else {
                throw PluginError(kind: .initRefused, path: path, reason: "the plugin's init returned false", remedy: "check the plugin's own log output and its files")
            }
        }
        let library = PluginLibrary(
            path: path, info: opened.info, problems: opened.problems, plugin: opened.plugin, pointers: opened.animators,
            wasm: opened.wasm)
        return (library, opened.handle)
    }

    /// Whether the library `handle` names links the Swift runtime. Such a library registers its
    /// type metadata and conformances with the runtime, which keeps pointers into it for the life
    /// of the process, so it must never be closed; nil when its dynamic section cannot be read.
    static func linksSwiftRuntime(_ handle: UnsafeMutableRawPointer) -> Bool? {
        switch tc_library_needs(handle, "libswiftCore.so") {
        case 0: false
        case 1: true
        default: nil
        }
    }

    /// Opens the file and reads its descriptors without refusing on descriptor problems and
    /// without calling init: what the validator needs to report every problem.
    /// ``PluginFileCheck`` names a file that cannot be a plugin: before `dlopen` when `checkFirst`,
    /// else (the caller has seen a readable regular file) only when `dlopen` refuses the file.
    static func open(path: String, checkFirst: Bool = true, limits: WasmSandbox = .current) throws(PluginError) -> (
        info: PluginInfo, problems: [DescriptorProblem], plugin: UnsafePointer<tc_plugin_t>, animators: [UnsafePointer<tc_animator_t>],
        handle: UnsafeMutableRawPointer?, wasm: WasmPlugin?
    ) {
        if checkFirst, let problem = PluginFileCheck.problem(path) { throw problem }
        // The door is the only difference: each gives a plugin descriptor in this process's
        // memory, which is then checked and read the same way.
        if PluginDoor.of(path) == .wasm {
            let module = try WasmPlugin(path: path, sandbox: limits)
            let read = try readDescriptors(UnsafePointer(module.descriptor), path: path)
            return (read.info, read.problems, UnsafePointer(module.descriptor), read.animators, nil, module)
        }
        // Loading runs the plugin's constructors and entry, and reading its descriptors touches
        // its memory: all of it is plugin code for the watchdog.
        CallCounter.enter()
        defer { CallCounter.leave() }
        let (plugin, handle) = try NativeLoader.open(path: path, checkFirst: checkFirst)
        let read = try readDescriptors(plugin, path: path)
        return (read.info, read.problems, plugin, read.animators, handle, nil)
    }

    /// Checks the ABI version of the plugin descriptor `plugin`, then reads its descriptors: the
    /// same for both doors.
    private static func readDescriptors(_ plugin: UnsafePointer<tc_plugin_t>, path: String) throws(PluginError) -> (
        info: PluginInfo, problems: [DescriptorProblem], animators: [UnsafePointer<tc_animator_t>]
    ) {
        let abi = ABIVersion(plugin.pointee.abi)
        if abi.isUnset {
            throw PluginError(
                kind: .incompatibleABI, path: path,
                reason: "the plugin's `abi` is 0.0.0: the field was never set",
                remedy: "set `.abi = TC_ABI_VERSION_INIT` in its tc_plugin_t (and in every tc_animator_t)")
        }
        guard abi.isCompatibleWithHost else {
            throw PluginError(
                kind: .incompatibleABI, path: path,
                reason: "the plugin was built against ABI \(abi), but this host speaks ABI \(ABIVersion.host) (the major versions must match)",
                remedy: "rebuild the plugin against the transition_catalog.h of this host")
        }
        var reader = DescriptorReader(path: path)
        let read = reader.read(plugin)
        return (read.info, reader.problems, read.animators)
    }

    /// What identifies the file at `path` among loaded libraries: its device and inode, as
    /// dlopen itself tells loaded objects apart (one stat, where resolving the path takes a
    /// readlink per component); its resolved path when it cannot be read.
    static func fileKey(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return canonicalPath(path) }
        return "\(st.st_dev):\(st.st_ino)"
    }

    static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

func fileExists(_ path: String, isDirectory: inout Bool) -> Bool {
    var st = stat()
    guard stat(path, &st) == 0 else { return false }
    isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
    return true
}

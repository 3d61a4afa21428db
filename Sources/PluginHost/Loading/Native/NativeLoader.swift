#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TransitionABI
import TransitionCore

/// The native door: a plugin that is a shared library, opened with `dlopen` into this process.
/// Its code has the process's whole power; the commands run it in worker processes (see
/// `Isolation/`) where they can.
enum NativeLoader {
    /// Opens the library at `path` with RTLD_NOW | RTLD_LOCAL and calls its entry.
    /// ``PluginFileCheck`` names a file that cannot be a plugin when `dlopen` refuses it and
    /// `checkFirst` is false (the caller has then not looked at the file itself).
    /// Loading runs the plugin's constructors and entry: the caller counts it as plugin code for
    /// the watchdog (``CallCounter``), with the reading of the descriptors that follows.
    /// - Returns: the plugin descriptor and the library's handle.
    static func open(path: String, checkFirst: Bool) throws(PluginError) -> (plugin: UnsafePointer<tc_plugin_t>, handle: UnsafeMutableRawPointer) {
        guard let handle = dlopen(path.utf8.contains(UInt8(ascii: "/")) ? path : "./" + path, RTLD_NOW | RTLD_LOCAL) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            if !checkFirst, let problem = PluginFileCheck.problem(path) { throw problem }
            throw PluginError(
                kind: .notALibrary, path: path, reason: "dlopen failed: \(DisplayText.escape(message))",
                remedy: "build the plugin as a shared library for this machine (cc -shared -fPIC ...) with all its dependencies installed")
        }
        _ = dlerror()
        guard let symbol = dlsym(handle, TC_PLUGIN_ENTRY_SYMBOL) else {
            throw PluginError(
                kind: .missingEntry, path: path, reason: "the library does not export `\(TC_PLUGIN_ENTRY_SYMBOL)`",
                remedy: "define `const tc_plugin_t *tc_plugin_entry(void)` with TC_EXPORT (in Swift: @_cdecl(\"tc_plugin_entry\"))")
        }
        let entry = unsafeBitCast(symbol, to: tc_plugin_entry_fn.self)
        guard let plugin = entry() else {
            throw PluginError(kind: .nullDescriptor, path: path, reason: "`tc_plugin_entry` returned NULL", remedy: "return a pointer to a static tc_plugin_t")
        }
        return (plugin, handle)
    }
}

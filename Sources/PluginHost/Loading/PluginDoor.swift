/// How a plugin's code reaches the host: the two doors of the plugin ABI.
public enum PluginDoor: String, Sendable, Hashable, Codable {
    /// A shared library loaded with `dlopen`: native code with the host's whole power, run in a
    /// worker process by the commands that can (see the threat model).
    case native
    /// A WebAssembly module run in this process's sandbox: no system access, a fuel budget per
    /// call, capped memory and a fresh instance's state for every transition.
    case wasm

    /// The door of the file at `path`: wasm for a file that starts with the WebAssembly magic
    /// number or whose name ends in `.wasm`, native otherwise.
    public static func of(_ path: String) -> PluginDoor {
        path.hasSuffix(".wasm") || WasmModuleFile.isWasm(path) ? .wasm : .native
    }
}

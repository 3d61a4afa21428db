#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PluginHost
import Renderers
import TransitionCore

extension PreviewExport {
    /// The line a native animator's page shows under its controls.
    static let nativeNote = "Live parameters need the animator's .wasm build; this page plays frames sampled once."

    /// Writes the HTML preview: live, with the animator's own module and the web host, when the
    /// animator's plugin is a `.wasm` module and the web host is found; otherwise the sampled
    /// frames, with a line saying why.
    /// `arguments` are the command line's other arguments that shaped the transition (`--style`,
    /// `--detent`, `--size`, `--match`), and `detent` the detent as given; the page's copy panel
    /// repeats them.
    static func writeHTML(
        _ sampled: SampledTransition, animator: some DescribedAnimator, parameters: [Double], arguments: [String] = [],
        detent: String? = nil, to path: String
    ) throws {
        let timeline = timeline(sampled, animator: animator)
        var live: LivePreview?
        var note: String? = nativeNote
        let modulePath = PluginDoor.of(animator.pluginPath) == .wasm ? animator.pluginPath : WasmTwin.module(for: animator)
        if let modulePath {
            if let host = WebHost.text() {
                let module = try InputLimits.readInput(modulePath, what: "the plugin", limit: 64 << 20)
                let specs = animator.description.parameters
                live = LivePreview(
                    module: module, moduleName: baseName(modulePath), host: host, animatorID: animator.id,
                    context: sampled.context, parameters: zip(specs, parameters).map { ($0, $1) },
                    arguments: arguments, detent: detent)
                note = nil
            } else {
                note = "Live parameters need web/transition-catalog.js, which was not found beside this catalog; this page plays frames sampled once."
                printError("warning: \(note!)")
            }
        }
        let progress = StderrProgress("writing \(baseName(path))")
        let bytes: [UInt8]
        do {
            bytes = Array(try HTMLRenderer().render(timeline, subtitle: animator.description.name, note: note, live: live).utf8)
        } catch {
            progress.finish()
            throw CLIError.usage(error.description)
        }
        progress.finish()
        try writeFile(bytes, to: path)
    }
}

/// The `.wasm` build of a native plugin, which plays its animators live in an HTML preview: a
/// module in the `wasm` folder beside the plugin's file (where `scripts/build-wasm-plugins` and
/// `scripts/install` put the built-ins' builds) whose plugin id is the native plugin's and whose
/// descriptor of the animator is the same. The modules are sandboxed, so reading their
/// descriptors runs no native plugin code here.
final class WasmTwin {
    /// The modules read so far, by folder: each path with its library, or nil when it could not
    /// be loaded.
    private var folders: [String: [(path: String, library: PluginLibrary?)]] = [:]

    /// The path of `animator`'s twin module, or nil when there is none.
    func module(for animator: some DescribedAnimator) -> String? {
        let folder = URL(fileURLWithPath: animator.pluginPath).deletingLastPathComponent().appendingPathComponent("wasm").path
        if folders[folder] == nil {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            folders[folder] = names.sorted().filter { $0.hasSuffix(".wasm") }.map { name in
                (folder + "/" + name, try? PluginLibrary.load(path: folder + "/" + name))
            }
        }
        let pluginID = String(animator.qualifiedID.dropLast(animator.id.count + 1))
        for (path, library) in folders[folder] ?? [] {
            guard let library, library.info.id == pluginID, let twin = library.animator(animator.id), twin.description == animator.description
            else { continue }
            return path
        }
        return nil
    }

    /// `animator`'s twin module, looked up once.
    static func module(for animator: some DescribedAnimator) -> String? { WasmTwin().module(for: animator) }
}

/// The web host, `web/transition-catalog.js`, that live HTML previews embed.
enum WebHost {
    /// Its text: from an installation (`PREFIX/share/transition-catalog/web`) or the source tree
    /// this executable was built in; nil when neither has it.
    static func text() -> String? {
        let executable = PluginSearchPath.executablePath() ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var candidates: [String] = []
        if let prefix = StandardPluginFolders.installPrefix(executableDirectory: directory.path) {
            candidates.append(prefix + "/share/transition-catalog/web/transition-catalog.js")
        }
        while directory.path != "/" {
            candidates.append(directory.path + "/web/transition-catalog.js")
            directory.deleteLastPathComponent()
        }
        for path in candidates {
            if let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
                text.contains("export async function loadPlugin")
            {
                return text
            }
        }
        return nil
    }
}

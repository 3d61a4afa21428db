#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CFFIShims
#if canImport(Glibc)
import Glibc
#endif
import PluginHost
import TransitionABI
import TransitionCore

/// What a `tch_host_t` is: the plugins the worker scan found usable, the rules that pick
/// animators, the workers native plugins run in, and the animators found broken there.
final class EmbeddedHost {
    /// The animators rules pick from: with worker isolation the scan's index, so no native plugin
    /// code runs in this process; in process, the plugins loaded here.
    let catalog: any AnimatorCatalog
    /// The reachable animators, each id once.
    let animators: [any DescribedAnimator]
    /// Every animator of every usable plugin under its qualified id, for rules that name one.
    private let qualifiedDescriptions: [AnimatorDescription]
    /// One line per plugin file the scan refused.
    let refusedLines: [String]
    /// Where native plugins run: a sampler whose pooled workers step every transition, nil in
    /// this process (`TCH_ISOLATION_IN_PROCESS`).
    let sampler: IsolatedSampler?
    /// The rules, in order.
    var rules: [TransitionsSourceFile.Rule] = []
    /// The indexes in `rules` of those that ask for an instant change (`TCH_RULE_INSTANT`).
    var instantRules: Set<Int> = []
    /// The last error.
    var lastError = LastError()
    /// Strings given out until the host closes.
    let kept = CStrings()
    /// The refused lines as C strings, made on first use.
    lazy var refusedPointers: [UnsafePointer<CChar>] = refusedLines.map { kept.keep($0) }
    /// Choices arrays given out until the host closes.
    private var choiceArrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
    /// Why each animator that crashed, hung or misbehaved in its worker is refused, by
    /// `PLUGIN-ID:ANIMATOR-ID`.
    private var broken: [String: String] = [:]

    /// The animator at `index` in `animators`, or a not-found failure naming the count.
    func animator(at index: UInt32) throws(HostFailure) -> any DescribedAnimator {
        guard Int(index) < animators.count else {
            throw HostFailure(.notFound, "animator \(index) does not exist; the host has \(animators.count)")
        }
        return animators[Int(index)]
    }

    init(catalog: any AnimatorCatalog, qualified: [AnimatorDescription], refused: [String], sampler: IsolatedSampler?) {
        self.catalog = catalog
        animators = catalog.describedAnimators
        qualifiedDescriptions = qualified
        refusedLines = refused
        self.sampler = sampler
    }

    deinit {
        for array in choiceArrays { array.deallocate() }
    }

    /// Opens a host as `options` asks.
    static func open(_ options: tch_host_options_t) throws(HostFailure) -> EmbeddedHost {
        guard options.isolation <= 1 else {
            throw HostFailure(.invalidArgument, "isolation is \(options.isolation); use TCH_ISOLATION_WORKER or TCH_ISOLATION_IN_PROCESS")
        }
        guard let paths = strings(options.plugin_paths, count: options.plugin_path_count) else {
            throw HostFailure(.invalidArgument, "plugin_paths is NULL or holds a NULL entry while plugin_path_count is \(options.plugin_path_count)")
        }
        let search = Int(options.struct_size) >= MemoryLayout<tch_host_options_t>.size ? options.search : UInt32(TCH_SEARCH_DEFAULT.rawValue)
        guard search <= UInt32(TCH_SEARCH_PATHS_ONLY.rawValue) else {
            throw HostFailure(.invalidArgument, "search is \(search); use TCH_SEARCH_DEFAULT, TCH_SEARCH_CATALOG or TCH_SEARCH_PATHS_ONLY")
        }
        let environment = ProcessInfo.processInfo.environment
        let worker = try workerExecutable(string(options.worker_executable), environment: environment)
        let timeout = options.worker_timeout > 0 && options.worker_timeout.isFinite ? options.worker_timeout : 2
        let cache = string(options.scan_cache_file).map { $0.isEmpty ? nil : $0 } ?? PluginScanner.defaultCacheFile(environment: environment)
        var scanner = PluginScanner(executable: worker, cacheFile: cache)
        scanner.timeout = timeout
        let searchesLikeCatalog = search == UInt32(TCH_SEARCH_CATALOG.rawValue) || (search == UInt32(TCH_SEARCH_DEFAULT.rawValue) && paths.isEmpty)
        let searchPath: PluginSearchPath
        if searchesLikeCatalog {
            // Where `catalog` would run beside this library: the build directory itself, or
            // PREFIX/bin for a library installed in PREFIX/lib.
            let toolDirectory = libraryPath().map { StandardPluginFolders.toolDirectory(libraryDirectory: URL(fileURLWithPath: $0).deletingLastPathComponent().path) }
            searchPath = PluginSearchPath(
                explicit: paths, environment: environment,
                standardFolders: StandardPluginFolders.entries(environment: environment, executableDirectory: toolDirectory),
                builtInDirectory: toolDirectory.map(StandardPluginFolders.builtInDirectory(executableDirectory:)))
        } else {
            searchPath = PluginSearchPath(
                explicit: paths, environment: options.use_environment != 0 ? environment : [:], builtInDirectory: nil)
        }
        let index = PluginIndex.build(searchPath, scanner: scanner)
        var failed = index.unreadable + index.errors
        let catalog: any AnimatorCatalog
        if options.isolation == UInt32(TCH_ISOLATION_IN_PROCESS.rawValue) {
            let loaded = index.loadCatalog()
            failed += loaded.errors
            catalog = loaded
        } else {
            catalog = index
        }
        let qualified = index.plugins.flatMap { plugin in
            plugin.animators.map { animator in
                var named = animator
                named.id = "\(index.qualifiedPluginID(of: plugin)):\(animator.id)"
                return named
            }
        }
        let refused = failed.map { error in
            error.isMissingBuiltIns
                ? "\(error.path): \(PluginError.missingBuiltInsReason); the host looks for it beside libTransitionCatalogHost.so, or in PREFIX/lib/transition-catalog/builtins for a library in PREFIX/lib, as scripts/install puts them; install the library with the built-ins, or open the host with search TCH_SEARCH_PATHS_ONLY"
                : error.description
        }
        // One worker per plugin file serves its transitions for the host's life, one after the other.
        let sampler = catalog is PluginIndex ? IsolatedSampler(executable: worker, timeout: timeout, pool: WorkerPool()) : nil
        return EmbeddedHost(catalog: catalog, qualified: qualified, refused: refused, sampler: sampler)
    }

    /// The worker executable: the one given, else `catalog-worker` or `catalog` beside this
    /// library (a build directory) or in `../bin` (an installed prefix), else on the PATH.
    private static func workerExecutable(_ given: String?, environment: [String: String]) throws(HostFailure) -> String {
        if let given {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw HostFailure(.worker, "worker_executable \(given) is not an executable; give the path of the catalog tool")
            }
            return given
        }
        var candidates: [String] = []
        if let library = libraryPath() {
            let dir = URL(fileURLWithPath: library).deletingLastPathComponent()
            for name in [WorkerExecutable.fileName, "catalog"] {
                candidates.append(dir.appendingPathComponent(name).path)
                candidates.append(dir.deletingLastPathComponent().appendingPathComponent("bin/" + name).path)
            }
        }
        for dir in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            candidates.append("\(dir)/\(WorkerExecutable.fileName)")
            candidates.append("\(dir)/catalog")
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw HostFailure(.worker, "cannot find the catalog executable that scans plugins in worker processes; put it beside libTransitionCatalogHost.so, in ../bin from it, or on the PATH, or set worker_executable")
        }
        return found
    }

    /// The file this library was loaded from, as the dynamic loader names the object that holds
    /// this code (`dladdr`): exact however many mappings the process has.
    private static func libraryPath() -> String? {
        guard let name = tc_object_file(#dsohandle) else { return nil }
        guard let resolved = realpath(name, nil) else { return String(cString: name) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The transitions source of the current rules.
    var source: RuleListSource { RuleListSource(rules: rules, instantRules: instantRules) }

    /// The descriptions rules are checked against: each reachable animator under its id, and
    /// every animator under its qualified id.
    var descriptions: [AnimatorDescription] { animators.map(\.description) + qualifiedDescriptions }

    /// A C array of `choices`, kept until the host closes.
    func keepArray(_ choices: [String]) -> UnsafePointer<UnsafePointer<CChar>?>? {
        guard !choices.isEmpty else { return nil }
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: choices.count)
        for (i, c) in choices.enumerated() { array[i] = kept.keep(c) }
        choiceArrays.append(array)
        return UnsafePointer(array)
    }

    /// Refuses `resolved` when its animator broke in its worker earlier in the host's life, so
    /// a plugin that crashes or hangs costs one transition, not one each time.
    func refuseIfBroken(_ resolved: ResolvedAnimator) throws(HostFailure) {
        guard let reason = broken[resolved.animator.qualifiedID] else { return }
        throw HostFailure(.pluginBroken, "\(resolved.animator.qualifiedID) is refused for this host: earlier, \(reason)")
    }

    /// Notes that `qualifiedID` crashed, hung or misbehaved in its worker, for `refuseIfBroken`.
    /// A sandboxed (wasm) animator's fault is not noted: a fresh instance runs each transition.
    func noteBroken(_ resolved: ResolvedAnimator?, reason: String) {
        guard sampler != nil, let resolved, PluginDoor.of(resolved.animator.pluginPath) != .wasm else { return }
        if broken[resolved.animator.qualifiedID] == nil { broken[resolved.animator.qualifiedID] = reason }
    }
}

/// Rules set in code or read from a file: the first that matches decides.
struct RuleListSource: TransitionsSource {
    /// The rules, in order.
    var rules: [TransitionsSourceFile.Rule]
    /// The indexes of the rules that ask for an instant change.
    var instantRules: Set<Int> = []

    /// The choice of the first rule matching `request`.
    func animator(for request: TransitionRequest) -> AnimatorChoice? {
        rules.first { $0.matches(request) }?.choice
    }

    /// True when the first rule matching `request` asks for an instant change.
    func changesInstantly(for request: TransitionRequest) -> Bool {
        rules.firstIndex { $0.matches(request) }.map(instantRules.contains) ?? false
    }
}

/// A source whose choice for presents has its style replaced: the rule's animator (or the
/// system default's) in the style the caller asked for.
struct PresentStyleSource: TransitionsSource {
    var base: RuleListSource
    var style: PresentationStyle
    var systemAnimator: String?

    func changesInstantly(for request: TransitionRequest) -> Bool {
        base.changesInstantly(for: request)
    }

    func animator(for request: TransitionRequest) -> AnimatorChoice? {
        guard request.operation == .present else { return base.animator(for: request) }
        guard var choice = base.animator(for: request) ?? systemAnimator.map({ AnimatorChoice(animatorID: $0) }) else { return nil }
        choice.style = style
        return choice
    }
}

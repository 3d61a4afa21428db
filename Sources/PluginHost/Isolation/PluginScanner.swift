import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

/// What scanning one plugin file learned: its descriptor and default durations, or why it
/// cannot be used. Keyed by the file's path and identity: device, inode, size and modification
/// time. Failures are kept like successes, so a plugin that hangs or crashes costs its time once.
public struct ScanRecord: Sendable, Hashable, Codable {
    /// The plugin file.
    public var path: String
    /// The file's size in bytes when scanned.
    public var size: Int64
    /// The file's modification time when scanned, in nanoseconds since 1970.
    public var modified: Int64
    /// The device of the file when scanned.
    public var device: UInt64?
    /// The inode of the file when scanned.
    public var inode: UInt64?
    /// The plugin, when it loaded.
    public var plugin: PluginInfo?
    /// Each animator's duration for its first operation in a 390x844 container, by id.
    public var durations: [String: Double]
    /// Descriptor warnings.
    public var warnings: [DescriptorProblem]
    /// Why the plugin cannot be used.
    public var error: PluginError?
}



/// Scans plugin files in a worker process (see `WorkerProcess`), so a plugin that crashes or hangs
/// while loading is reported, not fatal, and keeps what it learned, failures included, in a cache
/// so unchanged plugins are not loaded again. Files that cannot be plugins (missing, a symlink
/// loop, unreadable, not a regular file, ELF for another machine) are named without starting a
/// worker.
public struct PluginScanner: Sendable {
    /// The `catalog` executable that serves as the worker.
    public var executable: String
    /// The cache file, or nil for no cache.
    public var cacheFile: String?
    /// Seconds one plugin may take to load.
    public var timeout: Double = 2
    /// The most files one child process loads. Every library a process loads stays in its link
    /// map and makes the next `dlopen` dearer, so a long list is scanned by several short-lived
    /// children, which also run side by side.
    public var batchSize = 250

    /// Creates a scanner.
    public init(executable: String, cacheFile: String?) {
        self.executable = executable
        self.cacheFile = cacheFile
    }

    /// The default cache file: `$TRANSITION_CATALOG_CACHE`, else
    /// `$XDG_CACHE_HOME/transition-catalog/plugins.cache`, else `~/.cache/transition-catalog/plugins.cache`.
    public static func defaultCacheFile(environment: [String: String]) -> String? {
        if let explicit = environment["TRANSITION_CATALOG_CACHE"] { return explicit.isEmpty ? nil : explicit }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/transition-catalog/plugins.cache" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/transition-catalog/plugins.cache" }
        return nil
    }

    /// The outcome of a scan.
    public struct Outcome: Sendable {
        /// One record per file, in the order given.
        public var records: [ScanRecord]
        /// The files that were loaded in a child process this time (the rest came from the cache).
        public var scanned: [String]
    }

    /// Scans `paths`, reusing cached records of unchanged files.
    public func scan(_ paths: [String]) -> Outcome {
        let cache = cacheFile.map(ScanCache.read) ?? [:]
        // Each path's record by position; a path that is neither cached nor refused waits for the
        // workers, and one that vanished meanwhile has none.
        var found = [ScanRecord?](repeating: nil, count: paths.count)
        var stale: [String] = []
        var identities = FileIdentity.Reader()
        for (i, path) in paths.enumerated() {
            let id = identities.identity(path)
            // A readable regular file with the identity of a cached record holds what was scanned:
            // the record stands without the file's header being read again.
            if let hit = cache[path], let id, id.regular, hit.size == id.size, hit.modified == id.modified,
                hit.device == id.device, hit.inode == id.inode, id.readableByAll || access(path, R_OK) == 0
            {
                found[i] = hit
                continue
            }
            if let problem = PluginFileCheck.problem(path) {
                found[i] = ScanRecord(path: path, size: 0, modified: 0, plugin: nil, durations: [:], warnings: [], error: problem)
                continue
            }
            guard id != nil else { continue }
            stale.append(path)
        }
        if !stale.isEmpty {
            var scanned: [String: ScanRecord] = [:]
            for record in scanInWorkers(stale) { scanned[record.path] = record }
            for (i, path) in paths.enumerated() where found[i] == nil { found[i] = scanned[path] }
        }
        // Moved out, not copied: a record holds many references.
        var ordered: [ScanRecord] = []
        ordered.reserveCapacity(found.count)
        for i in found.indices {
            if let record = found[i].take() { ordered.append(record) }
        }
        if let cacheFile, !stale.isEmpty {
            var merged = cache
            for r in ordered where r.inode != nil { merged[r.path] = r }
            ScanCache.write(merged, to: cacheFile)
        }
        return Outcome(records: ordered, scanned: stale)
    }

    /// Scans `paths` in batches of at most ``batchSize`` files, each in a child process of its own,
    /// as many children at once as the machine has cores.
    private func scanInWorkers(_ paths: [String]) -> [ScanRecord] {
        guard !paths.isEmpty else { return [] }
        // The worker loads by absolute path: a plugin that changes directory cannot hide the next one.
        let original = Dictionary(paths.map { (AbsolutePath.resolve($0), $0) }, uniquingKeysWith: { a, _ in a })
        let absolute = paths.map(AbsolutePath.resolve)
        let size = max(1, batchSize)
        let batches = stride(from: 0, to: absolute.count, by: size).map { Array(absolute[$0..<min($0 + size, absolute.count)]) }
        guard batches.count > 1 else { return scanBatch(batches[0], original: original) }
        let results = BatchResults(count: batches.count)
        DispatchQueue.concurrentPerform(iterations: batches.count) { i in
            results.set(i, scanBatch(batches[i], original: original))
        }
        return results.all
    }

    /// Scans one batch: a worker loads the files in order; when one crashes or hangs, it is
    /// recorded as failed and a new worker goes on with the files after it.
    private func scanBatch(_ batch: [String], original: [String: String]) -> [ScanRecord] {
        var records: [ScanRecord] = []
        records.reserveCapacity(batch.count)
        var position = 0
        while position < batch.count {
            let worker: WorkerProcess
            do {
                worker = try WorkerProcess(executable: executable, request: Array(try JSONEncoder().encode(WorkerRequest.scan(paths: Array(batch[position...])))))
            } catch {
                return records + batch[position...].map { failed(original[$0] ?? $0, .crashed, "cannot start the scanner: \(error)") }
            }
            var begun = false
            var ending = WorkerProcess.Ending.exited(0)
            events: while true {
                switch worker.next(timeout: timeout) {
                case .report(let bytes):
                    guard position < batch.count else { continue }
                    let path = batch[position]
                    if let begin = ScanMessage.beginPath(bytes) {
                        begun = begin == path
                        continue
                    }
                    guard begun, let body = ScanMessage.recordBytes(bytes), var record = try? ScanRecord(binary: body), record.path == path else { continue }
                    record.path = original[path] ?? path
                    record.plugin?.path = record.path
                    if let e = record.error, e.path == path {
                        record.error = PluginError(kind: e.kind, path: record.path, reason: e.reason, remedy: e.remedy)
                    }
                    if let id = FileIdentity.of(path) {
                        (record.device, record.inode, record.size, record.modified) = (id.device, id.inode, id.size, id.modified)
                    }
                    records.append(record)
                    position += 1
                    begun = false
                case .forged: continue
                case .ended(let e):
                    ending = e
                    break events
                }
            }
            guard position < batch.count else { break }
            let culprit = batch[position]
            let reason: String = if case .timedOut = ending {
                "loading did not finish within \(Format.number(timeout)) s (the plugin hangs in its constructor, entry or init)"
            } else {
                "the plugin \(ending.isSignal ? "crashed with \(ending)" : "ended the process with \(ending)") while loading"
            }
            records.append(failed(original[culprit] ?? culprit, .crashed, reason))
            position += 1
        }
        return records
    }

    private func failed(_ path: String, _ kind: PluginError.Kind, _ reason: String) -> ScanRecord {
        let id = FileIdentity.of(path)
        return ScanRecord(
            path: path, size: id?.size ?? 0, modified: id?.modified ?? 0, device: id?.device, inode: id?.inode, plugin: nil,
            durations: [:], warnings: [],
            error: PluginError(kind: kind, path: path, reason: reason, remedy: "run `catalog validate \(path)` to see which call fails"))
    }
}

/// The messages of the scan worker, one per packet on the report channel: `B` and the path of
/// the file it begins to load, then `R` and the file's `ScanRecord` in its binary form.
enum ScanMessage {
    /// The packet that says the worker begins loading `path`.
    static func begin(_ path: String) -> [UInt8] { [UInt8(ascii: "B")] + Array(path.utf8) }

    /// The packet that carries what loading a file learned.
    static func record(_ record: ScanRecord) -> [UInt8] {
        var w = ByteWriter(capacity: 512)
        w.byte(UInt8(ascii: "R"))
        record.write(to: &w)
        return w.bytes
    }

    /// The record bytes of a record packet, or nil for any other packet.
    static func recordBytes(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.first == UInt8(ascii: "R") else { return nil }
        return Array(bytes.dropFirst())
    }

    /// The path of a begin packet, or nil for any other packet.
    static func beginPath(_ bytes: [UInt8]) -> String? {
        guard bytes.first == UInt8(ascii: "B") else { return nil }
        return String(decoding: bytes[1...], as: UTF8.self)
    }
}

/// The child side of scanning: loads each plugin in turn and reports what it learned.
public enum ScanWorker {
    /// Scans `paths`, reporting on the report channel.
    static func run(paths: [String], reporter: Reporter) {
        for path in paths {
            reporter.write(Data(ScanMessage.begin(path)))
            var record = ScanRecord(path: path, size: 0, modified: 0, plugin: nil, durations: [:], warnings: [], error: nil)
            do {
                let library = try PluginLibrary.load(path: path)
                record.plugin = library.info
                record.warnings = library.problems
                for animator in library.animators {
                    guard let op = animator.description.operations.first,
                        let context = try? TransitionContext(
                            operation: op, style: animator.description.defaultStyle(for: op),
                            containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
                    else { continue }
                    let d = animator.duration(context)
                    record.durations[animator.id] = d.isFinite ? d : -1
                }
            } catch {
                record.error = error
            }
            fflush(nil)
            reporter.write(Data(ScanMessage.record(record)))
        }
    }
}

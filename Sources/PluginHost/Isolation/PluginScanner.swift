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
/// cannot be used. Keyed by the file's path and identity: device, inode, size, modification time
/// and status change time. Failures are kept like successes, so a plugin that hangs or crashes
/// costs its time once.
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
    /// The file's status change time (ctime) when scanned, in nanoseconds since 1970: a file
    /// rewritten in place, even with its size and modification time put back, has a new one.
    public var changed: Int64 = 0
    /// The plugin, when it loaded.
    public var plugin: PluginInfo?
    /// Each animator's duration for its first operation in a 390x844 container, by id.
    public var durations: [String: Double]
    /// Descriptor warnings.
    public var warnings: [DescriptorProblem]
    /// Why the plugin cannot be used. A record with both a plugin and an error is of a plugin
    /// that loaded when scanned but later crashed when a command ran it (see
    /// ``PluginScanner/markCrashed(_:by:)``).
    public var error: PluginError?

    /// True when the plugin loaded and nothing since has found it crashing: a listing shows it.
    public var isUsable: Bool { plugin != nil && error == nil }
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
    /// The most files one child process loads. A child closes each library once it has read it
    /// (a library that links the Swift runtime or leaves a thread running stays loaded), so its
    /// link map stays short; the bound keeps what stays loaded bounded too. A list up to the
    /// bound is shared among as many children as the machine has cores (see ``BatchPlan``).
    public var batchSize = 1000

    /// The fewest files worth a child process of their own: starting one costs about what
    /// loading this many plugins does.
    static let smallestBatch = 128

    /// Creates a scanner.
    public init(executable: String, cacheFile: String?) {
        self.executable = executable
        self.cacheFile = cacheFile
    }

    /// The default cache file: `$TRANSITION_CATALOG_CACHE`, else
    /// `$XDG_CACHE_HOME/transition-catalog/plugins.cache`, else `~/.cache/transition-catalog/plugins.cache`.
    public static func defaultCacheFile(environment: [String: String]) -> String? {
        if let explicit = environment["TRANSITION_CATALOG_CACHE"] { return explicit.isEmpty ? nil : explicit }
        return CacheFolder.path(environment: environment).map { $0 + "/plugins.cache" }
    }

    /// The outcome of a scan.
    public struct Outcome: Sendable {
        /// One record per file, in the order given.
        public var records: [ScanRecord]
        /// The files that were loaded in a child process this time (the rest came from the cache).
        public var scanned: [String]
        /// One line saying the cache file was refused and could not be replaced, so it went
        /// unused; nil when the cache served or was written.
        public var cacheWarning: String? = nil
    }

    /// Scans `paths`, reusing cached records of unchanged files.
    public func scan(_ paths: [String]) -> Outcome {
        let (cache, refusal) = cacheFile.map(ScanCache.load) ?? ([:], nil)
        // Each path's record by position; a path that is neither cached nor refused waits for the
        // workers, and one that vanished meanwhile has none.
        var found = [ScanRecord?](repeating: nil, count: paths.count)
        // The positions of the files that go to workers, with their identities: kept by position,
        // so a large folder costs no hashing of paths.
        var stale: [Int] = []
        var staleIdentities: [FileIdentity] = []
        var identities = FileIdentity.Reader()
        for (i, path) in paths.enumerated() {
            let id = identities.identity(path)
            // A regular file the user may read.
            let loadable = id.map { $0.regular && ($0.readableByAll || access(path, R_OK) == 0) } ?? false
            // A loadable file with the identity of a cached record holds what was scanned: the
            // record stands without the file's header being read again.
            if loadable, let hit = cache[path], let id, hit.size == id.size, hit.modified == id.modified,
                hit.changed == id.changed, hit.device == id.device, hit.inode == id.inode, let record = hit.record()
            {
                found[i] = record
                continue
            }
            // A loadable file goes to a worker, whose loader reads its header (and, when it refuses
            // it, names why as `PluginFileCheck` does); anything else is named here, without a worker.
            if !loadable, let problem = PluginFileCheck.problem(path) {
                found[i] = ScanRecord(path: path, size: 0, modified: 0, plugin: nil, durations: [:], warnings: [], error: problem)
                continue
            }
            guard let id else { continue }
            stale.append(i)
            staleIdentities.append(id)
        }
        let stalePaths = stale.map { paths[$0] }
        // A wasm module runs sandboxed: it is scanned in this process, with no worker.
        var native: [Int] = []
        for (k, i) in stale.enumerated() {
            guard paths[i].hasSuffix(".wasm") else { native.append(k); continue }
            found[i] = finished(ScanWorker.record(paths[i]), original: paths[i], identity: staleIdentities[k])
        }
        if !native.isEmpty {
            let scanned = scanInWorkers(native.map { stalePaths[$0] }, identities: native.map { staleIdentities[$0] })
            for (n, k) in native.enumerated() where n < scanned.count { found[stale[k]] = scanned[n] }
        }
        // Moved out, not copied: a record holds many references.
        var ordered: [ScanRecord] = []
        ordered.reserveCapacity(found.count)
        for i in found.indices {
            if let record = found[i].take() { ordered.append(record) }
        }
        var warning: String?
        if let cacheFile, !stale.isEmpty || refusal != nil {
            // Records of files that are gone are dropped, so the cache does not grow forever.
            var merged = cache.filter { access($0.key, F_OK) == 0 }
            for r in ordered where r.inode != nil { merged[r.path] = ScanCache.Entry(r) }
            // A refused cache is replaced by a good one; one that cannot be replaced is named.
            if !ScanCache.write(merged, to: cacheFile), let refusal {
                warning = "the plugin cache \(DisplayText.escape(cacheFile)) \(refusal) and cannot be replaced, so it is not used; remove it, or set TRANSITION_CATALOG_CACHE to another file"
            }
        }
        return Outcome(records: ordered, scanned: stalePaths, cacheWarning: warning)
    }

    /// Marks in the cache each plugin file of `crashes` (as the scan names it, with one line saying
    /// how it crashed) as crashed when `command` ran it: its record keeps what the scan learned but
    /// carries a `crashed` error, so a listing shows it as unusable until the file changes. A file
    /// the cache holds no current record of is left to the next scan.
    public func markCrashed(_ crashes: [(path: String, reason: String)], by command: String) {
        guard let cacheFile, !crashes.isEmpty else { return }
        let (cache, refusal) = ScanCache.load(cacheFile)
        guard refusal == nil else { return }
        var entries = cache
        var marked = false
        for (path, reason) in crashes {
            guard let id = FileIdentity.of(path), let hit = entries[path], hit.size == id.size, hit.modified == id.modified,
                hit.changed == id.changed, hit.device == id.device, hit.inode == id.inode, var record = hit.record(),
                record.plugin != nil, record.error == nil
            else { continue }
            record.error = PluginError(
                kind: .crashed, path: path, reason: "\(reason), when `catalog \(command)` ran it",
                remedy: "run `catalog validate \(DisplayText.escape(path))` to see which call fails; the file is scanned again once it changes")
            entries[path] = ScanCache.Entry(record)
            marked = true
        }
        if marked { ScanCache.write(entries, to: cacheFile) }
    }

    /// Scans `paths` in batches (see ``BatchPlan``), each in a child process of its own, as many
    /// children at once as the machine has cores, and returns one record per path, in order.
    /// Each record carries the identity `identities` gives its file (same positions), taken
    /// before it was loaded: a file replaced while it is scanned is then scanned again by the
    /// next run.
    private func scanInWorkers(_ paths: [String], identities: [FileIdentity]) -> [ScanRecord] {
        guard !paths.isEmpty else { return [] }
        // The worker loads by absolute path: a plugin that changes directory cannot hide the next one.
        let files = ScanFiles(original: paths, absolute: paths.map(AbsolutePath.resolve), identities: identities)
        let ranges = BatchPlan.ranges(count: paths.count, cores: Self.cores, largest: batchSize, smallest: Self.smallestBatch)
        guard ranges.count > 1 else { return scanBatch(ranges[0], of: files) }
        let results = BatchResults(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { i in
            results.set(i, scanBatch(ranges[i], of: files))
        }
        return results.all
    }

    /// The files of one scan, by position: each as the caller named it, as the worker loads it
    /// (absolute), and its identity before loading.
    private struct ScanFiles: Sendable {
        var original: [String]
        var absolute: [String]
        var identities: [FileIdentity]
    }

    /// The processors online.
    static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Scans the files at `range` of `files`: a worker loads them in order, sending one record per
    /// file; when it crashes or hangs, the file without a record is recorded as failed and a new
    /// worker goes on with the files after it. Returns one record per file, in order.
    private func scanBatch(_ range: Range<Int>, of files: ScanFiles) -> [ScanRecord] {
        var records: [ScanRecord] = []
        records.reserveCapacity(range.count)
        var position = range.lowerBound
        var alone = 0
        while position < range.upperBound {
            let rest = Array(files.absolute[position..<range.upperBound])
            var taken = 0
            let first = position
            let stop = runWorker(ScanRequest(paths: rest, unloads: true, alone: alone)) { record in
                guard taken < rest.count, record.path == rest[taken] else { return }
                records.append(finished(record, original: files.original[first + taken], identity: files.identities[first + taken]))
                taken += 1
            }
            position += taken
            guard position < range.upperBound else { break }
            switch stop {
            case .cannotStart(let why):
                return records + files.original[position..<range.upperBound].map { failed($0, .crashed, "cannot start the scanner: \(why)") }
            case .ended(let ending, let stalled):
                // The worker may have held back records of files after the one it stopped in:
                // unless it said a call stalled, its files are scanned again with each record sent
                // alone, which names the file exactly.
                let timedOut = if case .timedOut = ending { true } else { false }
                if alone == 0 && !(stalled && timedOut) {
                    alone = RecordOutbox.limit
                    continue
                }
                records.append(failed(files.original[position], .crashed, reason(for: ending, loading: files.absolute[position])))
                position += 1
                alone = 0
            }
        }
        return records
    }

    /// How a scan worker stopped.
    private enum Stop {
        /// It could not be started.
        case cannotStart(String)
        /// It ended; `stalled` when the last packet it sent said a plugin call had stalled.
        case ended(WorkerProcess.Ending, stalled: Bool)
    }

    /// Runs one scan worker for `request`, handing each record it sends to `take`, until the
    /// worker ends.
    private func runWorker(_ request: ScanRequest, take: (ScanRecord) -> Void) -> Stop {
        let worker: WorkerProcess
        do {
            worker = try WorkerProcess(executable: executable, request: request.bytes)
        } catch {
            return .cannotStart(String(describing: error))
        }
        var stalled = false
        while true {
            switch worker.next(timeout: timeout) {
            case .report(let bytes):
                guard let packet = ScanMessage.records(bytes) else { continue }
                for record in packet.records { take(record) }
                if packet.stalled || !packet.records.isEmpty { stalled = packet.stalled }
            case .forged: continue
            case .ended(let e): return .ended(e, stalled: stalled)
            }
        }
    }

    /// The record a worker sent, with the path as the caller gave it and the file's identity.
    private func finished(_ sent: ScanRecord, original: String, identity id: FileIdentity) -> ScanRecord {
        var record = sent
        let path = sent.path
        record.path = original
        record.plugin?.path = original
        if let e = record.error, e.path == path {
            record.error = PluginError(kind: e.kind, path: original, reason: e.reason, remedy: e.remedy)
        }
        (record.device, record.inode, record.size, record.modified) = (id.device, id.inode, id.size, id.modified)
        record.changed = id.changed
        return record
    }

    /// Why the worker that was loading `culprit` stopped without its record. A worker that
    /// crashed or exited may have done so in the library's destructors, when the scan closed it: a
    /// worker that keeps the library loaded tells the two apart.
    private func reason(for ending: WorkerProcess.Ending, loading culprit: String) -> String {
        if case .timedOut = ending {
            return "loading or unloading did not finish within \(Format.number(timeout)) s (the plugin hangs in its constructor, entry, init, duration, deinit or a destructor)"
        }
        let what = ending.isSignal ? "crashed with \(ending)" : "ended the process with \(ending)"
        var loads = false
        _ = runWorker(ScanRequest(paths: [culprit], unloads: false, alone: 1)) { record in
            loads = record.path == culprit && record.error == nil
        }
        return loads
            ? "the plugin \(what) while it was unloaded (in its deinit or a destructor that dlclose runs: __attribute__((destructor)), a C++ static object or an atexit handler)"
            : "the plugin \(what) while loading"
    }

    private func failed(_ path: String, _ kind: PluginError.Kind, _ reason: String) -> ScanRecord {
        let id = FileIdentity.of(path)
        return ScanRecord(
            path: path, size: id?.size ?? 0, modified: id?.modified ?? 0, device: id?.device, inode: id?.inode,
            changed: id?.changed ?? 0, plugin: nil, durations: [:], warnings: [],
            error: PluginError(kind: kind, path: path, reason: reason, remedy: "run `catalog validate \(DisplayText.escape(path))` to see which call fails"))
    }
}

/// The messages of the scan worker, one per packet on the report channel: `R` and one or more
/// `ScanRecord`s in their binary form, each taken once the worker is done with its file; or `S`
/// and the records held so far, when a plugin call has stalled.
enum ScanMessage {
    /// The first byte of a record packet.
    static let tag = UInt8(ascii: "R")

    /// The first byte of the packet sent when a plugin call stalls.
    static let stallTag = UInt8(ascii: "S")

    /// The records of a record or stall packet, in order, and whether it says a call stalled;
    /// nil for any other packet or a damaged one.
    static func records(_ bytes: [UInt8]) -> (records: [ScanRecord], stalled: Bool)? {
        guard let first = bytes.first, first == tag || first == stallTag else { return nil }
        var r = ByteReader(bytes)
        var records: [ScanRecord] = []
        do {
            _ = try r.byte()
            while !r.isAtEnd { records.append(try ScanRecord(reading: &r)) }
        } catch {
            return nil
        }
        return (records, first == stallTag)
    }
}

/// The child side of scanning: loads each plugin in turn, reads what a listing shows (its
/// descriptor and each animator's default duration) and reports it. Then it calls the plugin's
/// deinit and closes the library again, as a program that only looks at plugins does, so the loader's list of loaded objects
/// stays short and the process never holds more than one plugin's mappings. A library is left
/// loaded when closing it is not safe: it links the Swift runtime (which keeps pointers into
/// every Swift image), or it left a thread running (which would run on in unmapped code).
enum ScanWorker {
    /// What a listing shows of the wasm plugin at `path`, read in this process: the sandbox holds
    /// whatever its code does.
    static func record(_ path: String) -> ScanRecord {
        var record = ScanRecord(path: path, size: 0, modified: 0, plugin: nil, durations: [:], warnings: [], error: nil)
        do {
            let library = try PluginLibrary.load(path: path)
            record.plugin = library.info
            record.warnings = library.problems
            record.durations = durations(of: library)
        } catch {
            record.error = error
        }
        return record
    }

    /// Each animator's duration for its first operation in a 390x844 container; -1 when it is not
    /// a usable number.
    private static func durations(of library: PluginLibrary) -> [String: Double] {
        var durations: [String: Double] = [:]
        for animator in library.animators {
            guard let op = animator.description.operations.first,
                let context = try? TransitionContext(
                    operation: op, style: animator.description.defaultStyle(for: op),
                    containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
            else { continue }
            let d = animator.duration(context)
            durations[animator.id] = d.isFinite ? d : -1
        }
        return durations
    }

    /// Scans the files of `request`, reporting on `channel` through ``RecordOutbox``. A file's
    /// record is taken once the library is closed, so a crash in its destructors is charged to it.
    /// The worker is confined first (`WorkerMain.confine`), with every open still allowed.
    static func run(_ request: ScanRequest, channel: WorkerChannel) {
        // Files are loaded one after another, so opening stays allowed; writing does not.
        WorkerMain.confine(channel)
        let counter = ThreadCount()
        let threads = counter?.current
        RecordOutbox.shared.activate()
        for (index, path) in request.paths.enumerated() {
            var record = ScanRecord(path: path, size: 0, modified: 0, plugin: nil, durations: [:], warnings: [], error: nil)
            do {
                // The host has seen a readable regular file: its header is read only when the
                // loader refuses it. What this worker does until the restore below (reading the
                // descriptors, the duration probe, deinit, closing) depends on neither the working
                // directory nor the environment, so what the plugin changed is put back once.
                let (library, handle) = try PluginLibrary.loadUnshared(path: path, checkFirst: false, restoring: false)
                record.plugin = library.info
                record.warnings = library.problems
                record.durations = durations(of: library)
                if request.unloads, let handle, PluginLibrary.linksSwiftRuntime(handle) == false {
                    // The plugin's deinit comes before unloading, as the ABI promises; it may stop
                    // the threads init started.
                    CallCounter.enter()
                    if let deinitialize = library.plugin.pointee.`deinit` { deinitialize(library.plugin) }
                    if threads != nil, counter?.current == threads { dlclose(handle) }
                    CallCounter.leave()
                }
            } catch {
                record.error = error
            }
            ProcessState.restore()
            fflush(nil)
            RecordOutbox.shared.add(record, sendingNow: index < request.alone || index == request.paths.count - 1, to: channel)
        }
    }
}

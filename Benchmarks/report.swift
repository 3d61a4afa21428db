// Sets one benchmark run's results side by side, as the tables of BENCHMARKS.md.
//
//   TRANSITION_CATALOG_BENCHMARKS=1 swift package --allow-writing-to-directory .build/benchmark-results \
//       benchmark --format jmh --path .build/benchmark-results --no-progress
//   swift Benchmarks/report.swift .build/benchmark-results/Current_run.jmh.json
//
// Times are medians over the run's iterations. Benchmarks named ABI/, Call/, Timing/ and Tiles/
// do 1000 operations per iteration; the others one. Allocations are the median per iteration
// less the harness's own (Call/empty/loop), divided by the operations.

import Foundation

struct Result {
    var nanoseconds: Double   // median wall clock per operation
    var mallocs: Double?      // median allocations per operation, less the harness's
    var custom: [String: Double] = [:]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("report: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else { fail("give the JMH file of a run (see the top of this script)") }
guard let data = FileManager.default.contents(atPath: path),
    let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
else { fail("cannot read \(path) as a JMH export") }

func median(_ metric: [String: Any]?) -> Double? {
    (metric?["scorePercentiles"] as? [String: Any])?["50.0"] as? Double
}

var raw: [String: (perIteration: Double, mallocs: Double?, custom: [String: Double], operations: Double)] = [:]
for entry in entries {
    guard var name = entry["benchmark"] as? String, let secondary = entry["secondaryMetrics"] as? [String: [String: Any]],
        let wall = median(secondary["Time (wall clock)"])
    else { continue }
    if let dot = name.range(of: "TransitionBenchmarks.") { name = String(name[dot.upperBound...]) }
    let area = name.split(separator: "/").first.map(String.init) ?? ""
    let operations = ["ABI", "Call", "Timing", "Tiles"].contains(area) ? 1000.0 : 1.0
    var custom: [String: Double] = [:]
    for (key, metric) in secondary where !key.hasPrefix("Time") && !key.hasPrefix("Malloc") && !key.hasPrefix("Free")
        && !key.hasPrefix("Memory") && !key.hasPrefix("Throughput")
    {
        if let value = median(metric) { custom[key] = value }
    }
    // JMH gives times in microseconds per iteration.
    raw[name] = (wall * 1000, median(secondary["Malloc (total)"]), custom, operations)
}
guard !raw.isEmpty else { fail("no benchmark results in \(path)") }

let floor = raw["Call/empty/loop"]?.mallocs ?? 0
var results: [String: Result] = [:]
for (name, r) in raw {
    results[name] = Result(
        nanoseconds: r.perIteration / r.operations,
        mallocs: r.mallocs.map { max(0, $0 - floor) / r.operations }, custom: r.custom)
}

func fmt(_ value: Double?, _ decimals: Int = 1) -> String {
    guard let value, value.isFinite else { return "–" }
    return String(format: "%.\(decimals)f", value)
}

func ratio(_ a: Double?, _ b: Double?) -> String {
    guard let a, let b, b > 0 else { return "–" }
    return String(format: "%.2f×", a / b)
}

func allocations(_ value: Double?) -> String {
    guard let value else { return "–" }
    return value == 0 ? "0" : String(format: "%.3g", value)
}

func met(_ ok: Bool) -> String { ok ? "**met**" : "**not met**" }

/// The subjects of an area, in the order they first appear in the export.
func subjects(_ area: String) -> [String] {
    var seen: [String] = []
    for entry in entries {
        guard let name = entry["benchmark"] as? String, let dot = name.range(of: "TransitionBenchmarks.") else { continue }
        let parts = name[dot.upperBound...].split(separator: "/").map(String.init)
        if parts.count >= 2, parts[0] == area, !seen.contains(parts[1]) { seen.append(parts[1]) }
    }
    return seen
}

// MARK: The machine

func shell(_ command: String) -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", command]
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    try? p.run()
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

print("## Machine\n")
print("| | |\n|---|---|")
print("| CPU | \(shell("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'")) |")
print("| cores (nproc) | \(shell("nproc")) |")
print("| memory | \(shell("awk '/MemTotal/ {printf \"%.1f GiB\", $2 / 1048576}' /proc/meminfo")) |")
print("| load average at report time | \(shell("cut -d' ' -f1-3 /proc/loadavg")) |")
print("| kernel | \(shell("uname -sr")) |")
print("| Swift | \(shell("swift --version 2>&1 | head -1")) |")
print("| C compiler | \(shell("${CC:-cc} --version | head -1")) |")
print("| libffi | \(shell("pkg-config --modversion libffi")) |")
print()

// MARK: The ABI boundary

print("## The ABI boundary: one step of each built-in animator\n")
print("Nanoseconds per step (median). *direct*: the built-in's step code called as Swift, after the same reset of")
print("every view to its base state that the host does; *C ABI*: `TransitionSession.stepInPlace` through the plugin's")
print("C entry in the dlopened `libCatalogPlugins.so`; *libffi*: the same step through `ffi_call`; *traced*: the")
print("validator's path, libffi plus a JSON line per call written to /dev/null. *paired*: the median over")
print("iterations that each time 1000 direct steps and 1000 C ABI steps back to back, so a load that changes")
print("between benchmarks does not skew it; the boundary's cost is read from this column.\n")
print("| animator | direct | C ABI | C ABI ÷ direct | paired C ABI ÷ direct | libffi | libffi ÷ C ABI | traced | traced ÷ C ABI | allocations per step (direct / C ABI / libffi / traced) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
var worstBoundary = 0.0
var worstBoundaryName = ""
for id in subjects("ABI").sorted() {
    let d = results["ABI/\(id)/direct"], c = results["ABI/\(id)/c-abi"], f = results["ABI/\(id)/ffi"], t = results["ABI/\(id)/traced"]
    let paired = results["ABI/\(id)/paired"]?.custom["C ABI ÷ direct (‰)"].map { $0 / 1000 }
    if let paired, paired - 1 > worstBoundary || worstBoundaryName.isEmpty {
        worstBoundary = paired - 1
        worstBoundaryName = id
    }
    let allocs = [d, c, f, t].map { allocations($0?.mallocs) }.joined(separator: " / ")
    print("| \(id) | \(fmt(d?.nanoseconds)) | \(fmt(c?.nanoseconds)) | \(ratio(c?.nanoseconds, d?.nanoseconds)) | \(paired.map { String(format: "%.2f×", $0) } ?? "–") | \(fmt(f?.nanoseconds)) | \(ratio(f?.nanoseconds, c?.nanoseconds)) | \(fmt(t?.nanoseconds, 0)) | \(ratio(t?.nanoseconds, c?.nanoseconds)) | \(allocs) |")
}
print()

print("## The cost of a call\n")
print("The trivial fixture's step (one store) called with the same arguments by each path.\n")
print("| path | ns per call | ÷ direct pointer | allocations per call |")
print("|---|---:|---:|---:|")
let pointer = results["Call/trivial/pointer"]?.nanoseconds
for (name, label) in [
    ("pointer", "direct C function pointer"), ("ffi_call", "`ffi_call`, call interface and argument slots prepared once"),
    ("FFIEntryPoints", "`FFIEntryPoints.step` (the validator's libffi wrapper)"), ("stepInPlace", "`TransitionSession.stepInPlace` (reset + call + bookkeeping)"),
] {
    let r = results["Call/trivial/\(name)"]
    print("| \(label) | \(fmt(r?.nanoseconds, 2)) | \(ratio(r?.nanoseconds, pointer)) | \(allocations(r?.mallocs)) |")
}
print("| (the harness's own loop) | \(fmt(results["Call/empty/loop"]?.nanoseconds, 2)) | | |")
print()

// MARK: Timing

print("## Timing functions\n")
print("Cubic Bézier: ours and a port of Chromium's `gfx::CubicBezier` (default epsilon 1e-7) on the same inputs.\n")
print("| curve | ns per evaluation | million evaluations per second | worst error vs an exact solver | Chromium ns | Chromium worst error | ours ÷ Chromium (time) | paired |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
var bezierWorstTime = 0.0
var bezierWorstError = 0.0
var bezierWorstRatio = 0.0
/// The slowest curve's median of `Timing/bezier-paired/…`, where that ran: both solvers timed in
/// every iteration, so the ratio does not move with the load between two benchmarks.
var bezierWorstPaired: Double?
for entry in results.keys.filter({ $0.hasPrefix("Timing/bezier/") }).sorted(by: { a, b in
    (results[a]?.nanoseconds ?? 0) < (results[b]?.nanoseconds ?? 0)
}) {
    let r = results[entry]!
    let name = entry.dropFirst("Timing/bezier/".count)
    let error = r.custom["worst error (1e-12)"].map { $0 * 1e-12 }
    let chromium = results["Timing/bezier-chromium/\(name)"]
    let chromiumError = chromium?.custom["worst error (1e-12)"].map { $0 * 1e-12 }
    bezierWorstTime = max(bezierWorstTime, r.nanoseconds)
    bezierWorstError = max(bezierWorstError, error ?? .infinity)
    if let c = chromium?.nanoseconds { bezierWorstRatio = max(bezierWorstRatio, r.nanoseconds / c) }
    let paired = results["Timing/bezier-paired/\(name)"]?.custom["ours ÷ Chromium (‰)"].map { $0 / 1000 }
    if let paired { bezierWorstPaired = max(bezierWorstPaired ?? 0, paired) }
    print("| cubic-bezier \(name) | \(fmt(r.nanoseconds, 2)) | \(fmt(1e3 / r.nanoseconds)) | \(error.map { String(format: "%.1e", $0) } ?? "–") | \(fmt(chromium?.nanoseconds, 2)) | \(chromiumError.map { String(format: "%.1e", $0) } ?? "–") | \(ratio(r.nanoseconds, chromium?.nanoseconds)) | \(paired.map { String(format: "%.2f×", $0) } ?? "–") |")
}
for entry in results.keys.filter({ $0.hasPrefix("Timing/spring/") }).sorted() {
    let r = results[entry]!
    print("| fitted spring, \(entry.dropFirst("Timing/spring/".count).replacingOccurrences(of: "-", with: " ")) | \(fmt(r.nanoseconds, 2)) | \(fmt(1e3 / r.nanoseconds)) | |")
}
print()

// MARK: Scaling

print("## Scaling with the number of views\n")
print("The tiles fixture through the C ABI: N tiles plus the two screens, every tile animated on every step.\n")
print("| tiles | ns per step | ns per view | per view ÷ per view at 16 |")
print("|---:|---:|---:|---:|")
var perView: [Int: Double] = [:]
for n in subjects("Tiles").compactMap(Int.init).sorted() {
    guard let r = results["Tiles/\(n)/c-abi"] else { continue }
    perView[n] = r.nanoseconds / Double(n + 2)
    print("| \(n) | \(fmt(r.nanoseconds, 0)) | \(fmt(perView[n], 2)) | \(ratio(perView[n], perView[16])) |")
}
print()
if let paired = results["Tiles/linearity/paired"] {
    print("`Tiles/linearity/paired`, the counts side by side in every iteration (medians):\n")
    print("| C ABI per view, 1024 ÷ 16 | C ABI per added tile, 256→1024 ÷ 16→64 | plugin alone, the same | host per view, 1024 ÷ 16 |")
    print("|---:|---:|---:|---:|")
    let columns = [
        "C ABI per view, 1024 ÷ 16 tiles (‰)", "C ABI per added tile, 256→1024 ÷ 16→64 (‰)",
        "plugin alone per added tile, 256→1024 ÷ 16→64 (‰)", "host per view, 1024 ÷ 16 tiles (‰)",
    ]
    print("| " + columns.map { paired.custom[$0].map { fmt($0 / 1000, 3) + "×" } ?? "–" }.joined(separator: " | ") + " |")
    print()
}

// MARK: Discovery

/// The median CPU time of a whole-program benchmark's processes, in ms.
func cpuMs(_ name: String) -> Double? { results[name]?.custom["CPU time (us)"].map { $0 / 1000 } }
/// The median wall-clock time of a benchmark, in ms.
func wallMs(_ name: String) -> Double? { results[name].map { $0.nanoseconds / 1e6 } }

print("## Discovery: `catalog list`\n")
print("`catalog list --no-builtins --plugin-path DIR` over N copies of a small C plugin; cold with a new scan")
print("cache (every file loaded in a scanning child process), warm with the cache of the run before; the")
print("floor is a C program that dlopens each file, calls its entry and closes it. Ratios of CPU time")
print("(user + system, children included), which the load of a shared machine barely moves; wall")
print("clock in brackets.\n")
print("| plugins | floor ms | cold ms | warm ms | cold ÷ floor | warm ÷ floor | cold ÷ cold at 1000 |")
print("|---:|---:|---:|---:|---:|---:|---:|")
var coldCPU: [Int: Double] = [:]
var warmCPU: [Int: Double] = [:]
var floorCPU: [Int: Double] = [:]
let counts = subjects("Discovery").compactMap(Int.init).sorted()
for n in counts {
    coldCPU[n] = cpuMs("Discovery/\(n)/cold")
    warmCPU[n] = cpuMs("Discovery/\(n)/warm")
    floorCPU[n] = cpuMs("Discovery/\(n)/floor")
}
for n in counts {
    let (cold, warm, floor) = (wallMs("Discovery/\(n)/cold"), wallMs("Discovery/\(n)/warm"), wallMs("Discovery/\(n)/floor"))
    print("| \(n) | \(fmt(floorCPU[n])) (\(fmt(floor))) | \(fmt(coldCPU[n])) (\(fmt(cold))) | \(fmt(warmCPU[n])) (\(fmt(warm))) | \(ratio(coldCPU[n], floorCPU[n])) (\(ratio(cold, floor))) | \(ratio(warmCPU[n], floorCPU[n])) (\(ratio(warm, floor))) | \(ratio(coldCPU[n], coldCPU[1000])) (\(ratio(cold, wallMs("Discovery/1000/cold")))) |")
}
print()

// MARK: Start-up

let emptySwift = cpuMs("Startup/empty-swift/run")
let essentialsSwift = cpuMs("Startup/essentials-swift/run")
let parserAnchor = cpuMs("Startup/parser-anchor/run")
let listWarm = cpuMs("Startup/catalog-list/warm")
let pngCommand = cpuMs("Command/preview-png/run")
let htmlCommand = cpuMs("Command/preview-html/run")
if emptySwift != nil || listWarm != nil {
    print("## Start-up and whole commands\n")
    print("CPU ms (wall ms in brackets).\n")
    print("| empty Swift program | FoundationEssentials program | argument-parser anchor | `catalog list` (built-ins, warm cache) | list ÷ empty | list ÷ essentials | list ÷ parser anchor | `preview --format html` | `preview --format png` | png ÷ html |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print("| \(fmt(emptySwift, 2)) (\(fmt(wallMs("Startup/empty-swift/run"), 2))) | \(fmt(essentialsSwift, 2)) (\(fmt(wallMs("Startup/essentials-swift/run"), 2))) | \(fmt(parserAnchor, 2)) (\(fmt(wallMs("Startup/parser-anchor/run"), 2))) | \(fmt(listWarm, 2)) (\(fmt(wallMs("Startup/catalog-list/warm"), 2))) | \(ratio(listWarm, emptySwift)) | \(ratio(listWarm, essentialsSwift)) | \(ratio(listWarm, parserAnchor)) | \(fmt(htmlCommand, 2)) | \(fmt(pngCommand, 2)) | \(ratio(pngCommand, htmlCommand)) |")
    print()
}

// MARK: Validation

print("## Validation: the whole contract suite\n")
print("| subject | in this process, s | isolated (`catalog validate`), s | isolated ÷ in-process |")
print("|---|---:|---:|---:|")
for subject in subjects("Validation").sorted(by: { ($0 == "builtins" ? "" : $0) < ($1 == "builtins" ? "" : $1) }) {
    let inProcess = results["Validation/\(subject)/in-process"].map { $0.nanoseconds / 1e9 }
    let isolated = results["Validation/\(subject)/isolated"].map { $0.nanoseconds / 1e9 }
    print("| \(subject == "builtins" ? "the whole plugin (smoke run)" : subject) | \(fmt(inProcess, 3)) | \(fmt(isolated, 3)) | \(ratio(isolated, inProcess)) |")
}
// The whole catalogue: the animators timed both ways, summed.
let validationPairs = subjects("Validation").filter { $0 != "builtins" }.compactMap { subject -> (Double, Double)? in
    guard let i = results["Validation/\(subject)/in-process"], let o = results["Validation/\(subject)/isolated"] else { return nil }
    return (i.nanoseconds / 1e9, o.nanoseconds / 1e9)
}
let validationInProcess = validationPairs.isEmpty ? nil : validationPairs.reduce(0) { $0 + $1.0 }
let validationIsolated = validationPairs.isEmpty ? nil : validationPairs.reduce(0) { $0 + $1.1 }
if validationInProcess != nil {
    print("| **all \(validationPairs.count) animators timed both ways** | \(fmt(validationInProcess, 3)) | \(fmt(validationIsolated, 3)) | \(ratio(validationIsolated, validationInProcess)) |")
}
print()

// MARK: Isolation

// One `catalog` process as a user runs it, isolated against `--in-process`: CPU time of the
// process and its workers (wall time in brackets).
let isolationRows: [(subject: String, what: String)] = [
    ("validate", "`validate` of every eighth built-in but explode, in one process"),
    ("preview", "`preview push slide --format json`"),
]
var isolationCPU: [String: (isolated: Double, inProcess: Double)] = [:]
/// The paired isolated ÷ in-process ratio of each command, where it ran.
var isolationPaired: [String: Double] = [:]
if !subjects("Isolation").isEmpty {
    print("## Isolation: one `catalog` process, isolated against `--in-process`\n")
    print("CPU ms of the process and its workers (wall ms in brackets).\n")
    print("| command | isolated | `--in-process` | isolated ÷ in-process, CPU | wall | paired, CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    for (subject, what) in isolationRows {
        let isolated = cpuMs("Isolation/\(subject)/isolated"), inProcess = cpuMs("Isolation/\(subject)/in-process")
        let isolatedWall = wallMs("Isolation/\(subject)/isolated"), inProcessWall = wallMs("Isolation/\(subject)/in-process")
        let paired = results["Isolation/\(subject)/paired"]?.custom["isolated ÷ in-process (‰)"].map { $0 / 1000 }
        if let isolated, let inProcess { isolationCPU[subject] = (isolated, inProcess) }
        isolationPaired[subject] = paired
        print("| \(what) | \(fmt(isolated, 1)) (\(fmt(isolatedWall, 1))) | \(fmt(inProcess, 1)) (\(fmt(inProcessWall, 1))) | \(ratio(isolated, inProcess)) | \(ratio(isolatedWall, inProcessWall)) | \(paired.map { String(format: "%.2f×", $0) } ?? "–") |")
    }
    print()
}

// MARK: Preview

let renderers = subjects("Preview").sorted()
if !renderers.isEmpty {
    print("## Preview renderers\n")
    print("| renderer | ms per render | frames | frames per second |")
    print("|---|---:|---:|---:|")
    for renderer in renderers {
        for key in results.keys.filter({ $0.hasPrefix("Preview/\(renderer)/") }).sorted() {
            let r = results[key]!
            let frames = Double(key.split(separator: "/").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 1)
            print("| \(renderer) | \(fmt(r.nanoseconds / 1e6, 2)) | \(Int(frames)) | \(fmt(frames / (r.nanoseconds / 1e9), 0)) |")
        }
    }
    print()
}

// MARK: Paired whole programs

/// The median of a paired benchmark's ratio (its metric is in thousandths).
func pairedRatio(_ name: String, _ metric: String) -> Double? { results[name]?.custom[metric].map { $0 / 1000 } }
let coldFloorPaired = pairedRatio("Discovery/1000/cold-floor-paired", "cold ÷ floor (‰)")
let listEmptyPaired = pairedRatio("Startup/list-empty/paired", "list ÷ empty (‰)")
let listParserPaired = pairedRatio("Startup/list-parser/paired", "list ÷ parser anchor (‰)")
let pngHTMLPaired = pairedRatio("Command/preview-png-html/paired", "png ÷ html (‰)")
/// "1.23× paired (1.25× medians)": the paired ratio first, the ratio of the separate medians after.
func pairedText(_ paired: Double?, _ medians: Double?) -> String {
    let p = paired.map { String(format: "%.2f× paired", $0) }
    let m = medians.map { String(format: "%.2f× medians", $0) }
    return [p, m.map { p == nil ? $0 : "(\($0))" }].compactMap { $0 }.joined(separator: " ")
}
if coldFloorPaired != nil || listEmptyPaired != nil || listParserPaired != nil || pngHTMLPaired != nil {
    print("## Paired whole programs\n")
    print("Each iteration runs the command and its anchor once each, in alternating order; the median of")
    print("the iterations' CPU-time ratios. The targets below read these where they ran.\n")
    print("| command ÷ anchor | paired median |")
    print("|---|---:|")
    for (name, value) in [("cold `list` of 1000 ÷ the C floor", coldFloorPaired), ("`catalog list` (warm) ÷ an empty Swift program", listEmptyPaired), ("`catalog list` (warm) ÷ the argument-parser anchor", listParserPaired), ("`preview --format png` ÷ `--format html`", pngHTMLPaired)] {
        if let value { print("| \(name) | \(String(format: "%.2f×", value)) |") }
    }
    print()
}

// MARK: Targets

print("## Targets\n")
print("| target | measured | |")
print("|---|---|---|")
if !worstBoundaryName.isEmpty {
    print("| the C ABI adds at most 10% to a two-view step | worst paired: \(String(format: "%+.1f%%", worstBoundary * 100)) (\(worstBoundaryName)) | \(met(worstBoundary <= 0.10)) |")
}
if bezierWorstTime > 0 {
    let r = bezierWorstPaired ?? bezierWorstRatio
    print("| cubic Bézier faster than Chromium's on every curve, at error ≤ 1e-9 | slowest ours ÷ Chromium \(pairedText(bezierWorstPaired, bezierWorstRatio)), worst error \(String(format: "%.1e", bezierWorstError)) | \(met(r > 0 && r < 1 && bezierWorstError <= 1e-9)) |")
}
if let small = perView[16], let large = perView[1024] {
    print("| cost per view flat from 16 to 1024 views | 1024 ÷ 16: \(ratio(large, small)) | \(met(large / small <= 1.05)) |")
}
if let paired = results["Tiles/linearity/paired"] {
    if let slope = paired.custom["C ABI per added tile, 256→1024 ÷ 16→64 (‰)"].map({ $0 / 1000 }) {
        print("| cost per added view flat from 16 to 1024 views (paired) | 256→1024 ÷ 16→64: \(String(format: "%.3f×", slope)) | \(met(slope <= 1.05)) |")
    }
    if let host = paired.custom["host per view, 1024 ÷ 16 tiles (‰)"].map({ $0 / 1000 }) {
        print("| the host's part per view flat from 16 to 1024 views (paired) | 1024 ÷ 16: \(String(format: "%.3f×", host)) | \(met(host <= 1.05)) |")
    }
}
if let base = coldCPU[1000] {
    for n in [3000, 10_000] {
        guard let c = coldCPU[n] else { continue }
        print("| cold `list` linear: \(n) plugins ≤ \(String(format: "%.1f", 1.1 * Double(n) / 1000))× the CPU time of 1000 | \(ratio(c, base)) | \(met(c / base <= 1.1 * Double(n) / 1000)) |")
    }
}
if let floor = floorCPU[1000], let cold = coldCPU[1000] {
    let r = coldFloorPaired ?? cold / floor
    print("| cold `list` of 1000 ≤ 2× the C dlopen floor | \(pairedText(coldFloorPaired, cold / floor)) | \(met(r <= 2)) |")
}
if let floor = floorCPU[1000], let warm = warmCPU[1000] {
    print("| warm `list` of 1000 ≤ 0.5× the C dlopen floor | \(ratio(warm, floor)) | \(met(warm / floor <= 0.5)) |")
}
if let empty = emptySwift, let list = listWarm {
    let r = listEmptyPaired ?? list / empty
    print("| `catalog list` (warm) ≤ 1.5× an empty Swift program | \(pairedText(listEmptyPaired, list / empty)) | \(met(r <= 1.5)) |")
}
if let anchor = parserAnchor, let list = listWarm {
    let r = listParserPaired ?? list / anchor
    print("| `catalog list` (warm) ≤ 1.5× the argument-parser anchor (FoundationEssentials and swift-argument-parser over the same commands) | \(pairedText(listParserPaired, list / anchor)) | \(met(r <= 1.5)) |")
}
if let v = isolationCPU["validate"] {
    let paired = isolationPaired["validate"], r = paired ?? v.isolated / v.inProcess
    print("| isolated `validate` ≤ 1.5× `--in-process`, one process (CPU) | \(pairedText(paired, v.isolated / v.inProcess)) | \(met(r <= 1.5)) |")
}
if let inProcess = validationInProcess, let isolated = validationIsolated {
    print("| isolated `validate` ≤ 1.5× `--in-process`, summed over the built-ins (a process per animator) | \(ratio(isolated, inProcess)) (\(validationPairs.count) animators) | \(met(isolated / inProcess <= 1.5)) |")
}
if let p = isolationCPU["preview"] {
    let paired = isolationPaired["preview"], r = paired ?? p.isolated / p.inProcess
    print("| isolated `preview push slide` ≤ 1.3× `--in-process` (CPU) | \(pairedText(paired, p.isolated / p.inProcess)) | \(met(r <= 1.3)) |")
}
if let png = pngCommand, let html = htmlCommand {
    let r = pngHTMLPaired ?? png / html
    print("| `preview --format png` ≤ 1.5× `--format html` of the same transition | \(pairedText(pngHTMLPaired, png / html)) | \(met(r <= 1.5)) |")
}
if let gif = results["Preview/gif/60"] {
    let ms = gif.nanoseconds / 1e6
    print("| a 60-frame GIF of a two-view transition well under a second (here: under half) | \(fmt(ms, 0)) ms | \(met(ms < 500)) |")
}
let stepAllocations = subjects("ABI").compactMap { results["ABI/\($0)/c-abi"]?.mallocs }
    + results.filter { $0.key.hasPrefix("Tiles/") && $0.key.hasSuffix("/c-abi") }.compactMap(\.value.mallocs)
if !stepAllocations.isEmpty {
    let most = stepAllocations.max() ?? 0
    print("| a step allocates nothing | most per C ABI step: \(allocations(most)) | \(met(most == 0)) |")
}

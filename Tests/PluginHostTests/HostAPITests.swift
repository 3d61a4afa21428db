import Foundation
import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The C host API: its header compiles cleanly as C and C++, and a C program that uses only the
/// header and libTransitionCatalogHost sees the same frames as the Swift drivers given the same
/// gesture.
@Suite struct HostAPITests {
    static let headerSource = """
        #include "transition_catalog_host.h"
        int main(void) {
            tch_host_options_t options;
            tch_frame_t frame;
            options.struct_size = sizeof options;
            frame.struct_size = sizeof frame;
            (void)frame;
            return options.struct_size > 0 && TCH_API_VERSION_MAJOR == 1 ? 0 : 1;
        }
        """

    @Test(arguments: [
        ("c", ["cc", "-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
        ("c", ["cc", "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
        ("cpp", ["c++", "-std=c++11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
        ("cpp", ["c++", "-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
    ])
    func headerCompilesCleanly(_ language: String, _ command: [String]) throws {
        let dir = try Self.scratch("tc-host-header")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/main.\(language)"
        try Self.headerSource.write(toFile: file, atomically: true, encoding: .utf8)
        let build = try runProcess("/usr/bin/env", command + ["-I", TestEnvironment.includeDirectory, file, "-o", dir + "/main"])
        #expect(build.status == 0, "\(command.joined(separator: " ")): \(build.stderr)")
        #expect(try runProcess(dir + "/main", []).status == 0)
    }

    /// The C fixture's frames, gesture outcomes and hierarchies against the Swift drivers'.
    @Test func cProgramDrivesLikeTheSwiftDrivers() throws {
        let dir = try Self.scratch("tc-host-drive")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let broken = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/Host/broken-transitions.json").path
        let run = try runProcess(try Self.compileFixture("drive", into: dir), [TestEnvironment.builtinPlugin, TestEnvironment.catalogExecutable, broken])
        try #require(run.status == 0, "the C fixture failed: \(run.stderr)")
        let compared = ["animator ", "parameter ", "frame ", "view ", "release ", "end ", "layers "]
        let fromC = run.stdout.split(separator: "\n").map(String.init).filter { line in compared.contains { line.hasPrefix($0) } }
        let fromSwift = try Self.swiftDrive()
        #expect(fromC.count == fromSwift.count, "C printed \(fromC.count) lines, Swift \(fromSwift.count)")
        for (c, swift) in zip(fromC, fromSwift) { #expect(c == swift) }
        #expect(run.stdout.contains("refused pop detail"), "the update after the cancel was not refused with a message")
        #expect(fromC.contains("release finishes=0") && fromC.contains("layers after-present home dimming(0.400) sheet"))
        #expect(run.stdout.contains("file-refused \(broken): rules[0].animator: unknown animator 'no-such-animator'"), "\(run.stdout)")
        #expect(run.stdout.contains("push-on-tabs this driver does not serve push"), "\(run.stdout)")
        #expect(fromC.contains("layers after-matched-push photo"), "the matched push did not land on photo")
        #expect(run.stdout.contains("full-screen-refused present (full-screen) home → sheet: form-sheet does not serve the full-screen style"), "\(run.stdout)")
        #expect(fromC.filter { $0.hasPrefix("view ") }.count > 20, "too few views to compare")
    }

    /// Plugins that crash never take the embedding process down with worker isolation: the one
    /// that crashes while loading is refused by the scan, the animator that crashes in a step
    /// fails its first transition in its worker and is refused at the next, and other animators
    /// still run.
    @Test func crashingPluginsAreRefused() throws {
        let dir = try Self.scratch("tc-host-crash")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exe = try Self.compileFixture("crashing", into: dir)
        let run = try runProcess(exe, [
            TestEnvironment.builtinPlugin, try FixturePlugins.path("crash_on_load"), try FixturePlugins.path("crash_in_step"),
            TestEnvironment.catalogExecutable,
        ])
        #expect(run.status == 0, "the embedding process did not survive: \(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("refused: ") && $0.contains("crash_on_load") }, "\(run.stdout)")
        let broken = lines.filter { $0.hasPrefix("push crash-in-step: status 9: ") }
        #expect(broken.count == 2, "\(run.stdout)")
        #expect(broken.first?.contains("SIGSEGV") == true, "the refusal does not name the signal: \(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("push slide: progress") } && lines.last == "survived", "\(run.stdout)")
    }

    /// With in-process isolation the scan still refuses the plugin that crashes on load, and the
    /// animator that crashes in a step takes the embedding process down: the option does run
    /// plugins in this process, as the header says.
    @Test func inProcessRunsPluginsHereButKeepsTheScan() throws {
        let dir = try Self.scratch("tc-host-in-process")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exe = try Self.compileFixture("crashing", into: dir)
        let run = try runProcess(exe, [
            TestEnvironment.builtinPlugin, try FixturePlugins.path("crash_on_load"), try FixturePlugins.path("crash_in_step"),
            TestEnvironment.catalogExecutable, "in-process",
        ], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(run.status != 0 && !run.stdout.contains("survived"), "\(run.stdout)")
        #expect(run.stdout.contains("refused: ") && run.stdout.contains("crash_on_load"), "\(run.stdout)")
    }

    /// A C program runs wasm animators in its own process with no worker at all (in-process
    /// isolation), over every hostile module: each one that loops, traps or bloats fails its
    /// transition with TCH_E_PLUGIN_BROKEN and a message naming the call, each one that cannot be
    /// a plugin is refused by the scan, and the program goes on to run the C built-ins' wasm build.
    @Test func aCProgramSurvivesEveryHostileModuleInProcess() throws {
        let dir = try Self.scratch("tc-host-sandboxed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exe = try Self.compileFixture("sandboxed", into: dir)
        let hostile = try WasmFixtures.hostile.map { try WasmFixtures.path($0.name) } + [try WasmFixtures.path("not_wasm"), try WasmFixtures.path("huge")]
        let run = try runProcess(
            exe, [TestEnvironment.catalogExecutable, try WasmFixtures.cBuiltins()] + hostile,
            environment: ["TRANSITION_CATALOG_WASM_FUEL": String(WasmFixtures.testFuel)])
        #expect(run.status == 0, "the embedding process did not survive: \(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        func after(_ module: String) -> String {
            guard let i = lines.firstIndex(of: "module \(module).wasm"), i + 1 < lines.count else { return "" }
            return lines[i + 1]
        }
        let broken = [
            ("loop_duration", "hostile: begin: status 9: push home → next: org.example.hostile:hostile: wasm duration: did not return"),
            ("loop_setup", "hostile: begin: status 9: push home → next: org.example.hostile:hostile: wasm setup: did not return"),
            ("loop_step", "hostile: frame: status 9: org.example.hostile:hostile: wasm step at progress 0.6667: did not return"),
            ("grow_memory", "hostile: begin: status 9: push home → next: org.example.hostile:hostile: wasm setup: grew its linear memory"),
            ("oob_store", "hostile: frame: status 9: org.example.hostile:hostile: wasm step at progress 0.6667: trapped: out of bounds"),
            ("unreachable", "hostile: frame: status 9: org.example.hostile:hostile: wasm step at progress 0.6667: trapped: unreachable"),
            ("recursion", "hostile: frame: status 9: org.example.hostile:hostile: wasm step at progress 0.6667: trapped: "),
            ("bad_service_pointer", "hostile: begin: status 9: push home → next: org.example.hostile:hostile: wasm setup: trapped: out of bounds"),
        ]
        for (module, line) in broken { #expect(after(module).hasPrefix(line), "\(module): \(after(module))") }
        let refused = [
            ("wasi_import", "imports `wasi_snapshot_preview1."), ("unknown_import", "imports `env.read_clipboard`"),
            ("lying_count", "animator_count is 5000"), ("pointer_past_memory", "lies outside the module's"),
            ("unterminated_string", "has no terminating NUL"), ("not_wasm", "not a WebAssembly module"), ("huge", "the module is 64 MiB"),
        ]
        for (module, reason) in refused {
            #expect(after(module).hasPrefix("refused: ") && after(module).contains("/\(module).wasm: ") && after(module).contains(reason), "\(module): \(after(module))")
        }
        #expect(after("counts_transitions") == "hostile: progress 1.000 with 1 views", "\(run.stdout)")
        #expect(lines.suffix(2) == ["fade-upwards: progress 1.000 with 2 views", "survived"], "\(run.stdout)")
    }

    /// With worker_executable NULL the library finds the worker beside itself, however crowded
    /// the app's memory map: a program with a few hundred mappings opens a host over the C
    /// built-ins and sees their three animators.
    @Test func aNullWorkerIsFoundBesideTheLibraryInACrowdedProcess() throws {
        let dir = try Self.scratch("tc-host-crowded")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exe = try Self.compileFixture("crowded", into: dir)
        let run = try runProcess(exe, [PackagePlugins.cPlugin])
        #expect(run.status == 0 && run.stdout == "opened: 3 animators\n", "\(run.stdout)\(run.stderr)")
    }

    /// A scan cache that is a named pipe, a link to /dev/zero or a 64 GiB sparse file is refused
    /// by `tch_host_open` without being read (it used to block or abort the app) and replaced.
    @Test(arguments: ["a named pipe", "a link to /dev/zero", "a 64 GiB sparse file"])
    func aHostileCacheFileDoesNotStopTheHost(what: String) throws {
        let dir = try Self.scratch("tc-host-cache")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exe = try Self.compileFixture("hostile_cache", into: dir)
        let cache = dir + "/cache"
        switch what {
        case "a named pipe": try #require(mkfifo(cache, 0o600) == 0)
        case "a link to /dev/zero": try FileManager.default.createSymbolicLink(atPath: cache, withDestinationPath: "/dev/zero")
        default:
            try #require(FileManager.default.createFile(atPath: cache, contents: nil))
            try #require(truncate(cache, 64 << 30) == 0, "the file system cannot hold a 64 GiB sparse file")
        }
        let run = try runProcess(exe, [PackagePlugins.cPlugin, TestEnvironment.catalogExecutable, cache])
        #expect(run.status == 0 && run.stdout == "opened: 3 animators, 0 refused\n", "\(what): \(run.stdout)\(run.stderr)")
        var st = stat()
        #expect(lstat(cache, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && st.st_size < 1 << 20, "\(what) was not replaced")
    }

    /// A zeroed tch_host_options_t (or one of version 1.0's size) finds what `catalog` finds: the
    /// built-ins beside the library, the C built-ins and TRANSITION_ANIMATOR_PATH, and a push runs
    /// slide. Explicit paths alone find only those, as in 1.0; TCH_SEARCH_CATALOG adds the
    /// defaults to them, and TCH_SEARCH_PATHS_ONLY opts out.
    @Test func aZeroedHostFindsWhatCatalogFinds() throws {
        let lines = try Self.runDefaults()
        let counted = "counted-fade"
        for label in ["zeroed", "size-1.0", "explicit+catalog"] {
            let line = lines.first { $0.hasPrefix(label + ": ") } ?? "\(label): missing"
            #expect(line.hasSuffix("slide=1 fade-upwards=1 \(counted)=1"), "\(line)")
        }
        #expect(lines.contains("zeroed push: animator=org.transitioncatalog.builtins:slide duration=0.350 settled=1 finished=1 layers=detail"), "\(lines)")
        #expect(lines.contains("explicit: 3 animators slide=0 fade-upwards=1 \(counted)=0"), "\(lines)")
        #expect(lines.contains("paths-only: 0 animators slide=0 fade-upwards=0 \(counted)=0"), "\(lines)")
        #expect(lines.contains("bad-search: open failed: search is 7; use TCH_SEARCH_DEFAULT, TCH_SEARCH_CATALOG or TCH_SEARCH_PATHS_ONLY"), "\(lines)")
    }

    /// With no animator for a push, a present or a pop, beginning it fails with
    /// TCH_E_NO_ANIMATOR and a message naming the transition and the ways out; an instant change
    /// happens only where asked for: a rule with TCH_RULE_INSTANT, or a tab switch left to the
    /// system default. A rule that is both instant and an animator is refused.
    @Test func noAnimatorIsAnErrorUnlessAnInstantChangeWasAskedFor() throws {
        let lines = try Self.runDefaults()
        let remedy = "open the host with no plugin_paths (or with search TCH_SEARCH_CATALOG) to get the built-ins, add a rule naming an animator the host has, or add a rule with flags TCH_RULE_INSTANT to change screens without animating"
        #expect(lines.contains("push: status 11: push home → detail: no animator serves it: its system default slide is not among the host's 0 animators; \(remedy)"), "\(lines)")
        #expect(lines.contains("present: status 11: present (full-screen) home → sheet: no animator serves it: its system default cover-vertical is not among the host's 0 animators; \(remedy)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("pop: status 11: pop detail → home: no animator serves it") }, "\(lines)")
        #expect(lines.contains("tab: animator=none duration=0.000 settled=1 finished=1 layers=search"), "\(lines)")
        #expect(lines.contains("instant push: animator=none duration=0.000 settled=1 finished=1 layers=detail"), "\(lines)")
        #expect(lines.contains("instant rule: status 0"), "\(lines)")
        #expect(lines.contains("instant+animator: status 1: the rule sets TCH_RULE_INSTANT and names the animator slide; set animator to NULL for an instant change, or clear the flag"), "\(lines)")
        #expect(lines.contains("unknown-flag: status 1: flags 0x4 holds bits that are no rule flag; use TCH_RULE_INSTANT or 0"), "\(lines)")
    }

    /// A library installed in PREFIX/lib without the built-ins beside it in
    /// PREFIX/lib/transition-catalog/builtins still opens a zeroed host, says where it looked for
    /// them and what to do, and a push then fails with TCH_E_NO_ANIMATOR instead of changing
    /// screens at once.
    @Test func aZeroedHostWithoutTheBuiltInsSaysSoAndAPushFails() throws {
        let dir = try Self.scratch("tc-host-no-builtins")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/prefix/lib", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/prefix/bin", withIntermediateDirectories: true)
        try fm.copyItem(atPath: TestEnvironment.productsDirectory + "/libTransitionCatalogHost.so", toPath: dir + "/prefix/lib/libTransitionCatalogHost.so")
        try fm.createSymbolicLink(atPath: dir + "/prefix/bin/catalog-worker", withDestinationPath: TestEnvironment.productsDirectory + "/catalog-worker")
        let lines = try Self.runDefaults(libraryDirectory: dir + "/prefix/lib")
        let missing = try #require(lines.first { $0.hasPrefix("zeroed refused: \(dir)/prefix/bin/libCatalogPlugins.so: ") }, "\(lines)")
        #expect(missing.contains("the built-in plugin library is missing; the host looks for it beside libTransitionCatalogHost.so, or in PREFIX/lib/transition-catalog/builtins"), "\(missing)")
        #expect(!missing.contains("--no-builtins"), "\(missing)")
        #expect(lines.contains { $0.hasPrefix("zeroed: ") && $0.hasSuffix("slide=0 fade-upwards=0 counted-fade=1") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("zeroed push: status 11: push home → detail: no animator serves it: its system default slide is not among the host's ") }, "\(lines)")
    }

    /// Runs the `defaults` fixture over the C built-ins, with a plugin on TRANSITION_ANIMATOR_PATH
    /// and a home with no plugin folder, and returns its lines. The fixture links the library in
    /// `libraryDirectory`, the build's by default.
    static func runDefaults(libraryDirectory: String = TestEnvironment.productsDirectory) throws -> [String] {
        let dir = try Self.scratch("tc-host-defaults")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exe = try Self.compileFixture("defaults", into: dir, libraryDirectory: libraryDirectory)
        let run = try runProcess(exe, [PackagePlugins.cPlugin, "counted-fade"], environment: [
            "TRANSITION_ANIMATOR_PATH": try FixturePlugins.directory(with: ["counts_loads"]), "HOME": dir, "XDG_DATA_HOME": dir + "/data",
        ])
        try #require(run.status == 0, "the defaults fixture failed: \(run.stdout)\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// A broken fixture: a C program given a struct_size too small is refused with a message.
    @Test func smallStructSizeIsRefused() throws {
        let dir = try Self.scratch("tc-host-size")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = """
            #include <stdio.h>
            #include <string.h>
            #include "transition_catalog_host.h"
            int main(void) {
                tch_host_options_t options;
                tch_host_t *host = NULL;
                char error[256];
                memset(&options, 0, sizeof options);
                options.struct_size = 8;
                tch_status_t status = tch_host_open(&options, &host, error, sizeof error);
                printf("%d %s\\n", (int)status, error);
                return host == NULL ? 0 : 1;
            }
            """
        try source.write(toFile: dir + "/small.c", atomically: true, encoding: .utf8)
        let products = TestEnvironment.productsDirectory
        let build = try runProcess("/usr/bin/env", [
            TestEnvironment.cCompiler, "-I", TestEnvironment.includeDirectory, dir + "/small.c", "-L", products,
            "-lTransitionCatalogHost", "-Wl,-rpath," + products, "-o", dir + "/small",
        ])
        try #require(build.status == 0, "\(build.stderr)")
        let run = try runProcess(dir + "/small", [])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("1 tch_host_options_t.struct_size is 8"), "\(run.stdout)")
    }

    // MARK: The same gestures through the Swift drivers

    static func swiftDrive() throws -> [String] {
        let catalog = PluginCatalog.load(PluginSearchPath(explicit: [TestEnvironment.builtinPlugin], environment: [:], builtInDirectory: nil))
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let sheet = try TransitionsSourceFile(
            json: #"""
                {"version": 1, "rules": [
                  {"operation": ["present", "dismiss"], "animator": "form-sheet", "style": "custom"},
                  {"operation": "push", "to": "photo", "animator": "ios-zoom"},
                  {"operation": "push", "animator": "cube"}]}
                """#,
            fileName: "rules", catalog: catalog.animators.map(\.description))
        var lines: [String] = []
        for animator in catalog.animators where ["slide", "form-sheet"].contains(animator.id) {
            let d = animator.description
            let operations = d.operations.reduce(0) { $0 | 1 << $1.rawValue }, styles = d.styles.reduce(0) { $0 | 1 << ($1 == .custom ? 1 : 0) }
            lines.append("animator \(d.id) \(animator.qualifiedID) operations=\(operations) styles=\(styles) reversible=\(d.reversible ? 1 : 0) parameters=\(d.parameters.count)")
            for p in d.parameters {
                lines.append(String(format: "parameter %@ type=%u default=%g range=%g...%g choices=", p.id, p.kind.rawValue, p.defaultValue, p.minimum, p.maximum)
                    + p.choices.joined(separator: ","))
            }
        }
        func frame(_ t: DrivenTransition, _ label: String, _ time: Double, origin: Double) {
            let f = t.frame(at: time - origin)
            let phase = t.controller.phase(at: time - origin)
            let codes: [InteractionController.Phase: Int] = [.interacting: 0, .finishing: 1, .cancelling: 2, .finished: 3, .cancelled: 4]
            let drawn = f.drawnViews
            lines.append(String(format: "frame %@ t=%.3f progress=%.6f phase=%u views=%u", label, time, f.progress, codes[phase]!, drawn.count))
            for v in drawn {
                let s = v.state
                func screen(of role: ViewRole) -> String? {
                    role == .from ? t.transition.fromScreen : role == .to ? t.transition.toScreen : nil
                }
                let source = (v.state.content?.source ?? v.source).flatMap { f[$0]?.role }
                let screen = screen(of: v.role) ?? source.flatMap(screen(of:)) ?? "-"
                let corner = s.project(x: -s.frame.width / 2, y: -s.frame.height / 2, camera: f.camera)
                lines.append(String(
                    format: "view %@ %@ frame=%.3f,%.3f,%.3fx%.3f alpha=%.4f z=%d radius=%.3f tx=%.3f corner=%.3f,%.3f",
                    v.role.name, screen, s.frame.x, s.frame.y, s.frame.width, s.frame.height, s.alpha, s.zIndex, s.cornerRadius,
                    s.transform.m[12], corner.x, corner.y))
            }
        }
        func layers(_ list: [ScreenLayer], _ label: String) {
            lines.append("layers \(label)" + list.map { layer in
                if let screen = layer.screen { return " \(screen)" }
                if case .dimming(let c) = layer.content { return String(format: " dimming(%.3f)", c.alpha * layer.alpha) }
                return ""
            }.joined())
        }
        let navDirector = TransitionDirector(catalog: catalog, source: sheet, containerBounds: bounds)
        let nav = NavigationDriver(root: "home", director: navDirector)
        let push = try nav.beginPush("detail")
        frame(push, "push", 1.2, origin: 1)
        lines.append("end push finished=\(try push.complete().finished ? 1 : 0)")
        layers(nav.layers, "after-push")
        let pop = try nav.beginPop(interactive: true)
        try pop.update(0.2, at: 0.1)
        try pop.update(0.45, at: 0.2)
        frame(pop, "pop-drag", 10.2, origin: 10)
        lines.append("release finishes=\(try pop.release(velocity: 0.8, at: 0.25) ? 1 : 0)")
        frame(pop, "pop-released", 10.3, origin: 10)
        try pop.pause(at: 0.32)
        frame(pop, "pop-grabbed", 10.4, origin: 10)
        try pop.update(0.3, at: 0.5)
        lines.append("release finishes=\(try pop.release(velocity: -1.5, at: 0.55) ? 1 : 0)")
        frame(pop, "pop-cancelling", 10.6, origin: 10)
        frame(pop, "pop-settled", 12.0, origin: 10)
        lines.append("end pop finished=\(try pop.complete().finished ? 1 : 0)")
        layers(nav.layers, "after-pop")
        let card = MatchedElement(id: "card", fromFrame: Rect(x: 16, y: 200, width: 358, height: 120), toFrame: bounds)
        let matched = try nav.beginPush("photo", matching: [card])
        frame(matched, "matched-push", 15.1, origin: 15)
        lines.append("end matched-push finished=\(try matched.complete().finished ? 1 : 0)")
        layers(nav.layers, "after-matched-push")
        let modal = ModalDriver(presenting: "home", director: TransitionDirector(catalog: catalog, source: sheet, containerBounds: bounds))
        let present = try modal.beginPresent("sheet")
        frame(present, "present-mid", 20.15, origin: 20)
        frame(present, "present-end", 25.0, origin: 20)
        lines.append("end present finished=\(try present.complete().finished ? 1 : 0)")
        layers(modal.layers, "after-present")
        let dismiss = try modal.beginDismiss()
        frame(dismiss, "dismiss-mid", 30.1, origin: 30)
        lines.append("end dismiss finished=\(try dismiss.complete().finished ? 1 : 0)")
        layers(modal.layers, "after-dismiss")
        let bar = TabDriver(screens: ["inbox", "search", "settings"], director: TransitionDirector(catalog: catalog, source: sheet, containerBounds: bounds))
        let tab = try bar.beginSelect(2)
        frame(tab, "tab", 40.0, origin: 40)
        lines.append("end tab finished=\(try tab.complete().finished ? 1 : 0)")
        layers(bar.layers, "after-tab")
        return lines
    }

    /// Compiles the C fixture `Tests/Fixtures/Host/NAME.c` against the header and the library in
    /// `libraryDirectory` (the build's by default).
    static func compileFixture(_ name: String, into dir: String, libraryDirectory: String = TestEnvironment.productsDirectory) throws -> String {
        let source = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/Host/\(name).c").path
        let products = libraryDirectory
        let build = try runProcess("/usr/bin/env", [
            TestEnvironment.cCompiler, "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", TestEnvironment.includeDirectory, source,
            "-L", products, "-lTransitionCatalogHost", "-Wl,-rpath," + products, "-o", dir + "/" + name,
        ])
        try #require(build.status == 0, "the C fixture \(name).c does not build: \(build.stderr)")
        return dir + "/" + name
    }

    static func scratch(_ name: String) throws -> String {
        let dir = TestEnvironment.temporaryDirectory + "/\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

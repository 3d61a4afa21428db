import Foundation
import TestSupport
import Testing

/// The public header compiles as C and as C++ with every warning an error.
@Suite struct HeaderTests {
    static let source = """
        #include "transition_catalog.h"
        static double duration(const tc_animator_t *self, const tc_context_t *ctx) {
            (void)self; (void)ctx; return 0.3;
        }
        int main(void) {
            tc_version_t v = TC_ABI_VERSION_INIT;
            tc_view_state_t state;
            state.transform.m[15] = 1;
            (void)state;
            (void)duration;
            return tc_version_is_compatible(v) && TC_OPERATION_BIT(TC_OPERATION_TAB) == 16u ? 0 : 1;
        }
        """

    @Test(arguments: [
        ("c", ["cc", "-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
        ("c", ["cc", "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
        ("cpp", ["c++", "-std=c++11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
        ("cpp", ["c++", "-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]),
    ])
    func compilesCleanly(_ language: String, _ command: [String]) throws {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("tc-header-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("main.\(language)")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        let exe = dir.appendingPathComponent("main").path
        let build = try runProcess("/usr/bin/env", command + ["-I", TestEnvironment.includeDirectory, file.path, "-o", exe])
        #expect(build.status == 0, "\(command.joined(separator: " ")): \(build.stderr)")
        let run = try runProcess(exe, [])
        #expect(run.status == 0)
    }
}

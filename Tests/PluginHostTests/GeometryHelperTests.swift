import Foundation
import TestSupport
import Testing
import TransitionABI
import TransitionCore

/// The header's static inline geometry helpers: the signs the header documents, checked in a
/// compiled C program and against TransitionCore's transforms from Swift.
@Suite struct GeometryHelperTests {
    static let program = """
        #include "transition_catalog.h"
        #include <stdio.h>
        static double apply(tc_transform_t t, int row, double x, double y, double z) {
            return t.m[row] * x + t.m[4 + row] * y + t.m[8 + row] * z + t.m[12 + row];
        }
        #define CHECK(cond) do { if (!(cond)) { printf("failed: %s\\\\n", #cond); return 1; } } while (0)
        int main(void) {
            /* about y, positive: the right edge (+x) goes away from the viewer (-z) */
            CHECK(apply(tc_transform_rotate_y(0.3), 2, 1, 0, 0) < 0);
            /* about x, positive: the bottom edge (+y) comes towards the viewer (+z) */
            CHECK(apply(tc_transform_rotate_x(0.3), 2, 0, 1, 0) > 0);
            /* about z, positive: +x turns towards +y, clockwise on screen */
            CHECK(apply(tc_transform_rotate_z(0.3), 1, 1, 0, 0) > 0);
            /* multiply(a, b) applies b first */
            tc_transform_t ts = tc_transform_multiply(tc_transform_translate(10, 0, 0), tc_transform_scale(2, 2, 1));
            CHECK(apply(ts, 0, 1, 0, 0) == 12);
            /* perspective: a point 100 pt towards the eye at 500 pt has w = 0.8 */
            CHECK(fabs(apply(tc_transform_perspective(500), 3, 0, 0, 100) - 0.8) < 1e-12);
            CHECK(tc_transform_perspective(0).m[11] == 0);
            /* a quarter turn about the top-left corner of a 100 x 100 frame moves the centre to (-100, 0) */
            tc_rect_t frame = {0, 0, 100, 100};
            tc_transform_t hinge = tc_transform_about_anchor(tc_transform_rotate_z(3.14159265358979323846 / 2), frame, 0, 0);
            CHECK(fabs(apply(hinge, 0, 0, 0, 0) + 100) < 1e-9 && fabs(apply(hinge, 1, 0, 0, 0)) < 1e-9);
            CHECK(tc_operation_bit(TC_OPERATION_TAB) == TC_OPERATION_BIT(TC_OPERATION_TAB));
            CHECK(tc_style_bit(TC_STYLE_CUSTOM) == TC_STYLE_BIT(TC_STYLE_CUSTOM));
            CHECK(tc_abi_version().minor == TC_ABI_VERSION_MINOR);
            tc_camera_t camera = tc_camera_perspective(700);
            CHECK(camera.eye_distance == 700 && camera.sublayer_transform.m[0] == 1);
            return 0;
        }
        """

    @Test(arguments: [["cc", "-std=c99"], ["cc", "-std=c11"], ["c++", "-std=c++11"], ["c++", "-std=c++17"]])
    func helpersFollowTheDocumentedSignsInCAndCPlusPlus(_ compiler: [String]) throws {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("tc-helpers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(compiler[0] == "c++" ? "main.cpp" : "main.c")
        try Self.program.write(to: file, atomically: true, encoding: .utf8)
        let exe = dir.appendingPathComponent("main").path
        let build = try runProcess(
            "/usr/bin/env", compiler + ["-Wall", "-Wextra", "-Wpedantic", "-Werror", "-I", TestEnvironment.includeDirectory, file.path, "-o", exe, "-lm"])
        #expect(build.status == 0, "\(build.stderr)")
        let run = try runProcess(exe, [])
        #expect(run.status == 0, "\(run.stdout)")
    }

    func swift(_ t: tc_transform_t) -> Transform3D {
        var values: [Double] = []
        withUnsafeBytes(of: t.m) { values = Array($0.bindMemory(to: Double.self)) }
        return Transform3D(columnMajor: values)!
    }

    @Test(arguments: [-2.0, -0.4, 0.25, 1.3])
    func helpersMatchTheHostsTransforms(_ angle: Double) {
        #expect(swift(tc_transform_rotate_x(angle)).distance(to: .rotationX(angle)) < 1e-15)
        #expect(swift(tc_transform_rotate_y(angle)).distance(to: .rotationY(angle)) < 1e-15)
        #expect(swift(tc_transform_rotate_z(angle)).distance(to: .rotationZ(angle)) < 1e-15)
        #expect(swift(tc_transform_perspective(500 + angle)).distance(to: .perspective(distance: 500 + angle)) < 1e-15)
        let composed = tc_transform_multiply(tc_transform_translate(3, angle, 7), tc_transform_rotate_y(angle))
        #expect(swift(composed).distance(to: Transform3D.translation(x: 3, y: angle, z: 7).concatenating(.rotationY(angle))) < 1e-12)
        let about = tc_transform_about(tc_transform_rotate_z(angle), 10, -20, 0)
        let expected = Transform3D.translation(x: 10, y: -20).concatenating(.rotationZ(angle)).concatenating(.translation(x: -10, y: 20))
        #expect(swift(about).distance(to: expected) < 1e-12)
    }
}

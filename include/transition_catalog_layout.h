/*
 * transition_catalog_layout.h: the frozen layout of the ABI 1.x structs, checked by the compiler.
 *
 * Included at the end of transition_catalog.h. On a 64-bit target every struct of the ABI must
 * have exactly these sizes, alignments and field offsets; a compiler (or a set of flags, such as
 * -fpack-struct or -malign-double) that lays them out differently fails to build a plugin rather
 * than making one that misbehaves. The numbers never change within major 1: structs are frozen,
 * and the ABI grows through extensions.
 */
#ifndef TRANSITION_CATALOG_LAYOUT_H
#define TRANSITION_CATALOG_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

/* Checked in C11 and later on 64-bit targets (_Static_assert and _Alignof are C11). */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && UINTPTR_MAX == UINT64_MAX

#define TC_LAYOUT_HINT ": this compiler lays out transition_catalog.h differently from the frozen ABI; build with default struct packing and alignment"

_Static_assert(sizeof(tc_version_t) == 12, "sizeof(tc_version_t) must be 12" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_version_t) == 4, "alignof(tc_version_t) must be 4" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_version_t, major) == 0, "offsetof(tc_version_t, major) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_version_t, minor) == 4, "offsetof(tc_version_t, minor) must be 4" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_version_t, patch) == 8, "offsetof(tc_version_t, patch) must be 8" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_rect_t) == 32, "sizeof(tc_rect_t) must be 32" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_rect_t) == 8, "alignof(tc_rect_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, x) == 0, "offsetof(tc_rect_t, x) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, y) == 8, "offsetof(tc_rect_t, y) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, width) == 16, "offsetof(tc_rect_t, width) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, height) == 24, "offsetof(tc_rect_t, height) must be 24" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_color_t) == 32, "sizeof(tc_color_t) must be 32" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_color_t) == 8, "alignof(tc_color_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, r) == 0, "offsetof(tc_color_t, r) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, g) == 8, "offsetof(tc_color_t, g) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, b) == 16, "offsetof(tc_color_t, b) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, a) == 24, "offsetof(tc_color_t, a) must be 24" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_transform_t) == 128, "sizeof(tc_transform_t) must be 128" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_transform_t) == 8, "alignof(tc_transform_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_transform_t, m) == 0, "offsetof(tc_transform_t, m) must be 0" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_view_state_t) == 216, "sizeof(tc_view_state_t) must be 216" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_view_state_t) == 8, "alignof(tc_view_state_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, frame) == 0, "offsetof(tc_view_state_t, frame) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, alpha) == 32, "offsetof(tc_view_state_t, alpha) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, transform) == 40, "offsetof(tc_view_state_t, transform) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, corner_radius) == 168, "offsetof(tc_view_state_t, corner_radius) must be 168" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, z_index) == 176, "offsetof(tc_view_state_t, z_index) must be 176" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, hidden) == 180, "offsetof(tc_view_state_t, hidden) must be 180" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, color) == 184, "offsetof(tc_view_state_t, color) must be 184" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_param_t) == 80, "sizeof(tc_param_t) must be 80" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_param_t) == 8, "alignof(tc_param_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, id) == 0, "offsetof(tc_param_t, id) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, name) == 8, "offsetof(tc_param_t, name) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, doc) == 16, "offsetof(tc_param_t, doc) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, unit) == 24, "offsetof(tc_param_t, unit) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, type) == 32, "offsetof(tc_param_t, type) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, default_value) == 40, "offsetof(tc_param_t, default_value) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, min_value) == 48, "offsetof(tc_param_t, min_value) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, max_value) == 56, "offsetof(tc_param_t, max_value) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, choice_count) == 64, "offsetof(tc_param_t, choice_count) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, choices) == 72, "offsetof(tc_param_t, choices) must be 72" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_context_t) == 232, "sizeof(tc_context_t) must be 232" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_context_t) == 8, "alignof(tc_context_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, abi) == 0, "offsetof(tc_context_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, operation) == 12, "offsetof(tc_context_t, operation) must be 12" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, presentation_style) == 16, "offsetof(tc_context_t, presentation_style) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, interactive) == 20, "offsetof(tc_context_t, interactive) must be 20" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, tab_from_index) == 24, "offsetof(tc_context_t, tab_from_index) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, tab_to_index) == 28, "offsetof(tc_context_t, tab_to_index) must be 28" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, container_bounds) == 32, "offsetof(tc_context_t, container_bounds) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, from_view) == 64, "offsetof(tc_context_t, from_view) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, to_view) == 68, "offsetof(tc_context_t, to_view) must be 68" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, from_initial_frame) == 72, "offsetof(tc_context_t, from_initial_frame) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, from_final_frame) == 104, "offsetof(tc_context_t, from_final_frame) must be 104" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, to_initial_frame) == 136, "offsetof(tc_context_t, to_initial_frame) must be 136" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, to_final_frame) == 168, "offsetof(tc_context_t, to_final_frame) must be 168" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, param_values) == 200, "offsetof(tc_context_t, param_values) must be 200" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, param_count) == 208, "offsetof(tc_context_t, param_count) must be 208" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, host) == 216, "offsetof(tc_context_t, host) must be 216" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, host_data) == 224, "offsetof(tc_context_t, host_data) must be 224" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_host_t) == 112, "sizeof(tc_host_t) must be 112" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_host_t) == 8, "alignof(tc_host_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, abi) == 0, "offsetof(tc_host_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, name) == 16, "offsetof(tc_host_t, name) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, version) == 24, "offsetof(tc_host_t, version) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, add_view) == 32, "offsetof(tc_host_t, add_view) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, insert_view_below) == 40, "offsetof(tc_host_t, insert_view_below) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, remove_view) == 48, "offsetof(tc_host_t, remove_view) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, snapshot_view) == 56, "offsetof(tc_host_t, snapshot_view) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, make_view) == 64, "offsetof(tc_host_t, make_view) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, timing_curve) == 72, "offsetof(tc_host_t, timing_curve) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, cubic_bezier) == 80, "offsetof(tc_host_t, cubic_bezier) must be 80" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, spring) == 88, "offsetof(tc_host_t, spring) must be 88" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, log) == 96, "offsetof(tc_host_t, log) must be 96" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, get_extension) == 104, "offsetof(tc_host_t, get_extension) must be 104" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_camera_t) == 136, "sizeof(tc_camera_t) must be 136" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_camera_t) == 8, "alignof(tc_camera_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_camera_t, eye_distance) == 0, "offsetof(tc_camera_t, eye_distance) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_camera_t, sublayer_transform) == 8, "offsetof(tc_camera_t, sublayer_transform) must be 8" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_matched_element_t) == 80, "sizeof(tc_matched_element_t) must be 80" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_matched_element_t) == 8, "alignof(tc_matched_element_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, id) == 0, "offsetof(tc_matched_element_t, id) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, from_frame) == 8, "offsetof(tc_matched_element_t, from_frame) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, to_frame) == 40, "offsetof(tc_matched_element_t, to_frame) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, from_view) == 72, "offsetof(tc_matched_element_t, from_view) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, to_view) == 76, "offsetof(tc_matched_element_t, to_view) must be 76" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_compositing_t) == 56, "sizeof(tc_compositing_t) must be 56" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_compositing_t) == 8, "alignof(tc_compositing_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, abi) == 0, "offsetof(tc_compositing_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, set_double_sided) == 16, "offsetof(tc_compositing_t, set_double_sided) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, set_camera) == 24, "offsetof(tc_compositing_t, set_camera) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, snapshot_rect) == 32, "offsetof(tc_compositing_t, snapshot_rect) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, matched_element_count) == 40, "offsetof(tc_compositing_t, matched_element_count) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, matched_element) == 48, "offsetof(tc_compositing_t, matched_element) must be 48" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_animator_t) == 104, "sizeof(tc_animator_t) must be 104" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_animator_t) == 8, "alignof(tc_animator_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, abi) == 0, "offsetof(tc_animator_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, id) == 16, "offsetof(tc_animator_t, id) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, name) == 24, "offsetof(tc_animator_t, name) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, summary) == 32, "offsetof(tc_animator_t, summary) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, operations) == 40, "offsetof(tc_animator_t, operations) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, styles) == 44, "offsetof(tc_animator_t, styles) must be 44" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, flags) == 48, "offsetof(tc_animator_t, flags) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, param_count) == 52, "offsetof(tc_animator_t, param_count) must be 52" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, params) == 56, "offsetof(tc_animator_t, params) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, animator_data) == 64, "offsetof(tc_animator_t, animator_data) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, duration) == 72, "offsetof(tc_animator_t, duration) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, setup) == 80, "offsetof(tc_animator_t, setup) must be 80" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, step) == 88, "offsetof(tc_animator_t, step) must be 88" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, completion) == 96, "offsetof(tc_animator_t, completion) must be 96" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_plugin_t) == 104, "sizeof(tc_plugin_t) must be 104" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_plugin_t) == 8, "alignof(tc_plugin_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, abi) == 0, "offsetof(tc_plugin_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, id) == 16, "offsetof(tc_plugin_t, id) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, name) == 24, "offsetof(tc_plugin_t, name) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, vendor) == 32, "offsetof(tc_plugin_t, vendor) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, version) == 40, "offsetof(tc_plugin_t, version) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, description) == 48, "offsetof(tc_plugin_t, description) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, license) == 56, "offsetof(tc_plugin_t, license) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, animator_count) == 64, "offsetof(tc_plugin_t, animator_count) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, animators) == 72, "offsetof(tc_plugin_t, animators) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, init) == 80, "offsetof(tc_plugin_t, init) must be 80" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, deinit) == 88, "offsetof(tc_plugin_t, deinit) must be 88" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, get_extension) == 96, "offsetof(tc_plugin_t, get_extension) must be 96" TC_LAYOUT_HINT);

#undef TC_LAYOUT_HINT

#endif

#endif /* TRANSITION_CATALOG_LAYOUT_H */

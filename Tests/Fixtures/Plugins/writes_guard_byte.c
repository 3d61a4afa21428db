/*
 * writes_guard_byte.c: an animator whose step writes the byte 0xA5 past the end of its views.
 *
 * Breaks: step fills a whole view state at index view_count, one past the last view the host gave it,
 * with 0xA5, the byte the host once filled its guard with, then a correct cross-fade.
 * Caught by: the guard after the views is drawn at random for each transition, so the write is seen
 * whatever byte it writes; validate fails lifecycle and preview shows none of its states. It must never
 * crash the host process.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double fixture_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool fixture_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void fixture_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                         tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    memset(&views[view_count], 0xA5, sizeof views[0]); /* The breach. */
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "writes-guard-byte",
    .name = "Writes Guard Byte",
    .summary = "A cross-fade that writes 0xA5 over one view state past its views.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = fixture_duration,
    .setup = fixture_setup,
    .step = fixture_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &animator };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.writes-guard-byte",
    .name = "Writes Guard Byte",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade that writes 0xA5 over one view state past its views.",
    .license = "MIT",
    .animator_count = 1,
    .animators = animators,
    .init = NULL,
    .deinit = NULL,
    .get_extension = NULL,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

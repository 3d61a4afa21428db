/*
 * jumpy_step.c: an animator whose step is discontinuous.
 *
 * Breaks: the to-view's frame.x sits half its width to the right of its final x for progress
 * below 0.5 and snaps to the final x from 0.5 on, a jump of width / 2 at progress 0.5. Both
 * endpoints are exact (progress 0: the to-view is transparent; progress 1: at its final frame), the
 * step is pure and every value is finite.
 * Caught by: the continuity check (no jumps: nearby progresses give nearby states).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double jumpy_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool jumpy_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void jumpy_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) {
        to->alpha = t;
        /* The breach: a step function of progress. */
        if (progress < 0.5) to->frame.x = ctx->to_final_frame.x + 0.5 * ctx->to_final_frame.width;
    }
}

static const tc_animator_t jumpy = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "jumpy-step",
    .name = "Jumpy Step",
    .summary = "A cross-fade in which the new screen snaps sideways half-way.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = jumpy_duration,
    .setup = jumpy_setup,
    .step = jumpy_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &jumpy };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.jumpy",
    .name = "Jumpy",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Moves the to-view by half its width in one go at progress 0.5.",
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

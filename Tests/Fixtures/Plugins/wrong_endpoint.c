/*
 * wrong_endpoint.c: an animator that stops half-way on opacity.
 *
 * Breaks: on push the to-view fades from 0 only to 0.5, so at progress 1 it is left at alpha 0.5
 * instead of 1. Pop is correct; push's progress 0, purity, continuity and finiteness are correct.
 * Caught by: the progress-1 endpoint check (to-view exactly at to_final_frame, alpha 1, identity
 * transform, not hidden).
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

static double half_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool half_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void half_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) {
        /* The breach on push: the fade ends at 0.5 instead of 1. */
        to->alpha = ctx->operation == TC_OPERATION_PUSH ? 0.5 * t : t;
    }
}

static const tc_animator_t half = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "wrong-endpoint",
    .name = "Wrong Endpoint",
    .summary = "A cross-fade whose push leaves the new screen half transparent.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = half_duration,
    .setup = half_setup,
    .step = half_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &half };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.wrongendpoint",
    .name = "Wrong Endpoint",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Ends a push with the to-view at alpha 0.5.",
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

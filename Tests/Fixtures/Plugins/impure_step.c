/*
 * impure_step.c: an animator whose step is not pure in progress.
 *
 * Breaks: step counts its calls in a static (a global that changes, shared by all transitions)
 * and, for 0 < progress < 1, nudges the to-view's frame.x by 0.001 pt per call modulo 100 (at most
 * 0.099 pt). Two calls at the same progress therefore give different states, unless exactly a
 * multiple of 100 calls apart. Progress 0 and 1 are exact, the offset is far too small to look like
 * a jump, and all values stay finite.
 * Caught by: the purity check (the same progress stepped again, after other progresses, must
 * give bit-identical states).
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

/* The breach: mutable global state read by step. */
static uint64_t step_calls = 0;

static double impure_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool impure_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void impure_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                        tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    step_calls++;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) {
        to->alpha = t;
        if (progress > 0.0 && progress < 1.0) {
            to->frame.x = ctx->to_final_frame.x + 0.001 * (double)(step_calls % 100);
        }
    }
}

static const tc_animator_t impure = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "impure-step",
    .name = "Impure Step",
    .summary = "A cross-fade whose mid-transition frames depend on how often step was called.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = impure_duration,
    .setup = impure_setup,
    .step = impure_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &impure };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.impure",
    .name = "Impure",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Keeps a call counter in a static and lets it leak into the view states.",
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

/*
 * crash_in_step.c: an animator that crashes its process half-way through a transition.
 *
 * Breaks: for progress > 0.5, step writes through a NULL pointer and the process dies of SIGSEGV.
 * Setup, duration, progress 0 and every progress up to 0.5 are correct (a cross-fade).
 * Caught by: plugin isolation; a host that runs plugins out of process must survive, report the
 * animator as crashed with the signal (SIGSEGV), and keep serving other plugins.
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

static double crash_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool crash_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void crash_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    if (progress > 0.5) {
        *(volatile int *)0 = 1; /* The breach: SIGSEGV. */
    }
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t crash = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "crash-in-step",
    .name = "Crash in Step",
    .summary = "A cross-fade that dereferences NULL past half-way.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = crash_duration,
    .setup = crash_setup,
    .step = crash_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &crash };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.crash",
    .name = "Crash",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Crashes with SIGSEGV in step for progress above 0.5.",
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

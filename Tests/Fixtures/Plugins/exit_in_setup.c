/*
 * exit_in_setup.c: an animator that ends the whole process from setup.
 *
 * Breaks: setup calls exit(3), as a careless plugin might on an "impossible" condition. Loading,
 * the descriptor and duration are fine; no step ever runs.
 * Caught by: plugin isolation; the host must notice that the worker exited (status 3) in the
 * middle of a call, report the animator as having terminated the process, and keep running.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double exit_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool exit_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    (void)ctx;
    *state = NULL;
    exit(3); /* The breach: takes the host process down with it. */
}

/* Correct, but never reached. */
static void exit_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t exiter = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "exit-in-setup",
    .name = "Exit in Setup",
    .summary = "Calls exit(3) when a transition starts.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = exit_duration,
    .setup = exit_setup,
    .step = exit_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &exiter };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.exit",
    .name = "Exit",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Ends the process with exit status 3 from setup.",
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

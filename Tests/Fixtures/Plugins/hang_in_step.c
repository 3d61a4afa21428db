/*
 * hang_in_step.c: an animator that never returns from step past half-way.
 *
 * Breaks: for progress > 0.5, step spins forever in a loop on a volatile counter (the volatile
 * keeps the compiler from removing the loop). Everything up to progress 0.5 is a correct cross-fade.
 * Caught by: plugin isolation with a time limit; the host must give up on the call after its
 * timeout, kill the worker, report the animator as hung, and keep serving other plugins.
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

static double hang_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool hang_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void hang_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    if (progress > 0.5) {
        volatile uint64_t spins = 0;
        for (;;) { /* The breach: never returns. */
            spins++;
        }
    }
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t hang = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "hang-in-step",
    .name = "Hang in Step",
    .summary = "A cross-fade that loops forever past half-way.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = hang_duration,
    .setup = hang_setup,
    .step = hang_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &hang };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.hang",
    .name = "Hang",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Spins forever in step for progress above 0.5.",
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

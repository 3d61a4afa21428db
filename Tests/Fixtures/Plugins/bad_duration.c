/*
 * bad_duration.c: an animator with a negative duration.
 *
 * Breaks: duration returns -1 seconds (durations must be finite, > 0 and at most 60). Setup and
 * step are a correct cross-fade for push and pop.
 * Caught by: the duration check (the host must reject the value, naming it, rather than run a
 * transition of negative length or divide by it).
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

static double negative_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return -1.0; /* The breach. */
}

static bool negative_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void negative_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                          tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t negative = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "bad-duration",
    .name = "Bad Duration",
    .summary = "A cross-fade that claims to take -1 seconds.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = negative_duration,
    .setup = negative_setup,
    .step = negative_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &negative };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.badduration",
    .name = "Bad Duration",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Returns a negative duration.",
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

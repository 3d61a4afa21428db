/*
 * setup_refuses.c: an animator that declares pop but refuses to set it up.
 *
 * Breaks: "push-only-fade" declares push and pop in its operations, but its setup returns false
 * for every pop (as if pop support were never finished). Push is a correct cross-fade.
 * Caught by: the lifecycle check (setup must accept every operation the animator declares); the
 * other checks skip pop, since a refused transition never steps, and pass on push.
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

static double refusing_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool refusing_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    /* The breach: pop is declared in .operations but always refused here. */
    if (ctx->operation == TC_OPERATION_POP) return false;
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void refusing_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                          tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t refusing = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "push-only-fade",
    .name = "Push-Only Fade",
    .summary = "A cross-fade that declares pop but refuses to run it.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = refusing_duration,
    .setup = refusing_setup,
    .step = refusing_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &refusing };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.setuprefuses",
    .name = "Setup Refuses",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Declares push and pop, but its setup returns false for pop.",
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

/*
 * forgets_to_add.c: an animator that never puts the to-view in the container on push.
 *
 * Breaks: setup for push adds nothing, so the to-view it animates is never in the container and the
 * new screen would never appear. Pop is correct (the to-view goes just below the from-view), and the
 * step output is a correct cross-fade for both.
 * Caught by: the view-bookkeeping check after setup (on push the to-view must be in the container,
 * above the from-view).
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

static double forgetful_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool forgetful_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    /* The breach: push should call ctx->host->add_view(ctx, ctx->to_view) here. */
    return true;
}

static void forgetful_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                           tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t forgetful = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "forgets-to-add",
    .name = "Forgets to Add",
    .summary = "A cross-fade whose push never adds the new screen.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = forgetful_duration,
    .setup = forgetful_setup,
    .step = forgetful_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &forgetful };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.forgetful",
    .name = "Forgetful",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Never adds the to-view to the container on push.",
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

/*
 * nan_step.c: an animator whose step writes NaN in the middle of the transition.
 *
 * Breaks: for progress strictly between 0.4 and 0.6, "nan-step" writes NaN into the to-view's
 * alpha (a 0/0 that slipped through). Progress 0 and 1 are exact and correct, so endpoint checks
 * pass; only sampling the middle finds it.
 * Caught by: the finite-values check on step output (all values finite, alpha in [0, 1]).
 */
#include <math.h>
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

static double nan_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool nan_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    return ctx->host->add_view(ctx, ctx->to_view); /* push: on top */
}

static void nan_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                     tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (to == NULL) return;
    /* The breach: NaN for 0.4 < progress < 0.6, a correct fade elsewhere. */
    to->alpha = (progress > 0.4 && progress < 0.6) ? NAN : clamp01(progress);
}

static const tc_animator_t nan_animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "nan-step",
    .name = "NaN Step",
    .summary = "Fades the new screen in, except that its opacity is NaN half-way.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = nan_duration,
    .setup = nan_setup,
    .step = nan_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &nan_animator };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.nan",
    .name = "NaN",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Writes NaN into a view state for progress between 0.4 and 0.6.",
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

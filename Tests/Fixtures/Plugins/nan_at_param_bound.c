/*
 * nan_at_param_bound.c: an animator that divides by a parameter whose range includes 0.
 *
 * Breaks: "spread-fade" has a number parameter "spread" in [0, 2] (default 1). Between the ends,
 * step computes the to-view's opacity as progress / spread * spread, a round trip through the
 * parameter that is harmless for every spread but 0, where it is inf * 0 = NaN for
 * 0 < progress < 1. Progress 0 and 1 are written exactly, so with the default (and with any other
 * spread) endpoints and values are correct.
 * Caught by: the parameters check, which tries every parameter at its bounds (spread = 0 and
 * spread = 2) and finds non-finite alpha at spread = 0. The other checks run with the default
 * and pass.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

#define SPREAD_DEFAULT 1.0

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static const tc_param_t spread_params[] = {
    {
        .id = "spread",
        .name = "Spread",
        .doc = "How far the fade of the new screen is spread over the transition.",
        .unit = "",
        .type = TC_PARAM_NUMBER,
        .default_value = SPREAD_DEFAULT,
        .min_value = 0.0, /* the trap: 0 is allowed, and step divides by it */
        .max_value = 2.0,
        .choice_count = 0,
        .choices = NULL,
    },
};

static double spread_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool spread_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void spread_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                        tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double spread = ctx->param_count > 0 ? ctx->param_values[0] : SPREAD_DEFAULT;
    double t;
    if (progress <= 0.0) {
        t = 0.0;
    } else if (progress >= 1.0) {
        t = 1.0;
    } else {
        t = progress / spread * spread; /* the breach: NaN when spread is 0 */
    }
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - clamp01(progress);
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t spread_fade = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "spread-fade",
    .name = "Spread Fade",
    .summary = "A cross-fade whose spread parameter is divided by, even at 0.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 1,
    .params = spread_params,
    .animator_data = NULL,
    .duration = spread_duration,
    .setup = spread_setup,
    .step = spread_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &spread_fade };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.nanbound",
    .name = "NaN At Parameter Bound",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Writes NaN opacities when its spread parameter is at its lower bound, 0.",
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

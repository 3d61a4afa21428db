/*
 * bad_param_default.c: a parameter whose default lies outside its own range.
 *
 * Breaks: the NUMBER parameter "distance" has default 10 but range [0, 5]. The rest of the
 * animator is correct: a slide for push and pop that moves the to-view by "distance" points
 * (clamped into [0, 5], so even the bad default gives a sane animation).
 * Caught by: parameter validation at load (defaults must lie in [min, max]); the host must refuse
 * the animator or plugin and name the parameter, its default and its range.
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

static const tc_param_t nudge_params[] = {
    {
        .id = "distance",
        .name = "Distance",
        .doc = "How far the new screen slides while it fades in.",
        .unit = "pt",
        .type = TC_PARAM_NUMBER,
        .default_value = 10.0, /* The breach: above max_value. */
        .min_value = 0.0,
        .max_value = 5.0,
        .choice_count = 0,
        .choices = NULL,
    },
};

/* The "distance" value, kept within its declared range. */
static double nudge_distance(const tc_context_t *ctx) {
    double value = (ctx->param_values != NULL && ctx->param_count > 0) ? ctx->param_values[0] : 5.0;
    if (!(value >= 0.0)) return 0.0; /* also catches NaN */
    return value > 5.0 ? 5.0 : value;
}

static double nudge_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool nudge_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

/* The to-view fades in while sliding the last "distance" points into place. */
static void nudge_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) {
        to->alpha = t;
        to->frame.x = ctx->to_final_frame.x + nudge_distance(ctx) * (1.0 - t);
    }
}

static const tc_animator_t nudge = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "nudge",
    .name = "Nudge",
    .summary = "Fades the new screen in while it slides a few points into place.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 1,
    .params = nudge_params,
    .animator_data = NULL,
    .duration = nudge_duration,
    .setup = nudge_setup,
    .step = nudge_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &nudge };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.badparamdefault",
    .name = "Bad Parameter Default",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Declares a parameter whose default is above its maximum.",
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

/*
 * adds_to_on_custom_dismiss.c: the black-screen bug.
 *
 * Breaks: "black-screen" serves present and dismiss in the custom style and its setup calls
 * add_view(ctx, ctx->to_view) unconditionally. On a custom-style dismiss the presenting view stays
 * outside the container and to_view is TC_VIEW_NONE, so the animator asks the host to add an absent
 * view (on a real system, putting the presenting view back blanks the screen when the transition
 * ends). It ignores the refusal and carries on; its step is a correct fade that never touches an
 * absent entry.
 * Caught by: the view-bookkeeping check; the host must flag the add_view of TC_VIEW_NONE on a custom
 * dismiss (touching an absent view), not merely return false from the service.
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

static double black_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool black_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    /* The breach: no TC_VIEW_NONE check; on a custom dismiss this adds the absent to-view. The result
     * is ignored so that the transition goes on and the host's own check has to catch it. */
    (void)ctx->host->add_view(ctx, ctx->to_view);
    return true;
}

/* Present (custom): the presented to-view fades in. Dismiss (custom): the from-view fades out. */
static void black_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t black_screen = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "black-screen",
    .name = "Black Screen",
    .summary = "A modal fade that adds the presenting view back on a custom dismiss.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PRESENT) | TC_OPERATION_BIT(TC_OPERATION_DISMISS),
    .styles = TC_STYLE_BIT(TC_STYLE_CUSTOM),
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = black_duration,
    .setup = black_setup,
    .step = black_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &black_screen };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.blackscreen",
    .name = "Black Screen",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Adds the absent presenting view on a custom-style dismiss.",
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

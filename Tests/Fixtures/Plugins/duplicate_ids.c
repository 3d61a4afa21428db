/*
 * duplicate_ids.c: a plugin with two animators that share one id.
 *
 * Breaks: both animators have the id "twin" (ids must be unique within a plugin). Each animator is
 * otherwise valid: "twin" fades for push and pop, and the second "twin" fades for present and
 * dismiss (full screen).
 * Caught by: descriptor validation at load; the host must refuse the plugin (or at least the
 * duplicate) and name the repeated id "twin".
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

static double fade_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

/* Presenting (push, present): to-view on top. Dismissing (pop, dismiss): just below the from-view. */
static bool fade_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP || ctx->operation == TC_OPERATION_DISMISS) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void fade_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t twin_navigation = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "twin", /* the breach: same id as below */
    .name = "Twin (navigation)",
    .summary = "A cross-fade for push and pop.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = fade_duration,
    .setup = fade_setup,
    .step = fade_step,
    .completion = NULL,
};

static const tc_animator_t twin_modal = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "twin", /* the breach: same id as above */
    .name = "Twin (modal)",
    .summary = "A cross-fade for full-screen present and dismiss.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PRESENT) | TC_OPERATION_BIT(TC_OPERATION_DISMISS),
    .styles = TC_STYLE_BIT(TC_STYLE_FULL_SCREEN),
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = fade_duration,
    .setup = fade_setup,
    .step = fade_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &twin_navigation, &twin_modal };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.twins",
    .name = "Twins",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Two animators that both claim the id \"twin\".",
    .license = "MIT",
    .animator_count = 2,
    .animators = animators,
    .init = NULL,
    .deinit = NULL,
    .get_extension = NULL,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

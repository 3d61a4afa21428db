/*
 * cancel_leaves_offset.c: an interactive animator that never puts the from-view back.
 *
 * Breaks: when ctx->interactive is true, "offset-fade" shifts the from-view 20 pt to the right
 * for every progress below 1, progress 0 included, so a gesture cancelled back to 0 leaves the
 * old screen displaced. Non-interactive runs are a correct cross-fade, and the interactive look
 * is still a function of progress alone.
 * Caught by: the cancel check (cancelled back to 0, the from-view must be exactly as it was).
 * The endpoints check runs non-interactive, and reversibility compares forward and back at the
 * same progress (equal here), so both pass.
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

static double offset_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool offset_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void offset_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                        tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) {
        from->alpha = 1.0 - t;
        /* The breach: interactive runs nudge the from-view aside even at progress 0. */
        if (ctx->interactive && progress < 1.0) from->frame.x = ctx->from_initial_frame.x + 20.0;
    }
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t offset_fade = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "offset-fade",
    .name = "Offset Fade",
    .summary = "A cross-fade that nudges the old screen aside when driven by a gesture.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = offset_duration,
    .setup = offset_setup,
    .step = offset_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &offset_fade };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.canceloffset",
    .name = "Cancel Leaves Offset",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Leaves the old screen 20 pt off its place when an interactive transition is cancelled.",
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

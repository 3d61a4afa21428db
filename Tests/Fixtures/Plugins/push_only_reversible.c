/*
 * push_only_reversible.c: a correct plugin whose one animator serves push only and declares
 * itself reversible (TC_ANIMATOR_REVERSIBLE).
 *
 * Proves automatic reversal: a host asked for a pop with "cover-push" runs this push backwards
 * (progress 1 - p, from and to swapped) and completes it with the opposite flag. The motion is
 * deliberately asymmetric in time (an ease-in curve) and leaves a shadow strip, so a test can
 * tell a real time reversal from a fresh forward run and check the strip is cleaned up.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "transition_catalog.h"

typedef struct cover_state {
    tc_view_id_t shadow;
} cover_state_t;

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double cover_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.5;
}

static bool cover_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->operation != TC_OPERATION_PUSH) return false;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (!ctx->host->add_view(ctx, ctx->to_view)) return false;
    cover_state_t *s = malloc(sizeof *s);
    if (s == NULL) return false;
    tc_rect_t strip = ctx->container_bounds;
    strip.width = 8.0;
    tc_color_t black = { 0.0, 0.0, 0.0, 0.3 };
    s->shadow = ctx->host->make_view(ctx, TC_ROLE_SHADOW, strip, black);
    if (s->shadow != TC_VIEW_NONE) ctx->host->insert_view_below(ctx, s->shadow, ctx->to_view);
    *state = s;
    return true;
}

static void cover_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    const cover_state_t *s = state;
    double eased = ctx->host->timing_curve(ctx, TC_CURVE_EASE_IN, progress);
    double width = ctx->container_bounds.width;
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (to != NULL) to->frame.x = ctx->to_final_frame.x + (1.0 - eased) * width;
    if (s != NULL) {
        tc_view_state_t *shadow = entry(views, view_count, s->shadow);
        if (shadow != NULL) {
            shadow->frame.x = ctx->to_final_frame.x + (1.0 - eased) * width - 8.0;
            shadow->alpha = progress <= 0.0 || progress >= 1.0 ? 0.0 : 1.0;
        }
    }
}

static void cover_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)finished;
    cover_state_t *s = state;
    if (s != NULL && s->shadow != TC_VIEW_NONE) ctx->host->remove_view(ctx, s->shadow);
    free(s);
}

static const tc_animator_t cover_push = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "cover-push",
    .name = "Cover Push",
    .summary = "The pushed screen covers the old one from the right edge; pop runs it backwards.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .styles = 0,
    .flags = TC_ANIMATOR_REVERSIBLE,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = cover_duration,
    .setup = cover_setup,
    .step = cover_step,
    .completion = cover_completion,
};

static const tc_animator_t *const animators[] = { &cover_push };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.pushonly",
    .name = "Push Only",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "One reversible push animator, for automatic reversal.",
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

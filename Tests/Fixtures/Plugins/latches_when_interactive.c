/*
 * latches_when_interactive.c: an interactive animator whose look depends on how far it has been.
 *
 * Breaks: when ctx->interactive is true, "latching-fade" rounds the to-view's corners by
 * 12 pt times the largest progress seen so far in this transition, a "high-water mark" kept in
 * per-transition state that step updates. Scrubbing forward to 1 and back therefore shows square
 * corners going and rounded corners coming back at the same progress. Non-interactive runs use
 * radius 0, and the opacities are a correct cross-fade in both cases.
 * Caught by: the reversibility check (forward then back, interactive, must look the same at the
 * same progress). Purity and independence run non-interactive; the cancel check is interactive
 * but looks only at the from-view and at what is visible at progress 0 (the to-view has alpha 0
 * there, and corner radius is not part of placement), so they all pass.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

typedef struct latch_state {
    double furthest; /* the largest progress seen so far: the breach, step writes it */
} latch_state_t;

static double latch_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool latch_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    latch_state_t *s = malloc(sizeof *s);
    if (s == NULL) return false;
    s->furthest = 0.0;
    bool added = ctx->operation == TC_OPERATION_POP
                     ? ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view)
                     : ctx->host->add_view(ctx, ctx->to_view);
    if (!added) {
        free(s);
        return false;
    }
    *state = s;
    return true;
}

static void latch_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    latch_state_t *s = state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) {
        to->alpha = t;
        if (ctx->interactive && s != NULL) {
            /* The breach: the radius follows the high-water mark, not the current progress. */
            if (t > s->furthest) s->furthest = t;
            to->corner_radius = 12.0 * s->furthest;
        }
    }
}

static void latch_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)ctx;
    (void)finished;
    free(state);
}

static const tc_animator_t latching = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "latching-fade",
    .name = "Latching Fade",
    .summary = "A cross-fade whose interactive corner rounding remembers the furthest progress.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = latch_duration,
    .setup = latch_setup,
    .step = latch_step,
    .completion = latch_completion,
};

static const tc_animator_t *const animators[] = { &latching };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.latches",
    .name = "Latches When Interactive",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Rounds corners by the furthest progress seen when driven interactively.",
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

/*
 * leaks_on_cancel.c: an animator that cleans up after a finished transition only.
 *
 * Breaks: "shadowed-fade" makes a shadow view (TC_ROLE_SHADOW) in setup, puts it into the
 * container and fades it in and out with the cross-fade (alpha 0.3 * 4t(1 - t): invisible at
 * progress 0 and 1). Its completion removes the shadow only when `finished` is true; a cancelled
 * transition leaves it in the container. Everything else is correct.
 * Caught by: the leaks check on its cancelled run (a view the animator made is still in the
 * container after completion). The finished run is clean, and the cancel check passes: the
 * shadow is invisible at progress 0 and the host settles the hierarchy itself.
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

typedef struct shadowed_state {
    tc_view_id_t shadow; /* a soft shadow under the arriving screen, or TC_VIEW_NONE */
} shadowed_state_t;

static double shadowed_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool shadowed_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    shadowed_state_t *s = malloc(sizeof *s);
    if (s == NULL) return false;

    /* The to-view: on top for push, just below the from-view for pop. */
    bool added = ctx->operation == TC_OPERATION_POP
                     ? ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view)
                     : ctx->host->add_view(ctx, ctx->to_view);
    if (!added) {
        free(s);
        return false;
    }
    /* The shadow goes just below the to-view (push) or just below the from-view (pop). */
    tc_color_t black = { 0.0, 0.0, 0.0, 1.0 };
    s->shadow = ctx->host->make_view(ctx, TC_ROLE_SHADOW, ctx->to_final_frame, black);
    if (s->shadow != TC_VIEW_NONE) {
        tc_view_id_t above = ctx->operation == TC_OPERATION_POP ? ctx->from_view : ctx->to_view;
        ctx->host->insert_view_below(ctx, s->shadow, above);
    }
    *state = s;
    return true;
}

static void shadowed_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                          tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    const shadowed_state_t *s = state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
    tc_view_state_t *shadow = s != NULL ? entry(views, view_count, s->shadow) : NULL;
    if (shadow != NULL) shadow->alpha = 0.3 * 4.0 * t * (1.0 - t);
}

static void shadowed_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    shadowed_state_t *s = state;
    /* The breach: the shadow must be removed whether or not the transition finished. */
    if (s != NULL && finished && s->shadow != TC_VIEW_NONE) ctx->host->remove_view(ctx, s->shadow);
    free(s);
}

static const tc_animator_t shadowed = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "shadowed-fade",
    .name = "Shadowed Fade",
    .summary = "A cross-fade with a passing shadow that stays behind when cancelled.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = shadowed_duration,
    .setup = shadowed_setup,
    .step = shadowed_step,
    .completion = shadowed_completion,
};

static const tc_animator_t *const animators[] = { &shadowed };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.leaksoncancel",
    .name = "Leaks On Cancel",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Removes its shadow view after a finished transition, but not after a cancelled one.",
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

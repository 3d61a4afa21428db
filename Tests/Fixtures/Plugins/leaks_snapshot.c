/*
 * leaks_snapshot.c: an animator that leaves its snapshot in the container.
 *
 * Breaks: "leaky-snapshot" snapshots the from-view in setup, adds the snapshot on top and fades it
 * out, but its completion only frees the state and never calls remove_view on the snapshot: the
 * classic bug of a stale snapshot left on top of the new screen. Everything else is correct.
 * Caught by: the made-views check after completion (a view the animator made is still in the
 * container); every other check (endpoints, purity, continuity, finite values) passes.
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

typedef struct leaky_state {
    tc_view_id_t snapshot; /* picture of the from-view, on top of everything */
} leaky_state_t;

static double leaky_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool leaky_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    leaky_state_t *s = malloc(sizeof *s);
    if (s == NULL) return false;

    /* The to-view: on top for push, just below the from-view for pop. */
    bool added = ctx->operation == TC_OPERATION_POP
                     ? ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view)
                     : ctx->host->add_view(ctx, ctx->to_view);
    if (!added) {
        free(s);
        return false;
    }
    /* The snapshot of the from-view goes on top of everything. */
    s->snapshot = ctx->host->snapshot_view(ctx, ctx->from_view);
    if (s->snapshot != TC_VIEW_NONE) ctx->host->add_view(ctx, s->snapshot);
    *state = s;
    return true;
}

/* The from-view stays put under its snapshot (and fades on pop); the snapshot fades out and
 * shrinks a little; the to-view fades in. */
static void leaky_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    const leaky_state_t *s = state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL && ctx->operation == TC_OPERATION_POP) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
    tc_view_state_t *snap = s != NULL ? entry(views, view_count, s->snapshot) : NULL;
    if (snap != NULL) {
        double scale = 1.0 - 0.05 * t;
        snap->alpha = 1.0 - t;
        snap->transform.m[0] = scale;
        snap->transform.m[5] = scale;
    }
}

static void leaky_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)ctx;
    (void)finished;
    /* The breach: the snapshot should be removed here with ctx->host->remove_view(ctx, snapshot). */
    free(state);
}

static const tc_animator_t leaky = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "leaky-snapshot",
    .name = "Leaky Snapshot",
    .summary = "Fades a snapshot of the old screen away, then forgets to remove it.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = leaky_duration,
    .setup = leaky_setup,
    .step = leaky_step,
    .completion = leaky_completion,
};

static const tc_animator_t *const animators[] = { &leaky };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.leaky",
    .name = "Leaky",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Leaves its snapshot in the container after the transition.",
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

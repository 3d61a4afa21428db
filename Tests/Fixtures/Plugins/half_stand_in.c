/*
 * half_stand_in.c: hides the from-view and lets a snapshot of only its left half stand in.
 *
 * Fixture purpose: the hand-over rule's limit. A snapshot may stand in for the part of its source
 * it shows; here the right half of the from-view is shown by nothing at progress 0, so the
 * endpoints check must fail, saying the from-view is not drawn and no snapshots cover it.
 */
#include <stddef.h>

#include "transition_catalog.h"

static double half_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.4;
}

static bool half_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    const tc_compositing_t *comp = tc_compositing(ctx);
    if (comp == NULL) return false;
    tc_rect_t left = {0, 0, ctx->from_initial_frame.width / 2, ctx->from_initial_frame.height};
    tc_view_id_t half = comp->snapshot_rect(ctx, ctx->from_view, left, TC_ROLE_SNAPSHOT);
    ctx->host->add_view(ctx, ctx->to_view);
    ctx->host->add_view(ctx, half);
    *state = (void *)(intptr_t)(half + 1); /* the snapshot's handle, kept without allocating */
    return true;
}

static void half_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    tc_view_id_t half = (tc_view_id_t)((intptr_t)state - 1);
    double t = progress < 0 ? 0 : progress > 1 ? 1 : progress;
    views[ctx->from_view].hidden = true;
    views[ctx->to_view].alpha = t;
    if (half >= 0 && (uint32_t)half < view_count) views[half].alpha = 1 - t;
}

static void half_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)finished;
    ctx->host->remove_view(ctx, (tc_view_id_t)((intptr_t)state - 1));
}

static const tc_animator_t half = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "half-stand-in", .name = "Half Stand-in", .summary = "Half of the from-view stands in for all of it.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 0, .params = NULL,
    .duration = half_duration, .setup = half_setup, .step = half_step, .completion = half_completion,
};

static const tc_animator_t *const animators[] = {&half};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.half-stand-in", .name = "Half Stand-in", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A snapshot standing in for more than it shows.", .license = "MIT",
    .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

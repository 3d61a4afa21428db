/*
 * squeezed_doors.c: a portal whose doors show the whole screen squeezed to half width.
 *
 * Fixture purpose: written the way a third-party author would, a portal closes two doors over the
 * from-screen and opens onto the to-screen at completion. The author took each door as a snapshot
 * of the whole to-screen (snapshot_rect with the to-view's full bounds) and then framed it as half
 * of the screen, so every door shows the entire to-screen squeezed to half width: two title bars
 * side by side. At completion the doors vanish and the real to-screen appears: on screen a jump.
 * Every frame, alpha and matrix is continuous; the seen-content check must fail it.
 */
#include <stdlib.h>

#include "transition_catalog.h"

typedef struct portal_state {
    tc_view_id_t left, right;
} portal_state_t;

static double portal_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.5;
}

static bool portal_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    const tc_compositing_t *comp = tc_compositing(ctx);
    if (comp == NULL) return false;
    portal_state_t *s = (portal_state_t *)malloc(sizeof *s);
    if (s == NULL) return false;
    tc_rect_t whole = {0, 0, ctx->to_final_frame.width, ctx->to_final_frame.height};
    s->left = comp->snapshot_rect(ctx, ctx->to_view, whole, TC_ROLE_SNAPSHOT);
    s->right = comp->snapshot_rect(ctx, ctx->to_view, whole, TC_ROLE_SNAPSHOT);
    ctx->host->add_view(ctx, ctx->to_view);
    ctx->host->add_view(ctx, s->left);
    ctx->host->add_view(ctx, s->right);
    *state = s;
    return true;
}

static void portal_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                        tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)view_count;
    const portal_state_t *s = (const portal_state_t *)state;
    double t = progress < 0 ? 0 : progress > 1 ? 1 : progress;
    double e = t * t * (3 - 2 * t);
    tc_rect_t screen = ctx->to_final_frame;
    double half = screen.width / 2;
    /* The doors slide in from the sides and meet in the middle at progress 1. */
    views[s->left].frame = (tc_rect_t){screen.x - half + half * e, screen.y, half, screen.height};
    views[s->right].frame = (tc_rect_t){screen.x + screen.width - half * e, screen.y, half, screen.height};
    /* The to-screen waits under the doors; the doors show it. */
    views[ctx->to_view].alpha = e;
}

static void portal_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)finished;
    portal_state_t *s = (portal_state_t *)state;
    ctx->host->remove_view(ctx, s->left);
    ctx->host->remove_view(ctx, s->right);
    free(s);
}

static const tc_animator_t portal = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "portal", .name = "Portal", .summary = "Two doors close over the screen and open onto the next one.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 0, .params = NULL,
    .duration = portal_duration, .setup = portal_setup, .step = portal_step, .completion = portal_completion,
};

static const tc_animator_t *const animators[] = {&portal};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.squeezed-doors", .name = "Squeezed Doors", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A portal whose doors are whole-screen snapshots framed as halves.",
    .license = "MIT", .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

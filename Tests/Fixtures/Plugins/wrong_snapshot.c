/*
 * wrong_snapshot.c: a page curl whose outgoing page is a snapshot of the wrong view.
 *
 * Fixture purpose: written the way a third-party author would, the from-screen is hidden and a
 * snapshot standing in for it lifts away to the left, revealing the to-screen. The author passed
 * ctx->to_view to snapshot_rect where ctx->from_view was meant, so the page that lifts away shows
 * the new screen: at progress 0 the screen the user was looking at is replaced at once by the one
 * it leads to. The seen-content check must fail it before setup (and on the cancel path).
 */
#include <stdlib.h>

#include "transition_catalog.h"

typedef struct page_state {
    tc_view_id_t page;
} page_state_t;

static double page_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.5;
}

static bool page_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    const tc_compositing_t *comp = tc_compositing(ctx);
    if (comp == NULL) return false;
    page_state_t *s = (page_state_t *)malloc(sizeof *s);
    if (s == NULL) return false;
    tc_rect_t whole = {0, 0, ctx->from_initial_frame.width, ctx->from_initial_frame.height};
    s->page = comp->snapshot_rect(ctx, ctx->to_view, whole, TC_ROLE_SNAPSHOT); /* meant: ctx->from_view */
    ctx->host->add_view(ctx, ctx->to_view);
    ctx->host->add_view(ctx, s->page);
    *state = s;
    return true;
}

static void page_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)view_count;
    const page_state_t *s = (const page_state_t *)state;
    double t = progress < 0 ? 0 : progress > 1 ? 1 : progress;
    views[ctx->from_view].hidden = true;
    tc_rect_t f = ctx->from_initial_frame;
    f.x -= f.width * t;
    views[s->page].frame = f;
}

static void page_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)finished;
    page_state_t *s = (page_state_t *)state;
    ctx->host->remove_view(ctx, s->page);
    free(s);
}

static const tc_animator_t page = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "lift-page", .name = "Lift Page", .summary = "The old screen lifts away to the left.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .flags = TC_ANIMATOR_REVERSIBLE,
    .param_count = 0, .params = NULL,
    .duration = page_duration, .setup = page_setup, .step = page_step, .completion = page_completion,
};

static const tc_animator_t *const animators[] = {&page};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.wrong-snapshot", .name = "Wrong Snapshot", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A page lift whose page is a snapshot of the wrong screen.",
    .license = "MIT", .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

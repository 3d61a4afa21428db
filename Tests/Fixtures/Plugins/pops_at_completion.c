/*
 * pops_at_completion.c: a push whose stage stays pulled back at progress 1, so the new screen pops
 * to full size at completion.
 *
 * Fixture purpose: written the way a third-party author would, the to-view slides in while the
 * container's camera pulls the whole stage back for depth (a sublayer scale from 1 down to 0.94).
 * Every view ends where the contract says (the to-view at its final frame, identity transform,
 * alpha 1), but the camera still shrinks the stage at progress 1; when the host settles the
 * hierarchy the screen pops back to full size. The seen-content check must fail it at completion.
 */
#include <stdlib.h>

#include "transition_catalog.h"

static double pop_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.45;
}

static bool pop_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    if (tc_compositing(ctx) == NULL) return false;
    ctx->host->add_view(ctx, ctx->to_view);
    *state = NULL;
    return true;
}

static void pop_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                     tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    (void)view_count;
    double t = progress < 0 ? 0 : progress > 1 ? 1 : progress;
    double e = 1 - (1 - t) * (1 - t);
    tc_rect_t to = ctx->to_final_frame;
    to.x += to.width * (1 - e);
    views[ctx->to_view].frame = to;
    /* Pull the stage back for depth as the new screen arrives. */
    double scale = 1 - 0.06 * e;
    tc_camera_t camera = tc_camera_none();
    camera.sublayer_transform = tc_transform_scale(scale, scale, 1);
    tc_compositing(ctx)->set_camera(ctx, &camera);
}

static void pop_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)ctx;
    (void)state;
    (void)finished;
}

static const tc_animator_t pop = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "stage-push", .name = "Stage Push", .summary = "The new screen slides in as the stage pulls back.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 0, .params = NULL,
    .duration = pop_duration, .setup = pop_setup, .step = pop_step, .completion = pop_completion,
};

static const tc_animator_t *const animators[] = {&pop};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.pops-at-completion", .name = "Pops At Completion", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A push whose stage is still pulled back at progress 1.",
    .license = "MIT", .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

/*
 * start_differs.c: a fade whose progress 0 shows the from-screen shrunk, not as it was.
 *
 * Fixture purpose: written the way a third-party author would, the to-view fades in over the
 * from-view while the container's camera zooms the stage from 0.92 up to 1. The views themselves
 * start exactly as they were (the from-view at its initial frame, identity, alpha 1; the to-view
 * at alpha 0), but the camera already shrinks the stage at progress 0: when the transition starts
 * the screen jumps from full size to 92 %. The seen-content check must fail it before setup.
 */
#include <stdlib.h>

#include "transition_catalog.h"

static double zoom_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.4;
}

static bool zoom_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    if (tc_compositing(ctx) == NULL) return false;
    ctx->host->add_view(ctx, ctx->to_view);
    *state = NULL;
    return true;
}

static void zoom_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    (void)view_count;
    double t = progress < 0 ? 0 : progress > 1 ? 1 : progress;
    views[ctx->to_view].alpha = t;
    double scale = 0.92 + 0.08 * t;
    tc_camera_t camera = tc_camera_none();
    camera.sublayer_transform = tc_transform_scale(scale, scale, 1);
    tc_compositing(ctx)->set_camera(ctx, &camera);
}

static void zoom_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)ctx;
    (void)state;
    (void)finished;
}

static const tc_animator_t zoom = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "zoom-fade", .name = "Zoom Fade", .summary = "The new screen fades in as the stage zooms up.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 0, .params = NULL,
    .duration = zoom_duration, .setup = zoom_setup, .step = zoom_step, .completion = zoom_completion,
};

static const tc_animator_t *const animators[] = {&zoom};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.start-differs", .name = "Start Differs", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A fade whose progress 0 is zoomed out.",
    .license = "MIT", .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

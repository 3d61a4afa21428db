/*
 * flip_shows_back.c: a card flip whose far side shows through the near one.
 *
 * Breaks: the from-view turns 0 → 180° about its vertical axis while the to-view, added above it,
 * turns 180° → 0. Both stay double-sided (the default), so for the first half the to-view's
 * back, drawn above, hides the from-view that still faces the viewer: the flip shows the wrong
 * side. The endpoints are right (the to-view fades in from alpha 0, and at the end the from-view
 * lies turned away under the opaque to-view), so only the back-faces check may fire, with a WARN
 * naming the to-view's box on screen and the from-view it is drawn above.
 * Fixed by: making both faces one-sided with the compositing extension's set_double_sided.
 */
#include <stddef.h>

#include "transition_catalog.h"

#define PI 3.14159265358979323846

static double flip_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.5;
}

static bool flip_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    const tc_compositing_t *comp = tc_compositing(ctx);
    if (comp != NULL) {
        tc_camera_t camera = tc_camera_perspective(800.0);
        comp->set_camera(ctx, &camera);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void flip_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    (void)view_count;
    double t = progress < 0.0 ? 0.0 : (progress > 1.0 ? 1.0 : progress);
    views[ctx->from_view].transform = tc_transform_rotate_y(PI * t);
    views[ctx->to_view].transform = t < 1.0 ? tc_transform_rotate_y(PI * (t - 1.0)) : tc_transform_identity();
    views[ctx->to_view].alpha = t * 8.0 > 1.0 ? 1.0 : t * 8.0;
}

static const tc_animator_t flip = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "flip", .name = "Flip", .summary = "A card flip that leaves both faces double-sided.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .duration = flip_duration, .setup = flip_setup, .step = flip_step, .completion = NULL,
};

static const tc_animator_t *const animators[] = {&flip};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.flip-shows-back", .name = "Flip Shows Back", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A flip whose far face shows through the near one.", .license = "MIT",
    .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

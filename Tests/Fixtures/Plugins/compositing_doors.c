/*
 * compositing_doors.c: doors from two half snapshots, using every service of the compositing
 * extension.
 *
 * Fixture purpose: exercises org.transitioncatalog.compositing/1 through a session. Setup sets a
 * camera (eye 600), snapshots the left half of the from-view as a snapshot and the right half as
 * a tile, makes the right door one-sided, and, when the transition has matched elements, logs the
 * first one's id and adds its from-side view on top. Step hides the from-view (the doors stand in
 * for it at progress 0), swings the doors open away from the viewer while they fade, moves the
 * matched element from its from frame to its to frame while it fades, and past progress 0.5 sets
 * a closer camera (eye 400) for that step only.
 */
#include <stdio.h>
#include <stdlib.h>

#include "transition_catalog.h"

#define PI 3.14159265358979323846

typedef struct doors_state {
    tc_view_id_t left, right, element;
    tc_rect_t element_from, element_to;
} doors_state_t;

static double doors_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.6;
}

static bool doors_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    const tc_compositing_t *comp = tc_compositing(ctx);
    if (comp == NULL) return false;
    doors_state_t *s = (doors_state_t *)malloc(sizeof *s);
    if (s == NULL) return false;
    s->element = TC_VIEW_NONE;
    tc_camera_t camera = tc_camera_perspective(600.0);
    comp->set_camera(ctx, &camera);
    double w = ctx->from_initial_frame.width, h = ctx->from_initial_frame.height;
    tc_rect_t left = {0, 0, w / 2, h}, right = {w / 2, 0, w / 2, h};
    s->left = comp->snapshot_rect(ctx, ctx->from_view, left, TC_ROLE_SNAPSHOT);
    s->right = comp->snapshot_rect(ctx, ctx->from_view, right, TC_ROLE_TILE);
    comp->set_double_sided(ctx, s->right, false);
    ctx->host->add_view(ctx, ctx->to_view);
    ctx->host->add_view(ctx, s->left);
    ctx->host->add_view(ctx, s->right);
    if (comp->matched_element_count(ctx) > 0) {
        tc_matched_element_t element;
        if (comp->matched_element(ctx, 0, &element) && element.from_view != TC_VIEW_NONE) {
            char message[128];
            snprintf(message, sizeof message, "matched %s", element.id);
            ctx->host->log(ctx, TC_LOG_INFO, message);
            s->element = element.from_view;
            s->element_from = element.from_frame;
            s->element_to = element.to_frame;
            ctx->host->add_view(ctx, s->element);
        }
    }
    *state = s;
    return true;
}

static double lerp(double a, double b, double t) { return t == 1.0 ? b : a + (b - a) * t; }

static void doors_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)view_count;
    const doors_state_t *s = (const doors_state_t *)state;
    double t = progress < 0 ? 0 : progress > 1 ? 1 : progress;
    views[ctx->from_view].hidden = true;
    double angle = PI / 2.0 * 0.9 * t;
    views[s->left].transform = tc_transform_about_anchor(tc_transform_rotate_y(angle), views[s->left].frame, 0.0, 0.5);
    views[s->right].transform = tc_transform_about_anchor(tc_transform_rotate_y(-angle), views[s->right].frame, 1.0, 0.5);
    views[s->left].alpha = 1.0 - t;
    views[s->right].alpha = 1.0 - t;
    if (s->element != TC_VIEW_NONE) {
        tc_rect_t f;
        f.x = lerp(s->element_from.x, s->element_to.x, t);
        f.y = lerp(s->element_from.y, s->element_to.y, t);
        f.width = lerp(s->element_from.width, s->element_to.width, t);
        f.height = lerp(s->element_from.height, s->element_to.height, t);
        views[s->element].frame = f;
        views[s->element].alpha = 1.0 - t;
    }
    if (progress > 0.5) {
        tc_camera_t closer = tc_camera_perspective(400.0);
        tc_compositing(ctx)->set_camera(ctx, &closer);
    }
}

static void doors_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self;
    (void)finished;
    doors_state_t *s = (doors_state_t *)state;
    ctx->host->remove_view(ctx, s->left);
    ctx->host->remove_view(ctx, s->right);
    if (s->element != TC_VIEW_NONE) ctx->host->remove_view(ctx, s->element);
    free(s);
}

static const tc_animator_t doors = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "doors", .name = "Doors", .summary = "The from-screen opens as two doors.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 0, .params = NULL,
    .duration = doors_duration, .setup = doors_setup, .step = doors_step, .completion = doors_completion,
};

static const tc_animator_t *const animators[] = {&doors};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.compositing-doors", .name = "Compositing Doors", .vendor = "Example Co.",
    .version = "1.0.0", .description = "Doors from half snapshots, through the compositing extension.",
    .license = "MIT", .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

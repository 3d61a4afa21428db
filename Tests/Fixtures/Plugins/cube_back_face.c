/*
 * cube_back_face.c: a cube push whose turned-away face draws over the face in front.
 *
 * Fixture purpose: the trap the compositing model closes. The from face turns away about an axis
 * behind the screen under the container's camera, and the author keeps it on top (z_index 1)
 * as if a depth buffer sorted the faces. At progress 1 the from face is edge-on to its own axis
 * but, seen from the camera, its back projects to a strip at the left edge over the to-view.
 * The validator must fail the endpoints check and name the strip's box on screen.
 * With the "one-sided" parameter set, both faces are made one-sided and the cube passes.
 */
#include <stddef.h>

#include "transition_catalog.h"

#define PI 3.14159265358979323846

static double cube_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.5;
}

static bool cube_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    const tc_compositing_t *comp = tc_compositing(ctx);
    if (comp != NULL) {
        tc_camera_t camera = tc_camera_perspective(500.0);
        comp->set_camera(ctx, &camera);
        if (ctx->param_count > 0 && ctx->param_values[0] > 0.5) {
            comp->set_double_sided(ctx, ctx->from_view, false);
            comp->set_double_sided(ctx, ctx->to_view, false);
        }
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void cube_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    (void)view_count;
    double half = ctx->container_bounds.width / 2.0;
    double from_angle = -PI / 2.0 * progress;
    double to_angle = PI / 2.0 * (1.0 - progress);
    views[ctx->from_view].transform = tc_transform_about(tc_transform_rotate_y(from_angle), 0.0, 0.0, -half);
    views[ctx->from_view].z_index = 1;
    if (progress < 1.0) {
        views[ctx->to_view].transform = tc_transform_about(tc_transform_rotate_y(to_angle), 0.0, 0.0, -half);
    }
}

static const tc_param_t cube_params[] = {{
    .id = "one-sided", .name = "One-sided", .doc = "Hide faces that turn away.", .unit = "",
    .type = TC_PARAM_BOOL, .default_value = 0, .min_value = 0, .max_value = 1,
}};

static const tc_animator_t cube = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "cube", .name = "Cube", .summary = "A cube turning left; its hidden face shows unless one-sided.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 1, .params = cube_params,
    .duration = cube_duration, .setup = cube_setup, .step = cube_step, .completion = NULL,
};

static const tc_animator_t *const animators[] = {&cube};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.cube-back-face", .name = "Cube Back Face", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A cube that forgets to hide its back faces.", .license = "MIT",
    .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

/*
 * global_state.c: an animator that keeps a per-transition value in a global.
 *
 * Breaks: "global-slide" has a choice parameter "edge" (left, right; default right). Its setup
 * stores the chosen edge in a static global instead of in the per-transition state, and step
 * reads that global to slide the to-view in from the edge (wholly outside the container at
 * progress 0, at to_final_frame at 1) while the from-view fades out. One transition at a time
 * behaves correctly; but when a second transition with the other edge is set up while the first
 * is running, the first one's steps suddenly slide from the wrong side.
 * Caught by: the independence check (two transitions interleaved, the second with other
 * parameters, must give the same states as when run apart). The parameters, purity,
 * reversibility and cancel checks run one transition at a time, each set up before it steps, so
 * they pass.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

#define EDGE_LEFT 0.0
#define EDGE_RIGHT 1.0

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static const char *const edge_choices[] = { "left", "right" };

static const tc_param_t slide_params[] = {
    {
        .id = "edge",
        .name = "Edge",
        .doc = "The edge the new screen slides in from.",
        .unit = "",
        .type = TC_PARAM_CHOICE,
        .default_value = EDGE_RIGHT,
        .min_value = 0.0,
        .max_value = 1.0,
        .choice_count = 2,
        .choices = edge_choices,
    },
};

/* The breach: a mutable global shared by every transition of every thread. -1 slides in from the
 * left, +1 from the right. */
static double g_direction = 1.0;

static double slide_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool slide_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    double edge = ctx->param_count > 0 ? ctx->param_values[0] : EDGE_RIGHT;
    g_direction = edge == EDGE_LEFT ? -1.0 : 1.0; /* should go into *state */
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void slide_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) {
        /* Wholly outside the container at 0 (edges touching), at its final frame at 1. */
        to->frame.x = ctx->to_final_frame.x + g_direction * (1.0 - t) * ctx->container_bounds.width;
    }
}

static const tc_animator_t slide = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "global-slide",
    .name = "Global Slide",
    .summary = "Slides the new screen in from a chosen edge, remembered in a global.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 1,
    .params = slide_params,
    .animator_data = NULL,
    .duration = slide_duration,
    .setup = slide_setup,
    .step = slide_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &slide };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.globalstate",
    .name = "Global State",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Keeps the slide edge of the current transition in a global variable.",
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

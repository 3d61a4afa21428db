/*
 * many_views.c: a correct plugin whose animator makes as many views as its "views" parameter asks
 * (1 to 4096), each with a frame and a colour of its own, and whose step overwrites every field of
 * every view below progress 0.5 and writes nothing from 0.5 on.
 *
 * Proves the host's reset at every view count: after a step that wrote everything, a step that
 * writes nothing must show every view exactly at its base state, whichever way the host resets
 * (one copy of the bases for few views, the wide reset for many).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "transition_catalog.h"

enum { PARAM_VIEWS };

static double fixture_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

/* View i (counting from 0, after the two screens) has frame (i, 2i, 10 + i, 20 + i) and colour
 * (i / 4096, 1 - i / 4096, 0.25, 0.5). */
static bool fixture_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    const tc_host_t *host = ctx->host;
    if (!host->add_view(ctx, ctx->to_view)) return false;
    uint32_t count = (uint32_t)ctx->param_values[PARAM_VIEWS];
    for (uint32_t i = 0; i < count; i++) {
        tc_rect_t frame = {i, 2.0 * i, 10.0 + i, 20.0 + i};
        tc_color_t color = {i / 4096.0, 1 - i / 4096.0, 0.25, 0.5};
        tc_view_id_t view = host->make_view(ctx, TC_ROLE_TILE, frame, color);
        if (view == TC_VIEW_NONE || !host->add_view(ctx, view)) return false;
    }
    return true;
}

/* Below 0.5, every field of every view becomes a value made of the progress and the view's
 * index; from 0.5 on, nothing is written. */
static void fixture_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                         tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)ctx;
    (void)state;
    if (progress >= 0.5) return;
    for (uint32_t i = 0; i < view_count; i++) {
        double v = progress + i;
        tc_view_state_t *s = &views[i];
        s->frame = (tc_rect_t){-v, -2 * v, 3 * v, 4 * v};
        s->alpha = 0.5 * progress;
        for (int k = 0; k < 16; k++) s->transform.m[k] = v + k;
        s->corner_radius = 7 * v;
        s->z_index = (int32_t)i + 3;
        s->hidden = true;
        s->color = (tc_color_t){progress, 0.75, 1, 0.125};
    }
}

static const tc_param_t params[] = {
    {.id = "views", .name = "Views", .doc = "How many views the animator makes.", .unit = "",
     .type = TC_PARAM_INTEGER, .default_value = 8, .min_value = 1, .max_value = 4096},
};

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "many-views",
    .name = "Many Views",
    .summary = "Makes as many views as asked and overwrites all of them, or none, on each step.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 1,
    .params = params,
    .duration = fixture_duration,
    .setup = fixture_setup,
    .step = fixture_step,
};

static const tc_animator_t *const animators[] = { &animator };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.many-views",
    .name = "Many Views",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "An animator with as many views as asked, to check the host's reset.",
    .license = "MIT",
    .animator_count = 1,
    .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

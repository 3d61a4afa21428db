/* An animator with many views, for the scaling benchmarks: the leaving screen breaks into a grid
 * of `tiles` pieces (1 ... 4096) that fall away one after another while the arriving screen fades
 * in. Every tile is a view of its own, animated on every step, so the cost of a step grows with
 * the number of views and the cost per view should stay flat.
 * Build: cc -shared -fPIC -I include Benchmarks/Fixtures/tiles.c -o tiles.so */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include "transition_catalog.h"

enum { PARAM_DURATION, PARAM_TILES };

typedef struct tiles_state {
    uint32_t count;
    tc_view_id_t ids[]; /* count tile handles */
} tiles_state_t;

static double tiles_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    return ctx->param_values[PARAM_DURATION];
}

/* Puts the arriving view in place, then a grid of tiles over everything, each the colour of a
 * piece of the leaving screen. */
static bool tiles_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    const tc_host_t *host = ctx->host;
    uint32_t count = (uint32_t)ctx->param_values[PARAM_TILES];
    if (count < 1) count = 1;
    tiles_state_t *s = malloc(sizeof *s + count * sizeof s->ids[0]);
    if (!s) return false;
    s->count = count;
    if (ctx->operation == TC_OPERATION_POP) {
        if (!host->insert_view_below(ctx, ctx->to_view, ctx->from_view)) { free(s); return false; }
    } else if (!host->add_view(ctx, ctx->to_view)) {
        free(s);
        return false;
    }
    uint32_t columns = (uint32_t)ceil(sqrt((double)count));
    uint32_t rows = (count + columns - 1) / columns;
    tc_rect_t bounds = ctx->container_bounds;
    double w = bounds.width / columns, h = bounds.height / rows;
    for (uint32_t i = 0; i < count; i++) {
        tc_rect_t frame = {bounds.x + (i % columns) * w, bounds.y + (i / columns) * h, w, h};
        tc_color_t color = {(double)(i % columns) / columns, (double)(i / columns) / rows, 0.5, 1};
        s->ids[i] = host->make_view(ctx, TC_ROLE_TILE, frame, color);
        if (s->ids[i] == TC_VIEW_NONE || !host->add_view(ctx, s->ids[i])) {
            for (uint32_t j = 0; j < i; j++) host->remove_view(ctx, s->ids[j]);
            free(s);
            return false;
        }
    }
    *state = s;
    return true;
}

/* Tile i starts falling at i / count of the first half and takes half the transition: it drops
 * by a third of the container, shrinks, turns and fades out. Tiles show only strictly between 0
 * and 1, so both ends are exactly the screens. */
static void tiles_step(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                       double progress, tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    const tiles_state_t *s = state;
    double eased = ctx->host->timing_curve(ctx, TC_CURVE_EASE_IN_OUT, progress);
    if (ctx->to_view >= 0 && (uint32_t)ctx->to_view < view_count)
        views[ctx->to_view].alpha = eased < 0 ? 0 : eased > 1 ? 1 : eased;
    bool shown = progress > 0 && progress < 1;
    double drop = ctx->container_bounds.height / 3;
    for (uint32_t i = 0; i < s->count; i++) {
        tc_view_id_t id = s->ids[i];
        if (id < 0 || (uint32_t)id >= view_count) continue;
        tc_view_state_t *v = &views[id];
        if (!shown) {
            v->hidden = true;
            continue;
        }
        double local = (progress - 0.5 * i / s->count) * 2;
        local = local < 0 ? 0 : local > 1 ? 1 : local;
        double t = ctx->host->timing_curve(ctx, TC_CURVE_EASE_IN, local);
        double scale = 1 - 0.5 * t, angle = 0.6 * t, c = cos(angle) * scale, sn = sin(angle) * scale;
        v->frame.y += drop * t;
        v->alpha = 1 - t;
        v->transform.m[0] = c;
        v->transform.m[1] = sn;
        v->transform.m[4] = -sn;
        v->transform.m[5] = c;
        v->corner_radius = 8 * t;
    }
}

/* Takes the tiles out of the container and frees the state. */
static void tiles_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self; (void)finished;
    tiles_state_t *s = state;
    for (uint32_t i = 0; i < s->count; i++) ctx->host->remove_view(ctx, s->ids[i]);
    free(s);
}

static const tc_param_t tiles_params[] = {
    {.id = "duration", .name = "Duration", .doc = "How long the transition lasts.", .unit = "s",
     .type = TC_PARAM_NUMBER, .default_value = 0.5, .min_value = 0.05, .max_value = 5},
    {.id = "tiles", .name = "Tiles", .doc = "How many pieces the leaving screen breaks into.", .unit = "",
     .type = TC_PARAM_INTEGER, .default_value = 16, .min_value = 1, .max_value = 4096},
};

static const tc_animator_t tiles = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "tiles", .name = "Tiles", .summary = "The leaving screen breaks into tiles that fall away.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .param_count = 2, .params = tiles_params,
    .duration = tiles_duration, .setup = tiles_setup, .step = tiles_step, .completion = tiles_completion,
};

static const tc_animator_t *const animators[] = {&tiles};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.transitioncatalog.bench.tiles", .name = "Benchmark: tiles", .vendor = "Transition Catalog",
    .version = "1.0.0", .description = "An animator with as many views as asked, for scaling benchmarks.",
    .license = "Apache-2.0", .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

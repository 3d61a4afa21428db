/*
 * third_party_wipe.c: "Example Wipes", a complete, well-behaved Transition Catalog plugin.
 *
 * Fixture purpose: the model third-party plugin. It must load, validate and pass every
 * behaviour check of the host (endpoints, purity, continuity, finite values, view bookkeeping,
 * no leaked views, no globals that change). It is also the README's example of how to write a
 * plugin in plain C.
 *
 * Build (from the directory holding include/):
 *     cc -shared -fPIC -I include third_party_wipe.c -o libwipe.so
 *
 * Animators
 *   curtain   push, pop. Push: the to-view slides in from the chosen edge over the from-view,
 *             which drifts a little the other way and fades out. Pop: the same played backwards
 *             with the roles swapped: the from-view slides out to the edge, uncovering the to-view.
 *             A soft shadow strip follows the moving view's inner edge (a view the animator makes
 *             in setup and removes in completion).
 *   pop-fade  every operation, full-screen and custom presentation: a cross-fade in which the
 *             to-view also grows from 90% to 100% of its size.
 *
 * Rules this file follows (see include/transition_catalog.h):
 *   - only tc_plugin_entry is exported; everything else is static and constant;
 *   - per-transition values live in the state that setup allocates and completion frees;
 *   - step writes view states from progress, the context and that constant state only;
 *   - progress 0 leaves the from-view untouched and keeps the to-view invisible;
 *     progress 1 puts the to-view exactly at to_final_frame, alpha 1, identity transform;
 *   - absent views (TC_VIEW_NONE) are never touched, and nothing is added on a custom dismiss.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "transition_catalog.h"

/* ---------------------------------------------------------------------------------------------
 * Small helpers
 * ------------------------------------------------------------------------------------------- */

/* Keeps an opacity inside [0, 1] even when a host overshoots progress a little. */
static double clamp01(double value) {
    if (value < 0.0) return 0.0;
    if (value > 1.0) return 1.0;
    return value;
}

/* The entry of `view` in the array step fills, or NULL for an absent or out-of-range handle. */
static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view == TC_VIEW_NONE || view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

/* Parameter `index` of this transition, or `fallback` when the host sent fewer values. */
static double param_value(const tc_context_t *ctx, uint32_t index, double fallback) {
    if (ctx->param_values == NULL || index >= ctx->param_count) return fallback;
    double value = ctx->param_values[index];
    return isfinite(value) ? value : fallback;
}

/* Eased progress: exactly 0 at 0 and exactly 1 at 1, so the endpoints come out exact. */
static double ease(const tc_context_t *ctx, double progress) {
    return ctx->host->timing_curve(ctx, TC_CURVE_EASE_IN_OUT, progress);
}

/* True for the operations that reveal a screen underneath: pop, dismiss, and tab to a lower tab. */
static bool is_dismissing(const tc_context_t *ctx) {
    switch (ctx->operation) {
    case TC_OPERATION_POP:
    case TC_OPERATION_DISMISS:
        return true;
    case TC_OPERATION_TAB:
        return ctx->tab_to_index < ctx->tab_from_index;
    default:
        return false;
    }
}

/* ---------------------------------------------------------------------------------------------
 * Animator "curtain"
 * ------------------------------------------------------------------------------------------- */

enum { CURTAIN_PARAM_DURATION = 0, CURTAIN_PARAM_EDGE = 1 };
enum { EDGE_LEFT = 0, EDGE_RIGHT = 1 };

#define CURTAIN_DEFAULT_DURATION 0.4
#define CURTAIN_DEFAULT_EDGE EDGE_RIGHT
#define SHADOW_WIDTH 12.0    /* points */
#define SHADOW_OPACITY 0.3   /* strongest shadow, reached half-way */
#define PARALLAX 0.3         /* how far the covered view drifts, as a share of the container width */

static const char *const curtain_edges[] = { "left", "right" };

static const tc_param_t curtain_params[] = {
    {
        .id = "duration",
        .name = "Duration",
        .doc = "How long the curtain takes to cross the screen.",
        .unit = "s",
        .type = TC_PARAM_NUMBER,
        .default_value = CURTAIN_DEFAULT_DURATION,
        .min_value = 0.05,
        .max_value = 5.0,
        .choice_count = 0,
        .choices = NULL,
    },
    {
        .id = "edge",
        .name = "Edge",
        .doc = "The edge the new screen comes in from and the old one leaves by.",
        .unit = "",
        .type = TC_PARAM_CHOICE,
        .default_value = CURTAIN_DEFAULT_EDGE,
        .min_value = 0.0,
        .max_value = 1.0,
        .choice_count = 2,
        .choices = curtain_edges,
    },
};

/* What one curtain transition remembers between setup, step and completion. Written in setup
 * only: step reads it and never changes it. */
typedef struct curtain_state {
    double direction;    /* +1: the moving view enters or leaves by the right edge; -1: the left */
    tc_view_id_t shadow; /* the shadow strip, or TC_VIEW_NONE when the host could not make one */
} curtain_state_t;

/* The x at which a view `width` wide lies wholly outside the container beyond the chosen edge,
 * with room for the shadow strip too. */
static double offscreen_x(const tc_context_t *ctx, double direction, double width) {
    const tc_rect_t *c = &ctx->container_bounds;
    return direction > 0.0 ? c->x + c->width + SHADOW_WIDTH : c->x - width - SHADOW_WIDTH;
}

static double curtain_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    return param_value(ctx, CURTAIN_PARAM_DURATION, CURTAIN_DEFAULT_DURATION);
}

static bool curtain_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;

    /* Curtain serves push and pop, which always have both screens. */
    bool push = ctx->operation == TC_OPERATION_PUSH;
    if (!push && ctx->operation != TC_OPERATION_POP) return false;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;

    curtain_state_t *s = malloc(sizeof *s);
    if (s == NULL) return false;
    double edge = param_value(ctx, CURTAIN_PARAM_EDGE, CURTAIN_DEFAULT_EDGE);
    s->direction = edge < 0.5 ? -1.0 : 1.0; /* choice values are indices: 0 left, 1 right */
    s->shadow = TC_VIEW_NONE;

    /* Put the to-view in the container: on top for push, just below the from-view for pop. */
    bool added = push ? ctx->host->add_view(ctx, ctx->to_view)
                      : ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    if (!added) {
        free(s);
        return false;
    }

    /* Make the shadow strip and put it just below the moving view (the to-view on push, the
     * from-view on pop). Step gives it its frame and opacity; without it the curtain still works. */
    tc_view_id_t moving = push ? ctx->to_view : ctx->from_view;
    tc_rect_t strip = { 0.0, ctx->container_bounds.y, SHADOW_WIDTH, ctx->container_bounds.height };
    tc_color_t black = { 0.0, 0.0, 0.0, 1.0 };
    s->shadow = ctx->host->make_view(ctx, TC_ROLE_SHADOW, strip, black);
    if (s->shadow != TC_VIEW_NONE && !ctx->host->insert_view_below(ctx, s->shadow, moving)) {
        s->shadow = TC_VIEW_NONE; /* not in the container, so nothing to remove later */
    }

    *state = s;
    return true;
}

static void curtain_step(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                         double progress, tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    const curtain_state_t *s = state;
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (s == NULL || from == NULL || to == NULL) return;

    double e = ease(ctx, progress);
    double drift = s->direction * PARALLAX * ctx->container_bounds.width;
    const tc_view_state_t *moving;

    if (ctx->operation == TC_OPERATION_PUSH) {
        /* The to-view travels from beyond the edge (e = 0) to its final frame (e = 1); written as
         * "final + distance * (1 - e)" so that e = 1 gives the final frame exactly. */
        double start = offscreen_x(ctx, s->direction, ctx->to_final_frame.width);
        to->frame.x = ctx->to_final_frame.x + (start - ctx->to_final_frame.x) * (1.0 - e);
        /* The covered from-view drifts away from the edge and fades out; untouched at e = 0. */
        from->frame.x = ctx->from_initial_frame.x - drift * e;
        from->alpha = clamp01(1.0 - e);
        moving = to;
    } else {
        /* Pop: the from-view travels from where it is (e = 0) to beyond the edge (e = 1). */
        double end = offscreen_x(ctx, s->direction, ctx->from_initial_frame.width);
        from->frame.x = ctx->from_initial_frame.x + (end - ctx->from_initial_frame.x) * e;
        /* The uncovered to-view drifts back into place and fades in: invisible at e = 0 even when
         * the from-view does not cover the whole container, exact at e = 1. */
        to->frame.x = ctx->to_final_frame.x - drift * (1.0 - e);
        to->alpha = clamp01(e);
        moving = from;
    }

    /* The shadow hugs the inner edge of the moving view and is strongest half-way: 4e(1 - e) is 0
     * at both ends, so it is invisible at the start and at the end. */
    tc_view_state_t *shadow = entry(views, view_count, s->shadow);
    if (shadow != NULL) {
        shadow->frame.x = s->direction > 0.0 ? moving->frame.x - SHADOW_WIDTH
                                             : moving->frame.x + moving->frame.width;
        shadow->frame.y = moving->frame.y;
        shadow->frame.width = SHADOW_WIDTH;
        shadow->frame.height = moving->frame.height;
        shadow->alpha = clamp01(SHADOW_OPACITY * 4.0 * e * (1.0 - e));
    }
}

static void curtain_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                               bool finished) {
    (void)self;
    (void)finished; /* the host settles from and to either way */
    curtain_state_t *s = state;
    if (s == NULL) return;
    /* Take out the view this animator made, then free the per-transition state. */
    if (s->shadow != TC_VIEW_NONE) ctx->host->remove_view(ctx, s->shadow);
    free(s);
}

static const tc_animator_t curtain = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "curtain",
    .name = "Curtain",
    .summary = "The new screen slides in over the old one from an edge; going back slides it away.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0, /* push and pop are always full screen */
    .flags = 0,
    .param_count = sizeof curtain_params / sizeof curtain_params[0],
    .params = curtain_params,
    .animator_data = NULL,
    .duration = curtain_duration,
    .setup = curtain_setup,
    .step = curtain_step,
    .completion = curtain_completion,
};

/* ---------------------------------------------------------------------------------------------
 * Animator "pop-fade"
 * ------------------------------------------------------------------------------------------- */

#define POP_FADE_DURATION 0.35
#define POP_FADE_START_SCALE 0.9

static double pop_fade_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return POP_FADE_DURATION;
}

static bool pop_fade_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL; /* a cross-fade needs no per-transition state */

    /* A custom-style dismiss has no to-view: the presenting screen stays outside the container
     * and must not be added back (the black-screen bug). Nothing to add then. */
    if (ctx->to_view == TC_VIEW_NONE) return true;

    /* Dismissing with a from-view: slide the to-view in just below it. Otherwise (presenting, or a
     * custom-style present, which has no from-view): put the to-view on top. */
    if (is_dismissing(ctx) && ctx->from_view != TC_VIEW_NONE) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void pop_fade_step(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                          double progress, tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double e = ease(ctx, progress);

    /* The from-view (absent on a custom present) fades out. */
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    if (from != NULL) from->alpha = clamp01(1.0 - e);

    /* The to-view (absent on a custom dismiss) fades in and grows to full size about its centre.
     * "1 - amount * (1 - e)" is exactly 1 at e = 1, so the final transform is exactly identity. */
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (to != NULL) {
        double scale = 1.0 - (1.0 - POP_FADE_START_SCALE) * (1.0 - e);
        to->alpha = clamp01(e);
        to->transform.m[0] = scale; /* x scale */
        to->transform.m[5] = scale; /* y scale */
    }
}

static const tc_animator_t pop_fade = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "pop-fade",
    .name = "Pop Fade",
    .summary = "Cross-fades the screens while the new one grows slightly into place.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP) |
                  TC_OPERATION_BIT(TC_OPERATION_PRESENT) | TC_OPERATION_BIT(TC_OPERATION_DISMISS) |
                  TC_OPERATION_BIT(TC_OPERATION_TAB),
    .styles = TC_STYLE_BIT(TC_STYLE_FULL_SCREEN) | TC_STYLE_BIT(TC_STYLE_CUSTOM),
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = pop_fade_duration,
    .setup = pop_fade_setup,
    .step = pop_fade_step,
    .completion = NULL, /* made no views and no state: nothing to undo */
};

/* ---------------------------------------------------------------------------------------------
 * The plugin
 * ------------------------------------------------------------------------------------------- */

static const tc_animator_t *const animators[] = { &curtain, &pop_fade };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.wipe",
    .name = "Example Wipes",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A curtain that slides screens in from an edge, and a cross-fade with a gentle "
                   "grow for every kind of transition.",
    .license = "MIT",
    .animator_count = sizeof animators / sizeof animators[0],
    .animators = animators,
    .init = NULL,
    .deinit = NULL,
    .get_extension = NULL,
};

/* The one exported symbol: the same constant descriptor at every call. */
TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

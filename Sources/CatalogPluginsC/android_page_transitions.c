/* The Android page transitions that Flutter ports, as a plugin written in C: fade upwards
 * (Android O), open upwards (Android P) and fade forwards (Android U). Every number is from
 * Flutter's packages/flutter/lib/src/material/page_transitions_theme.dart, as quoted in the
 * project's research/modern_anchors.md §3. */
#include <stdlib.h>
#include "transition_catalog.h"

/* The per-transition state: the scrim open upwards lays over the old page, or the box fade
 * forwards fills behind the pages. */
typedef struct page_state {
    tc_view_id_t scrim;
} page_state_t;

static double clamp01(double x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }

/* Flutter's Interval(a, b): 0 before a, 1 after b, linear between. */
static double interval(double a, double b, double t) { return clamp01((t - a) / (b - a)); }

static bool presenting(const tc_context_t *ctx) {
    switch (ctx->operation) {
    case TC_OPERATION_PUSH: case TC_OPERATION_PRESENT: return true;
    case TC_OPERATION_TAB: return ctx->tab_to_index > ctx->tab_from_index;
    default: return false;
    }
}

static double bezier(const tc_context_t *ctx, double x1, double y1, double x2, double y2, double t) {
    return ctx->host->cubic_bezier(ctx, x1, y1, x2, y2, t);
}

/* The Material 3 emphasized path (easeInOutCubicEmphasized): (0.3, 0, 0.8, 0.15) up to
 * (0.166666, 0.4), then (0.05, 0.7, 0.1, 1), each normalised to its own box
 * (research/modern_anchors.md §1). */
static double emphasized(const tc_context_t *ctx, double t) {
    const double jx = 0.166666, jy = 0.4;
    if (t < jx) return jy * bezier(ctx, 0.3, 0, 0.8, 0.15, t / jx);
    return jy + (1 - jy) * bezier(ctx, 0.05, 0.7, 0.1, 1, (t - jx) / (1 - jx));
}

static double page_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    return ctx->param_values[0];
}

/* The arriving page on top when presenting, below when dismissing; open upwards adds its scrim
 * just under the top page, fade forwards its box under the page beneath. */
static bool page_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    const tc_host_t *host = ctx->host;
    bool up = presenting(ctx);
    bool placed = up ? host->add_view(ctx, ctx->to_view) : host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    if (!placed) return false;
    page_state_t *s = malloc(sizeof *s);
    if (!s) return false;
    s->scrim = TC_VIEW_NONE;
    if (self->animator_data == (void *)1) {
        tc_color_t black = {0, 0, 0, 1};
        s->scrim = host->make_view(ctx, TC_ROLE_DIMMING, ctx->container_bounds, black);
        if (s->scrim != TC_VIEW_NONE) host->insert_view_below(ctx, s->scrim, up ? ctx->to_view : ctx->from_view);
    } else if (self->animator_data == (void *)2) {
        /* ColorScheme.surface of the Material 3 baseline light scheme, #FEF7FF: a backdrop, not a
         * veil over a screen, so a decoration. */
        tc_color_t surface = {254.0 / 255, 247.0 / 255, 1, 1};
        s->scrim = host->make_view(ctx, TC_ROLE_DECORATION, ctx->container_bounds, surface);
        if (s->scrim != TC_VIEW_NONE) host->insert_view_below(ctx, s->scrim, up ? ctx->from_view : ctx->to_view);
    }
    *state = s;
    return true;
}

static void page_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished) {
    (void)self; (void)finished;
    page_state_t *s = state;
    if (s && s->scrim != TC_VIEW_NONE) ctx->host->remove_view(ctx, s->scrim);
    free(s);
}

/* Fade upwards: the entering page rises from a quarter of the height with fastOutSlowIn
 * (0.4, 0, 0.2, 1) while fading in with easeIn; the old page does not move. A pop runs the same
 * curves backwards, not flipped. */
static void fade_upwards_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double p,
                              tc_view_state_t *views, uint32_t count) {
    (void)self; (void)state; (void)count;
    const double h = ctx->container_bounds.height;
    const tc_host_t *host = ctx->host;
    if (presenting(ctx)) {
        tc_view_state_t *to = &views[ctx->to_view];
        to->frame.y += 0.25 * h * (1 - host->timing_curve(ctx, TC_CURVE_MATERIAL_STANDARD, p));
        to->alpha = clamp01(host->timing_curve(ctx, TC_CURVE_EASE_IN, clamp01(p)));
    } else {
        tc_view_state_t *from = &views[ctx->from_view];
        from->frame.y += 0.25 * h * (1 - host->timing_curve(ctx, TC_CURVE_MATERIAL_STANDARD, 1 - p));
        from->alpha = clamp01(host->timing_curve(ctx, TC_CURVE_EASE_IN, clamp01(1 - p)));
    }
}

/* Open upwards: the entering page is revealed from the bottom edge up; the old page rises 2.5 %
 * of the height under a black scrim that darkens to 0.25; curve cubic(0.2, 0, 0, 1), flipped on
 * a pop. The reveal is the entering page's frame growing from the bottom edge (the view model
 * has no clip, so Flutter's 5 % rise of the content inside the clip is left out).
 * On a pop the route value v falls from 1 to 0 and Flutter's CurvedAnimation maps it through
 * the reverse curve, _transitionCurve.flipped, for the clip and scrim (primary animation) and
 * for the old page's rise (secondary animation) alike (_OpenUpwardsPageTransition in
 * page_transitions_theme.dart): flipped(1 - p) = 1 - f(p), so the pop leaves fast and slows
 * down, as the push arrives. */
static void open_upwards_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double p,
                              tc_view_state_t *views, uint32_t count) {
    (void)self; (void)count;
    const page_state_t *s = state;
    const double h = ctx->container_bounds.height;
    bool up = presenting(ctx);
    double e = bezier(ctx, 0.2, 0, 0, 1, p);
    /* in is how far the upper page is in: 1 when it covers the screen. */
    double in = up ? e : 1 - e;
    tc_view_state_t *top = &views[up ? ctx->to_view : ctx->from_view];
    tc_view_state_t *under = &views[up ? ctx->from_view : ctx->to_view];
    double shown = clamp01(in) * top->frame.height;
    top->frame.y += top->frame.height - shown;
    top->frame.height = shown;
    under->frame.y -= 0.025 * h * in;
    if (s->scrim != TC_VIEW_NONE && (uint32_t)s->scrim < count) views[s->scrim].alpha = clamp01(0.25 * in);
}

/* Fade forwards: the pages slide a quarter of the width on the emphasized path; the entering
 * page fades in over the first three quarters of the time and the leaving one fades out over
 * the first quarter. The page beneath is drawn on an opaque box of ColorScheme.surface while the
 * transition runs (the ColoredBox of FadeForwardsPageTransitionsBuilder._delegatedTransition,
 * transparent once the animation stops), so what the fading pages uncover is the surface. */
static void fade_forwards_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double p,
                               tc_view_state_t *views, uint32_t count) {
    (void)self;
    const page_state_t *s = state;
    if (s->scrim != TC_VIEW_NONE && (uint32_t)s->scrim < count) views[s->scrim].alpha = p < 1 ? 1 : 0;
    const double w = ctx->container_bounds.width;
    double e = emphasized(ctx, p);
    double sign = presenting(ctx) ? 1 : -1;
    tc_view_state_t *to = &views[ctx->to_view], *from = &views[ctx->from_view];
    to->frame.x += sign * 0.25 * w * (1 - e);
    to->alpha = interval(0, 0.75, p);
    from->frame.x -= sign * 0.25 * w * e;
    from->alpha = 1 - interval(0, 0.25, p);
}

static const tc_param_t duration_300[] = {{
    .id = "duration", .name = "Duration", .doc = "How long the transition lasts.", .unit = "s",
    .type = TC_PARAM_NUMBER, .default_value = 0.3, .min_value = 0.05, .max_value = 10,
}};

static const tc_param_t duration_800[] = {{
    .id = "duration", .name = "Duration", .doc = "How long the transition lasts.", .unit = "s",
    .type = TC_PARAM_NUMBER, .default_value = 0.8, .min_value = 0.05, .max_value = 10,
}};

#define PAGE_OPERATIONS (TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP) | TC_OPERATION_BIT(TC_OPERATION_TAB))

static const tc_animator_t fade_upwards = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "fade-upwards", .name = "Android Fade Upwards",
    .summary = "Android O's page transition, as Flutter ports it: the new page rises from a quarter of the height while fading in.",
    .operations = PAGE_OPERATIONS, .param_count = 1, .params = duration_300, .animator_data = (void *)0,
    .duration = page_duration, .setup = page_setup, .step = fade_upwards_step, .completion = page_completion,
};

static const tc_animator_t open_upwards = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "open-upwards", .name = "Android Open Upwards",
    .summary = "Android P's page transition, as Flutter ports it: the new page is revealed from the bottom edge up while the old one rises slightly and darkens.",
    .operations = PAGE_OPERATIONS, .param_count = 1, .params = duration_300, .animator_data = (void *)1,
    .duration = page_duration, .setup = page_setup, .step = open_upwards_step, .completion = page_completion,
};

static const tc_animator_t fade_forwards = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "fade-forwards", .name = "Android Fade Forwards",
    .summary = "Android 14's page transition, as Flutter ports it: both pages slide a quarter of the width on the emphasized curve while the new one fades in and the old one fades out.",
    .operations = PAGE_OPERATIONS, .param_count = 1, .params = duration_800, .animator_data = (void *)2,
    .duration = page_duration, .setup = page_setup, .step = fade_forwards_step, .completion = page_completion,
};

static const tc_animator_t *const animators[] = {&fade_upwards, &open_upwards, &fade_forwards};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.transitioncatalog.android", .name = "Android page transitions",
    .vendor = "Transition Catalog", .version = "0.1.0",
    .description = "Android's page transitions as Flutter ports them (fade upwards, open upwards, fade forwards), written in C.",
    .license = "Apache-2.0",
    .animator_count = 3, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

/*
 * fixed_card_frame.c: a custom presentation that places its screen itself.
 *
 * Breaks: the presented screen's frame belongs to the host (to_final_frame when presenting,
 * from_initial_frame when dismissing), but this modal fade writes the default card frame (inset
 * 16 pt, from 15 % of the height) over it at every step. With the host's default presented frame
 * nothing shows; at any other presented frame, such as a medium sheet detent, the present ends
 * and the dismiss starts away from the host's frame.
 * Caught by: the endpoint checks, when `catalog validate --detent medium` gives the custom
 * scenarios a sheet half the container's height.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double card_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool card_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->operation == TC_OPERATION_PRESENT && ctx->to_view != TC_VIEW_NONE) {
        return ctx->host->add_view(ctx, ctx->to_view);
    }
    return true;
}

/* The breach: the card frame of a default presentation, whatever frame the host gave. */
static tc_rect_t card_frame(tc_rect_t bounds) {
    double inset = bounds.width / 8 < 16 ? bounds.width / 8 : 16;
    double top = bounds.y + (double)(long)(bounds.height * 0.15 + 0.5);
    tc_rect_t card = { bounds.x + inset, top, bounds.width - 2 * inset, bounds.y + bounds.height - inset - top };
    return card;
}

/* Present: the presented to-view fades in. Dismiss: the presented from-view fades out. */
static void card_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (ctx->operation == TC_OPERATION_PRESENT && to != NULL) {
        to->frame = card_frame(ctx->container_bounds);
        to->alpha = t;
    }
    if (ctx->operation == TC_OPERATION_DISMISS && from != NULL) {
        from->frame = card_frame(ctx->container_bounds);
        from->alpha = 1.0 - t;
    }
}

static const tc_animator_t fixed_card = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "fixed-card",
    .name = "Fixed Card",
    .summary = "A modal fade that puts the presented screen on the default card frame, whatever the host's frame.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PRESENT) | TC_OPERATION_BIT(TC_OPERATION_DISMISS),
    .styles = TC_STYLE_BIT(TC_STYLE_CUSTOM),
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = card_duration,
    .setup = card_setup,
    .step = card_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &fixed_card };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.fixedcard",
    .name = "Fixed Card",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Places a custom presentation's screen on a frame of its own.",
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

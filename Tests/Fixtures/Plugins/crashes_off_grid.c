/*
 * crashes_off_grid.c: an animator that crashes only between the progresses a short sampling
 * looks at.
 *
 * Breaks: for a progress strictly between 0.30 and 0.36, step writes through a NULL pointer and
 * the process dies of SIGSEGV. Every progress on a grid of eighths (0, 0.125, ... 1), setup and
 * completion are correct (a cross-fade), so a host that samples a few progresses in a worker
 * before running the animator in its own process finds nothing wrong.
 * Caught by: running every step out of the host's process; an app frame clock at 60 Hz lands in
 * the window, and the app must survive it with TCH_E_PLUGIN_BROKEN.
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

static double crash_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool crash_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void crash_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    if (progress > 0.30 && progress < 0.36) {
        *(volatile int *)0 = 1; /* The breach: SIGSEGV, off the grid of eighths. */
    }
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t off_grid = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "crashes-off-grid",
    .name = "Crashes Off Grid",
    .summary = "A cross-fade that dereferences NULL between progresses 0.30 and 0.36.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = crash_duration,
    .setup = crash_setup,
    .step = crash_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &off_grid };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.crash-off-grid",
    .name = "Crash Off Grid",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Crashes with SIGSEGV in step between progresses 0.30 and 0.36 only.",
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

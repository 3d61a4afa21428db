/*
 * slow_step.c: an animator whose step is far over the time budget.
 *
 * Breaks: "slow-fade" is a correct cross-fade for push and pop, but every step busy-waits about
 * 120 µs on CLOCK_MONOTONIC before writing its states (standing in for an expensive computation
 * done per frame instead of once in setup). Nothing it writes is wrong.
 * Caught by: the step-cost check, as a warning only (average step time over the 50 µs budget);
 * validation still passes and exits 0.
 */
#define _POSIX_C_SOURCE 199309L

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "transition_catalog.h"

#define SLOW_STEP_NANOSECONDS 120000L

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static int64_t now_nanoseconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}

/* The breach: spins for about 120 µs. It neither blocks nor allocates, it is only slow. */
static void spin(void) {
    int64_t until = now_nanoseconds() + SLOW_STEP_NANOSECONDS;
    while (now_nanoseconds() < until) {
    }
}

static double slow_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool slow_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void slow_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    spin();
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t slow = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "slow-fade",
    .name = "Slow Fade",
    .summary = "A correct cross-fade whose every step spins for about 120 µs.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = slow_duration,
    .setup = slow_setup,
    .step = slow_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &slow };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.slowstep",
    .name = "Slow Step",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Spends about 120 µs in every step.",
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

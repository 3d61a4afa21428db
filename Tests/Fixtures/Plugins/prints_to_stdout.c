/*
 * prints_to_stdout.c: an animator that prints from step.
 *
 * Breaks: step printf's a debugging line to standard output and flushes it, which the contract
 * forbids (step must not print) and which corrupts a host that uses the worker's stdout as its
 * protocol channel. The states it writes are a correct cross-fade.
 * Caught by: plugin isolation; the host must keep plugin output away from its own channel (or
 * detect the stray bytes) and report the plugin as printing, without misreading the output.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double print_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool print_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void print_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    /* The breach: output to stdout from step. */
    printf("prints-to-stdout: step progress=%.3f\n", progress);
    fflush(stdout);

    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t printer = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "prints-to-stdout",
    .name = "Prints to Stdout",
    .summary = "A cross-fade that logs every step with printf.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = print_duration,
    .setup = print_setup,
    .step = print_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &printer };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.prints",
    .name = "Prints",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Writes a line to standard output on every step.",
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

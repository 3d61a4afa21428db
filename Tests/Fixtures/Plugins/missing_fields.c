/*
 * missing_fields.c: an animator descriptor without a step function.
 *
 * Breaks: "stepless-fade" sets duration and setup but leaves tc_animator_t.step NULL (the author
 * forgot to fill it in). Every other field of the plugin and the animator is correct.
 * Caught by: the descriptor-fields check (duration, setup and step are required); the host must
 * refuse the plugin rather than call through a NULL pointer, so no animator check runs.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

static double stepless_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool stepless_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static const tc_animator_t stepless = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "stepless-fade",
    .name = "Stepless Fade",
    .summary = "A cross-fade whose descriptor forgot its step function.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = stepless_duration,
    .setup = stepless_setup,
    .step = NULL, /* the breach: step is required */
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &stepless };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.missingfields",
    .name = "Missing Fields",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Declares an animator whose step function is NULL.",
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

/* A complete animator plugin: a cross-fade for push and pop.
 * Build: cc -shared -fPIC -I include Examples/minimal_fade.c -o libminimal_fade.so */
#include <stddef.h>
#include "transition_catalog.h"

static double fade_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    return ctx->param_values[0]; /* the "duration" parameter below */
}

/* Put the arriving view in the container: on top for push, below for pop. */
static bool fade_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->operation == TC_OPERATION_POP)
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    return ctx->host->add_view(ctx, ctx->to_view);
}

/* Pure in progress: the states depend on `progress` alone. */
static void fade_step(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                      double progress, tc_view_state_t *views, uint32_t view_count) {
    (void)self; (void)state; (void)view_count;
    double t = ctx->host->timing_curve(ctx, TC_CURVE_EASE_IN_OUT, progress);
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    views[ctx->from_view].alpha = 1 - t;
    views[ctx->to_view].alpha = t;
}

static const tc_param_t fade_params[] = {{
    .id = "duration", .name = "Duration", .doc = "How long the fade lasts.", .unit = "s",
    .type = TC_PARAM_NUMBER, .default_value = 0.3, .min_value = 0.05, .max_value = 5,
}};

static const tc_animator_t fade = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "minimal-fade", .name = "Minimal Fade", .summary = "A cross-fade for push and pop.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .param_count = 1, .params = fade_params,
    .duration = fade_duration, .setup = fade_setup, .step = fade_step, .completion = NULL,
};

static const tc_animator_t *const animators[] = {&fade};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.minimal", .name = "Minimal Example", .vendor = "Example Co.",
    .version = "1.0.0", .description = "The smallest useful plugin.", .license = "MIT",
    .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

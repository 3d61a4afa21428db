/* The smallest animator there is, for the benchmarks: a step that writes one number, so that
 * calling it measures the cost of the call alone (direct function pointer against ffi_call), and a
 * small complete plugin to copy many times for the discovery benchmarks.
 * Build: cc -shared -fPIC -I include Benchmarks/Fixtures/trivial.c -o trivial.so */
#include <stddef.h>
#include "transition_catalog.h"

#ifndef PLUGIN_ID
#define PLUGIN_ID "org.transitioncatalog.bench.trivial"
#endif
#ifndef ANIMATOR_ID
#define ANIMATOR_ID "trivial"
#endif

static double trivial_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    return ctx->param_values[0];
}

static bool trivial_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->operation == TC_OPERATION_POP)
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    return ctx->host->add_view(ctx, ctx->to_view);
}

/* One store: the to-view's alpha is the progress, clamped. */
static void trivial_step(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                         double progress, tc_view_state_t *views, uint32_t view_count) {
    (void)self; (void)state;
    int32_t to = ctx->to_view;
    if (to < 0 || (uint32_t)to >= view_count) return;
    views[to].alpha = progress < 0 ? 0 : progress > 1 ? 1 : progress;
}

static const tc_param_t trivial_params[] = {{
    .id = "duration", .name = "Duration", .doc = "How long the transition lasts.", .unit = "s",
    .type = TC_PARAM_NUMBER, .default_value = 0.3, .min_value = 0.05, .max_value = 5,
}};

static const tc_animator_t trivial = {
    .abi = TC_ABI_VERSION_INIT,
    .id = ANIMATOR_ID, .name = "Trivial", .summary = "A cross-fade of the arriving screen, in one store.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .param_count = 1, .params = trivial_params,
    .duration = trivial_duration, .setup = trivial_setup, .step = trivial_step, .completion = NULL,
};

static const tc_animator_t *const animators[] = {&trivial};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = PLUGIN_ID, .name = "Benchmark: trivial", .vendor = "Transition Catalog",
    .version = "1.0.0", .description = "The cheapest possible step, for measuring call costs.", .license = "Apache-2.0",
    .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

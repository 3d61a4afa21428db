/*
 * choice_max.c: a choice parameter whose range disagrees with its choices.
 *
 * Breaks: the "edge" parameter offers three choices (0, 1, 2) but declares max_value 3, as if
 * counting them; hosts and tools that trust max_value would offer a fourth, absent choice.
 * Everything else is a correct slide for push.
 * Caught by: the descriptor-parameters check, which FAILs a choice whose max_value is not
 * choice_count - 1 and says which value to set.
 */
#include <stddef.h>

#include "transition_catalog.h"

static double slide_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool slide_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void slide_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                       tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    (void)view_count;
    double t = progress < 0.0 ? 0.0 : (progress > 1.0 ? 1.0 : progress);
    views[ctx->to_view].frame.x = ctx->to_final_frame.x + (1.0 - t) * ctx->container_bounds.width;
}

static const char *const edges[] = {"left", "right", "bottom"};

static const tc_param_t slide_params[] = {{
    .id = "edge", .name = "Edge", .doc = "The edge the new screen comes from.", .unit = "",
    .type = TC_PARAM_CHOICE, .default_value = 1, .min_value = 0, .max_value = 3,
    .choice_count = 3, .choices = edges,
}};

static const tc_animator_t slide = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "slide", .name = "Slide", .summary = "A slide whose edge choice counts one too many.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .param_count = 1, .params = slide_params,
    .duration = slide_duration, .setup = slide_setup, .step = slide_step, .completion = NULL,
};

static const tc_animator_t *const animators[] = {&slide};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.choice-max", .name = "Choice Max", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A choice parameter with max_value = choice_count.", .license = "MIT",
    .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

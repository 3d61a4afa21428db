/*
 * zero_abi.c: a plugin whose author never set the `abi` fields.
 *
 * Breaks: tc_plugin_t and tc_animator_t leave `.abi` out, so it reads 0.0.0. Everything else is
 * a correct cross-fade for push.
 * Caught by: the ABI version check at load; the refusal must say to set
 * `.abi = TC_ABI_VERSION_INIT`, not to rebuild against another header.
 */
#include <stddef.h>

#include "transition_catalog.h"

static double fade_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool fade_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void fade_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    (void)view_count;
    views[ctx->to_view].alpha = progress < 0.0 ? 0.0 : (progress > 1.0 ? 1.0 : progress);
}

static const tc_animator_t fade = {
    .id = "fade", .name = "Fade", .summary = "A cross-fade whose descriptor has no ABI version.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .duration = fade_duration, .setup = fade_setup, .step = fade_step, .completion = NULL,
};

static const tc_animator_t *const animators[] = {&fade};

static const tc_plugin_t plugin = {
    .id = "org.example.zero-abi", .name = "Zero ABI", .vendor = "Example Co.",
    .version = "1.0.0", .description = "Forgets TC_ABI_VERSION_INIT.", .license = "MIT",
    .animator_count = 1, .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &plugin; }

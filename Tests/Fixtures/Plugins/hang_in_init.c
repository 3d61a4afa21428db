/*
 * hang_in_init.c: a plugin whose init never returns.
 *
 * Breaks: its descriptors are correct, but init sleeps for ever, as one waiting on a lock or a
 * server that never answers would.
 * Caught by: catalog list, whose scan gives each plugin call a deadline: the file is reported as
 * not finishing within it, and the files scanned before and after it in the same worker are
 * listed as usual.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "transition_catalog.h"

static double fixture_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool fixture_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void fixture_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                         tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    if (ctx->to_view < 0 || (uint32_t)ctx->to_view >= view_count) return;
    views[ctx->to_view].alpha = progress < 0 ? 0 : (progress > 1 ? 1 : progress);
}

static bool never_returns(const tc_plugin_t *plugin, const char *path) {
    (void)plugin;
    (void)path;
    for (;;) sleep(1);
    return true;
}

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "hang-in-init",
    .name = "Hang In Init",
    .summary = "A cross-fade whose plugin never finishes its init.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH),
    .duration = fixture_duration,
    .setup = fixture_setup,
    .step = fixture_step,
};

static const tc_animator_t *const animators[] = {&animator};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.hang-in-init",
    .name = "Hang In Init",
    .version = "1.0.0",
    .license = "MIT",
    .animator_count = 1,
    .animators = animators,
    .init = never_returns,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

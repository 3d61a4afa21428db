/*
 * crash_on_unload.c: a correct plugin whose library destructor dereferences NULL.
 *
 * Breaks: nothing while it is loaded; the crash comes when the library is closed (dlclose, or the
 * end of the process), as a destructor that frees what was never allocated would.
 * Caught by: catalog list, whose scan closes each library once it has read it: the file is
 * reported as crashed while it was unloaded, and the files scanned after it in the same
 * worker are listed as usual.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

__attribute__((destructor)) static void crash_when_unloaded(void) {
    *(volatile int *)0 = 1;
}

static double fixture_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool fixture_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->operation == TC_OPERATION_POP) return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void fixture_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                         tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    if (ctx->to_view < 0 || (uint32_t)ctx->to_view >= view_count) return;
    views[ctx->to_view].alpha = progress < 0 ? 0 : (progress > 1 ? 1 : progress);
}

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "crash-on-unload",
    .name = "Crash On Unload",
    .summary = "A cross-fade whose library crashes when it is closed.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .duration = fixture_duration,
    .setup = fixture_setup,
    .step = fixture_step,
};

static const tc_animator_t *const animators[] = {&animator};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.crash-on-unload",
    .name = "Crash On Unload",
    .version = "1.0.0",
    .license = "MIT",
    .animator_count = 1,
    .animators = animators,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

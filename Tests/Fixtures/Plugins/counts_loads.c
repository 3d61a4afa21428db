/*
 * counts_loads.c: a correct plugin whose init appends a line to the file named by the
 * TC_LOAD_COUNTER environment variable each time the plugin is loaded, and whose deinit appends
 * one to the file named by TC_UNLOAD_COUNTER.
 *
 * Proves the scan cache: a second catalog list over an unchanged file must not load it again;
 * that the scan, which unloads each library, calls deinit first; and that commands which run
 * several of its transitions or animators do so in one worker. Its two animators are the same
 * cross-fade under two ids.
 */
#include <stdio.h>
#include <stdlib.h>

#include "transition_catalog.h"

static double counted_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.25;
}

static bool counted_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->operation == TC_OPERATION_POP) return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void counted_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                         tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    (void)view_count;
    double t = progress < 0 ? 0 : (progress > 1 ? 1 : progress);
    views[ctx->from_view].alpha = 1 - t;
    views[ctx->to_view].alpha = t;
}

static bool counted_init(const tc_plugin_t *self, const char *plugin_path) {
    (void)self;
    (void)plugin_path;
    const char *counter = getenv("TC_LOAD_COUNTER");
    if (counter != NULL) {
        FILE *f = fopen(counter, "a");
        if (f != NULL) {
            fputs("loaded\n", f);
            fclose(f);
        }
    }
    return true;
}

static void counted_deinit(const tc_plugin_t *self) {
    (void)self;
    const char *counter = getenv("TC_UNLOAD_COUNTER");
    if (counter != NULL) {
        FILE *f = fopen(counter, "a");
        if (f != NULL) {
            fputs("deinit\n", f);
            fclose(f);
        }
    }
}

static const tc_animator_t counted = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "counted-fade",
    .name = "Counted Fade",
    .summary = "A cross-fade whose plugin counts its loads.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .duration = counted_duration,
    .setup = counted_setup,
    .step = counted_step,
};

static const tc_animator_t counted_again = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "counted-dissolve",
    .name = "Counted Dissolve",
    .summary = "The same cross-fade under a second id.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .duration = counted_duration,
    .setup = counted_setup,
    .step = counted_step,
};

static const tc_animator_t *const animators[] = {&counted, &counted_again};

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.counter",
    .name = "Load Counter",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Counts how often it is loaded.",
    .license = "MIT",
    .animator_count = 2,
    .animators = animators,
    .init = counted_init,
    .deinit = counted_deinit,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

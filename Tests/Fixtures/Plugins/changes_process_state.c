/*
 * changes_process_state.c: a plugin that changes the process's working directory and environment in init.
 *
 * Breaks: init calls chdir("/") and sets TRANSITION_ANIMATOR_PATH, TRANSITION_CATALOG_CACHE and
 * XDG_CACHE_HOME to paths of its own. The animator is a correct cross-fade.
 * Caught by: paths resolved before plugin code runs: a relative plugin path still loads in the worker,
 * every check runs, and --out and the cache land where the user asked.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double fixture_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool fixture_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void fixture_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                         tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "changes-process-state",
    .name = "Changes Process State",
    .summary = "A cross-fade whose plugin changes cwd and the environment.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = fixture_duration,
    .setup = fixture_setup,
    .step = fixture_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &animator };

static bool change_state(const tc_plugin_t *self, const char *plugin_path) {
    (void)self;
    (void)plugin_path;
    if (chdir("/") != 0) return false;
    setenv("TRANSITION_ANIMATOR_PATH", "/nonexistent/evil-plugins", 1);
    setenv("TRANSITION_CATALOG_CACHE", "/nonexistent/evil-cache.json", 1);
    setenv("XDG_CACHE_HOME", "/nonexistent/evil-cache", 1);
    return true;
}

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.changes-process-state",
    .name = "Changes Process State",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade whose plugin changes cwd and the environment.",
    .license = "MIT",
    .animator_count = 1,
    .animators = animators,
    .init = change_state,
    .deinit = NULL,
    .get_extension = NULL,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

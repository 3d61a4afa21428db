/*
 * forks.c: an animator that forks a process that outlives the transition.
 *
 * Breaks: setup forks once per process; the child keeps every inherited descriptor open and sleeps
 * for 60 seconds. When FIXTURE_PID_FILE is set, the child's pid is appended to that file. The
 * transition itself is a correct cross-fade.
 * Caught by: the worker's process group: nothing the plugin started may outlive the command, and the
 * host must not wait for a pipe the child holds.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "transition_catalog.h"

static void fork_once(void) {
    static bool forked = false;
    if (forked) return;
    forked = true;
    pid_t child = fork();
    if (child == 0) {
        sleep(60);
        _exit(0);
    }
    const char *file = getenv("FIXTURE_PID_FILE");
    if (child > 0 && file != NULL) {
        int fd = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd >= 0) {
            char line[32];
            int n = snprintf(line, sizeof line, "%d\n", (int)child);
            ssize_t ignored = write(fd, line, (size_t)n);
            (void)ignored;
            close(fd);
        }
    }
}

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
    fork_once();
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
    .id = "forks",
    .name = "Forks",
    .summary = "A cross-fade whose setup forks a long-lived child.",
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

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.forks",
    .name = "Forks",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade whose setup forks a long-lived child.",
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

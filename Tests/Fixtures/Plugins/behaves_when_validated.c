/*
 * behaves_when_validated.c: an animator that behaves only when it believes it is being validated.
 *
 * Breaks: step crashes (a write through a null pointer) unless the process looks like the validator's
 * worker: a command-line argument "validate" or "validate-worker", descriptor 3 open, or SWIFT_BACKTRACE in the
 * environment (the signs the worker used to show). Otherwise a correct cross-fade.
 * Caught by: a worker that looks like the host: validate must see the crash and report CRASH.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "transition_catalog.h"

/* True when the process shows a sign of the validator's worker. */
static bool looks_validated(void) {
    if (fcntl(3, F_GETFD) != -1) return true;
    if (getenv("SWIFT_BACKTRACE") != NULL) return true;
    int fd = open("/proc/self/cmdline", O_RDONLY);
    if (fd < 0) return false;
    char line[4096];
    ssize_t n = read(fd, line, sizeof line - 1);
    close(fd);
    if (n <= 0) return false;
    line[n] = '\0';
    for (ssize_t i = 0; i < n; i += (ssize_t)strlen(line + i) + 1) {
        if (strcmp(line + i, "validate") == 0 || strncmp(line + i, "validate-", 9) == 0) return true;
    }
    return false;
}

static volatile int *nowhere = NULL;

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
    if (progress > 0.5 && !looks_validated()) *nowhere = 1; /* The breach. */
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "behaves-when-validated",
    .name = "Behaves When Validated",
    .summary = "A cross-fade that crashes unless it thinks it is validated.",
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
    .id = "org.example.behaves-when-validated",
    .name = "Behaves When Validated",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade that crashes unless it thinks it is validated.",
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

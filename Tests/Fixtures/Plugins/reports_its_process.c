/*
 * reports_its_process.c: a correct cross-fade that writes down, in setup, what its process shows.
 *
 * Looks at: its executable (/proc/self/exe), its command line (/proc/self/cmdline, arguments
 * separated by '|') and its name (/proc/self/comm), and appends them as one line, separated by
 * tabs, to the file named by FIXTURE_PROCESS_FILE.
 * Shows: every worker, whichever command started it, is the same catalog-worker with the same
 * command line, as docs/threat-model.md says.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void report_process(void) {
    const char *out = getenv("FIXTURE_PROCESS_FILE");
    if (out == NULL) return;
    char exe[4096] = {0}, cmdline[4096] = {0}, comm[64] = {0};
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n < 0) n = 0;
    exe[n] = 0;
    FILE *f = fopen("/proc/self/cmdline", "r");
    size_t length = f ? fread(cmdline, 1, sizeof cmdline - 1, f) : 0;
    if (f) fclose(f);
    for (size_t i = 0; i + 1 < length; i++) {
        if (cmdline[i] == 0) cmdline[i] = '|';
    }
    f = fopen("/proc/self/comm", "r");
    if (f) {
        if (fgets(comm, sizeof comm, f) == NULL) comm[0] = 0;
        fclose(f);
    }
    comm[strcspn(comm, "\n")] = 0;
    FILE *o = fopen(out, "a");
    if (o == NULL) return;
    fprintf(o, "%s\t%s\t%s\n", exe, cmdline, comm);
    fclose(o);
}

static bool fixture_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    report_process();
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
    .id = "reports-its-process",
    .name = "Reports Its Process",
    .summary = "A cross-fade that writes down what its process shows.",
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
    .id = "org.example.reports-its-process",
    .name = "Reports Its Process",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade that writes down what its process shows.",
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

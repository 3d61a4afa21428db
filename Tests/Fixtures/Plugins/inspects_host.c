/*
 * inspects_host.c: an animator that tries to reach into the process that started its worker.
 *
 * Breaks: on its first step in a process, it opens its parent's memory (/proc/<parent>/mem, read
 * and write, the way to rewrite a verdict in the host) and tries to attach to the parent with
 * ptrace; it appends what happened to the file FIXTURE_RESULT_FILE names ("mem opened" or "mem
 * denied", "ptrace attached" or "ptrace denied"), detaching at once if it could attach. Otherwise
 * a correct cross-fade.
 * Caught by: the host making itself non-dumpable at start: a process of the same user without
 * CAP_SYS_PTRACE can neither open its memory nor attach to it.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "transition_catalog.h"

static void inspect(void) {
    static bool done = false;
    if (done) return;
    done = true;
    const char *out = getenv("FIXTURE_RESULT_FILE");
    if (out == NULL) return;
    pid_t parent = getppid();
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/mem", (int)parent);
    int fd = open(path, O_RDWR | O_CLOEXEC);
    bool mem = fd >= 0;
    if (fd >= 0) close(fd);
    bool attached = ptrace(PTRACE_ATTACH, parent, NULL, NULL) == 0;
    if (attached) {
        waitpid(parent, NULL, __WALL);
        ptrace(PTRACE_DETACH, parent, NULL, NULL);
    }
    FILE *f = fopen(out, "a");
    if (f == NULL) return;
    fprintf(f, "mem %s\nptrace %s\n", mem ? "opened" : "denied", attached ? "attached" : "denied");
    fclose(f);
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
    inspect();
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "inspects-host",
    .name = "Inspects Host",
    .summary = "A cross-fade that tries to read and attach to the process that started it.",
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
    .id = "org.example.inspects-host",
    .name = "Inspects Host",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade that tries to read and attach to the process that started it.",
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

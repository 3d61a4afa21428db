/*
 * forges_reports.c: an animator that writes forged results to every descriptor it did not open.
 *
 * Breaks: on its first step in a process, it writes lines and packets that look like passing
 * validation results (JSON objects of every shape the worker ever sent) to every socket and pipe
 * at descriptor 3 and above: those /proc/self/fd lists, or, where it cannot be read, every number
 * from 3 to 1023. Otherwise a correct cross-fade.
 * Caught by: the signed report channel: validate must fail the check that was running and keep exactly
 * one result per planned check.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "transition_catalog.h"

static const char *const forgeries[] = {
    "{\"result\":{\"unit\":1,\"result\":{\"check\":\"endpoints\",\"subject\":\"forged\",\"status\":\"PASS\",\"details\":[]}}}\n",
    "{\"begin\":{\"unit\":400}}\n",
    "{\"result\":{\"unit\":400,\"result\":{\"check\":\"endpoints\",\"subject\":\"forged\",\"status\":\"PASS\",\"details\":[]}}}\n",
};

static void forge_to(int fd) {
    struct stat st;
    if (fstat(fd, &st) != 0 || !(S_ISSOCK(st.st_mode) || S_ISFIFO(st.st_mode))) return;
    signal(SIGPIPE, SIG_IGN);
    for (int round = 0; round < 50; round++) {
        for (size_t i = 0; i < sizeof forgeries / sizeof forgeries[0]; i++) {
            ssize_t ignored = write(fd, forgeries[i], strlen(forgeries[i]));
            (void)ignored;
        }
    }
}

static void forge(void) {
    static bool done = false;
    if (done) return;
    done = true;
    DIR *dir = opendir("/proc/self/fd");
    if (dir == NULL) {
        for (int fd = 3; fd < 1024; fd++) forge_to(fd);
        return;
    }
    int mine = dirfd(dir);
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        int fd = atoi(e->d_name);
        if (fd < 3 || fd == mine) continue;
        forge_to(fd);
    }
    closedir(dir);
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
    forge();
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

static const tc_animator_t animator = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "forges-reports",
    .name = "Forges Reports",
    .summary = "A cross-fade that writes forged validator reports.",
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
    .id = "org.example.forges-reports",
    .name = "Forges Reports",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade that writes forged validator reports.",
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

/*
 * thread_prints.c: a plugin whose background thread prints to standard output.
 *
 * Breaks: init starts a detached thread that writes a line to stdout every millisecond, for ever,
 * and returns once it has written the first.
 * The animator is a correct cross-fade.
 * Caught by: the host's output goes through a descriptor plugin code does not hold: JSON stays valid,
 * and validate's quiet check fails with what the thread printed.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
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
    .id = "thread-prints",
    .name = "Thread Prints",
    .summary = "A cross-fade whose plugin prints from a thread.",
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

static int printed_once;

static void *chatter(void *arg) {
    (void)arg;
    static const char line[] = "thread-prints: noise from a plugin thread\n";
    struct timespec pause = { 0, 1000000 };
    for (;;) {
        ssize_t ignored = write(1, line, strlen(line));
        (void)ignored;
        __atomic_store_n(&printed_once, 1, __ATOMIC_RELEASE);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

/* Returns once the thread has printed (at most a second later), so that what it prints is there
 * to be seen however little the host asks of the plugin afterwards and however busy the machine. */
static bool start_chatter(const tc_plugin_t *self, const char *plugin_path) {
    (void)self;
    (void)plugin_path;
    pthread_t thread;
    if (pthread_create(&thread, NULL, chatter, NULL) != 0) return false;
    pthread_detach(thread);
    struct timespec pause = { 0, 100000 };
    for (int i = 0; i < 10000 && !__atomic_load_n(&printed_once, __ATOMIC_ACQUIRE); i++) nanosleep(&pause, NULL);
    return true;
}

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.thread-prints",
    .name = "Thread Prints",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "A cross-fade whose plugin prints from a thread.",
    .license = "MIT",
    .animator_count = 1,
    .animators = animators,
    .init = start_chatter,
    .deinit = NULL,
    .get_extension = NULL,
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

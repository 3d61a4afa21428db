/*
 * bad_strings.c: descriptor strings that are unsafe to print.
 *
 * Breaks: the plugin name and the animator name carry ANSI terminal escape sequences
 * ("\x1b[31m...\x1b[0m") and a BEL (0x07), and the plugin description holds the byte 0xff, which
 * is never valid UTF-8. The plugin id and animator id are valid, and the animator (a cross-fade for
 * push and pop) behaves correctly.
 * Caught by: descriptor string validation at load (UTF-8 and control characters); whatever the
 * host decides (refuse, or escape), no raw escape, BEL or invalid byte may reach a terminal, log or
 * report it writes.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

static double clamp01(double value) {
    return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value);
}

static tc_view_state_t *entry(tc_view_state_t *views, uint32_t view_count, tc_view_id_t view) {
    if (view < 0 || (uint32_t)view >= view_count) return NULL;
    return &views[view];
}

static double loud_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self;
    (void)ctx;
    return 0.3;
}

static bool loud_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self;
    *state = NULL;
    if (ctx->from_view == TC_VIEW_NONE || ctx->to_view == TC_VIEW_NONE) return false;
    if (ctx->operation == TC_OPERATION_POP) {
        return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    }
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void loud_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                      tc_view_state_t *views, uint32_t view_count) {
    (void)self;
    (void)state;
    double t = clamp01(progress);
    tc_view_state_t *from = entry(views, view_count, ctx->from_view);
    tc_view_state_t *to = entry(views, view_count, ctx->to_view);
    if (from != NULL) from->alpha = 1.0 - t;
    if (to != NULL) to->alpha = t;
}

/* The breaches, as separate literals so no hex escape swallows the next character. */
#define ESC_RED "\x1b[31m"
#define ESC_RESET "\x1b[0m"
#define BEL "\x07"
#define INVALID_UTF8 "\xff"

static const tc_animator_t loud = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "loud",
    .name = ESC_RED "RED" ESC_RESET " Fade" BEL,
    .summary = "A cross-fade with a name that tries to colour the terminal and ring its bell.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .styles = 0,
    .flags = 0,
    .param_count = 0,
    .params = NULL,
    .animator_data = NULL,
    .duration = loud_duration,
    .setup = loud_setup,
    .step = loud_step,
    .completion = NULL,
};

static const tc_animator_t *const animators[] = { &loud };

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.badstrings",
    .name = ESC_RED "RED" ESC_RESET " Strings" BEL,
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Invalid UTF-8 follows: " INVALID_UTF8 " (a lone 0xff byte).",
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

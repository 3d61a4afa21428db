/* Wasm plugins that misbehave on purpose, one per HOSTILE_* mode (built with
 * `scripts/wasm-cc -D HOSTILE_MODE=N`). Each is a cross-fade for push and pop that goes wrong in
 * one way; the host must name what went wrong and go on, in every command and the C host API. */
#include <stdint.h>
#include <stdio.h>
#include "transition_catalog.h"

#define HOSTILE_LOOP_DURATION 1    /* duration never returns */
#define HOSTILE_LOOP_SETUP 2       /* setup never returns */
#define HOSTILE_LOOP_STEP 3        /* step never returns past progress 0.5 */
#define HOSTILE_GROW_MEMORY 4      /* setup grows memory until it cannot */
#define HOSTILE_OOB_STORE 5        /* step stores past the end of memory */
#define HOSTILE_UNREACHABLE 6      /* step reaches `unreachable` (abort) */
#define HOSTILE_RECURSION 7        /* step recurses without end */
#define HOSTILE_WASI_IMPORT 8      /* setup prints with printf: imports WASI */
#define HOSTILE_UNKNOWN_IMPORT 9   /* setup calls a function the host does not provide */
#define HOSTILE_LYING_COUNT 10     /* claims 5000 animators */
#define HOSTILE_POINTER_PAST 11    /* its animator list lies past the end of memory */
#define HOSTILE_UNTERMINATED 12    /* its name runs to the end of memory without a NUL */
#define HOSTILE_BAD_SERVICE_POINTER 13 /* hands make_view a frame outside memory */
#define HOSTILE_COUNTS_TRANSITIONS 14  /* keeps a count of transitions in a global */
#define HOSTILE_COUNTS_IN_WASM_GLOBAL 15 /* keeps it in a wasm global instead of memory */
#define HOSTILE_COUNTS_BY_GROWING 16   /* grows memory a page a transition and reports its size */
#define HOSTILE_COUNTS_IN_TABLE 17     /* keeps it as the size of a table it grows */

#ifndef HOSTILE_MODE
#error "define HOSTILE_MODE"
#endif

__attribute__((unused)) static volatile uint32_t spin = 1;
#if HOSTILE_MODE == HOSTILE_COUNTS_IN_WASM_GLOBAL
/* Address space 1 is a WebAssembly global, outside linear memory. */
static int __attribute__((address_space(1))) transitions;
#else
__attribute__((unused)) static int transitions = 0;
#endif
#if HOSTILE_MODE == HOSTILE_COUNTS_IN_TABLE
static __externref_t counting_table[0];
#endif

#if HOSTILE_MODE == HOSTILE_UNKNOWN_IMPORT
__attribute__((import_module("env"), import_name("read_clipboard"))) int read_clipboard(void);
#endif

#if HOSTILE_MODE == HOSTILE_RECURSION
static double descend(volatile double x) { return x > -1 ? descend(x + 1) + 1 : 0; }
#endif

static double hostile_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    (void)self; (void)ctx;
#if HOSTILE_MODE == HOSTILE_LOOP_DURATION
    while (spin) {}
#endif
    return 0.3;
}

static bool hostile_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    (void)self; (void)state;
#if HOSTILE_MODE == HOSTILE_LOOP_SETUP
    while (spin) {}
#elif HOSTILE_MODE == HOSTILE_GROW_MEMORY
    while (__builtin_wasm_memory_grow(0, 16) != (unsigned long)-1) {}
#elif HOSTILE_MODE == HOSTILE_WASI_IMPORT
    printf("hello from setup\n");
#elif HOSTILE_MODE == HOSTILE_UNKNOWN_IMPORT
    if (read_clipboard()) return false;
#elif HOSTILE_MODE == HOSTILE_BAD_SERVICE_POINTER
    tc_color_t black = {0, 0, 0, 1};
    tc_view_id_t dim = ctx->host->make_view(ctx, TC_ROLE_DIMMING, *(const tc_rect_t *)(uintptr_t)0xFFFFFF00u, black);
    (void)dim;
#elif HOSTILE_MODE == HOSTILE_COUNTS_TRANSITIONS || HOSTILE_MODE == HOSTILE_COUNTS_IN_WASM_GLOBAL
    transitions = transitions + 1;
    char message[] = "transition #0";
    message[12] = (char)('0' + (transitions % 10));
    ctx->host->log(ctx, TC_LOG_INFO, message);
#elif HOSTILE_MODE == HOSTILE_COUNTS_IN_TABLE
    __builtin_wasm_table_grow(counting_table, __builtin_wasm_ref_null_extern(), 1);
    transitions = (int)__builtin_wasm_table_size(counting_table);
    char message[] = "transition #0";
    message[12] = (char)('0' + (transitions % 10));
    ctx->host->log(ctx, TC_LOG_INFO, message);
#elif HOSTILE_MODE == HOSTILE_COUNTS_BY_GROWING
    /* Memory that grew in one transition and were still there in the next would tell the count. */
    unsigned long pages = __builtin_wasm_memory_size(0);
    char message[] = "pages 00000";
    for (int i = 10; i >= 6; i--, pages /= 10) message[i] = (char)('0' + pages % 10);
    ctx->host->log(ctx, TC_LOG_INFO, message);
    __builtin_wasm_memory_grow(0, 1);
#endif
    if (ctx->operation == TC_OPERATION_POP) return ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view);
    return ctx->host->add_view(ctx, ctx->to_view);
}

static void hostile_step(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                         tc_view_state_t *views, uint32_t view_count) {
    (void)self; (void)state; (void)view_count;
#if HOSTILE_MODE == HOSTILE_LOOP_STEP
    if (progress > 0.5) while (spin) {}
#elif HOSTILE_MODE == HOSTILE_OOB_STORE
    if (progress > 0.5) *(volatile double *)(uintptr_t)0xFFFFFFF0u = progress;
#elif HOSTILE_MODE == HOSTILE_UNREACHABLE
    if (progress > 0.5) __builtin_trap();
#elif HOSTILE_MODE == HOSTILE_RECURSION
    if (progress > 0.5) views[ctx->to_view].alpha = descend(progress);
#endif
    double t = progress < 0 ? 0 : progress > 1 ? 1 : progress;
#if HOSTILE_MODE == HOSTILE_COUNTS_TRANSITIONS || HOSTILE_MODE == HOSTILE_COUNTS_IN_WASM_GLOBAL || \
    HOSTILE_MODE == HOSTILE_COUNTS_IN_TABLE
    /* A count above 1 would mean state kept from an earlier transition: the step then lies. */
    if (transitions != 1) t = 0.5;
#endif
    views[ctx->from_view].alpha = 1 - t;
    views[ctx->to_view].alpha = t;
}

static const tc_animator_t hostile = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "hostile", .name = "Hostile", .summary = "A cross-fade that misbehaves on purpose.",
    .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
    .duration = hostile_duration, .setup = hostile_setup, .step = hostile_step, .completion = NULL,
};

static const tc_animator_t *const animators[] = {&hostile};

static tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.hostile", .name = "Hostile", .vendor = "Example Co.",
    .version = "1.0.0", .description = "A wasm plugin that misbehaves on purpose.", .license = "MIT",
    .animator_count = 1, .animators = animators,
};

const tc_plugin_t *tc_plugin_entry(void) {
#if HOSTILE_MODE == HOSTILE_LYING_COUNT
    plugin.animator_count = 5000;
#elif HOSTILE_MODE == HOSTILE_POINTER_PAST
    plugin.animators = (const tc_animator_t *const *)(uintptr_t)0xFFFFFF00u;
#elif HOSTILE_MODE == HOSTILE_UNTERMINATED
    uint32_t end = (uint32_t)__builtin_wasm_memory_size(0) * 65536u;
    char *tail = (char *)(uintptr_t)(end - 8);
    for (int i = 0; i < 8; i++) tail[i] = 'x';
    plugin.name = tail;
#endif
    return &plugin;
}

/*
 * crash_on_load.c: a library whose constructor dereferences NULL when it is loaded.
 *
 * Breaks: dlopen itself crashes, before tc_plugin_entry is reached.
 * Caught by: catalog list and catalog validate, which load plugins in a child process: the file
 * is reported as crashed (SIGSEGV) and the listing goes on.
 */
#include "transition_catalog.h"

__attribute__((constructor)) static void crash_when_loaded(void) {
    *(volatile int *)0 = 1;
}

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.crashonload",
    .name = "Crash On Load",
    .version = "1.0.0",
};

TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) {
    return &plugin;
}

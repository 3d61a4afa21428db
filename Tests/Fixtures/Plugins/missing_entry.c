/*
 * missing_entry.c: a valid shared library that is not a plugin.
 *
 * Breaks: it exports no `tc_plugin_entry`. The author exported the descriptor under a wrong name
 * (`tc_plugin_main`) instead, so the library loads (dlopen succeeds) but has no entry symbol.
 * Caught by: plugin loading, at the dlsym of TC_PLUGIN_ENTRY_SYMBOL; the host must refuse the
 * library, name the missing symbol, and unload it.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

static const tc_plugin_t plugin = {
    .abi = TC_ABI_VERSION_INIT,
    .id = "org.example.missingentry",
    .name = "Missing Entry",
    .vendor = "Example Co.",
    .version = "1.0.0",
    .description = "Exports its descriptor under the wrong symbol name.",
    .license = "MIT",
    .animator_count = 0,
    .animators = NULL,
    .init = NULL,
    .deinit = NULL,
    .get_extension = NULL,
};

/* The wrong name: a host looks only for "tc_plugin_entry". */
TC_EXPORT const tc_plugin_t *tc_plugin_main(void);
TC_EXPORT const tc_plugin_t *tc_plugin_main(void) {
    return &plugin;
}

/* The floor of plugin discovery: a C program that opens every plugin library of a directory with
 * dlopen, in name order, calls its entry point and closes it again, as a scan must at least do.
 * Closing each keeps the link map at one plugin, so the floor itself is linear in the plugins.
 *
 *   dlopen_floor DIR   (prints the number of plugins opened)
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transition_catalog.h"

static int is_library(const struct dirent *entry) {
    size_t n = strlen(entry->d_name);
    return n > 3 && strcmp(entry->d_name + n - 3, ".so") == 0;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: dlopen_floor DIR\n");
        return 2;
    }
    struct dirent **entries;
    int count = scandir(argv[1], &entries, is_library, alphasort);
    if (count < 0) {
        perror(argv[1]);
        return 1;
    }
    char path[4096];
    int opened = 0;
    for (int i = 0; i < count; i++) {
        snprintf(path, sizeof path, "%s/%s", argv[1], entries[i]->d_name);
        void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            fprintf(stderr, "%s\n", dlerror());
            return 1;
        }
        tc_plugin_entry_fn entry = (tc_plugin_entry_fn)dlsym(handle, TC_PLUGIN_ENTRY_SYMBOL);
        if (!entry || !entry()) {
            fprintf(stderr, "%s: no plugin entry\n", path);
            return 1;
        }
        opened++;
        dlclose(handle);
        free(entries[i]);
    }
    free(entries);
    printf("%d\n", opened);
    return 0;
}

/*
 * Opens a host with worker_executable NULL after crowding this process's memory map with a few
 * hundred mappings, as a large app's is: the library must still find the catalog worker beside
 * itself. Prints how many animators the host found, or why it could not open.
 *
 * Usage: crowded PLUGIN
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "transition_catalog_host.h"

int main(int argc, char **argv) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    char error[512];
    int i;
    if (argc != 2) return 2;
    /* Alternating protections keep the kernel from merging neighbouring mappings. */
    for (i = 0; i < 400; i++) {
        void *page = mmap(NULL, 4096, (i % 2) ? PROT_READ : PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED) return 3;
    }
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.plugin_paths = (const char *const *)&argv[1];
    options.plugin_path_count = 1;
    options.worker_executable = NULL;
    options.scan_cache_file = "";
    if (tch_host_open(&options, &host, error, sizeof error) != TCH_OK) {
        printf("open failed: %s\n", error);
        return 1;
    }
    printf("opened: %u animators\n", tch_host_animator_count(host));
    tch_host_close(host);
    return 0;
}

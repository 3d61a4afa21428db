/*
 * Opens a host whose scan cache is the file named on the command line, which a test has made
 * hostile (a named pipe, a link to /dev/zero, a 64 GiB sparse file): the host must refuse it
 * without reading it, scan the plugin and open. Prints how many animators the host found, or
 * why it could not open.
 *
 * Usage: hostile_cache PLUGIN WORKER CACHE
 */
#include <stdio.h>
#include <string.h>

#include "transition_catalog_host.h"

int main(int argc, char **argv) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    char error[512];
    if (argc != 4) return 2;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.plugin_paths = (const char *const *)&argv[1];
    options.plugin_path_count = 1;
    options.worker_executable = argv[2];
    options.scan_cache_file = argv[3];
    if (tch_host_open(&options, &host, error, sizeof error) != TCH_OK) {
        printf("open failed: %s\n", error);
        return 1;
    }
    printf("opened: %u animators, %u refused\n", tch_host_animator_count(host), tch_host_refused_plugin_count(host));
    tch_host_close(host);
    return 0;
}

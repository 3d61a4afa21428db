/*
 * Runs wasm animators in this process through the C host API, with in-process isolation (no
 * worker at all), over modules that misbehave: each one opens a host of its own, pushes with
 * its animator and draws frames up to progress 1. A module the scan refuses is printed as
 * refused; a module that faults during a transition gets TCH_E_PLUGIN_BROKEN with a message, and
 * this process goes on. Last, the C built-ins built for wasm run a push, and "survived" follows.
 *
 * Usage: sandboxed CATALOG_EXECUTABLE BUILTINS.wasm HOSTILE.wasm ...
 */
#include <stdio.h>
#include <string.h>

#include "transition_catalog_host.h"

static int run(const char *catalog, const char *plugin, const char *animator) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    tch_driver_t *driver = NULL;
    tch_driver_options_t d;
    tch_rule_t rule;
    tch_begin_t b;
    tch_transition_t *t = NULL;
    tch_frame_t frame;
    const char *root[] = {"home"};
    const char *paths[] = {plugin};
    char error[512];
    uint32_t i;
    int step;
    tch_status_t status;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.plugin_paths = paths;
    options.plugin_path_count = 1;
    options.worker_executable = catalog;
    options.scan_cache_file = "";
    options.isolation = TCH_ISOLATION_IN_PROCESS;
    if (tch_host_open(&options, &host, error, sizeof error) != TCH_OK) {
        printf("open failed: %s\n", error);
        return 1;
    }
    for (i = 0; i < tch_host_refused_plugin_count(host); i++) printf("refused: %s\n", tch_host_refused_plugin(host, i));
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.kind = TCH_DRIVER_NAVIGATION;
    d.container_width = 390;
    d.container_height = 844;
    d.screens = root;
    d.screen_count = 1;
    if (tch_driver_create(host, &d, &driver) != TCH_OK) return 1;
    memset(&rule, 0, sizeof rule);
    rule.struct_size = sizeof rule;
    rule.operations = TC_OPERATION_BIT(TC_OPERATION_PUSH);
    rule.interactive = TCH_INTERACTIVE_ANY;
    rule.animator = animator;
    rule.style = -1;
    if (tch_host_add_rule(host, &rule) != TCH_OK) {
        printf("%s: rule refused: %s\n", animator, tch_host_error(host));
    } else {
        memset(&b, 0, sizeof b);
        b.struct_size = sizeof b;
        b.operation = TC_OPERATION_PUSH;
        b.screen = "next";
        status = tch_transition_begin(driver, &b, &t);
        if (status != TCH_OK) {
            printf("%s: begin: status %d: %s\n", animator, (int)status, tch_driver_error(driver));
        } else {
            for (step = 0; step <= 4; step++) {
                memset(&frame, 0, sizeof frame);
                frame.struct_size = sizeof frame;
                status = tch_transition_frame(t, 0.1 * step, &frame);
                if (status != TCH_OK) {
                    printf("%s: frame: status %d: %s\n", animator, (int)status, tch_transition_error(t));
                    break;
                }
            }
            if (status == TCH_OK) printf("%s: progress %.3f with %u views\n", animator, frame.progress, frame.view_count);
            status = tch_transition_end(t, NULL);
            if (status != TCH_OK) printf("%s: end: status %d\n", animator, (int)status);
        }
    }
    tch_driver_destroy(driver);
    tch_host_close(host);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv) {
    int i;
    if (argc < 3) return 2;
    for (i = 3; i < argc; i++) {
        printf("module %s\n", strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i]);
        if (run(argv[1], argv[i], "hostile") != 0) return 1;
    }
    if (run(argv[1], argv[2], "fade-upwards") != 0) return 1;
    printf("survived\n");
    return 0;
}

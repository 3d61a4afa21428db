/*
 * Opens a host over plugins that crash, with worker isolation, and checks that this process
 * survives: the plugin that crashes on load is refused by the scan, the animator that crashes
 * half-way through a step fails its first transition in its worker and is refused at the next,
 * after which the built-in slide still runs.
 *
 * With `in-process`, the host runs plugins in this process: the scan still refuses the plugin
 * that crashes on load, and the animator that crashes in a step takes this process down, as the
 * header warns.
 *
 * Usage: crashing BUILTIN_PLUGIN CRASH_ON_LOAD CRASH_IN_STEP CATALOG_EXECUTABLE [in-process]
 */
#include <stdio.h>
#include <string.h>

#include "transition_catalog_host.h"

static tch_status_t push(tch_host_t *host, tch_driver_t *driver, const char *animator, const char *screen) {
    tch_rule_t rule;
    tch_begin_t b;
    tch_transition_t *t = NULL;
    tch_frame_t frame;
    tch_status_t status;
    tch_host_clear_rules(host);
    memset(&rule, 0, sizeof rule);
    rule.struct_size = sizeof rule;
    rule.operations = TC_OPERATION_BIT(TC_OPERATION_PUSH);
    rule.interactive = TCH_INTERACTIVE_ANY;
    rule.animator = animator;
    rule.style = -1;
    if (tch_host_add_rule(host, &rule) != TCH_OK) {
        printf("rule refused: %s\n", tch_host_error(host));
        return -1;
    }
    memset(&b, 0, sizeof b);
    b.struct_size = sizeof b;
    b.operation = TC_OPERATION_PUSH;
    b.screen = screen;
    status = tch_transition_begin(driver, &b, &t);
    if (status != TCH_OK) {
        printf("push %s: status %d: %s\n", animator, (int)status, tch_driver_error(driver));
        return status;
    }
    memset(&frame, 0, sizeof frame);
    frame.struct_size = sizeof frame;
    tch_transition_frame(t, 0.2, &frame);
    printf("push %s: progress %.3f with %u views\n", animator, frame.progress, frame.view_count);
    status = tch_transition_end(t, NULL);
    if (status != TCH_OK) printf("push %s: status %d: %s\n", animator, (int)status, tch_driver_error(driver));
    return status;
}

int main(int argc, char **argv) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    tch_driver_t *driver = NULL;
    tch_driver_options_t d;
    const char *root[] = {"home"};
    char error[512];
    uint32_t i;
    if (argc != 5 && !(argc == 6 && strcmp(argv[5], "in-process") == 0)) return 2;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.plugin_paths = (const char *const *)&argv[1];
    options.plugin_path_count = 3;
    options.worker_executable = argv[4];
    options.scan_cache_file = "";
    options.isolation = argc == 6 ? TCH_ISOLATION_IN_PROCESS : TCH_ISOLATION_WORKER;
    if (tch_host_open(&options, &host, error, sizeof error) != TCH_OK) {
        printf("open failed: %s\n", error);
        return 1;
    }
    for (i = 0; i < tch_host_refused_plugin_count(host); i++) printf("refused: %s\n", tch_host_refused_plugin(host, i));
    fflush(stdout);
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.kind = TCH_DRIVER_NAVIGATION;
    d.container_width = 390;
    d.container_height = 844;
    d.screens = root;
    d.screen_count = 1;
    if (tch_driver_create(host, &d, &driver) != TCH_OK) return 1;
    if (push(host, driver, "crash-in-step", "a") != TCH_E_PLUGIN_BROKEN) return 1;
    if (push(host, driver, "crash-in-step", "a") != TCH_E_PLUGIN_BROKEN) return 1;
    if (push(host, driver, "slide", "b") != TCH_OK) return 1;
    tch_driver_destroy(driver);
    tch_host_close(host);
    printf("survived\n");
    return 0;
}

/*
 * An app on the host API, with the default options (worker isolation), over plugins that crash,
 * hang, exit, fork, lie and write past their views. For every animator the host offers it runs
 * each operation the animator serves as an app would: a plain run drawn at 60 frames a second
 * until it settles, then an interactive push scrubbed by a finger and let go. It prints one line
 * per run, `QUALIFIED-ID OPERATION: ok` or `... status N: MESSAGE`, one `refused: ...` line per
 * plugin file the scan refused, and `survived` at the end. A plugin that takes this process down
 * with it fails the test that runs this program.
 *
 * With `--in-process` first, the host runs the plugins in this process instead (the opt-in for
 * trusted plugins), which the crashing ones take down.
 *
 * Usage: hostile [--in-process] CATALOG_EXECUTABLE PLUGIN...
 */
#include <stdio.h>
#include <string.h>

#include "transition_catalog_host.h"

static const char *operation_name(uint32_t operation) {
    switch (operation) {
    case TC_OPERATION_PUSH: return "push";
    case TC_OPERATION_POP: return "pop";
    case TC_OPERATION_PRESENT: return "present";
    case TC_OPERATION_DISMISS: return "dismiss";
    default: return "tab";
    }
}

static int add_rule(tch_host_t *host, uint32_t operation, const char *animator) {
    tch_rule_t rule;
    memset(&rule, 0, sizeof rule);
    rule.struct_size = sizeof rule;
    rule.operations = TC_OPERATION_BIT(operation);
    rule.interactive = TCH_INTERACTIVE_ANY;
    rule.animator = animator;
    rule.style = -1;
    rule.flags = animator == NULL ? TCH_RULE_INSTANT : 0;
    return tch_host_add_rule(host, &rule) == TCH_OK;
}

/* Begins `operation` on `driver` and draws it until it settles, scrubbing it first when
 * `interactive`; returns the first failing status, with its message in `message`. */
static tch_status_t play(tch_driver_t *driver, uint32_t operation, int interactive, char *message, size_t size) {
    tch_begin_t b;
    tch_transition_t *t = NULL;
    tch_transition_info_t info;
    tch_frame_t frame;
    tch_status_t status, ended;
    double time = 0, last;
    int i;
    memset(&b, 0, sizeof b);
    b.struct_size = sizeof b;
    b.operation = operation;
    b.screen = "next";
    b.tab_index = 1;
    b.interactive = interactive ? 1 : 0;
    status = tch_transition_begin(driver, &b, &t);
    if (status != TCH_OK) {
        snprintf(message, size, "%s", tch_driver_error(driver));
        return status;
    }
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    tch_transition_info(t, &info);
    if (interactive) {
        for (i = 0; i <= 30 && status == TCH_OK; i++) {
            time = i / 60.0;
            status = tch_transition_update(t, i / 40.0, time);
            if (status == TCH_OK) {
                memset(&frame, 0, sizeof frame);
                frame.struct_size = sizeof frame;
                status = tch_transition_frame(t, time, &frame);
            }
        }
        if (status == TCH_OK) status = tch_transition_release(t, 1.5, time, NULL);
    }
    /* The app's frame clock: 60 Hz until the transition settles, at most ten seconds. */
    last = time + (info.duration > 0 && info.duration < 10 ? info.duration : 10) * 2 + 0.1;
    for (; status == TCH_OK && time <= last; time += 1.0 / 60.0) {
        memset(&frame, 0, sizeof frame);
        frame.struct_size = sizeof frame;
        status = tch_transition_frame(t, time, &frame);
        if (status == TCH_OK && frame.settled) break;
    }
    if (status != TCH_OK) snprintf(message, size, "%s", tch_transition_error(t));
    ended = tch_transition_end(t, NULL);
    if (status == TCH_OK && ended != TCH_OK) {
        status = ended;
        snprintf(message, size, "%s", tch_driver_error(driver));
    }
    return status;
}

/* Runs `operation` with the animator `qualified` on a fresh driver of the kind that serves it,
 * getting there first with instant changes (a push before a pop, a present before a dismiss). */
static void run(tch_host_t *host, const char *qualified, uint32_t operation, int interactive) {
    static const char *tabs[] = {"first", "next"};
    static const char *root[] = {"home"};
    tch_driver_options_t d;
    tch_driver_t *driver = NULL;
    tch_status_t status = TCH_OK;
    char message[1024] = "";
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.container_width = 390;
    d.container_height = 844;
    d.screens = root;
    d.screen_count = 1;
    if (operation == TC_OPERATION_PRESENT || operation == TC_OPERATION_DISMISS) d.kind = TCH_DRIVER_MODAL;
    if (operation == TC_OPERATION_TAB) {
        d.kind = TCH_DRIVER_TABS;
        d.screens = tabs;
        d.screen_count = 2;
    }
    tch_host_clear_rules(host);
    if (tch_driver_create(host, &d, &driver) != TCH_OK) {
        printf("%s %s: cannot create a driver: %s\n", qualified, operation_name(operation), tch_host_error(host));
        return;
    }
    if (operation == TC_OPERATION_POP || operation == TC_OPERATION_DISMISS) {
        uint32_t arrive = operation == TC_OPERATION_POP ? TC_OPERATION_PUSH : TC_OPERATION_PRESENT;
        if (!add_rule(host, arrive, NULL) || play(driver, arrive, 0, message, sizeof message) != TCH_OK) {
            printf("%s %s: cannot arrange it: %s\n", qualified, operation_name(operation), message);
            tch_driver_destroy(driver);
            return;
        }
    }
    if (add_rule(host, operation, qualified)) {
        status = play(driver, operation, interactive, message, sizeof message);
    } else {
        status = TCH_E_INVALID_ARGUMENT;
        snprintf(message, sizeof message, "%s", tch_host_error(host));
    }
    if (status == TCH_OK) {
        printf("%s %s%s: ok\n", qualified, operation_name(operation), interactive ? " interactive" : "");
    } else {
        printf("%s %s%s: status %d: %s\n", qualified, operation_name(operation), interactive ? " interactive" : "",
               (int)status, message);
    }
    fflush(stdout);
    tch_driver_destroy(driver);
}

int main(int argc, char **argv) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    char error[1024];
    uint32_t i, operation;
    int first = 1;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    if (argc > 1 && strcmp(argv[1], "--in-process") == 0) {
        options.isolation = TCH_ISOLATION_IN_PROCESS;
        first = 2;
    }
    if (argc < first + 2) return 2;
    options.plugin_paths = (const char *const *)&argv[first + 1];
    options.plugin_path_count = (uint32_t)(argc - first - 1);
    options.worker_executable = argv[first];
    options.scan_cache_file = "";
    options.worker_timeout = 1;
    if (tch_host_open(&options, &host, error, sizeof error) != TCH_OK) {
        printf("open failed: %s\n", error);
        return 1;
    }
    for (i = 0; i < tch_host_refused_plugin_count(host); i++) printf("refused: %s\n", tch_host_refused_plugin(host, i));
    for (i = 0; i < tch_host_animator_count(host); i++) {
        tch_animator_info_t info;
        char qualified[512];
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        if (tch_host_animator_info(host, i, &info) != TCH_OK) continue;
        snprintf(qualified, sizeof qualified, "%s", info.qualified_id);
        for (operation = TC_OPERATION_PUSH; operation <= TC_OPERATION_TAB; operation++) {
            if (info.operations & TC_OPERATION_BIT(operation)) run(host, qualified, operation, 0);
        }
        if (info.operations & TC_OPERATION_BIT(TC_OPERATION_PUSH)) run(host, qualified, TC_OPERATION_PUSH, 1);
    }
    tch_host_close(host);
    printf("survived\n");
    return 0;
}

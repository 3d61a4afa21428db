/*
 * Opens hosts as an app would in its first hour and prints what each finds, one line each, for
 * HostAPITests: a zeroed options struct (and one of version 1.0's size), explicit paths alone,
 * explicit paths with what `catalog` finds, and the opt-out. Then, on a host with no animator at
 * all, begins a push and a present (which must fail with TCH_E_NO_ANIMATOR), an instant push a
 * rule asks for, and a tab switch left to the system default (both instant changes).
 *
 * Usage: defaults PLUGIN ANIMATOR_FROM_TRANSITION_ANIMATOR_PATH
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "transition_catalog_host.h"

static int has(tch_host_t *host, const char *id) {
    uint32_t i;
    for (i = 0; i < tch_host_animator_count(host); i++) {
        tch_animator_info_t info;
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        if (tch_host_animator_info(host, i, &info) == TCH_OK && strcmp(info.id, id) == 0) return 1;
    }
    return 0;
}

static tch_host_t *open_host(const char *label, uint32_t struct_size, const char *const *paths, uint32_t count,
                             uint32_t search, const char *env_animator) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    char error[1024];
    memset(&options, 0, sizeof options);
    options.struct_size = struct_size;
    options.plugin_paths = paths;
    options.plugin_path_count = count;
    options.search = search;
    if (tch_host_open(&options, &host, error, sizeof error) != TCH_OK) {
        printf("%s: open failed: %s\n", label, error);
        return NULL;
    }
    printf("%s: %u animators slide=%d fade-upwards=%d %s=%d\n", label, tch_host_animator_count(host), has(host, "slide"),
           has(host, "fade-upwards"), env_animator, has(host, env_animator));
    return host;
}

static tch_driver_t *driver(tch_host_t *host, uint32_t kind, const char *const *screens, uint32_t count) {
    tch_driver_options_t d;
    tch_driver_t *out = NULL;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.kind = kind;
    d.container_width = 390;
    d.container_height = 844;
    d.screens = screens;
    d.screen_count = count;
    if (tch_driver_create(host, &d, &out) != TCH_OK) printf("driver failed: %s\n", tch_host_error(host));
    return out;
}

/* Begins `operation` on `drv`, runs it to its end and prints how it went. */
static void run(const char *label, tch_driver_t *drv, uint32_t operation, const char *screen, uint32_t tab) {
    tch_begin_t b;
    tch_transition_t *t = NULL;
    tch_transition_info_t info;
    tch_frame_t frame;
    tch_status_t status;
    int32_t finished = 0;
    uint32_t count = 0, i;
    const tch_layer_t *layers;
    memset(&b, 0, sizeof b);
    b.struct_size = sizeof b;
    b.operation = operation;
    b.screen = screen;
    b.tab_index = tab;
    status = tch_transition_begin(drv, &b, &t);
    if (status != TCH_OK) {
        printf("%s: status %d: %s\n", label, (int)status, tch_driver_error(drv));
        return;
    }
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    tch_transition_info(t, &info);
    memset(&frame, 0, sizeof frame);
    frame.struct_size = sizeof frame;
    tch_transition_frame(t, 10, &frame);
    printf("%s: animator=%s duration=%.3f settled=%u ", label, info.animator ? info.animator : "none", info.duration,
           frame.settled);
    tch_transition_end(t, &finished);
    layers = tch_driver_layers(drv, &count);
    printf("finished=%d layers=", (int)finished);
    for (i = 0; i < count; i++) printf("%s%s", i ? "," : "", layers[i].screen ? layers[i].screen : "dimming");
    printf("\n");
}

int main(int argc, char **argv) {
    const char *const *plugin;
    const char *home = "home";
    const char *tabs[] = {"inbox", "search"};
    tch_host_t *host;
    tch_driver_t *nav, *modal, *bar;
    tch_rule_t rule;
    tch_status_t status;
    if (argc != 3) return 2;
    plugin = (const char *const *)&argv[1];

    host = open_host("zeroed", sizeof(tch_host_options_t), NULL, 0, 0, argv[2]);
    if (host) {
        uint32_t i;
        for (i = 0; i < tch_host_refused_plugin_count(host); i++) printf("zeroed refused: %s\n", tch_host_refused_plugin(host, i));
        nav = driver(host, TCH_DRIVER_NAVIGATION, &home, 1);
        run("zeroed push", nav, TC_OPERATION_PUSH, "detail", 0);
        tch_driver_destroy(nav);
        tch_host_close(host);
    }
    tch_host_close(open_host("size-1.0", (uint32_t)offsetof(tch_host_options_t, search), NULL, 0, 0, argv[2]));
    tch_host_close(open_host("explicit", sizeof(tch_host_options_t), plugin, 1, TCH_SEARCH_DEFAULT, argv[2]));
    tch_host_close(open_host("explicit+catalog", sizeof(tch_host_options_t), plugin, 1, TCH_SEARCH_CATALOG, argv[2]));
    tch_host_close(open_host("bad-search", sizeof(tch_host_options_t), NULL, 0, 7, argv[2]));

    host = open_host("paths-only", sizeof(tch_host_options_t), NULL, 0, TCH_SEARCH_PATHS_ONLY, argv[2]);
    if (!host) return 1;
    nav = driver(host, TCH_DRIVER_NAVIGATION, &home, 1);
    modal = driver(host, TCH_DRIVER_MODAL, &home, 1);
    bar = driver(host, TCH_DRIVER_TABS, tabs, 2);
    run("push", nav, TC_OPERATION_PUSH, "detail", 0);
    run("present", modal, TC_OPERATION_PRESENT, "sheet", 0);
    run("tab", bar, TC_OPERATION_TAB, NULL, 1);

    memset(&rule, 0, sizeof rule);
    rule.struct_size = sizeof rule;
    rule.operations = TC_OPERATION_BIT(TC_OPERATION_PUSH);
    rule.interactive = TCH_INTERACTIVE_ANY;
    rule.style = -1;
    rule.animator = "slide";
    rule.flags = TCH_RULE_INSTANT;
    status = tch_host_add_rule(host, &rule);
    printf("instant+animator: status %d: %s\n", (int)status, tch_host_error(host));
    rule.animator = NULL;
    rule.flags = 4;
    status = tch_host_add_rule(host, &rule);
    printf("unknown-flag: status %d: %s\n", (int)status, tch_host_error(host));
    rule.flags = TCH_RULE_INSTANT;
    status = tch_host_add_rule(host, &rule);
    printf("instant rule: status %d\n", (int)status);
    run("instant push", nav, TC_OPERATION_PUSH, "detail", 0);
    run("pop", nav, TC_OPERATION_POP, NULL, 0);
    tch_driver_destroy(nav);
    tch_driver_destroy(modal);
    tch_driver_destroy(bar);
    tch_host_close(host);
    return 0;
}

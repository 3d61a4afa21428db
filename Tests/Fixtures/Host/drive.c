/*
 * Drives an interactive pop and a custom present through the host API only, and prints what the
 * frames show, one line per view, for HostAPITests to set against the Swift drivers.
 *
 * Also lists the parameters of slide, switches tabs, and loads a broken transitions file.
 *
 * Usage: drive PLUGIN_LIBRARY CATALOG_EXECUTABLE BROKEN_TRANSITIONS_FILE
 */
#include <stdio.h>
#include <string.h>

#include "transition_catalog_host.h"

static const char *role_names[] = {"from", "to", "snapshot", "dimming", "shadow", "tile", "decoration"};

static int check(tch_status_t status, const char *what, const char *message) {
    if (status != TCH_OK) {
        fprintf(stderr, "%s failed (%d): %s\n", what, (int)status, message);
        return 1;
    }
    return 0;
}

static int print_frame(tch_transition_t *t, const char *label, double time) {
    tch_frame_t frame;
    uint32_t i;
    memset(&frame, 0, sizeof frame);
    frame.struct_size = sizeof frame;
    if (check(tch_transition_frame(t, time, &frame), "tch_transition_frame", tch_transition_error(t))) return 1;
    printf("frame %s t=%.3f progress=%.6f phase=%u views=%u\n", label, time, frame.progress, frame.phase, frame.view_count);
    for (i = 0; i < frame.view_count; i++) {
        const tch_view_t *v = &frame.views[i];
        const char *screen = v->screen ? v->screen : "-";
        double x, y, w;
        if (check(tch_transition_project(t, i, 0, 0, &x, &y, &w), "tch_transition_project", tch_transition_error(t))) return 1;
        printf("view %s %s frame=%.3f,%.3f,%.3fx%.3f alpha=%.4f z=%d radius=%.3f tx=%.3f corner=%.3f,%.3f\n",
               role_names[v->role], screen, v->state.frame.x, v->state.frame.y, v->state.frame.width,
               v->state.frame.height, v->state.alpha, (int)v->state.z_index, v->state.corner_radius,
               v->state.transform.m[12], x, y);
    }
    return 0;
}

static void print_layers(tch_driver_t *driver, const char *label) {
    uint32_t count = 0, i;
    const tch_layer_t *layers = tch_driver_layers(driver, &count);
    printf("layers %s", label);
    for (i = 0; i < count; i++) {
        if (layers[i].screen) printf(" %s", layers[i].screen);
        else printf(" dimming(%.3f)", layers[i].color.a * layers[i].alpha);
    }
    printf("\n");
}

int main(int argc, char **argv) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    tch_driver_t *nav = NULL, *modal = NULL;
    tch_driver_options_t d;
    tch_begin_t b;
    tch_transition_t *t = NULL;
    tch_rule_t rule;
    char error[512];
    const char *paths[1];
    const char *root[] = {"home"};
    int32_t finishes = -1, finished = -1;

    if (argc != 4) {
        fprintf(stderr, "usage: drive PLUGIN_LIBRARY CATALOG_EXECUTABLE BROKEN_TRANSITIONS_FILE\n");
        return 2;
    }
    paths[0] = argv[1];
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.isolation = TCH_ISOLATION_WORKER;
    options.plugin_paths = paths;
    options.plugin_path_count = 1;
    options.worker_executable = argv[2];
    options.scan_cache_file = "";
    if (check(tch_host_open(&options, &host, error, sizeof error), "tch_host_open", error)) return 1;
    printf("animators %u refused %u\n", tch_host_animator_count(host), tch_host_refused_plugin_count(host));
    {
        uint32_t a, p, c;
        for (a = 0; a < tch_host_animator_count(host); a++) {
            tch_animator_info_t info;
            memset(&info, 0, sizeof info);
            info.struct_size = sizeof info;
            if (check(tch_host_animator_info(host, a, &info), "tch_host_animator_info", tch_host_error(host))) return 1;
            if (strcmp(info.id, "slide") != 0 && strcmp(info.id, "form-sheet") != 0) continue;
            printf("animator %s %s operations=%u styles=%u reversible=%u parameters=%u\n", info.id, info.qualified_id,
                   info.operations, info.styles, info.reversible, info.parameter_count);
            for (p = 0; p < info.parameter_count; p++) {
                tch_parameter_info_t param;
                memset(&param, 0, sizeof param);
                param.struct_size = sizeof param;
                if (check(tch_host_parameter_info(host, a, p, &param), "tch_host_parameter_info", tch_host_error(host))) return 1;
                printf("parameter %s type=%u default=%g range=%g...%g choices=", param.id, param.type, param.default_value,
                       param.minimum, param.maximum);
                for (c = 0; c < param.choice_count; c++) printf("%s%s", c ? "," : "", param.choices[c]);
                printf("\n");
            }
        }
    }
    if (tch_host_load_transitions_file(host, argv[3]) != TCH_E_FILE) {
        fprintf(stderr, "the broken transitions file was not refused\n");
        return 1;
    }
    printf("file-refused %s\n", tch_host_error(host));

    memset(&rule, 0, sizeof rule);
    rule.struct_size = sizeof rule;
    rule.operations = TC_OPERATION_BIT(TC_OPERATION_PRESENT) | TC_OPERATION_BIT(TC_OPERATION_DISMISS);
    rule.interactive = TCH_INTERACTIVE_ANY;
    rule.animator = "form-sheet";
    rule.style = TC_STYLE_CUSTOM;
    if (check(tch_host_add_rule(host, &rule), "tch_host_add_rule", tch_host_error(host))) return 1;
    /* Pushes turn a cube in perspective, except to "photo", which zooms from a matched element. */
    rule.operations = TC_OPERATION_BIT(TC_OPERATION_PUSH);
    rule.to_screen = "photo";
    rule.animator = "ios-zoom";
    rule.style = -1;
    if (check(tch_host_add_rule(host, &rule), "tch_host_add_rule", tch_host_error(host))) return 1;
    rule.to_screen = NULL;
    rule.animator = "cube";
    if (check(tch_host_add_rule(host, &rule), "tch_host_add_rule", tch_host_error(host))) return 1;

    /* The navigation stack: push detail to the end, then pop it with a gesture. */
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.kind = TCH_DRIVER_NAVIGATION;
    d.container_width = 390;
    d.container_height = 844;
    d.screens = root;
    d.screen_count = 1;
    if (check(tch_driver_create(host, &d, &nav), "tch_driver_create", tch_host_error(host))) return 1;

    memset(&b, 0, sizeof b);
    b.struct_size = sizeof b;
    b.operation = TC_OPERATION_PUSH;
    b.screen = "detail";
    b.start_time = 1.0;
    if (check(tch_transition_begin(nav, &b, &t), "push", tch_driver_error(nav))) return 1;
    if (print_frame(t, "push", 1.2)) return 1;
    if (check(tch_transition_end(t, &finished), "end push", tch_driver_error(nav))) return 1;
    printf("end push finished=%d\n", finished);
    print_layers(nav, "after-push");

    memset(&b, 0, sizeof b);
    b.struct_size = sizeof b;
    b.operation = TC_OPERATION_POP;
    b.interactive = 1;
    b.start_time = 10.0;
    if (check(tch_transition_begin(nav, &b, &t), "pop", tch_driver_error(nav))) return 1;
    if (check(tch_transition_update(t, 0.2, 10.1), "update", tch_transition_error(t))) return 1;
    if (check(tch_transition_update(t, 0.45, 10.2), "update", tch_transition_error(t))) return 1;
    if (print_frame(t, "pop-drag", 10.2)) return 1;
    if (check(tch_transition_release(t, 0.8, 10.25, &finishes), "release", tch_transition_error(t))) return 1;
    printf("release finishes=%d\n", finishes);
    if (print_frame(t, "pop-released", 10.3)) return 1;
    if (check(tch_transition_grab(t, 10.32), "grab", tch_transition_error(t))) return 1;
    if (print_frame(t, "pop-grabbed", 10.4)) return 1;
    if (check(tch_transition_update(t, 0.3, 10.5), "update", tch_transition_error(t))) return 1;
    if (check(tch_transition_release(t, -1.5, 10.55, &finishes), "release", tch_transition_error(t))) return 1;
    printf("release finishes=%d\n", finishes);
    if (print_frame(t, "pop-cancelling", 10.6)) return 1;
    if (tch_transition_update(t, 0.5, 10.7) != TCH_E_INTERACTION) {
        fprintf(stderr, "an update after the release was not refused\n");
        return 1;
    }
    printf("refused %s\n", tch_transition_error(t));
    if (print_frame(t, "pop-settled", 12.0)) return 1;
    if (check(tch_transition_end(t, &finished), "end pop", tch_driver_error(nav))) return 1;
    printf("end pop finished=%d\n", finished);
    print_layers(nav, "after-pop");

    /* A push with a matched element: a card of detail becomes the photo screen. */
    {
        tc_matched_element_t card;
        memset(&card, 0, sizeof card);
        card.id = "card";
        card.from_frame.x = 16;
        card.from_frame.y = 200;
        card.from_frame.width = 358;
        card.from_frame.height = 120;
        card.to_frame.width = 390;
        card.to_frame.height = 844;
        memset(&b, 0, sizeof b);
        b.struct_size = sizeof b;
        b.operation = TC_OPERATION_PUSH;
        b.screen = "photo";
        b.start_time = 15.0;
        b.matched_elements = &card;
        b.matched_element_count = 1;
        if (check(tch_transition_begin(nav, &b, &t), "matched push", tch_driver_error(nav))) return 1;
        if (print_frame(t, "matched-push", 15.1)) return 1;
        if (check(tch_transition_end(t, &finished), "end matched push", tch_driver_error(nav))) return 1;
        printf("end matched-push finished=%d\n", finished);
        print_layers(nav, "after-matched-push");
    }

    /* A custom present with dimming, then its dismiss. */
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.kind = TCH_DRIVER_MODAL;
    d.container_width = 390;
    d.container_height = 844;
    d.screens = root;
    d.screen_count = 1;
    if (check(tch_driver_create(host, &d, &modal), "tch_driver_create", tch_host_error(host))) return 1;
    memset(&b, 0, sizeof b);
    b.struct_size = sizeof b;
    b.operation = TC_OPERATION_PRESENT;
    b.screen = "sheet";
    b.start_time = 20.0;
    b.present_style = TCH_PRESENT_FULL_SCREEN;
    if (tch_transition_begin(modal, &b, &t) != TCH_E_ANIMATOR) {
        fprintf(stderr, "a full-screen form sheet was not refused\n");
        return 1;
    }
    printf("full-screen-refused %s\n", tch_driver_error(modal));
    b.present_style = TCH_PRESENT_STYLE_FROM_RULES;
    if (check(tch_transition_begin(modal, &b, &t), "present", tch_driver_error(modal))) return 1;
    if (print_frame(t, "present-mid", 20.15)) return 1;
    if (print_frame(t, "present-end", 25.0)) return 1;
    if (check(tch_transition_end(t, &finished), "end present", tch_driver_error(modal))) return 1;
    printf("end present finished=%d\n", finished);
    print_layers(modal, "after-present");
    b.operation = TC_OPERATION_DISMISS;
    b.screen = NULL;
    b.start_time = 30.0;
    if (check(tch_transition_begin(modal, &b, &t), "dismiss", tch_driver_error(modal))) return 1;
    if (print_frame(t, "dismiss-mid", 30.1)) return 1;
    if (check(tch_transition_end(t, &finished), "end dismiss", tch_driver_error(modal))) return 1;
    printf("end dismiss finished=%d\n", finished);
    print_layers(modal, "after-dismiss");

    /* A tab switch with the system default: an instant change. */
    {
        const char *tabs[] = {"inbox", "search", "settings"};
        tch_driver_t *bar = NULL;
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        d.kind = TCH_DRIVER_TABS;
        d.container_width = 390;
        d.container_height = 844;
        d.screens = tabs;
        d.screen_count = 3;
        if (check(tch_driver_create(host, &d, &bar), "tch_driver_create", tch_host_error(host))) return 1;
        memset(&b, 0, sizeof b);
        b.struct_size = sizeof b;
        b.operation = TC_OPERATION_TAB;
        b.tab_index = 2;
        b.start_time = 40.0;
        if (check(tch_transition_begin(bar, &b, &t), "tab", tch_driver_error(bar))) return 1;
        if (print_frame(t, "tab", 40.0)) return 1;
        if (check(tch_transition_end(t, &finished), "end tab", tch_driver_error(bar))) return 1;
        printf("end tab finished=%d\n", finished);
        print_layers(bar, "after-tab");
        b.operation = TC_OPERATION_PUSH;
        b.screen = "x";
        if (tch_transition_begin(bar, &b, &t) != TCH_E_INVALID_ARGUMENT) return 1;
        printf("push-on-tabs %s\n", tch_driver_error(bar));
        tch_driver_destroy(bar);
    }

    tch_driver_destroy(nav);
    tch_driver_destroy(modal);
    tch_host_close(host);
    return 0;
}

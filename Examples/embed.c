/*
 * embed.c: an app's push, driven through the Transition Catalog host API.
 *
 * Opens a host over the plugins `catalog` finds (the built-in animators among them), picks slide
 * for pushes with a rule, pushes "detail" over "home" on a navigation driver, and drives the
 * transition frame by frame on a 60 Hz clock, printing each frame's views where an app would draw
 * them. Then it ends the transition and prints the screens at rest.
 *
 * Build: cc embed.c $(pkg-config --cflags --libs transition-catalog-host) -o embed
 * Run:   ./embed
 */
#include <stdio.h>
#include <string.h>

#include "transition_catalog_host.h"

int main(void) {
    tch_host_options_t options;
    tch_host_t *host = NULL;
    char error[1024];

    /* A zeroed options struct finds what `catalog` finds. */
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    if (tch_host_open(&options, &host, error, sizeof error) != TCH_OK) {
        fprintf(stderr, "embed: cannot open a host: %s\n", error);
        return 1;
    }
    printf("host API %u.%u\n", tch_api_version() / 1000, tch_api_version() % 1000);

    /* Pushes run slide, made shorter than its default. */
    const char *parameters[] = {"duration=0.2"};
    tch_rule_t rule;
    memset(&rule, 0, sizeof rule);
    rule.struct_size = sizeof rule;
    rule.operations = TC_OPERATION_BIT(TC_OPERATION_PUSH);
    rule.interactive = TCH_INTERACTIVE_ANY;
    rule.animator = "slide";
    rule.parameters = parameters;
    rule.parameter_count = 1;
    rule.style = -1;
    if (tch_host_add_rule(host, &rule) != TCH_OK) {
        fprintf(stderr, "embed: %s\n", tch_host_error(host));
        tch_host_close(host);
        return 1;
    }

    /* A navigation stack in a 390 x 844 point container, with "home" at its root. */
    const char *root = "home";
    tch_driver_options_t driver_options;
    tch_driver_t *driver = NULL;
    memset(&driver_options, 0, sizeof driver_options);
    driver_options.struct_size = sizeof driver_options;
    driver_options.kind = TCH_DRIVER_NAVIGATION;
    driver_options.container_width = 390;
    driver_options.container_height = 844;
    driver_options.screens = &root;
    driver_options.screen_count = 1;
    if (tch_driver_create(host, &driver_options, &driver) != TCH_OK) {
        fprintf(stderr, "embed: %s\n", tch_host_error(host));
        tch_host_close(host);
        return 1;
    }

    /* Push "detail", starting at time 0 on the app's clock. */
    tch_begin_t begin;
    tch_transition_t *push = NULL;
    memset(&begin, 0, sizeof begin);
    begin.struct_size = sizeof begin;
    begin.operation = TC_OPERATION_PUSH;
    begin.screen = "detail";
    begin.start_time = 0;
    if (tch_transition_begin(driver, &begin, &push) != TCH_OK) {
        fprintf(stderr, "embed: %s\n", tch_driver_error(driver));
        tch_driver_destroy(driver);
        tch_host_close(host);
        return 1;
    }
    tch_transition_info_t info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    tch_transition_info(push, &info);
    printf("push %s -> %s with %s for %.3f s\n", info.from_screen, info.to_screen, info.animator, info.duration);

    /* One frame per tick until the transition settles: draw each view at its frame and alpha. */
    for (int tick = 0;; tick++) {
        double time = tick / 60.0;
        tch_frame_t frame;
        memset(&frame, 0, sizeof frame);
        frame.struct_size = sizeof frame;
        if (tch_transition_frame(push, time, &frame) != TCH_OK) {
            fprintf(stderr, "embed: %s\n", tch_transition_error(push));
            break;
        }
        printf("t=%.3f progress=%.3f", time, frame.progress);
        for (uint32_t i = 0; i < frame.view_count; i++) {
            const tch_view_t *view = &frame.views[i];
            printf(" | %s x=%.1f alpha=%.2f", view->screen ? view->screen : "-", view->state.frame.x, view->state.alpha);
        }
        printf("\n");
        if (frame.settled) break;
    }

    int32_t finished = 0;
    tch_transition_end(push, &finished);
    uint32_t count = 0;
    const tch_layer_t *layers = tch_driver_layers(driver, &count);
    printf("finished=%d at rest:", (int)finished);
    for (uint32_t i = 0; i < count; i++) printf(" %s", layers[i].screen ? layers[i].screen : "dimming");
    printf("\n");

    tch_driver_destroy(driver);
    tch_host_close(host);
    return 0;
}

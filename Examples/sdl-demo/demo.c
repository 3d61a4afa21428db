/*
 * sdl-demo: a small SDL2 app whose screen transitions come from Transition Catalog animators,
 * through the C host API (transition_catalog_host.h) only.
 *
 *   click            pushes the next screen (or, on the round button, presents a sheet; a click
 *                    on a presented sheet or its dimming dismisses it)
 *   drag from the    pops interactively: the screen follows the pointer, and on release the
 *   left edge        velocity and position decide finish or cancel; press again while it
 *                    finishes or cancels to catch it
 *
 * Usage: sdl-demo --plugin LIBRARY [--catalog EXECUTABLE] [--rules FILE] [--script FILE]
 *                 [--shots DIRECTORY] [--flat] [--size WxH]
 *
 * A script replays pointer events and takes screenshots on a fixed 60 Hz clock, one command a
 * line, times in seconds from the start:
 *   at TIME down X Y | at TIME move X Y | at TIME up X Y | at TIME shot FILE.bmp | at TIME quit
 * Screenshot files are relative to --shots (default: the current directory).
 * In a script run every host call that drives a transition is printed, one a line, with its
 * arguments and time, so a test can replay the same calls on the Swift drivers.
 * --flat paints every view in one flat colour by role (from blue, to orange, made views in their
 * own colour), the colours of the catalog's PNG renderer, so screenshots can be set against it.
 */
#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transition_catalog_host.h"

#define MAX_SCREENS 16
#define MAX_EVENTS 256
#define GRID 12
#define EDGE 24.0

typedef struct script_event {
    double time;
    char kind[8];
    int x, y;
    char file[256];
} script_event_t;

typedef struct demo {
    SDL_Window *window;
    SDL_Renderer *renderer;
    int width, height;
    int flat;
    int log;                   /* print the driving calls (script runs) */
    tch_host_t *host;
    tch_driver_t *nav;
    tch_driver_t *modal;       /* while a sheet is presented or presenting */
    tch_transition_t *running; /* the transition under way, if any */
    tch_driver_t *running_driver;
    int running_interactive;
    int pushed;                /* screens pushed so far, for their names */
    char screen_names[MAX_SCREENS][32];
    SDL_Texture *screen_textures[MAX_SCREENS];
    int screen_count;
    /* the pointer */
    int down, dragging;
    double down_x, down_time, drag_origin, last_x, last_time, velocity;
    double now;
} demo_t;

static void fail(const char *what, const char *message) {
    fprintf(stderr, "sdl-demo: %s: %s\n", what, message);
    exit(1);
}

/* A colour of screen `name`, from its letters: each screen has its own palette. */
static SDL_Color palette(const char *name, int which) {
    unsigned hash = 5381;
    const char *c;
    SDL_Color color;
    for (c = name; *c; c++) hash = hash * 33 + (unsigned char)*c;
    hash += (unsigned)which * 2654435761u;
    color.r = (Uint8)(60 + (hash & 0x7f));
    color.g = (Uint8)(60 + ((hash >> 8) & 0x7f));
    color.b = (Uint8)(60 + ((hash >> 16) & 0x7f));
    color.a = 255;
    return color;
}

static void fill(SDL_Renderer *r, SDL_Color c, int x, int y, int w, int h) {
    SDL_Rect rect;
    rect.x = x;
    rect.y = y;
    rect.w = w;
    rect.h = h;
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

/* The content of a screen, drawn once into a texture: a title bar with a title, lines of text
 * (drawn as grey bars of words) and coloured blocks, and the round present button. */
static SDL_Texture *screen_texture(demo_t *demo, const char *name) {
    int i;
    SDL_Color white = {250, 250, 250, 255}, ink = {70, 70, 80, 255}, light = {235, 236, 240, 255};
    for (i = 0; i < demo->screen_count; i++) {
        if (strcmp(demo->screen_names[i], name) == 0) return demo->screen_textures[i];
    }
    if (demo->screen_count == MAX_SCREENS) fail("screens", "too many screens");
    SDL_Texture *t = SDL_CreateTexture(demo->renderer, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_TARGET, demo->width, demo->height);
    if (!t) fail("SDL_CreateTexture", SDL_GetError());
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetRenderTarget(demo->renderer, t);
    fill(demo->renderer, light, 0, 0, demo->width, demo->height);
    fill(demo->renderer, palette(name, 0), 0, 0, demo->width, 64);
    /* the title: one bar per letter, so different screens read differently */
    for (i = 0; name[i] && i < 12; i++) fill(demo->renderer, white, 16 + i * 14, 24, 10, 18);
    for (i = 0; i < 6; i++) {
        int y = 84 + i * 22, words = 3 + (name[i % (int)strlen(name)] + i) % 4, x = 16, w;
        for (w = 0; w < words; w++) {
            int len = 20 + ((name[0] * (w + 3) + i * 7) % 50);
            if (x + len > demo->width - 16) break;
            fill(demo->renderer, ink, x, y, len, 10);
            x += len + 8;
        }
    }
    for (i = 0; i < 4; i++) {
        int bw = (demo->width - 48) / 2, bh = 90;
        fill(demo->renderer, palette(name, i + 1), 16 + (i % 2) * (bw + 16), 230 + (i / 2) * (bh + 16), bw, bh);
    }
    /* the present button, bottom right */
    fill(demo->renderer, palette(name, 9), demo->width - 76, demo->height - 76, 56, 56);
    fill(demo->renderer, white, demo->width - 56, demo->height - 50, 16, 4);
    fill(demo->renderer, white, demo->width - 50, demo->height - 56, 4, 16);
    SDL_SetRenderTarget(demo->renderer, NULL);
    strncpy(demo->screen_names[demo->screen_count], name, sizeof demo->screen_names[0] - 1);
    demo->screen_textures[demo->screen_count++] = t;
    return t;
}

static SDL_Color flat_color(uint32_t role, tc_color_t own) {
    SDL_Color c;
    c.a = 255;
    if (role == TC_ROLE_FROM) { c.r = 0x4A; c.g = 0x90; c.b = 0xD9; }
    else if (role == TC_ROLE_TO) { c.r = 0xF5; c.g = 0xA6; c.b = 0x23; }
    else { c.r = (Uint8)(own.r * 255); c.g = (Uint8)(own.g * 255); c.b = (Uint8)(own.b * 255); c.a = (Uint8)(own.a * 255); }
    return c;
}

/* Draws view `index` of the transition's last frame (`to_screen` is the arriving screen) as a
 * GRID x GRID mesh of projected points: every vertex goes through the engine's projection, so 3D
 * turns show true perspective. */
static void draw_view(demo_t *demo, tch_transition_t *t, uint32_t index, const tch_view_t *view, const char *to_screen) {
    SDL_Vertex vertices[(GRID + 1) * (GRID + 1)];
    int indices[GRID * GRID * 6];
    int i, j, n = 0;
    double u0 = 0, v0 = 0, us = 1, vs = 1;
    SDL_Texture *texture = NULL;
    SDL_Color tint = {255, 255, 255, 255};
    double alpha = view->state.alpha;
    double ax, ay, aw, bx, by, bw, cx, cy, cw;

    /* one-sided views facing away are not drawn (the compositing model's back faces) */
    tch_transition_project(t, index, 0, 0, &ax, &ay, &aw);
    tch_transition_project(t, index, 1, 0, &bx, &by, &bw);
    tch_transition_project(t, index, 1, 1, &cx, &cy, &cw);
    if (!view->double_sided && (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) < 0) return;

    if (view->screen && !demo->flat) {
        texture = screen_texture(demo, view->screen);
        if (view->has_content_rect) {
            u0 = view->content_rect.x / demo->width;
            v0 = view->content_rect.y / demo->height;
            us = view->content_rect.width / demo->width;
            vs = view->content_rect.height / demo->height;
        }
    } else if (view->screen && (view->role == TC_ROLE_SNAPSHOT || view->role == TC_ROLE_TILE)) {
        /* a picture of a screen takes that screen's colour, as the renderer paints it */
        tint = flat_color(to_screen && strcmp(view->screen, to_screen) == 0 ? TC_ROLE_TO : TC_ROLE_FROM, view->state.color);
    } else {
        tint = flat_color(view->role, view->state.color);
    }
    tint.a = (Uint8)fmax(0, fmin(255, tint.a * alpha));
    for (j = 0; j <= GRID; j++) {
        for (i = 0; i <= GRID; i++) {
            double u = (double)i / GRID, v = (double)j / GRID, x, y, w;
            SDL_Vertex *vx = &vertices[j * (GRID + 1) + i];
            tch_transition_project(t, index, u, v, &x, &y, &w);
            if (w <= 0) return; /* behind the eye */
            vx->position.x = (float)x;
            vx->position.y = (float)y;
            vx->color = tint;
            vx->tex_coord.x = (float)(u0 + u * us);
            vx->tex_coord.y = (float)(v0 + v * vs);
        }
    }
    for (j = 0; j < GRID; j++) {
        for (i = 0; i < GRID; i++) {
            int a = j * (GRID + 1) + i, b = a + 1, c = a + GRID + 1, d = c + 1;
            indices[n++] = a; indices[n++] = b; indices[n++] = c;
            indices[n++] = b; indices[n++] = d; indices[n++] = c;
        }
    }
    SDL_RenderGeometry(demo->renderer, texture, vertices, (GRID + 1) * (GRID + 1), indices, n);
}

/* Draws a layer at rest: a screen or a dimming view. */
static void draw_layer(demo_t *demo, const tch_layer_t *layer) {
    SDL_Rect rect;
    rect.x = (int)lround(layer->frame.x);
    rect.y = (int)lround(layer->frame.y);
    rect.w = (int)lround(layer->frame.width);
    rect.h = (int)lround(layer->frame.height);
    if (layer->screen) {
        SDL_Texture *texture = screen_texture(demo, layer->screen);
        SDL_SetTextureAlphaMod(texture, (Uint8)(255 * layer->alpha));
        SDL_RenderCopy(demo->renderer, texture, NULL, &rect);
        SDL_SetTextureAlphaMod(texture, 255);
    } else {
        SDL_SetRenderDrawColor(demo->renderer, (Uint8)(layer->color.r * 255), (Uint8)(layer->color.g * 255),
                               (Uint8)(layer->color.b * 255), (Uint8)(layer->color.a * layer->alpha * 255));
        SDL_RenderFillRect(demo->renderer, &rect);
    }
}

/* Ends the running transition once it has settled. */
static void settle(demo_t *demo) {
    int32_t finished = 0;
    tch_transition_info_t info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    tch_transition_info(demo->running, &info);
    uint32_t operation = info.operation;
    if (tch_transition_end(demo->running, &finished) != TCH_OK) fail("end", tch_driver_error(demo->running_driver));
    if (demo->log) printf("end %d %.17g\n", finished, demo->now);
    demo->running = NULL;
    if (operation == TC_OPERATION_DISMISS && finished) {
        tch_driver_destroy(demo->modal);
        demo->modal = NULL;
    }
    if (operation == TC_OPERATION_PRESENT && !finished) {
        tch_driver_destroy(demo->modal);
        demo->modal = NULL;
    }
}

static void render(demo_t *demo) {
    SDL_SetRenderDrawBlendMode(demo->renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(demo->renderer, 0x17, 0x18, 0x1C, 255);
    SDL_RenderClear(demo->renderer);
    if (demo->running) {
        tch_frame_t frame;
        uint32_t i;
        memset(&frame, 0, sizeof frame);
        frame.struct_size = sizeof frame;
        if (tch_transition_frame(demo->running, demo->now, &frame) != TCH_OK) fail("frame", tch_transition_error(demo->running));
        tch_transition_info_t info;
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        tch_transition_info(demo->running, &info);
        for (i = 0; i < frame.view_count; i++) draw_view(demo, demo->running, i, &frame.views[i], info.to_screen);
        if (frame.settled) settle(demo);
    } else {
        uint32_t count = 0, i;
        const tch_layer_t *layers = tch_driver_layers(demo->modal ? demo->modal : demo->nav, &count);
        for (i = 0; i < count; i++) draw_layer(demo, &layers[i]);
    }
}

static int begin(demo_t *demo, tch_driver_t *driver, uint32_t operation, const char *screen, int interactive) {
    tch_begin_t b;
    memset(&b, 0, sizeof b);
    b.struct_size = sizeof b;
    b.operation = operation;
    b.screen = screen;
    b.interactive = (uint32_t)interactive;
    b.start_time = demo->now;
    if (tch_transition_begin(driver, &b, &demo->running) != TCH_OK) {
        fprintf(stderr, "sdl-demo: %s\n", tch_driver_error(driver));
        return 0;
    }
    demo->running_driver = driver;
    demo->running_interactive = interactive;
    if (demo->log) printf("begin %u %s %d %.17g\n", operation, screen ? screen : "-", interactive, demo->now);
    return 1;
}

static const char *top_screen(demo_t *demo) {
    uint32_t count = 0;
    const tch_layer_t *layers = tch_driver_layers(demo->nav, &count);
    return count ? layers[count - 1].screen : "home";
}

static void pointer_down(demo_t *demo, double x) {
    demo->down = 1;
    demo->dragging = 0;
    demo->down_x = demo->last_x = x;
    demo->down_time = demo->last_time = demo->now;
    demo->velocity = 0;
    if (demo->running && demo->running_interactive) {
        /* a press while the pop finishes or cancels catches it where it is */
        tch_frame_t frame;
        memset(&frame, 0, sizeof frame);
        frame.struct_size = sizeof frame;
        tch_transition_frame(demo->running, demo->now, &frame);
        if (!frame.settled && tch_transition_grab(demo->running, demo->now) == TCH_OK) {
            if (demo->log) printf("grab %.17g\n", demo->now);
            demo->dragging = 1;
            demo->drag_origin = x - frame.progress * demo->width;
        }
        return;
    }
    if (!demo->running && !demo->modal && x < EDGE) {
        if (begin(demo, demo->nav, TC_OPERATION_POP, NULL, 1)) {
            demo->dragging = 1;
            demo->drag_origin = x;
        }
    }
}

static void pointer_move(demo_t *demo, double x) {
    if (!demo->down) return;
    if (demo->now > demo->last_time) {
        double v = (x - demo->last_x) / (demo->now - demo->last_time) / demo->width;
        demo->velocity = 0.5 * demo->velocity + 0.5 * v;
    }
    demo->last_x = x;
    demo->last_time = demo->now;
    if (demo->dragging && demo->running) {
        double fraction = (x - demo->drag_origin) / demo->width;
        if (tch_transition_update(demo->running, fraction, demo->now) == TCH_OK && demo->log) {
            printf("update %.17g %.17g\n", fraction, demo->now);
        }
    }
}

static void pointer_up(demo_t *demo, double x, double y) {
    if (!demo->down) return;
    pointer_move(demo, x);
    demo->down = 0;
    if (demo->dragging) {
        demo->dragging = 0;
        if (demo->running && tch_transition_release(demo->running, demo->velocity, demo->now, NULL) == TCH_OK && demo->log) {
            printf("release %.17g %.17g\n", demo->velocity, demo->now);
        }
        return;
    }
    if (demo->running || fabs(x - demo->down_x) > 8) return;
    if (demo->modal) {
        begin(demo, demo->modal, TC_OPERATION_DISMISS, NULL, 0);
    } else if (x > demo->width - 76 && y > demo->height - 76) {
        tch_driver_options_t d;
        const char *presenting[1];
        presenting[0] = top_screen(demo);
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        d.kind = TCH_DRIVER_MODAL;
        d.container_width = demo->width;
        d.container_height = demo->height;
        d.screens = presenting;
        d.screen_count = 1;
        if (tch_driver_create(demo->host, &d, &demo->modal) != TCH_OK) fail("modal driver", tch_host_error(demo->host));
        if (!begin(demo, demo->modal, TC_OPERATION_PRESENT, "sheet", 0)) {
            tch_driver_destroy(demo->modal);
            demo->modal = NULL;
        }
    } else {
        char name[32];
        snprintf(name, sizeof name, "screen-%d", ++demo->pushed);
        begin(demo, demo->nav, TC_OPERATION_PUSH, name, 0);
    }
}

static int read_script(const char *path, script_event_t *events) {
    FILE *f = fopen(path, "r");
    char line[512];
    int n = 0, number = 0;
    if (!f) fail(path, "cannot open the script");
    while (fgets(line, sizeof line, f)) {
        script_event_t *e = &events[n];
        number++;
        if (line[0] == '#' || line[0] == '\n') continue;
        if (n == MAX_EVENTS) fail(path, "more than 256 events");
        memset(e, 0, sizeof *e);
        if (sscanf(line, "at %lf %7s", &e->time, e->kind) != 2) {
            fprintf(stderr, "sdl-demo: %s:%d: expected 'at TIME COMMAND ...'\n", path, number);
            exit(1);
        }
        if (strcmp(e->kind, "shot") == 0) {
            if (sscanf(line, "at %*f shot %255s", e->file) != 1) {
                fprintf(stderr, "sdl-demo: %s:%d: expected 'at TIME shot FILE.bmp'\n", path, number);
                exit(1);
            }
        } else if (strcmp(e->kind, "quit") != 0) {
            if (sscanf(line, "at %*f %*s %d %d", &e->x, &e->y) != 2 ||
                (strcmp(e->kind, "down") && strcmp(e->kind, "move") && strcmp(e->kind, "up"))) {
                fprintf(stderr, "sdl-demo: %s:%d: expected down, move or up with X Y, shot FILE or quit\n", path, number);
                exit(1);
            }
        }
        n++;
    }
    fclose(f);
    return n;
}

static void screenshot(demo_t *demo, const char *file) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, demo->width, demo->height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) fail("SDL_CreateRGBSurfaceWithFormat", SDL_GetError());
    if (SDL_RenderReadPixels(demo->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) != 0) fail("SDL_RenderReadPixels", SDL_GetError());
    if (SDL_SaveBMP(s, file) != 0) fail(file, SDL_GetError());
    SDL_FreeSurface(s);
}

int main(int argc, char **argv) {
    demo_t demo;
    tch_host_options_t options;
    tch_driver_options_t d;
    const char *plugin = NULL, *catalog = NULL, *rules = NULL, *script = NULL, *shots = ".";
    const char *paths[1], *root[1] = {"home"};
    char error[512];
    script_event_t events[MAX_EVENTS];
    int i, event_count = 0, next = 0, quit = 0;
    long tick = 0;

    setvbuf(stdout, NULL, _IOLBF, 0);
    memset(&demo, 0, sizeof demo);
    demo.width = 360;
    demo.height = 640;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--plugin") == 0 && i + 1 < argc) plugin = argv[++i];
        else if (strcmp(argv[i], "--catalog") == 0 && i + 1 < argc) catalog = argv[++i];
        else if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) rules = argv[++i];
        else if (strcmp(argv[i], "--script") == 0 && i + 1 < argc) script = argv[++i];
        else if (strcmp(argv[i], "--shots") == 0 && i + 1 < argc) shots = argv[++i];
        else if (strcmp(argv[i], "--flat") == 0) demo.flat = 1;
        else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc && sscanf(argv[i + 1], "%dx%d", &demo.width, &demo.height) == 2) i++;
        else {
            fprintf(stderr, "usage: sdl-demo --plugin LIBRARY [--catalog EXECUTABLE] [--rules FILE] [--script FILE] [--shots DIRECTORY] [--flat] [--size WxH]\n");
            return 2;
        }
    }
    if (!plugin) fail("--plugin", "give the plugin library, e.g. .build/debug/libCatalogPlugins.so");
    if (script) {
        event_count = read_script(script, events);
        demo.log = 1;
    }

    paths[0] = plugin;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.isolation = TCH_ISOLATION_WORKER;
    options.plugin_paths = paths;
    options.plugin_path_count = 1;
    options.worker_executable = catalog;
    if (tch_host_open(&options, &demo.host, error, sizeof error) != TCH_OK) fail("tch_host_open", error);
    if (rules && tch_host_load_transitions_file(demo.host, rules) != TCH_OK) fail(rules, tch_host_error(demo.host));
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.kind = TCH_DRIVER_NAVIGATION;
    d.container_width = demo.width;
    d.container_height = demo.height;
    d.screens = root;
    d.screen_count = 1;
    if (tch_driver_create(demo.host, &d, &demo.nav) != TCH_OK) fail("tch_driver_create", tch_host_error(demo.host));

    if (SDL_Init(SDL_INIT_VIDEO) != 0) fail("SDL_Init", SDL_GetError());
    demo.window = SDL_CreateWindow("Transition Catalog", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, demo.width, demo.height, 0);
    if (!demo.window) fail("SDL_CreateWindow", SDL_GetError());
    demo.renderer = SDL_CreateRenderer(demo.window, -1, script ? SDL_RENDERER_SOFTWARE | SDL_RENDERER_TARGETTEXTURE : SDL_RENDERER_PRESENTVSYNC);
    if (!demo.renderer) fail("SDL_CreateRenderer", SDL_GetError());

    while (!quit) {
        SDL_Event e;
        if (script) {
            demo.now = (double)++tick / 60.0;
            while (SDL_PollEvent(&e)) {}
            while (next < event_count && events[next].time <= demo.now + 1e-9) {
                script_event_t *s = &events[next++];
                if (strcmp(s->kind, "down") == 0) pointer_down(&demo, s->x);
                else if (strcmp(s->kind, "move") == 0) pointer_move(&demo, s->x);
                else if (strcmp(s->kind, "up") == 0) pointer_up(&demo, s->x, s->y);
                else if (strcmp(s->kind, "quit") == 0) quit = 1;
                else if (strcmp(s->kind, "shot") == 0) {
                    char path[1024];
                    snprintf(path, sizeof path, "%s/%s", shots, s->file);
                    render(&demo);
                    screenshot(&demo, path);
                    printf("shot %s %.17g\n", path, demo.now);
                }
            }
            if (next == event_count) quit = 1;
        } else {
            demo.now = SDL_GetTicks() / 1000.0;
            while (SDL_PollEvent(&e)) {
                if (e.type == SDL_QUIT) quit = 1;
                else if (e.type == SDL_MOUSEBUTTONDOWN) pointer_down(&demo, e.button.x);
                else if (e.type == SDL_MOUSEMOTION) pointer_move(&demo, e.motion.x);
                else if (e.type == SDL_MOUSEBUTTONUP) pointer_up(&demo, e.button.x, e.button.y);
            }
        }
        if (!script) {
            render(&demo);
            SDL_RenderPresent(demo.renderer);
        } else if (demo.running) {
            render(&demo); /* a script run draws only for its screenshots, but advances transitions */
        }
    }
    if (demo.running) tch_transition_end(demo.running, NULL);
    tch_driver_destroy(demo.modal);
    tch_driver_destroy(demo.nav);
    tch_host_close(demo.host);
    for (i = 0; i < demo.screen_count; i++) SDL_DestroyTexture(demo.screen_textures[i]);
    SDL_DestroyRenderer(demo.renderer);
    SDL_DestroyWindow(demo.window);
    SDL_Quit();
    return 0;
}

/*
 * transition_catalog_host.h: the Transition Catalog host API, version 1.1.
 *
 * What a C or C++ program (a GTK, SDL or game-engine app) links to drive screen transitions with
 * the catalog's animator plugins: open a host over plugin search paths, pick animators with a
 * transitions file or rules set in code, make navigation, modal and tab drivers, begin
 * transitions, drive them by time or by a gesture, and read each frame's view states to draw.
 * The library (libTransitionCatalogHost.so) is a thin layer over the same drivers the `catalog`
 * tool runs: the same stacks, presentation rules, interaction clock and release decision.
 *
 * Conventions
 * - Strings are UTF-8 and NUL-terminated. Strings the caller passes are copied before the call
 *   returns. Strings and arrays the library returns are owned by the handle named in each
 *   function's comment and stay valid for as long as that comment says.
 * - Handles are opaque: tch_host_t, tch_driver_t, tch_transition_t.
 * - Versioned structs start with `struct_size`: set it to sizeof the struct you compiled against.
 *   Later minor versions only append fields, and the library reads only the fields that fit.
 * - Errors: functions return a tch_status_t. On failure the handle named keeps a message that
 *   says what went wrong and what to do: tch_host_error, tch_driver_error, tch_transition_error.
 * - Thread tags, in brackets on each function:
 *     [any-thread]     may be called from any thread, concurrently.
 *     [handle-thread]  a host and everything made from it are used from one thread at a time
 *                      (different hosts may be used on different threads at once).
 * - Times are seconds on the caller's clock (any origin, e.g. SDL_GetTicks() / 1000.0) and must
 *   not go backwards within one transition. Geometry is in points, origin top-left, y down, in the
 *   driver's container: the same conventions as transition_catalog.h, whose types this reuses.
 *
 * Plugin crashes
 * A native plugin (`*.so`) is code the app did not write. What protects an embedder:
 * - Every host scans its plugins in worker processes first (the `catalog` executable serves as
 *   the worker), keeping what it learned in the scan cache: a plugin that crashes, hangs, ends
 *   the process or breaks the ABI while loading is refused (tch_host_refused_plugin).
 * - With TCH_ISOLATION_WORKER (the default), no native plugin code runs in the app's process:
 *   the host knows the animators from the scan, and every call of a transition (duration, setup,
 *   each step, completion) runs in a worker, one per plugin file, kept for the host's life and
 *   replaced when it fails. The views come back over the worker's channel and are checked before
 *   the app sees them. A plugin that crashes, hangs (worker_timeout), exits, forks, forges the
 *   worker's reports, returns values that are not finite or breaks the plugin contract fails its
 *   transition with TCH_E_PLUGIN_BROKEN and a message naming the animator and what it did; the
 *   app goes on, and that animator is refused for the rest of the host's life. The worker runs
 *   under a system-call filter in its own user and PID namespaces: a plugin's attempt to write a
 *   file, use the network or start a process fails with EPERM in the worker, and is reported the
 *   same way when the transition ends. While tch_transition_frame waits for the worker, the
 *   calling thread looks for the answer for up to 0.3 ms before it sleeps, and the worker's
 *   stepping process is kept on the CPU that thread runs on (its CPU affinity follows the
 *   thread), so a frame's round trip needs no wake-up of an idle CPU.
 * - TCH_ISOLATION_IN_PROCESS loads the usable plugins into the app's process and calls them
 *   there: no worker after the scan and no round trip per frame, for plugins the app trusts as
 *   it trusts its own code. A plugin that crashes there takes the app down with it.
 * - A wasm animator (`*.wasm`) runs sandboxed in the app's process in either mode: the in-process
 *   path that is safe for plugins the app does not trust.
 * docs/threat-model.md says what each mode guards against and what remains a limit.
 */
#ifndef TRANSITION_CATALOG_HOST_H
#define TRANSITION_CATALOG_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "transition_catalog.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TCH_API_VERSION_MAJOR 1
#define TCH_API_VERSION_MINOR 1

/* The library's API version as major * 1000 + minor (1001 for 1.1): the version of this header
 * the library was built with, which `catalog --version` and the installed pkg-config file
 * transition-catalog-host.pc also give. An app built against an older minor version runs on it
 * unchanged. Returns a number; nothing to free. [any-thread] */
TC_EXPORT uint32_t tch_api_version(void);

/* ---------------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------------- */

typedef int32_t tch_status_t;
#define TCH_OK 0
#define TCH_E_INVALID_ARGUMENT 1 /* a NULL handle or pointer, a bad number, a struct_size too small */
#define TCH_E_NOT_FOUND 2        /* no such animator, parameter, plugin or file */
#define TCH_E_FILE 3             /* a transitions file could not be read or is not valid */
#define TCH_E_REFUSED 4          /* the driver's state refused: busy, nothing to pop or dismiss... */
#define TCH_E_ANIMATOR 5         /* the chosen animator cannot serve the operation or style */
#define TCH_E_SETUP_REFUSED 6    /* the animator's setup returned false; the transition was cancelled */
#define TCH_E_CONTEXT 7          /* the transition's context cannot be built (bad sizes, elements) */
#define TCH_E_INTERACTION 8      /* a gesture event the transition cannot take now */
#define TCH_E_PLUGIN_BROKEN 9    /* the animator crashed, hung or misbehaved in its worker process */
#define TCH_E_WORKER 10          /* the worker executable could not be found or started */
#define TCH_E_NO_ANIMATOR 11     /* (1.1) no animator serves the transition and no rule asked for
                                    an instant change */

/* ---------------------------------------------------------------------------------------------
 * Opaque handles
 * ------------------------------------------------------------------------------------------- */

typedef struct tch_host tch_host_t;             /* the plugins and the transitions rules */
typedef struct tch_driver tch_driver_t;         /* a navigation, modal or tab driver */
typedef struct tch_transition tch_transition_t; /* one running transition */

/* ---------------------------------------------------------------------------------------------
 * Opening a host
 * ------------------------------------------------------------------------------------------- */

typedef enum tch_isolation {
    TCH_ISOLATION_WORKER = 0,     /* native plugins run in worker processes, every call (default) */
    TCH_ISOLATION_IN_PROCESS = 1, /* native plugins run in this process: for trusted plugins only */
} tch_isolation_t;

/* Where a host looks for plugins (tch_host_options_t.search, 1.1). "What `catalog` searches" is,
 * highest precedence first: the directories of TRANSITION_ANIMATOR_PATH, the standard folders
 * (the user's $XDG_DATA_HOME/transition-catalog/plugins, the installed prefix's
 * lib/transition-catalog/plugins, /usr/local/lib/... and /usr/lib/...), then the built-in plugin
 * libraries (libCatalogPlugins.so, with its slide and cover-vertical, and libCatalogPluginsC.so)
 * beside libTransitionCatalogHost.so in a build directory or in
 * PREFIX/lib/transition-catalog/builtins when it is installed in PREFIX/lib. */
typedef enum tch_search {
    TCH_SEARCH_DEFAULT = 0,    /* no plugin_paths: what `catalog` searches; with plugin_paths:
                                  those only, as in 1.0 */
    TCH_SEARCH_CATALOG = 1,    /* plugin_paths first, then what `catalog` searches */
    TCH_SEARCH_PATHS_ONLY = 2, /* plugin_paths only, even when there are none: the opt-out */
} tch_search_t;

/* How to open a host. Zero it, set struct_size = sizeof(tch_host_options_t), then the fields.
 * A zeroed struct opens a host that finds what `catalog` finds. */
typedef struct tch_host_options {
    uint32_t struct_size;
    uint32_t isolation;                 /* a tch_isolation_t */
    const char *const *plugin_paths;    /* directories (scanned for *.so and *.wasm) or plugin files, highest
                                           precedence first; may be NULL when the count is 0 */
    uint32_t plugin_path_count;         /* 0: what `catalog` searches (see tch_search_t) */
    uint32_t use_environment;           /* nonzero: also the directories of TRANSITION_ANIMATOR_PATH
                                           (always searched when the host searches what
                                           `catalog` does) */
    const char *worker_executable;      /* the `catalog` executable; NULL: `catalog` in the
                                           library's directory or in ../bin from it (an
                                           installed prefix), else on the PATH */
    const char *scan_cache_file;        /* NULL: the default cache (see `catalog list`); "" for none */
    double worker_timeout;              /* seconds one plugin call may take in a worker; 0: 2 s;
                                           less than 0.1 is taken as 0.1 */
    uint32_t search;                    /* 1.1: a tch_search_t; a struct_size of 1.0, which ends
                                           before this field, means TCH_SEARCH_DEFAULT */
} tch_host_options_t;

/* Opens a host: scans the plugins of `options` in worker processes and keeps those that are
 * usable, loading native ones into this process only with TCH_ISOLATION_IN_PROCESS (see Plugin
 * crashes above). With no plugin_paths it finds what `catalog` finds, the built-ins among them,
 * so the system default animators (slide, cover-vertical) are there; see tch_search_t to add to
 * that or to opt out of it. The caller owns the host and closes it. Plugin files are native
 * libraries (`*.so`) or WebAssembly modules (`*.wasm`). A wasm animator runs sandboxed in this
 * process whatever `isolation` says: it cannot crash or hang the app or reach its memory, files
 * or network, and a fault (its fuel spent, a trap, memory past its cap) fails only its
 * transition with TCH_E_PLUGIN_BROKEN. A native one runs in a worker by default; loaded in
 * process it has the app's whole power (see docs/threat-model.md). On success stores the host in
 * `*out_host`. On failure stores NULL and, when `error_buffer` is not NULL, writes a
 * NUL-terminated message of at most `error_size` bytes. A plugin path that has no plugin, or a
 * plugin that is refused, does not fail the open: see tch_host_refused_plugin_count. Close the
 * host with tch_host_close. [any-thread] */
TC_EXPORT tch_status_t tch_host_open(const tch_host_options_t *options, tch_host_t **out_host, char *error_buffer,
                                     size_t error_size);

/* Closes a host. Every driver and transition made from it must have been destroyed or ended
 * first. NULL is ignored. [handle-thread] */
TC_EXPORT void tch_host_close(tch_host_t *host);

/* The message of the last failed call on `host`, or "" when none; owned by the host, valid until
 * the next call on it. [handle-thread] */
TC_EXPORT const char *tch_host_error(const tch_host_t *host);

/* The number of plugin files the scan refused (crashed, hung, not a plugin, wrong ABI). [handle-thread] */
TC_EXPORT uint32_t tch_host_refused_plugin_count(const tch_host_t *host);

/* A refused plugin's path and why, as one line; owned by the host, valid until it closes; NULL
 * when `index` is out of range. [handle-thread] */
TC_EXPORT const char *tch_host_refused_plugin(const tch_host_t *host, uint32_t index);

/* ---------------------------------------------------------------------------------------------
 * Animators and their parameters
 * ------------------------------------------------------------------------------------------- */

/* One animator. Strings are owned by the host and valid until it closes. */
typedef struct tch_animator_info {
    uint32_t struct_size;
    const char *id;             /* the id rules use ("slide") */
    const char *qualified_id;   /* PLUGIN-ID:ANIMATOR-ID, reachable even when shadowed */
    const char *name;           /* for people */
    const char *summary;        /* one sentence */
    uint32_t operations;        /* TC_OPERATION_BIT of each operation served */
    uint32_t styles;            /* TC_STYLE_BIT of each presentation style served */
    uint32_t reversible;        /* nonzero: may serve the reverse operation backwards */
    uint32_t parameter_count;
} tch_animator_info_t;

/* One parameter of an animator. Strings are owned by the host and valid until it closes. */
typedef struct tch_parameter_info {
    uint32_t struct_size;
    const char *id;
    const char *name;
    const char *doc;
    const char *unit;
    uint32_t type;              /* a tc_param_type_t */
    double default_value;
    double minimum;
    double maximum;
    uint32_t choice_count;      /* for TC_PARAM_CHOICE */
    const char *const *choices; /* choice names, the value being the index */
} tch_parameter_info_t;

/* The number of animators reachable, each id once (the winning plugin's). [handle-thread] */
TC_EXPORT uint32_t tch_host_animator_count(const tch_host_t *host);

/* Fills `*out` (its struct_size set by the caller) for animator `index`.
 * Fails with TCH_E_NOT_FOUND when `index` is out of range. [handle-thread] */
TC_EXPORT tch_status_t tch_host_animator_info(tch_host_t *host, uint32_t index, tch_animator_info_t *out);

/* Fills `*out` for parameter `parameter` of animator `animator`. [handle-thread] */
TC_EXPORT tch_status_t tch_host_parameter_info(tch_host_t *host, uint32_t animator, uint32_t parameter,
                                               tch_parameter_info_t *out);

/* ---------------------------------------------------------------------------------------------
 * Rules: which animator runs each transition
 *
 * A host starts with no rules: every transition uses the system default (slide for push and
 * pop, cover-vertical for present and dismiss, an instant tab switch). Rules are tried in order
 * and the first that matches decides, exactly as in a transitions file (see `catalog run`).
 * Drivers read the rules when each transition begins.
 *
 * An instant change (no animation) happens only when asked for: a tab switch whose rule is the
 * system default (no rule, or `"animator": null` in a file), or a rule whose flags hold
 * TCH_RULE_INSTANT. Any other transition for which the host has no animator (the system default is not among its
 * plugins, or does not serve the presentation style) fails to begin with TCH_E_NO_ANIMATOR and a
 * message naming the transition and what to do, instead of changing screens without animating.
 * ------------------------------------------------------------------------------------------- */

/* Replaces the rules with those of a transitions file (JSON, version 1, at most 1 MiB; a pipe
 * such as a shell's `<(command)` is read to its end), checked against the host's animators.
 * Fails with TCH_E_NOT_FOUND when there is no such file, and with TCH_E_FILE when it cannot be
 * read (a directory, no permission), is too large or is not valid; the message names the file,
 * the key path and what to do, and the rules are then unchanged. [handle-thread] */
TC_EXPORT tch_status_t tch_host_load_transitions_file(tch_host_t *host, const char *path);

#define TCH_ANY_OPERATION 0u   /* tch_rule_t.operations: every operation */
#define TCH_INTERACTIVE_ANY (-1)

/* One rule set in code. Zero it, set struct_size, then the fields. */
typedef struct tch_rule {
    uint32_t struct_size;
    uint32_t operations;          /* TC_OPERATION_BIT of each operation matched, or TCH_ANY_OPERATION */
    const char *from_screen;      /* NULL matches any */
    const char *to_screen;        /* NULL matches any */
    int32_t interactive;          /* 1, 0, or TCH_INTERACTIVE_ANY */
    const char *animator;         /* an animator id or qualified id; NULL for the system default */
    const char *const *parameters;/* "id=value" assignments, value a number, true/false or a choice */
    uint32_t parameter_count;
    int32_t style;                /* a tc_presentation_style_t, or -1 for the animator's default */
    uint32_t reversed;            /* nonzero: serve by running the reverse operation backwards */
    uint64_t flags;               /* 1.1: TCH_RULE_INSTANT or 0; a struct_size of 1.0, which ends
                                     before this field, means 0 */
} tch_rule_t;

#define TCH_RULE_INSTANT 1u /* tch_rule_t.flags: change screens at once, without an animator (animator
                               must be NULL, with no parameters, style or reversed) */

/* Appends a copy of `rule` after the existing ones, checked like a transitions file's; the host
 * keeps no pointer into it. Fails with TCH_E_INVALID_ARGUMENT and a message naming the field
 * when the rule is not valid. [handle-thread] */
TC_EXPORT tch_status_t tch_host_add_rule(tch_host_t *host, const tch_rule_t *rule);

/* Removes every rule. [handle-thread] */
TC_EXPORT void tch_host_clear_rules(tch_host_t *host);

/* ---------------------------------------------------------------------------------------------
 * Drivers
 * ------------------------------------------------------------------------------------------- */

typedef enum tch_driver_kind {
    TCH_DRIVER_NAVIGATION = 0, /* a navigation stack: push and pop */
    TCH_DRIVER_MODAL = 1,      /* a modal presenter: present and dismiss, full screen or custom */
    TCH_DRIVER_TABS = 2,       /* a tab bar: tab switches */
} tch_driver_kind_t;

/* What a driver starts with. Zero it, set struct_size, then the fields. */
typedef struct tch_driver_options {
    uint32_t struct_size;
    uint32_t kind;                    /* a tch_driver_kind_t */
    double container_width;           /* the container's size in points, > 0 */
    double container_height;
    const char *const *screens;       /* navigation: the root (one screen); modal: the presenting
                                         screen (one); tabs: one screen per tab */
    uint32_t screen_count;
    uint32_t selected_tab;            /* tabs: the selected index */
    double completion_speed;          /* interactive finish and cancel speed; 0: 1 (UIKit's default) */
} tch_driver_options_t;

/* Makes a driver over `host`'s plugins and rules. [handle-thread] */
TC_EXPORT tch_status_t tch_driver_create(tch_host_t *host, const tch_driver_options_t *options, tch_driver_t **out_driver);

/* Destroys a driver handle. A transition of it still running stays valid (it keeps the driver
 * alive) until tch_transition_end. NULL is ignored. [handle-thread] */
TC_EXPORT void tch_driver_destroy(tch_driver_t *driver);

/* The message of the last failed call on `driver`, or ""; owned by the driver, valid until the
 * next call on it. [handle-thread] */
TC_EXPORT const char *tch_driver_error(const tch_driver_t *driver);

/* Changes the container's size for the transitions begun from now on. [handle-thread] */
TC_EXPORT tch_status_t tch_driver_set_container_size(tch_driver_t *driver, double width, double height);

/* One view of the hierarchy at rest. */
typedef struct tch_layer {
    const char *screen;  /* the screen's id, or NULL for a presentation's dimming view */
    tc_rect_t frame;
    double alpha;
    tc_color_t color;    /* the dimming view's fill; zero for screens */
} tch_layer_t;

/* The hierarchy at rest, bottom first: the top screen of a stack, the presenting screen and what
 * is presented over it (with a custom presentation's dimming view), the selected tab. Stores the
 * count in `*out_count` and returns the array, owned by the driver and valid until the next call
 * on it. [handle-thread] */
TC_EXPORT const tch_layer_t *tch_driver_layers(tch_driver_t *driver, uint32_t *out_count);

/* ---------------------------------------------------------------------------------------------
 * Transitions
 * ------------------------------------------------------------------------------------------- */

#define TCH_PRESENT_STYLE_FROM_RULES 0u /* the rule's style, else the animator's default */
#define TCH_PRESENT_FULL_SCREEN 1u
#define TCH_PRESENT_CUSTOM 2u

/* What to begin. Zero it, set struct_size, then the fields. */
typedef struct tch_begin {
    uint32_t struct_size;
    uint32_t operation;            /* a tc_operation_t the driver serves: navigation push and pop,
                                      modal present and dismiss, tabs tab */
    const char *screen;            /* push and present: the arriving screen */
    uint32_t tab_index;            /* tab: the tab to select */
    uint32_t interactive;          /* nonzero: a gesture drives it (tch_transition_update...) */
    uint32_t present_style;        /* present: TCH_PRESENT_STYLE_FROM_RULES (0), or a style that
                                      overrides the rule's (the animator must serve it) */
    double start_time;             /* the clock's time at the beginning */
    const tc_matched_element_t *matched_elements; /* elements both screens show; only id,
                                      from_frame and to_frame are read */
    uint32_t matched_element_count;
} tch_begin_t;

/* Begins a transition on `driver`: picks the animator by the rules, runs its setup and returns
 * the running transition, owned by the caller until tch_transition_end. Fails with
 * TCH_E_NO_ANIMATOR when no animator serves it and no rule asked for an instant change (see
 * Rules). One transition per driver at a time. The presentation style of a
 * present is `present_style` when set, else the rule's (else the animator's default); a dismiss
 * keeps its present's.
 * On failure the driver's state is unchanged (or settled as cancelled when the setup refused),
 * and tch_driver_error says why. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_begin(tch_driver_t *driver, const tch_begin_t *begin, tch_transition_t **out_transition);

/* What a transition is. Strings owned by the transition, valid until it ends. */
typedef struct tch_transition_info {
    uint32_t struct_size;
    uint32_t operation;       /* a tc_operation_t */
    uint32_t style;           /* a tc_presentation_style_t */
    uint32_t interactive;
    double duration;          /* the animator's duration in seconds, 0 for an instant change */
    const char *animator;     /* the qualified id, or NULL for an instant change */
    uint32_t reversed;        /* nonzero: served by the reverse operation run backwards */
    const char *from_screen;  /* NULL when none */
    const char *to_screen;    /* NULL when none */
} tch_transition_info_t;

/* Fills `*out`. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_info(tch_transition_t *transition, tch_transition_info_t *out);

/* The message of the last failed call on `transition`, or ""; owned by the transition, valid
 * until the next call on it. [handle-thread] */
TC_EXPORT const char *tch_transition_error(const tch_transition_t *transition);

/* The gesture. Each takes the time of the event; events must not go back in time. They fail with
 * TCH_E_INTERACTION on a transition begun without `interactive`, after it ended, or when the
 * time goes backwards. [handle-thread] */

/* The finger is at `fraction` (clamped to [0, 1]) of the way: the progress follows it in a
 * straight line from the previous event. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_update(tch_transition_t *transition, double fraction, double time);

/* Grabs the transition where it is: while finishing or cancelling it stops there, without a jump,
 * and the gesture holds it again (then update and release as before). [handle-thread] */
TC_EXPORT tch_status_t tch_transition_grab(tch_transition_t *transition, double time);

/* Lets go with `velocity` (fraction per second, positive towards the end); the release decision
 * (position and velocity, as UIKit apps decide) picks finish or cancel, stored in
 * `*out_finishes` (1 or 0) when it is not NULL. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_release(tch_transition_t *transition, double velocity, double time,
                                              int32_t *out_finishes);

/* Lets it animate from where it is to the end, (1 - fraction) x duration / completion speed
 * seconds along an ease-in-out curve. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_finish(tch_transition_t *transition, double time);

/* Lets it animate back to the start, fraction x duration / completion speed seconds. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_cancel(tch_transition_t *transition, double time);

/* One view of a frame, in drawing order. */
typedef struct tch_view {
    tc_view_id_t id;          /* the view's handle in this transition */
    uint32_t role;            /* a tc_view_role_t; the backdrop's screens have role from or to */
    const char *screen;       /* the screen a from, to or backdrop view shows, or a snapshot's
                                 source screen; NULL for made views with no source */
    tc_view_state_t state;    /* frame, alpha, transform, corner radius, z index, hidden, colour */
    uint32_t double_sided;    /* zero: not drawn while facing away */
    uint32_t has_content_rect;/* nonzero: a snapshot or tile showing `content_rect` of its source */
    tc_rect_t content_rect;   /* in the source screen's own coordinates */
} tch_view_t;

/* One frame: the views to draw, bottom first, already without hidden and invisible ones. */
typedef struct tch_frame {
    uint32_t struct_size;
    double progress;          /* the transition's progress, 0 to 1 */
    uint32_t phase;           /* a tch_phase_t */
    uint32_t settled;         /* nonzero: it reached its end; end it with tch_transition_end */
    uint32_t finishes;        /* when settled or animating to an end: 1 finish, 0 cancel */
    tc_camera_t camera;       /* the container's camera (perspective shared by every view) */
    uint32_t view_count;
    const tch_view_t *views;  /* owned by the transition, valid until the next frame or its end */
} tch_frame_t;

typedef enum tch_phase {
    TCH_PHASE_INTERACTING = 0, /* the gesture holds it */
    TCH_PHASE_FINISHING = 1,
    TCH_PHASE_CANCELLING = 2,
    TCH_PHASE_FINISHED = 3,
    TCH_PHASE_CANCELLED = 4,
} tch_phase_t;

/* Advances to `time` and fills `*out` (its struct_size set by the caller) with the frame there.
 * A plain transition runs from its start time to start time + duration; an interactive one
 * follows its gesture events. Fails with TCH_E_PLUGIN_BROKEN once the animator crashed, hung or
 * returned unusable views in its worker (or faulted in its wasm sandbox): draw the screens at
 * rest and end the transition, which then settles as cancelled. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_frame(tch_transition_t *transition, double time, tch_frame_t *out);

/* Where point (u, v) of view `index` of the last frame lands on screen, u and v in [0, 1] across
 * the view's frame (0, 0 top-left): its transform about its centre, the camera, then the
 * perspective divide, as the compositing model says. Stores x, y and w (w <= 0: behind the eye,
 * do not draw). Drawing a view as a grid of such points gives true perspective.
 * [handle-thread] */
TC_EXPORT tch_status_t tch_transition_project(tch_transition_t *transition, uint32_t index, double u, double v,
                                              double *out_x, double *out_y, double *out_w);

/* Ends the transition and frees it: the driver's stack or presentation is committed as the
 * transition ended (finished when `*out_finished` is 1). A transition the gesture still holds, or
 * still animating, ends at the end it is heading to, cancelled when none. Fails with
 * TCH_E_PLUGIN_BROKEN when the animator failed in its worker (the transition is then settled as
 * cancelled), or when its worker saw it break the plugin contract, for example by writing past
 * its views, or try a system call its sandbox refuses (the transition is settled as it ended and
 * `*out_finished` says how); the animator is then refused for the host's life, and
 * tch_driver_error says why. [handle-thread] */
TC_EXPORT tch_status_t tch_transition_end(tch_transition_t *transition, int32_t *out_finished);

#ifdef __cplusplus
}
#endif

#endif

/*
 * transition_catalog.h: the Transition Catalog animator plugin ABI, version 1.1.
 *
 * An animator says, for any progress of a screen transition (push, pop, present, dismiss, tab),
 * where every view is: frame, alpha, 3D transform, corner radius and stacking order. Animators
 * live in shared libraries ("plugins") that export one symbol, `tc_plugin_entry`, and reach
 * everything else through the structs it returns. This header is the whole contract: a plugin
 * includes it and nothing else.
 *
 * Conventions
 * - Strings are UTF-8 and NUL-terminated. Descriptor strings are owned by the plugin and must stay
 *   valid and unchanged until the library is unloaded.
 * - Every function receives an explicit self, context or state pointer; nothing is global.
 * - Versions: every versioned struct starts with a `tc_version_t`. A host loads a plugin only when
 *   the major numbers are equal (see `tc_version_is_compatible`). Within a major the structs below
 *   are frozen; growth comes through extensions looked up by string id ("vendor.name/revision").
 * - Thread and state tags, in brackets on each function:
 *     [any-thread]         may be called from any thread, concurrently.
 *     [pure]               the result depends only on the arguments (and the plugin's constants).
 *     [transition-thread]  called on the thread that drives that transition. A host may drive
 *                          different transitions on different threads at once, so an animator keeps
 *                          every mutable value in its per-transition state, never in globals.
 *     [setup], [step], [completion]  the lifecycle phase in which a host service may be called.
 * - Geometry uses points in the container's coordinate space, origin top-left, y down.
 *
 * What 1.1 adds (nothing of 1.0 changes; a plugin built against the 1.0 header loads and runs as
 * before): the compositing model written down (see "The compositing model" below), geometry
 * helpers as static inline functions, inline twins of the function-like macros, and the host
 * extension TC_COMPOSITING_EXTENSION_ID (a shared camera, one-sided views, snapshots of a
 * sub-rectangle, matched elements).
 */
#ifndef TRANSITION_CATALOG_H
#define TRANSITION_CATALOG_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#  define TC_EXPORT __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#  define TC_EXPORT __attribute__((visibility("default")))
#else
#  define TC_EXPORT
#endif

/* ---------------------------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------------------------- */

#define TC_ABI_VERSION_MAJOR 1
#define TC_ABI_VERSION_MINOR 1
#define TC_ABI_VERSION_PATCH 0

/* A semantic version. Same major: compatible. Minor: backward-compatible additions (new
 * extensions, new enum values a host may ignore). Patch: no effect on compatibility. */
typedef struct tc_version {
    uint32_t major;
    uint32_t minor;
    uint32_t patch;
} tc_version_t;

#define TC_ABI_VERSION_INIT { TC_ABI_VERSION_MAJOR, TC_ABI_VERSION_MINOR, TC_ABI_VERSION_PATCH }

/* True when a struct stamped with `v` can be used by code built against this header.
 * [any-thread, pure] */
static inline bool tc_version_is_compatible(tc_version_t v) {
    return v.major == TC_ABI_VERSION_MAJOR;
}

/* The version of this header: what TC_ABI_VERSION_INIT spells, as a function for languages that
 * cannot use the macro (Swift, Rust bindgen). [any-thread, pure] (1.1) */
static inline tc_version_t tc_abi_version(void) {
    tc_version_t v;
    v.major = TC_ABI_VERSION_MAJOR;
    v.minor = TC_ABI_VERSION_MINOR;
    v.patch = TC_ABI_VERSION_PATCH;
    return v;
}

/* Limits a host enforces on descriptor strings, in bytes, without the terminating NUL. */
#define TC_ID_MAX 64
#define TC_NAME_MAX 128
#define TC_TEXT_MAX 2048
#define TC_MAX_ANIMATORS 1024
#define TC_MAX_PARAMS 64

/* ---------------------------------------------------------------------------------------------
 * Operations, styles and geometry
 * ------------------------------------------------------------------------------------------- */

/* The five transition operations. push and present are "presenting"; pop and dismiss are
 * "dismissing"; tab is presenting when moving to a higher tab index. */
typedef enum tc_operation {
    TC_OPERATION_PUSH = 0,
    TC_OPERATION_POP = 1,
    TC_OPERATION_PRESENT = 2,
    TC_OPERATION_DISMISS = 3,
    TC_OPERATION_TAB = 4,
} tc_operation_t;

#define TC_OPERATION_COUNT 5
/* The bit of an operation in `tc_animator_t.operations`. */
#define TC_OPERATION_BIT(op) (1u << (uint32_t)(op))

/* TC_OPERATION_BIT as a function. [any-thread, pure] (1.1) */
static inline uint32_t tc_operation_bit(tc_operation_t op) {
    return 1u << (uint32_t)op;
}

/* How a modal screen is presented. Only present and dismiss use a style other than full screen.
 * full screen: both views are in the container; after a finished present the presenting view
 *              leaves the hierarchy.
 * custom:      the presented view is framed by the host's presentation (`to_final_frame` on present),
 *              the presenting view stays outside the container and is absent from the context
 *              (`from_view` on present, `to_view` on dismiss are TC_VIEW_NONE). Adding the presenting
 *              view back on dismiss is the classic black-screen bug: never do it. */
typedef enum tc_presentation_style {
    TC_STYLE_FULL_SCREEN = 0,
    TC_STYLE_CUSTOM = 1,
} tc_presentation_style_t;

#define TC_STYLE_BIT(style) (1u << (uint32_t)(style))

/* TC_STYLE_BIT as a function. [any-thread, pure] (1.1) */
static inline uint32_t tc_style_bit(tc_presentation_style_t style) {
    return 1u << (uint32_t)style;
}

typedef struct tc_rect {
    double x;
    double y;
    double width;
    double height;
} tc_rect_t;

/* Colour with straight (not premultiplied) alpha, each component in [0, 1]. */
typedef struct tc_color {
    double r;
    double g;
    double b;
    double a;
} tc_color_t;

/* A 4x4 transform, column-major (m[12], m[13], m[14] are the translation), applied about the
 * view's centre, with points as column vectors: p' = M p. Perspective is allowed (m[11] = -1/d
 * gives a camera at distance d, as Core Animation's m34). Identity: m[0] = m[5] = m[10] = m[15] = 1.
 * Axes, rotation signs and how transforms reach the screen: see "The compositing model" below. */
typedef struct tc_transform {
    double m[16];
} tc_transform_t;

/* A view handle, valid for one transition. The host numbers the views of a transition 0, 1, 2, ...
 * in the order they come to exist, so a handle is also the index of that view's entry in the
 * array that `step` fills. TC_VIEW_NONE marks an absent view. */
typedef int32_t tc_view_id_t;
#define TC_VIEW_NONE ((tc_view_id_t)-1)

/* ---------------------------------------------------------------------------------------------
 * The compositing model (written down in 1.1; it is what 1.0 hosts already drew)
 *
 * Axes. +x points right, +y down, +z towards the viewer. The screen is the plane z = 0.
 *
 * Rotation signs. The rotation matrices are the standard right-handed ones, the same as Core
 * Animation's CATransform3DMakeRotation: a positive angle about x turns +y towards +z, about y
 * turns +z towards +x, about z turns +x towards +y. Because +y points down, what you see is:
 *   - about z, positive is clockwise on screen;
 *   - about y, positive moves the right edge away from the viewer and the left edge towards it:
 *     under perspective the right half gets smaller and the left half bigger; a view hinged on
 *     its left edge (anchor 0, 0.5) swings open away from the viewer as the angle grows;
 *   - about x, positive moves the bottom edge towards the viewer and the top edge away.
 *
 * Transform origin. A view's transform applies about the centre of its frame: a point (x, y) of
 * the frame is taken relative to the centre, transformed, then moved back. To turn about another
 * point (a hinge, CALayer's anchorPoint) wrap the transform with tc_transform_about_anchor.
 *
 * Perspective and the camera. A transform may carry its own perspective (m[11] = -1/d, an eye at
 * distance d in front of the view's centre), as in 1.0. In 1.1 the container also has a camera
 * (tc_camera_t, set with the compositing extension), Core Animation's sublayerTransform: a
 * sublayer transform and a perspective, both about the container's centre, shared by every view.
 * A view point p (relative to the view's centre) lands on screen at
 *     q = C * T(view centre) * M * p,   C = T(c) * P(eye_distance) * S * T(-c)
 * where M is the view's transform, c the container's centre, S the camera's sublayer transform
 * and P the perspective matrix; then x = q.x / q.w, y = q.y / q.w. Points with q.w <= 0 are
 * behind the eye and are not drawn. Without a camera (the default) C is the identity.
 *
 * Compositing. Views are painted in stacking order (z_index, then container order), each one
 * flattened onto the screen, the later over the earlier. There is no depth buffer, as in Core
 * Animation: a view's z never hides another view; only the order does.
 *
 * Back faces. A view faces away when its projected corners (top-left, top-right, bottom-right,
 * bottom-left) run anticlockwise on screen. Views are double-sided by default and then show
 * their front, mirrored, when they face away (CALayer.isDoubleSided). A view made one-sided with
 * the compositing extension's set_double_sided is not drawn while it faces away: cube faces and
 * flip cards turn away without drawing over the face in front.
 *
 * Snapshot content. A snapshot (or tile) shows a rectangle of its source view, given in the
 * source's own coordinates (origin at the top-left of the source's frame, in points), scaled to
 * fill the snapshot's frame: a snapshot whose frame is twice the rectangle's size shows it twice
 * as large, never more of the source. snapshot_view takes the whole source; the extension's
 * snapshot_rect takes any rectangle (halves, folds, tiles). A snapshot of a snapshot shows the
 * original screen.
 *
 * Hand-over. At progress 0 and 1 what matters is what is seen. A snapshot may stand in for its
 * source: at progress 0 a snapshot lying exactly where its part of the from-view is, with the
 * same look, counts as the from-view; at progress 1 snapshots lying exactly where their part of
 * the to-view ends count as the to-view. So a door or a fold may keep its snapshots visible at
 * the ends and hide the screen they picture, without cross-fades.
 *
 * Matched elements. A host may tell an animator that an element appears on both screens (a card
 * in a list that becomes the detail screen's header): an id, its frame in the from-screen, its
 * frame in the to-screen, and a snapshot view for each side, made by the host before setup and
 * not in the container. Read them with the compositing extension's matched_element.
 * ------------------------------------------------------------------------------------------- */

/* What a view is. from and to are the two screens; the rest are views an animator makes. */
typedef enum tc_view_role {
    TC_ROLE_FROM = 0,
    TC_ROLE_TO = 1,
    TC_ROLE_SNAPSHOT = 2,   /* a picture of another view, made by snapshot_view (or snapshot_rect, 1.1) */
    TC_ROLE_DIMMING = 3,    /* a flat colour behind a presented view */
    TC_ROLE_SHADOW = 4,     /* a shadow or glow */
    TC_ROLE_TILE = 5,       /* a piece of a snapshot split into tiles */
    TC_ROLE_DECORATION = 6, /* anything else an animator draws */
} tc_view_role_t;

/* The state of one view at one progress: plain data that `step` writes into host memory.
 * Before every step the host resets each entry to the view's base state: its frame (from: the
 * initial frame, to: the final frame, made views: the frame they were made with), alpha 1, identity
 * transform, corner radius 0, z_index 0, not hidden, the colour it was made with. An animator
 * writes only what it animates. */
typedef struct tc_view_state {
    tc_rect_t frame;           /* untransformed frame, container coordinates */
    double alpha;              /* opacity in [0, 1] */
    tc_transform_t transform;  /* about the centre of `frame` */
    double corner_radius;      /* points, >= 0 */
    int32_t z_index;           /* stacking: higher is drawn above; ties keep container order */
    bool hidden;               /* a hidden view is not drawn and does not cover anything */
    tc_color_t color;          /* fill of views the animator made; ignored for from and to */
} tc_view_state_t;

/* ---------------------------------------------------------------------------------------------
 * Geometry helpers (1.1). All [any-thread, pure]. Angles are in radians. Compose with
 * tc_transform_multiply(a, b): b applies first, then a.
 * ------------------------------------------------------------------------------------------- */

/* The transform that changes nothing. */
static inline tc_transform_t tc_transform_identity(void) {
    tc_transform_t t;
    int i;
    for (i = 0; i < 16; i++) t.m[i] = (i % 5 == 0) ? 1.0 : 0.0;
    return t;
}

/* The product a * b: the transform that applies b first, then a. */
static inline tc_transform_t tc_transform_multiply(tc_transform_t a, tc_transform_t b) {
    tc_transform_t r;
    int c, row, k;
    for (c = 0; c < 4; c++) {
        for (row = 0; row < 4; row++) {
            double sum = 0.0;
            for (k = 0; k < 4; k++) sum += a.m[k * 4 + row] * b.m[c * 4 + k];
            r.m[c * 4 + row] = sum;
        }
    }
    return r;
}

/* A move by (x, y, z) points. */
static inline tc_transform_t tc_transform_translate(double x, double y, double z) {
    tc_transform_t t = tc_transform_identity();
    t.m[12] = x;
    t.m[13] = y;
    t.m[14] = z;
    return t;
}

/* A scale by (x, y, z) about the origin (a view's centre). */
static inline tc_transform_t tc_transform_scale(double x, double y, double z) {
    tc_transform_t t = tc_transform_identity();
    t.m[0] = x;
    t.m[5] = y;
    t.m[10] = z;
    return t;
}

/* A rotation about the x axis: positive turns +y towards +z (the bottom edge comes towards the
 * viewer). */
static inline tc_transform_t tc_transform_rotate_x(double radians) {
    tc_transform_t t = tc_transform_identity();
    double c = cos(radians), s = sin(radians);
    t.m[5] = c;
    t.m[6] = s;
    t.m[9] = -s;
    t.m[10] = c;
    return t;
}

/* A rotation about the y axis: positive turns +z towards +x (the right edge goes away from the
 * viewer, the left edge comes towards it). */
static inline tc_transform_t tc_transform_rotate_y(double radians) {
    tc_transform_t t = tc_transform_identity();
    double c = cos(radians), s = sin(radians);
    t.m[0] = c;
    t.m[2] = -s;
    t.m[8] = s;
    t.m[10] = c;
    return t;
}

/* A rotation about the z axis: positive turns +x towards +y (clockwise on screen). */
static inline tc_transform_t tc_transform_rotate_z(double radians) {
    tc_transform_t t = tc_transform_identity();
    double c = cos(radians), s = sin(radians);
    t.m[0] = c;
    t.m[1] = s;
    t.m[4] = -s;
    t.m[5] = c;
    return t;
}

/* A perspective seen from an eye `distance` points in front of the origin (m[11] = -1/distance,
 * Core Animation's m34). A distance <= 0 or not finite gives the identity (no perspective). */
static inline tc_transform_t tc_transform_perspective(double distance) {
    tc_transform_t t = tc_transform_identity();
    if (distance > 0 && distance < INFINITY) t.m[11] = -1.0 / distance;
    return t;
}

/* `t` applied about the point (x, y, z) instead of the origin: T(p) * t * T(-p). The point is
 * relative to the view's centre. */
static inline tc_transform_t tc_transform_about(tc_transform_t t, double x, double y, double z) {
    return tc_transform_multiply(tc_transform_translate(x, y, z),
                                 tc_transform_multiply(t, tc_transform_translate(-x, -y, -z)));
}

/* `t` applied about an anchor of `frame` given in unit coordinates, as CALayer.anchorPoint:
 * (0, 0) is the top-left corner, (0.5, 0.5) the centre, (0, 0.5) the middle of the left edge (a
 * hinge). Rotating about an anchor: tc_transform_about_anchor(tc_transform_rotate_y(a), frame, 0, 0.5). */
static inline tc_transform_t tc_transform_about_anchor(tc_transform_t t, tc_rect_t frame, double anchor_x,
                                                       double anchor_y) {
    return tc_transform_about(t, (anchor_x - 0.5) * frame.width, (anchor_y - 0.5) * frame.height, 0.0);
}

/* ---------------------------------------------------------------------------------------------
 * Parameters
 * ------------------------------------------------------------------------------------------- */

typedef enum tc_param_type {
    TC_PARAM_NUMBER = 0,  /* any finite value in [min, max] */
    TC_PARAM_INTEGER = 1, /* a whole number in [min, max] */
    TC_PARAM_BOOL = 2,    /* 0 or 1 */
    TC_PARAM_CHOICE = 3,  /* an index into `choices`: 0 ... choice_count - 1 */
} tc_param_type_t;

/* A typed parameter of an animator. Hosts list, set and check parameters from this description
 * alone. Values reach the animator as doubles in `tc_context_t.param_values`, in the order of the
 * descriptor's `params` array, always inside [min_value, max_value]. */
typedef struct tc_param {
    const char *id;          /* kebab-case key, unique within the animator: "direction" */
    const char *name;        /* display name: "Direction" */
    const char *doc;         /* one sentence for users */
    const char *unit;        /* "s", "pt", "deg", "%", or "" */
    uint32_t type;           /* tc_param_type_t */
    double default_value;
    double min_value;
    double max_value;
    uint32_t choice_count;        /* TC_PARAM_CHOICE only, else 0 */
    const char *const *choices;   /* TC_PARAM_CHOICE only, else NULL: kebab-case names */
} tc_param_t;

/* ---------------------------------------------------------------------------------------------
 * The transition context and host services
 * ------------------------------------------------------------------------------------------- */

typedef struct tc_host tc_host_t;

/* Everything an animator knows about one transition. Owned by the host, valid from setup until
 * completion returns, and unchanged during that time (the same pointer is passed to every call).
 *
 * Frames follow UIKit: `from_initial_frame` is where the from-view is; `to_final_frame` is where the
 * to-view must end. `from_final_frame` and `to_initial_frame` are all zeros when the host imposes
 * nothing, which is the usual case: the animator chooses. */
typedef struct tc_context {
    tc_version_t abi;
    uint32_t operation;           /* tc_operation_t */
    uint32_t presentation_style;  /* tc_presentation_style_t; full screen except for present/dismiss */
    bool interactive;             /* driven by a gesture: progress may move both ways */
    uint32_t tab_from_index;      /* tab only: the index of the tab being left */
    uint32_t tab_to_index;        /* tab only: the index of the tab arriving */
    tc_rect_t container_bounds;
    tc_view_id_t from_view;       /* TC_VIEW_NONE on a custom-style present */
    tc_view_id_t to_view;         /* TC_VIEW_NONE on a custom-style dismiss */
    tc_rect_t from_initial_frame;
    tc_rect_t from_final_frame;
    tc_rect_t to_initial_frame;
    tc_rect_t to_final_frame;
    const double *param_values;   /* param_count values, one per descriptor parameter */
    uint32_t param_count;
    const tc_host_t *host;
    void *host_data;              /* the host's; never touched by the plugin */
} tc_context_t;

typedef enum tc_log_level {
    TC_LOG_DEBUG = 0,
    TC_LOG_INFO = 1,
    TC_LOG_WARNING = 2,
    TC_LOG_ERROR = 3,
    TC_LOG_PLUGIN_MISBEHAVING = 4, /* the plugin reports its own contract breach */
} tc_log_level_t;

/* Standard timing curves, for `tc_host_t.timing_curve`. */
typedef enum tc_curve {
    TC_CURVE_LINEAR = 0,              /* (0, 0, 1, 1) */
    TC_CURVE_EASE = 1,                /* (0.25, 0.1, 0.25, 1) */
    TC_CURVE_EASE_IN = 2,             /* (0.42, 0, 1, 1) */
    TC_CURVE_EASE_OUT = 3,            /* (0, 0, 0.58, 1) */
    TC_CURVE_EASE_IN_OUT = 4,         /* (0.42, 0, 0.58, 1) */
    TC_CURVE_MATERIAL_STANDARD = 5,   /* (0.4, 0, 0.2, 1) */
    TC_CURVE_MATERIAL_DECELERATE = 6, /* (0, 0, 0.2, 1) */
    TC_CURVE_MATERIAL_ACCELERATE = 7, /* (0.4, 0, 1, 1) */
    TC_CURVE_MATERIAL_SHARP = 8,      /* (0.4, 0, 0.6, 1) */
} tc_curve_t;

#define TC_CURVE_COUNT 9

/* Services the host gives an animator, reached through `tc_context_t.host`. Every service takes
 * the context of the transition it serves. The struct and its functions are valid as long as the
 * context is. */
struct tc_host {
    tc_version_t abi;
    const char *name;    /* the host's name, UTF-8, owned by the host */
    const char *version; /* the host's version string */

    /* Puts `view` on top of the container's views. A view already in the container moves to
     * the top. Returns false when `view` is not a view of this transition.
     * [transition-thread, setup or completion] */
    bool (*add_view)(const tc_context_t *ctx, tc_view_id_t view);

    /* Puts `view` just below `sibling`, which must be in the container. Returns false when either
     * handle is unknown or `sibling` is not in the container.
     * [transition-thread, setup or completion] */
    bool (*insert_view_below)(const tc_context_t *ctx, tc_view_id_t view, tc_view_id_t sibling);

    /* Takes `view` out of the container (a no-op when it is not in it). Views an animator made
     * must be removed by the end of completion; from and to are the host's to remove.
     * Returns false when `view` is unknown. [transition-thread, setup or completion] */
    bool (*remove_view)(const tc_context_t *ctx, tc_view_id_t view);

    /* Makes a snapshot of `view`: a new view with role TC_ROLE_SNAPSHOT that looks like `view`,
     * with the same frame, not yet in the container. Returns TC_VIEW_NONE when `view` is unknown
     * or absent. The handle lives until the transition completes. [transition-thread, setup] */
    tc_view_id_t (*snapshot_view)(const tc_context_t *ctx, tc_view_id_t view);

    /* Makes a plain view (a dimming layer, a shadow, a tile, a decoration) with `role`, `frame`
     * and fill `color`, not yet in the container. Returns TC_VIEW_NONE when `role` is from or to
     * or unknown. [transition-thread, setup] */
    tc_view_id_t (*make_view)(const tc_context_t *ctx, uint32_t role, tc_rect_t frame, tc_color_t color);

    /* The value of standard curve `curve` (tc_curve_t) at `t` in [0, 1]; outside [0, 1] the
     * curve continues along its end tangents. Unknown curves are linear. [any-thread, pure] */
    double (*timing_curve)(const tc_context_t *ctx, uint32_t curve, double t);

    /* The value of the CSS cubic-bezier(x1, y1, x2, y2) at `t`, solved to within 1e-7. x1 and x2
     * must be in [0, 1]; otherwise the result is `t` and the host logs a misbehaviour.
     * [any-thread, pure] */
    double (*cubic_bezier)(const tc_context_t *ctx, double x1, double y1, double x2, double y2, double t);

    /* A spring from 0 to 1 fitted to the whole transition, as UIKit's
     * animate(withDuration:usingSpringWithDamping:initialSpringVelocity:): `damping_ratio` > 0
     * (1 is critical, below 1 bounces), `initial_velocity` in units of the whole distance per
     * duration. Returns the spring's position at `progress`; exactly 0 at 0 and exactly 1 at 1.
     * [any-thread, pure] */
    double (*spring)(const tc_context_t *ctx, double damping_ratio, double initial_velocity, double progress);

    /* Writes `message` (UTF-8, copied by the host before returning) to the host's log with
     * `level` (tc_log_level_t). [any-thread] */
    void (*log)(const tc_context_t *ctx, uint32_t level, const char *message);

    /* Returns the host extension with string id `id` ("vendor.name/revision"), or NULL when the
     * host does not know it. The returned struct is owned by the host and lives as long as the
     * context. [any-thread] */
    const void *(*get_extension)(const tc_context_t *ctx, const char *id);
};

/* ---------------------------------------------------------------------------------------------
 * The compositing extension (1.1)
 *
 * const tc_compositing_t *comp = tc_compositing(ctx);   NULL from a 1.0 host
 * ------------------------------------------------------------------------------------------- */

/* The id of the compositing host extension, for `tc_host_t.get_extension`. */
#define TC_COMPOSITING_EXTENSION_ID "org.transitioncatalog.compositing/1"

/* The container's camera (Core Animation's sublayerTransform on the container): applied about
 * the container's centre to every view, after each view's own transform, so sibling views share
 * one vanishing point. See "The compositing model". */
typedef struct tc_camera {
    double eye_distance;                /* perspective: the eye's distance in points in front of the
                                           container's centre; 0 for none */
    tc_transform_t sublayer_transform;  /* applied before the perspective; identity for none */
} tc_camera_t;

/* The camera that changes nothing: no perspective, identity sublayer transform. [any-thread, pure] */
static inline tc_camera_t tc_camera_none(void) {
    tc_camera_t camera;
    camera.eye_distance = 0.0;
    camera.sublayer_transform = tc_transform_identity();
    return camera;
}

/* A camera with an eye at `eye_distance` points and no sublayer transform: the usual choice for
 * cubes, doors and flips (500 to 1000 points for a phone). [any-thread, pure] */
static inline tc_camera_t tc_camera_perspective(double eye_distance) {
    tc_camera_t camera = tc_camera_none();
    camera.eye_distance = eye_distance;
    return camera;
}

/* An element shown by both screens: a matched (shared) element. The strings and the struct a
 * host fills are valid as long as the context. The two views are snapshots like any other: an
 * animator that adds one to the container removes it in completion. */
typedef struct tc_matched_element {
    const char *id;           /* the element's id, UTF-8 */
    tc_rect_t from_frame;     /* where it is in the from-screen, container coordinates, with the
                                 from-view at its initial frame */
    tc_rect_t to_frame;       /* where it is in the to-screen, with the to-view at its final frame */
    tc_view_id_t from_view;   /* a snapshot of from_frame of the from-view (frame from_frame), not in
                                 the container; TC_VIEW_NONE when the context has no from-view */
    tc_view_id_t to_view;     /* a snapshot of to_frame of the to-view (frame to_frame), not in the
                                 container; TC_VIEW_NONE when the context has no to-view */
} tc_matched_element_t;

/* The compositing services. Owned by the host, valid as long as the context. New services come as
 * a new revision of the id ("org.transitioncatalog.compositing/2"), never by changing this struct. */
typedef struct tc_compositing {
    tc_version_t abi; /* the host's ABI version */

    /* Makes `view` double-sided (true, the default for every view) or one-sided (false): a one-sided
     * view is not drawn while it faces away. Returns false when `view` is unknown.
     * [transition-thread, setup] */
    bool (*set_double_sided)(const tc_context_t *ctx, tc_view_id_t view, bool double_sided);

    /* Sets the container's camera. In setup it sets the camera of every step; in step it sets the
     * camera of that step only (before every step the camera is reset to the one setup left), so
     * a camera may move with progress and step stays pure. Returns false when a number is not
     * finite or eye_distance < 0 (the camera is then unchanged).
     * [transition-thread, setup or step] */
    bool (*set_camera)(const tc_context_t *ctx, const tc_camera_t *camera);

    /* Makes a snapshot of the rectangle `rect` of `view`, in the view's own coordinates (origin at
     * the top-left of its frame): a new view with `role` (TC_ROLE_SNAPSHOT or TC_ROLE_TILE) whose
     * frame is that rectangle in container coordinates, not yet in the container. Its content is
     * that rectangle of the source, scaled with the snapshot's frame. `rect` may reach outside the
     * view (that part is transparent) but must have a positive size. Returns TC_VIEW_NONE when
     * `view` is unknown or absent, `role` is not snapshot or tile, or `rect` is empty or not
     * finite. [transition-thread, setup] */
    tc_view_id_t (*snapshot_rect)(const tc_context_t *ctx, tc_view_id_t view, tc_rect_t rect, uint32_t role);

    /* The number of matched elements of the transition. [any-thread] */
    uint32_t (*matched_element_count)(const tc_context_t *ctx);

    /* Fills `*element` with matched element `index` (0 ... count - 1). Returns false when `index`
     * is out of range or `element` is NULL. [any-thread] */
    bool (*matched_element)(const tc_context_t *ctx, uint32_t index, tc_matched_element_t *element);
} tc_compositing_t;

/* The compositing extension of the host serving `ctx`, or NULL when the host is older than 1.1.
 * [any-thread] */
static inline const tc_compositing_t *tc_compositing(const tc_context_t *ctx) {
    return (const tc_compositing_t *)ctx->host->get_extension(ctx, TC_COMPOSITING_EXTENSION_ID);
}

/* ---------------------------------------------------------------------------------------------
 * Animators
 * ------------------------------------------------------------------------------------------- */

/* Flags of an animator. */
#define TC_ANIMATOR_REVERSIBLE (1u << 0) /* the reverse operation may be served by running it backwards */

typedef struct tc_animator tc_animator_t;

/* An animator descriptor. Owned by the plugin, valid until the library is unloaded. One descriptor
 * serves any number of transitions at once: per-transition values live in the state that setup
 * makes. */
struct tc_animator {
    tc_version_t abi;
    const char *id;           /* kebab-case, unique within the plugin: "slide", "cover-vertical" */
    const char *name;         /* display name */
    const char *summary;      /* one sentence */
    uint32_t operations;      /* TC_OPERATION_BIT of each operation it serves; not 0 */
    uint32_t styles;          /* TC_STYLE_BIT of each presentation style it serves on present and
                                 dismiss; 0 means full screen only */
    uint32_t flags;           /* TC_ANIMATOR_* */
    uint32_t param_count;     /* at most TC_MAX_PARAMS */
    const tc_param_t *params; /* param_count entries, or NULL when param_count is 0 */
    void *animator_data;      /* the plugin's; never touched by the host */

    /* Returns the transition's duration in seconds: finite, > 0 and at most 60, the same for the
     * same context. [any-thread, pure] */
    double (*duration)(const tc_animator_t *self, const tc_context_t *ctx);

    /* Prepares one transition: adds the to-view to the container where the operation needs it
     * (above the from-view when presenting, below when dismissing; never on a custom-style
     * dismiss), makes snapshots and extra views, and may allocate per-transition state, returned
     * through `*state` (NULL when it needs none). Returns false when it cannot run the transition;
     * the host then completes the transition as cancelled without calling step. Called once per
     * transition, before any step. [transition-thread] */
    bool (*setup)(const tc_animator_t *self, const tc_context_t *ctx, void **state);

    /* Writes the states of the transition's views at `progress` into `views`, which has
     * `view_count` entries indexed by view handle, each reset to its base state before the call.
     * Must be pure in progress: the same progress gives the same states, in any order, any number
     * of times, so interactive hosts can scrub back and forth. Progress 0 shows exactly the start
     * (the from-view untouched, the to-view not yet visible); progress 1 shows the to-view at its
     * final frame, identity transform, alpha 1. Progress may step a little outside [0, 1] when a
     * host overshoots; stay finite there. Must not allocate, lock, block, print or call the host
     * except for timing services. [transition-thread, pure in progress] */
    void (*step)(const tc_animator_t *self, const tc_context_t *ctx, void *state, double progress,
                 tc_view_state_t *views, uint32_t view_count);

    /* Ends the transition: `finished` is true when it ran to progress 1, false when cancelled back
     * to 0. Removes the views the animator made from the container and frees `state`. The host,
     * not the animator, then settles the hierarchy (finished: the to-view stays, the from-view
     * leaves; cancelled: the reverse). Called exactly once per transition whose setup returned
     * true; nothing is called with `state` afterwards. May be NULL when there is nothing to undo.
     * [transition-thread] */
    void (*completion)(const tc_animator_t *self, const tc_context_t *ctx, void *state, bool finished);
};

/* ---------------------------------------------------------------------------------------------
 * The plugin and its entry
 * ------------------------------------------------------------------------------------------- */

typedef struct tc_plugin tc_plugin_t;

/* A plugin descriptor: the library's identity and its animators. Owned by the plugin, valid and
 * unchanged until the library is unloaded. */
struct tc_plugin {
    tc_version_t abi;         /* TC_ABI_VERSION_INIT; a host reads it before anything else */
    const char *id;           /* reverse-DNS, stable across versions: "org.example.transitions" */
    const char *name;
    const char *vendor;
    const char *version;      /* the plugin's own version, "1.2.0" */
    const char *description;
    const char *license;      /* SPDX expression: "MIT", "Apache-2.0" */
    uint32_t animator_count;  /* at most TC_MAX_ANIMATORS */
    const tc_animator_t *const *animators; /* animator_count pointers */

    /* Called once after loading, before anything else; `plugin_path` is the library's file.
     * Returns false to refuse to load. May be NULL. Must be cheap: no I/O beyond the plugin's own
     * files, no output. [main-thread] */
    bool (*init)(const tc_plugin_t *self, const char *plugin_path);

    /* Called once before unloading, when no transition is running. May be NULL. [main-thread] */
    void (*deinit)(const tc_plugin_t *self);

    /* Returns the plugin extension with string id `id`, or NULL for ids it does not know. May be
     * NULL when the plugin has no extensions. [any-thread] */
    const void *(*get_extension)(const tc_plugin_t *self, const char *id);
};

/* The one exported symbol of a plugin library. Returns the plugin descriptor, the same pointer at
 * every call, never NULL. Must not print, allocate per call or call back into a host.
 * [any-thread, pure] */
#define TC_PLUGIN_ENTRY_SYMBOL "tc_plugin_entry"
typedef const tc_plugin_t *(*tc_plugin_entry_fn)(void);
TC_EXPORT const tc_plugin_t *tc_plugin_entry(void);

/* ---------------------------------------------------------------------------------------------
 * The wasm32 binding (binding 1.1; see docs/abi-guide.md, "The wasm32 binding")
 *
 * The same contract runs in a sandbox when a plugin is compiled for wasm32 (`clang
 * --target=wasm32-wasi`, Embedded Swift for `wasm32-unknown-none-wasm`): the host runs the module
 * in its own process with no system access, a fuel budget per call, capped memory and a fresh
 * instance state for every transition. The C source does not change: pointers are offsets into the
 * module's linear memory, function pointers are indices into its function table, and the host
 * services are imports of module "tc_host". The definitions below make the bridge; each is weak,
 * so every translation unit that includes this header may carry them and the linker keeps one.
 *
 * Exports the host calls (all defined here except tc_plugin_entry, which the plugin defines):
 *   tc_plugin_entry() -> descriptor, as natively
 *   tc_wasm_binding() -> TC_WASM_BINDING_VERSION          (the binding this module speaks)
 *   tc_wasm_reserve(bytes) -> address                     (host scratch: context, views, strings)
 *   tc_wasm_host() -> const tc_host_t *                   (what ctx->host points at)
 *   tc_wasm_init(plugin, path), tc_wasm_duration(animator, ctx), tc_wasm_setup(animator, ctx,
 *   state_out), tc_wasm_step(animator, ctx, state, progress, views, count),
 *   tc_wasm_completion(animator, ctx, state, finished): call the descriptor's function pointer.
 *   tc_wasm_heap(bytes) -> 1 or 0                          (binding 1.1, optional: allocator room)
 * A module must import nothing but the functions of "tc_host" below; math comes from the
 * plugin's own libm (wasi-libc's, linked in), so no WASI import is needed.
 * ------------------------------------------------------------------------------------------- */

/* The version of the wasm32 binding, versioned beside the ABI: same major, compatible. */
#define TC_WASM_BINDING_VERSION_MAJOR 1
#define TC_WASM_BINDING_VERSION_MINOR 1
/* major << 16 | minor, as tc_wasm_binding returns it. */
#define TC_WASM_BINDING_VERSION ((TC_WASM_BINDING_VERSION_MAJOR << 16) | TC_WASM_BINDING_VERSION_MINOR)

#if defined(__wasm32__)

#define TC_WASM_IMPORT(name) __attribute__((import_module("tc_host"), import_name(#name)))
#define TC_WASM_EXPORT(name) __attribute__((weak, export_name(#name)))

/* The plugin's entry is exported under its own name. */
__attribute__((export_name("tc_plugin_entry"))) const tc_plugin_t *tc_plugin_entry(void);

/* The host services as imports; each has the signature of its tc_host_t or tc_compositing_t
 * field. Struct arguments travel as addresses of copies, as the wasm32 C ABI passes them. */
TC_WASM_IMPORT(add_view) bool tc_wasm_import_add_view(const tc_context_t *ctx, tc_view_id_t view);
TC_WASM_IMPORT(insert_view_below) bool tc_wasm_import_insert_view_below(const tc_context_t *ctx, tc_view_id_t view, tc_view_id_t sibling);
TC_WASM_IMPORT(remove_view) bool tc_wasm_import_remove_view(const tc_context_t *ctx, tc_view_id_t view);
TC_WASM_IMPORT(snapshot_view) tc_view_id_t tc_wasm_import_snapshot_view(const tc_context_t *ctx, tc_view_id_t view);
TC_WASM_IMPORT(make_view) tc_view_id_t tc_wasm_import_make_view(const tc_context_t *ctx, uint32_t role, tc_rect_t frame, tc_color_t color);
TC_WASM_IMPORT(timing_curve) double tc_wasm_import_timing_curve(const tc_context_t *ctx, uint32_t curve, double t);
TC_WASM_IMPORT(cubic_bezier) double tc_wasm_import_cubic_bezier(const tc_context_t *ctx, double x1, double y1, double x2, double y2, double t);
TC_WASM_IMPORT(spring) double tc_wasm_import_spring(const tc_context_t *ctx, double damping_ratio, double initial_velocity, double progress);
TC_WASM_IMPORT(log) void tc_wasm_import_log(const tc_context_t *ctx, uint32_t level, const char *message);
/* 1 when the host knows the extension `id` (only TC_COMPOSITING_EXTENSION_ID in binding 1.0). */
TC_WASM_IMPORT(has_extension) uint32_t tc_wasm_import_has_extension(const tc_context_t *ctx, const char *id);
TC_WASM_IMPORT(set_double_sided) bool tc_wasm_import_set_double_sided(const tc_context_t *ctx, tc_view_id_t view, bool double_sided);
TC_WASM_IMPORT(set_camera) bool tc_wasm_import_set_camera(const tc_context_t *ctx, const tc_camera_t *camera);
TC_WASM_IMPORT(snapshot_rect) tc_view_id_t tc_wasm_import_snapshot_rect(const tc_context_t *ctx, tc_view_id_t view, tc_rect_t rect, uint32_t role);
TC_WASM_IMPORT(matched_element_count) uint32_t tc_wasm_import_matched_element_count(const tc_context_t *ctx);
TC_WASM_IMPORT(matched_element) bool tc_wasm_import_matched_element(const tc_context_t *ctx, uint32_t index, tc_matched_element_t *element);

__attribute__((weak)) const tc_compositing_t tc_wasm_compositing_table = {
    TC_ABI_VERSION_INIT, tc_wasm_import_set_double_sided, tc_wasm_import_set_camera,
    tc_wasm_import_snapshot_rect, tc_wasm_import_matched_element_count, tc_wasm_import_matched_element,
};

__attribute__((weak)) const void *tc_wasm_get_extension(const tc_context_t *ctx, const char *id) {
    return tc_wasm_import_has_extension(ctx, id) == 1 ? (const void *)&tc_wasm_compositing_table : (const void *)0;
}

__attribute__((weak)) const tc_host_t tc_wasm_host_table = {
    TC_ABI_VERSION_INIT, "Transition Catalog", "wasm32",
    tc_wasm_import_add_view, tc_wasm_import_insert_view_below, tc_wasm_import_remove_view,
    tc_wasm_import_snapshot_view, tc_wasm_import_make_view, tc_wasm_import_timing_curve,
    tc_wasm_import_cubic_bezier, tc_wasm_import_spring, tc_wasm_import_log, tc_wasm_get_extension,
};

TC_WASM_EXPORT(tc_wasm_binding) uint32_t tc_wasm_binding(void) { return TC_WASM_BINDING_VERSION; }

TC_WASM_EXPORT(tc_wasm_host) const tc_host_t *tc_wasm_host(void) { return &tc_wasm_host_table; }

/* Grows linear memory by whole pages for at least `bytes` and returns the first new address, or 0
 * when memory cannot grow. The plugin's own allocator grows memory the same way, after it. */
TC_WASM_EXPORT(tc_wasm_reserve) void *tc_wasm_reserve(uint32_t bytes) {
    unsigned long pages = ((unsigned long)bytes + 65535u) / 65536u;
    long old = (long)__builtin_wasm_memory_grow(0, pages);
    return old < 0 ? (void *)0 : (void *)(old * 65536l);
}

TC_WASM_EXPORT(tc_wasm_init) bool tc_wasm_init(const tc_plugin_t *plugin, const char *path) {
    return plugin->init ? plugin->init(plugin, path) : true;
}

TC_WASM_EXPORT(tc_wasm_duration) double tc_wasm_duration(const tc_animator_t *self, const tc_context_t *ctx) {
    return self->duration(self, ctx);
}

TC_WASM_EXPORT(tc_wasm_setup) bool tc_wasm_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
    *state = (void *)0;
    return self->setup(self, ctx, state);
}

TC_WASM_EXPORT(tc_wasm_step) void tc_wasm_step(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                                               double progress, tc_view_state_t *views, uint32_t view_count) {
    self->step(self, ctx, state, progress, views, view_count);
}

TC_WASM_EXPORT(tc_wasm_completion) void tc_wasm_completion(const tc_animator_t *self, const tc_context_t *ctx,
                                                           void *state, bool finished) {
    if (self->completion) self->completion(self, ctx, state, finished);
}

#if __STDC_HOSTED__
void *malloc(__SIZE_TYPE__ size);
void free(void *pointer);

/* Binding 1.1. Gives the plugin's own allocator room for `bytes` of allocations, by allocating and
 * freeing that much, and returns 1 when it could. The host calls it once per instance, before the
 * instance's first transition, and then records the instance's state: every later transition in
 * that instance starts from exactly that state again, which needs memory not to grow in between
 * (an instance whose memory grew is dropped, and the next transition pays for a new one). A
 * module built without it, or freestanding, works the same, only slower to start transitions.
 * [load, sandboxed] */
TC_WASM_EXPORT(tc_wasm_heap) uint32_t tc_wasm_heap(uint32_t bytes) {
    /* Volatile, so that the compiler does not drop the pair as having no effect. */
    void *volatile room = malloc(bytes);
    void *taken = room;
    free(taken);
    return taken != (void *)0;
}
#endif

#undef TC_WASM_IMPORT
#undef TC_WASM_EXPORT

#endif /* __wasm32__ */

#ifdef __cplusplus
}
#endif

/* ---------------------------------------------------------------------------------------------
 * The frozen layout, checked by the compiler
 *
 * On a 64-bit target every struct above has exactly these sizes, alignments and field offsets. A
 * compiler (or flags such as -fpack-struct or -malign-double) that lays them out differently fails
 * to build a plugin rather than making one that misbehaves. Within major 1 these numbers never
 * change: structs are frozen, and the ABI grows through extensions.
 * ------------------------------------------------------------------------------------------- */

#include <stddef.h>

/* Checked in C11 and later on 64-bit targets (_Static_assert and _Alignof are C11). */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && UINTPTR_MAX == UINT64_MAX

#define TC_LAYOUT_HINT ": this compiler lays out transition_catalog.h differently from the frozen ABI; build with default struct packing and alignment"

_Static_assert(sizeof(tc_version_t) == 12, "sizeof(tc_version_t) must be 12" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_version_t) == 4, "alignof(tc_version_t) must be 4" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_version_t, major) == 0, "offsetof(tc_version_t, major) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_version_t, minor) == 4, "offsetof(tc_version_t, minor) must be 4" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_version_t, patch) == 8, "offsetof(tc_version_t, patch) must be 8" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_rect_t) == 32, "sizeof(tc_rect_t) must be 32" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_rect_t) == 8, "alignof(tc_rect_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, x) == 0, "offsetof(tc_rect_t, x) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, y) == 8, "offsetof(tc_rect_t, y) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, width) == 16, "offsetof(tc_rect_t, width) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_rect_t, height) == 24, "offsetof(tc_rect_t, height) must be 24" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_color_t) == 32, "sizeof(tc_color_t) must be 32" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_color_t) == 8, "alignof(tc_color_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, r) == 0, "offsetof(tc_color_t, r) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, g) == 8, "offsetof(tc_color_t, g) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, b) == 16, "offsetof(tc_color_t, b) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_color_t, a) == 24, "offsetof(tc_color_t, a) must be 24" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_transform_t) == 128, "sizeof(tc_transform_t) must be 128" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_transform_t) == 8, "alignof(tc_transform_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_transform_t, m) == 0, "offsetof(tc_transform_t, m) must be 0" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_view_state_t) == 216, "sizeof(tc_view_state_t) must be 216" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_view_state_t) == 8, "alignof(tc_view_state_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, frame) == 0, "offsetof(tc_view_state_t, frame) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, alpha) == 32, "offsetof(tc_view_state_t, alpha) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, transform) == 40, "offsetof(tc_view_state_t, transform) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, corner_radius) == 168, "offsetof(tc_view_state_t, corner_radius) must be 168" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, z_index) == 176, "offsetof(tc_view_state_t, z_index) must be 176" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, hidden) == 180, "offsetof(tc_view_state_t, hidden) must be 180" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, color) == 184, "offsetof(tc_view_state_t, color) must be 184" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_param_t) == 80, "sizeof(tc_param_t) must be 80" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_param_t) == 8, "alignof(tc_param_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, id) == 0, "offsetof(tc_param_t, id) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, name) == 8, "offsetof(tc_param_t, name) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, doc) == 16, "offsetof(tc_param_t, doc) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, unit) == 24, "offsetof(tc_param_t, unit) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, type) == 32, "offsetof(tc_param_t, type) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, default_value) == 40, "offsetof(tc_param_t, default_value) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, min_value) == 48, "offsetof(tc_param_t, min_value) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, max_value) == 56, "offsetof(tc_param_t, max_value) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, choice_count) == 64, "offsetof(tc_param_t, choice_count) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, choices) == 72, "offsetof(tc_param_t, choices) must be 72" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_context_t) == 232, "sizeof(tc_context_t) must be 232" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_context_t) == 8, "alignof(tc_context_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, abi) == 0, "offsetof(tc_context_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, operation) == 12, "offsetof(tc_context_t, operation) must be 12" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, presentation_style) == 16, "offsetof(tc_context_t, presentation_style) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, interactive) == 20, "offsetof(tc_context_t, interactive) must be 20" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, tab_from_index) == 24, "offsetof(tc_context_t, tab_from_index) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, tab_to_index) == 28, "offsetof(tc_context_t, tab_to_index) must be 28" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, container_bounds) == 32, "offsetof(tc_context_t, container_bounds) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, from_view) == 64, "offsetof(tc_context_t, from_view) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, to_view) == 68, "offsetof(tc_context_t, to_view) must be 68" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, from_initial_frame) == 72, "offsetof(tc_context_t, from_initial_frame) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, from_final_frame) == 104, "offsetof(tc_context_t, from_final_frame) must be 104" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, to_initial_frame) == 136, "offsetof(tc_context_t, to_initial_frame) must be 136" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, to_final_frame) == 168, "offsetof(tc_context_t, to_final_frame) must be 168" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, param_values) == 200, "offsetof(tc_context_t, param_values) must be 200" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, param_count) == 208, "offsetof(tc_context_t, param_count) must be 208" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, host) == 216, "offsetof(tc_context_t, host) must be 216" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, host_data) == 224, "offsetof(tc_context_t, host_data) must be 224" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_host_t) == 112, "sizeof(tc_host_t) must be 112" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_host_t) == 8, "alignof(tc_host_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, abi) == 0, "offsetof(tc_host_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, name) == 16, "offsetof(tc_host_t, name) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, version) == 24, "offsetof(tc_host_t, version) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, add_view) == 32, "offsetof(tc_host_t, add_view) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, insert_view_below) == 40, "offsetof(tc_host_t, insert_view_below) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, remove_view) == 48, "offsetof(tc_host_t, remove_view) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, snapshot_view) == 56, "offsetof(tc_host_t, snapshot_view) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, make_view) == 64, "offsetof(tc_host_t, make_view) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, timing_curve) == 72, "offsetof(tc_host_t, timing_curve) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, cubic_bezier) == 80, "offsetof(tc_host_t, cubic_bezier) must be 80" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, spring) == 88, "offsetof(tc_host_t, spring) must be 88" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, log) == 96, "offsetof(tc_host_t, log) must be 96" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, get_extension) == 104, "offsetof(tc_host_t, get_extension) must be 104" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_camera_t) == 136, "sizeof(tc_camera_t) must be 136" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_camera_t) == 8, "alignof(tc_camera_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_camera_t, eye_distance) == 0, "offsetof(tc_camera_t, eye_distance) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_camera_t, sublayer_transform) == 8, "offsetof(tc_camera_t, sublayer_transform) must be 8" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_matched_element_t) == 80, "sizeof(tc_matched_element_t) must be 80" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_matched_element_t) == 8, "alignof(tc_matched_element_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, id) == 0, "offsetof(tc_matched_element_t, id) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, from_frame) == 8, "offsetof(tc_matched_element_t, from_frame) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, to_frame) == 40, "offsetof(tc_matched_element_t, to_frame) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, from_view) == 72, "offsetof(tc_matched_element_t, from_view) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, to_view) == 76, "offsetof(tc_matched_element_t, to_view) must be 76" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_compositing_t) == 56, "sizeof(tc_compositing_t) must be 56" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_compositing_t) == 8, "alignof(tc_compositing_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, abi) == 0, "offsetof(tc_compositing_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, set_double_sided) == 16, "offsetof(tc_compositing_t, set_double_sided) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, set_camera) == 24, "offsetof(tc_compositing_t, set_camera) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, snapshot_rect) == 32, "offsetof(tc_compositing_t, snapshot_rect) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, matched_element_count) == 40, "offsetof(tc_compositing_t, matched_element_count) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, matched_element) == 48, "offsetof(tc_compositing_t, matched_element) must be 48" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_animator_t) == 104, "sizeof(tc_animator_t) must be 104" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_animator_t) == 8, "alignof(tc_animator_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, abi) == 0, "offsetof(tc_animator_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, id) == 16, "offsetof(tc_animator_t, id) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, name) == 24, "offsetof(tc_animator_t, name) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, summary) == 32, "offsetof(tc_animator_t, summary) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, operations) == 40, "offsetof(tc_animator_t, operations) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, styles) == 44, "offsetof(tc_animator_t, styles) must be 44" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, flags) == 48, "offsetof(tc_animator_t, flags) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, param_count) == 52, "offsetof(tc_animator_t, param_count) must be 52" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, params) == 56, "offsetof(tc_animator_t, params) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, animator_data) == 64, "offsetof(tc_animator_t, animator_data) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, duration) == 72, "offsetof(tc_animator_t, duration) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, setup) == 80, "offsetof(tc_animator_t, setup) must be 80" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, step) == 88, "offsetof(tc_animator_t, step) must be 88" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, completion) == 96, "offsetof(tc_animator_t, completion) must be 96" TC_LAYOUT_HINT);

_Static_assert(sizeof(tc_plugin_t) == 104, "sizeof(tc_plugin_t) must be 104" TC_LAYOUT_HINT);
_Static_assert(_Alignof(tc_plugin_t) == 8, "alignof(tc_plugin_t) must be 8" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, abi) == 0, "offsetof(tc_plugin_t, abi) must be 0" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, id) == 16, "offsetof(tc_plugin_t, id) must be 16" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, name) == 24, "offsetof(tc_plugin_t, name) must be 24" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, vendor) == 32, "offsetof(tc_plugin_t, vendor) must be 32" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, version) == 40, "offsetof(tc_plugin_t, version) must be 40" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, description) == 48, "offsetof(tc_plugin_t, description) must be 48" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, license) == 56, "offsetof(tc_plugin_t, license) must be 56" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, animator_count) == 64, "offsetof(tc_plugin_t, animator_count) must be 64" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, animators) == 72, "offsetof(tc_plugin_t, animators) must be 72" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, init) == 80, "offsetof(tc_plugin_t, init) must be 80" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, deinit) == 88, "offsetof(tc_plugin_t, deinit) must be 88" TC_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, get_extension) == 96, "offsetof(tc_plugin_t, get_extension) must be 96" TC_LAYOUT_HINT);

#undef TC_LAYOUT_HINT

#endif


/* The wasm32 binding's layout: pointers and function pointers are 4 bytes. Plain-data structs
 * (rects, colours, transforms, view states, cameras) have the 64-bit layout checked above. The
 * host reads these offsets (see docs/abi-guide.md, "The wasm32 binding"). */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && defined(__wasm32__)

#define TC_WASM_LAYOUT_HINT ": the wasm32 binding lays out transition_catalog.h with 4-byte pointers; build with clang --target=wasm32-wasi and default packing"

_Static_assert(sizeof(tc_param_t) == 56, "sizeof(tc_param_t) must be 56 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(_Alignof(tc_param_t) == 8, "alignof(tc_param_t) must be 8 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, id) == 0, "offsetof(tc_param_t, id) must be 0 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, name) == 4, "offsetof(tc_param_t, name) must be 4 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, doc) == 8, "offsetof(tc_param_t, doc) must be 8 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, unit) == 12, "offsetof(tc_param_t, unit) must be 12 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, type) == 16, "offsetof(tc_param_t, type) must be 16 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, default_value) == 24, "offsetof(tc_param_t, default_value) must be 24 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, min_value) == 32, "offsetof(tc_param_t, min_value) must be 32 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, max_value) == 40, "offsetof(tc_param_t, max_value) must be 40 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, choice_count) == 48, "offsetof(tc_param_t, choice_count) must be 48 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_param_t, choices) == 52, "offsetof(tc_param_t, choices) must be 52 on wasm32" TC_WASM_LAYOUT_HINT);

_Static_assert(sizeof(tc_context_t) == 216, "sizeof(tc_context_t) must be 216 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(_Alignof(tc_context_t) == 8, "alignof(tc_context_t) must be 8 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, operation) == 12, "offsetof(tc_context_t, operation) must be 12 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, interactive) == 20, "offsetof(tc_context_t, interactive) must be 20 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, container_bounds) == 32, "offsetof(tc_context_t, container_bounds) must be 32 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, from_view) == 64, "offsetof(tc_context_t, from_view) must be 64 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, to_final_frame) == 168, "offsetof(tc_context_t, to_final_frame) must be 168 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, param_values) == 200, "offsetof(tc_context_t, param_values) must be 200 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, param_count) == 204, "offsetof(tc_context_t, param_count) must be 204 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, host) == 208, "offsetof(tc_context_t, host) must be 208 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_context_t, host_data) == 212, "offsetof(tc_context_t, host_data) must be 212 on wasm32" TC_WASM_LAYOUT_HINT);

_Static_assert(sizeof(tc_host_t) == 60, "sizeof(tc_host_t) must be 60 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(_Alignof(tc_host_t) == 4, "alignof(tc_host_t) must be 4 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, name) == 12, "offsetof(tc_host_t, name) must be 12 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, version) == 16, "offsetof(tc_host_t, version) must be 16 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, add_view) == 20, "offsetof(tc_host_t, add_view) must be 20 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, insert_view_below) == 24, "offsetof(tc_host_t, insert_view_below) must be 24 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, remove_view) == 28, "offsetof(tc_host_t, remove_view) must be 28 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, snapshot_view) == 32, "offsetof(tc_host_t, snapshot_view) must be 32 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, make_view) == 36, "offsetof(tc_host_t, make_view) must be 36 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, timing_curve) == 40, "offsetof(tc_host_t, timing_curve) must be 40 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, cubic_bezier) == 44, "offsetof(tc_host_t, cubic_bezier) must be 44 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, spring) == 48, "offsetof(tc_host_t, spring) must be 48 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, log) == 52, "offsetof(tc_host_t, log) must be 52 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_host_t, get_extension) == 56, "offsetof(tc_host_t, get_extension) must be 56 on wasm32" TC_WASM_LAYOUT_HINT);

_Static_assert(sizeof(tc_matched_element_t) == 80, "sizeof(tc_matched_element_t) must be 80 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(_Alignof(tc_matched_element_t) == 8, "alignof(tc_matched_element_t) must be 8 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, id) == 0, "offsetof(tc_matched_element_t, id) must be 0 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, from_frame) == 8, "offsetof(tc_matched_element_t, from_frame) must be 8 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, to_frame) == 40, "offsetof(tc_matched_element_t, to_frame) must be 40 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, from_view) == 72, "offsetof(tc_matched_element_t, from_view) must be 72 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_matched_element_t, to_view) == 76, "offsetof(tc_matched_element_t, to_view) must be 76 on wasm32" TC_WASM_LAYOUT_HINT);

_Static_assert(sizeof(tc_compositing_t) == 32, "sizeof(tc_compositing_t) must be 32 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(_Alignof(tc_compositing_t) == 4, "alignof(tc_compositing_t) must be 4 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, set_double_sided) == 12, "offsetof(tc_compositing_t, set_double_sided) must be 12 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, set_camera) == 16, "offsetof(tc_compositing_t, set_camera) must be 16 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, snapshot_rect) == 20, "offsetof(tc_compositing_t, snapshot_rect) must be 20 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, matched_element_count) == 24, "offsetof(tc_compositing_t, matched_element_count) must be 24 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_compositing_t, matched_element) == 28, "offsetof(tc_compositing_t, matched_element) must be 28 on wasm32" TC_WASM_LAYOUT_HINT);

_Static_assert(sizeof(tc_animator_t) == 64, "sizeof(tc_animator_t) must be 64 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(_Alignof(tc_animator_t) == 4, "alignof(tc_animator_t) must be 4 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, id) == 12, "offsetof(tc_animator_t, id) must be 12 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, name) == 16, "offsetof(tc_animator_t, name) must be 16 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, summary) == 20, "offsetof(tc_animator_t, summary) must be 20 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, operations) == 24, "offsetof(tc_animator_t, operations) must be 24 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, styles) == 28, "offsetof(tc_animator_t, styles) must be 28 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, flags) == 32, "offsetof(tc_animator_t, flags) must be 32 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, param_count) == 36, "offsetof(tc_animator_t, param_count) must be 36 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, params) == 40, "offsetof(tc_animator_t, params) must be 40 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, animator_data) == 44, "offsetof(tc_animator_t, animator_data) must be 44 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, duration) == 48, "offsetof(tc_animator_t, duration) must be 48 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, setup) == 52, "offsetof(tc_animator_t, setup) must be 52 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, step) == 56, "offsetof(tc_animator_t, step) must be 56 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_animator_t, completion) == 60, "offsetof(tc_animator_t, completion) must be 60 on wasm32" TC_WASM_LAYOUT_HINT);

_Static_assert(sizeof(tc_plugin_t) == 56, "sizeof(tc_plugin_t) must be 56 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(_Alignof(tc_plugin_t) == 4, "alignof(tc_plugin_t) must be 4 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, id) == 12, "offsetof(tc_plugin_t, id) must be 12 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, name) == 16, "offsetof(tc_plugin_t, name) must be 16 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, vendor) == 20, "offsetof(tc_plugin_t, vendor) must be 20 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, version) == 24, "offsetof(tc_plugin_t, version) must be 24 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, description) == 28, "offsetof(tc_plugin_t, description) must be 28 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, license) == 32, "offsetof(tc_plugin_t, license) must be 32 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, animator_count) == 36, "offsetof(tc_plugin_t, animator_count) must be 36 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, animators) == 40, "offsetof(tc_plugin_t, animators) must be 40 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, init) == 44, "offsetof(tc_plugin_t, init) must be 44 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, deinit) == 48, "offsetof(tc_plugin_t, deinit) must be 48 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_plugin_t, get_extension) == 52, "offsetof(tc_plugin_t, get_extension) must be 52 on wasm32" TC_WASM_LAYOUT_HINT);

_Static_assert(sizeof(tc_view_state_t) == 216, "sizeof(tc_view_state_t) must be 216 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(offsetof(tc_view_state_t, hidden) == 180, "offsetof(tc_view_state_t, hidden) must be 180 on wasm32" TC_WASM_LAYOUT_HINT);
_Static_assert(sizeof(tc_camera_t) == 136, "sizeof(tc_camera_t) must be 136 on wasm32" TC_WASM_LAYOUT_HINT);

#undef TC_WASM_LAYOUT_HINT

#endif

#endif /* TRANSITION_CATALOG_H */

/*
 * CCairo: the part of cairo's C API the renderers use, loaded at run time.
 *
 * Pictures (PNG filmstrips, GIF frames) are drawn with Debian's cairo, but only the commands that
 * draw need it: the library is opened with dlopen the first time a picture is asked for, so the
 * build needs no cairo headers and `list`, `validate` and the other commands never load it.
 *
 * The declarations below follow cairo 1.16's public header (types, enum values and function
 * signatures are cairo's stable ABI, soname libcairo.so.2). Each `cairo_*` name is a static inline
 * function calling through a table that `tc_cairo_load` fills; calling one before a successful
 * load is a programming error.
 */
#ifndef TC_CCAIRO_H
#define TC_CCAIRO_H

#include <stdbool.h>
#include <stddef.h>

#include "PixelMemory.h"

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_pattern cairo_pattern_t;
typedef struct _cairo_font_face cairo_font_face_t;
typedef int cairo_bool_t;

typedef struct _cairo_matrix {
    double xx; double yx;
    double xy; double yy;
    double x0; double y0;
} cairo_matrix_t;

typedef struct {
    double x_bearing;
    double y_bearing;
    double width;
    double height;
    double x_advance;
    double y_advance;
} cairo_text_extents_t;

typedef struct {
    double ascent;
    double descent;
    double height;
    double max_x_advance;
    double max_y_advance;
} cairo_font_extents_t;

typedef enum _cairo_status {
    CAIRO_STATUS_SUCCESS = 0,
    CAIRO_STATUS_NO_MEMORY = 1,
    CAIRO_STATUS_READ_ERROR = 10,
    CAIRO_STATUS_WRITE_ERROR = 11,
    CAIRO_STATUS_FILE_NOT_FOUND = 18,
    CAIRO_STATUS_INVALID_MESH_CONSTRUCTION = 36,
    CAIRO_STATUS_PNG_ERROR = 39,
} cairo_status_t;

typedef enum _cairo_format {
    CAIRO_FORMAT_INVALID = -1,
    CAIRO_FORMAT_ARGB32 = 0,
    CAIRO_FORMAT_RGB24 = 1,
    CAIRO_FORMAT_A8 = 2,
} cairo_format_t;

typedef enum _cairo_font_slant {
    CAIRO_FONT_SLANT_NORMAL = 0,
    CAIRO_FONT_SLANT_ITALIC = 1,
    CAIRO_FONT_SLANT_OBLIQUE = 2,
} cairo_font_slant_t;

typedef enum _cairo_font_weight {
    CAIRO_FONT_WEIGHT_NORMAL = 0,
    CAIRO_FONT_WEIGHT_BOLD = 1,
} cairo_font_weight_t;

typedef enum _cairo_antialias {
    CAIRO_ANTIALIAS_DEFAULT = 0,
    CAIRO_ANTIALIAS_NONE = 1,
    CAIRO_ANTIALIAS_GRAY = 2,
    CAIRO_ANTIALIAS_SUBPIXEL = 3,
    CAIRO_ANTIALIAS_FAST = 4,
    CAIRO_ANTIALIAS_GOOD = 5,
    CAIRO_ANTIALIAS_BEST = 6,
} cairo_antialias_t;

typedef enum _cairo_operator {
    CAIRO_OPERATOR_CLEAR = 0,
    CAIRO_OPERATOR_SOURCE = 1,
    CAIRO_OPERATOR_OVER = 2,
    CAIRO_OPERATOR_IN = 3,
    CAIRO_OPERATOR_OUT = 4,
    CAIRO_OPERATOR_ATOP = 5,
    CAIRO_OPERATOR_DEST = 6,
    CAIRO_OPERATOR_DEST_OVER = 7,
    CAIRO_OPERATOR_DEST_IN = 8,
    CAIRO_OPERATOR_DEST_OUT = 9,
} cairo_operator_t;

typedef enum _cairo_filter {
    CAIRO_FILTER_FAST = 0,
    CAIRO_FILTER_GOOD = 1,
    CAIRO_FILTER_BEST = 2,
    CAIRO_FILTER_NEAREST = 3,
    CAIRO_FILTER_BILINEAR = 4,
} cairo_filter_t;

typedef enum _cairo_extend {
    CAIRO_EXTEND_NONE = 0,
    CAIRO_EXTEND_REPEAT = 1,
    CAIRO_EXTEND_REFLECT = 2,
    CAIRO_EXTEND_PAD = 3,
} cairo_extend_t;

typedef enum _cairo_fill_rule {
    CAIRO_FILL_RULE_WINDING = 0,
    CAIRO_FILL_RULE_EVEN_ODD = 1,
} cairo_fill_rule_t;

typedef enum _cairo_path_data_type {
    CAIRO_PATH_MOVE_TO = 0,
    CAIRO_PATH_LINE_TO = 1,
    CAIRO_PATH_CURVE_TO = 2,
    CAIRO_PATH_CLOSE_PATH = 3,
} cairo_path_data_type_t;

typedef union _cairo_path_data_t cairo_path_data_t;
union _cairo_path_data_t {
    struct {
        cairo_path_data_type_t type;
        int length;
    } header;
    struct {
        double x, y;
    } point;
};

typedef struct cairo_path {
    cairo_status_t status;
    cairo_path_data_t *data;
    int num_data;
} cairo_path_t;

typedef struct _cairo_font_options cairo_font_options_t;

typedef enum _cairo_hint_style {
    CAIRO_HINT_STYLE_DEFAULT = 0,
    CAIRO_HINT_STYLE_NONE = 1,
    CAIRO_HINT_STYLE_SLIGHT = 2,
    CAIRO_HINT_STYLE_MEDIUM = 3,
    CAIRO_HINT_STYLE_FULL = 4,
} cairo_hint_style_t;

typedef enum _cairo_hint_metrics {
    CAIRO_HINT_METRICS_DEFAULT = 0,
    CAIRO_HINT_METRICS_OFF = 1,
    CAIRO_HINT_METRICS_ON = 2,
} cairo_hint_metrics_t;

typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef cairo_status_t (*cairo_read_func_t)(void *closure, unsigned char *data, unsigned int length);

/* The functions, as (return type, name, parameters, arguments). V: returns nothing. */
#define TC_CAIRO_FUNCTIONS(F, V) \
    F(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height)) \
    F(cairo_surface_t *, cairo_image_surface_create_for_data, (unsigned char *data, cairo_format_t format, int width, int height, int stride), (data, format, width, height, stride)) \
    F(cairo_surface_t *, cairo_image_surface_create_from_png_stream, (cairo_read_func_t read_func, void *closure), (read_func, closure)) \
    F(int, cairo_format_stride_for_width, (cairo_format_t format, int width), (format, width)) \
    F(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface)) \
    F(int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface)) \
    F(int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface)) \
    F(int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface)) \
    F(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface)) \
    V(cairo_surface_flush, (cairo_surface_t *surface), (surface)) \
    V(cairo_surface_mark_dirty, (cairo_surface_t *surface), (surface)) \
    V(cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
    F(cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure), (surface, write_func, closure)) \
    F(cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
    V(cairo_destroy, (cairo_t *cr), (cr)) \
    F(cairo_status_t, cairo_status, (cairo_t *cr), (cr)) \
    F(const char *, cairo_status_to_string, (cairo_status_t status), (status)) \
    V(cairo_save, (cairo_t *cr), (cr)) \
    V(cairo_restore, (cairo_t *cr), (cr)) \
    V(cairo_push_group, (cairo_t *cr), (cr)) \
    V(cairo_pop_group_to_source, (cairo_t *cr), (cr)) \
    V(cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty)) \
    V(cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy)) \
    V(cairo_rotate, (cairo_t *cr, double angle), (cr, angle)) \
    V(cairo_transform, (cairo_t *cr, const cairo_matrix_t *matrix), (cr, matrix)) \
    V(cairo_set_matrix, (cairo_t *cr, const cairo_matrix_t *matrix), (cr, matrix)) \
    V(cairo_get_matrix, (cairo_t *cr, cairo_matrix_t *matrix), (cr, matrix)) \
    V(cairo_identity_matrix, (cairo_t *cr), (cr)) \
    V(cairo_set_operator, (cairo_t *cr, cairo_operator_t op), (cr, op)) \
    V(cairo_set_antialias, (cairo_t *cr, cairo_antialias_t antialias), (cr, antialias)) \
    V(cairo_set_fill_rule, (cairo_t *cr, cairo_fill_rule_t fill_rule), (cr, fill_rule)) \
    V(cairo_set_line_width, (cairo_t *cr, double width), (cr, width)) \
    V(cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), (cr, red, green, blue, alpha)) \
    V(cairo_set_source_rgb, (cairo_t *cr, double red, double green, double blue), (cr, red, green, blue)) \
    V(cairo_set_source, (cairo_t *cr, cairo_pattern_t *source), (cr, source)) \
    V(cairo_set_source_surface, (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y)) \
    V(cairo_new_path, (cairo_t *cr), (cr)) \
    V(cairo_new_sub_path, (cairo_t *cr), (cr)) \
    V(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
    V(cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
    V(cairo_curve_to, (cairo_t *cr, double x1, double y1, double x2, double y2, double x3, double y3), (cr, x1, y1, x2, y2, x3, y3)) \
    V(cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), (cr, xc, yc, radius, angle1, angle2)) \
    V(cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height)) \
    V(cairo_close_path, (cairo_t *cr), (cr)) \
    V(cairo_paint, (cairo_t *cr), (cr)) \
    V(cairo_paint_with_alpha, (cairo_t *cr, double alpha), (cr, alpha)) \
    V(cairo_fill, (cairo_t *cr), (cr)) \
    V(cairo_fill_preserve, (cairo_t *cr), (cr)) \
    V(cairo_stroke, (cairo_t *cr), (cr)) \
    V(cairo_stroke_preserve, (cairo_t *cr), (cr)) \
    V(cairo_clip, (cairo_t *cr), (cr)) \
    V(cairo_clip_preserve, (cairo_t *cr), (cr)) \
    V(cairo_reset_clip, (cairo_t *cr), (cr)) \
    V(cairo_mask_surface, (cairo_t *cr, cairo_surface_t *surface, double surface_x, double surface_y), (cr, surface, surface_x, surface_y)) \
    V(cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight), (cr, family, slant, weight)) \
    V(cairo_set_font_size, (cairo_t *cr, double size), (cr, size)) \
    V(cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8)) \
    V(cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr, utf8, extents)) \
    V(cairo_font_extents, (cairo_t *cr, cairo_font_extents_t *extents), (cr, extents)) \
    V(cairo_text_path, (cairo_t *cr, const char *utf8), (cr, utf8)) \
    F(cairo_path_t *, cairo_copy_path_flat, (cairo_t *cr), (cr)) \
    V(cairo_path_destroy, (cairo_path_t *path), (path)) \
    F(cairo_font_options_t *, cairo_font_options_create, (void), ()) \
    V(cairo_font_options_destroy, (cairo_font_options_t *options), (options)) \
    V(cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style)) \
    V(cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics)) \
    V(cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *options), (cr, options)) \
    V(cairo_set_font_face, (cairo_t *cr, cairo_font_face_t *font_face), (cr, font_face)) \
    F(cairo_status_t, cairo_font_face_status, (cairo_font_face_t *font_face), (font_face)) \
    V(cairo_font_face_destroy, (cairo_font_face_t *font_face), (font_face)) \
    F(cairo_pattern_t *, cairo_pattern_create_for_surface, (cairo_surface_t *surface), (surface)) \
    F(cairo_pattern_t *, cairo_pattern_create_mesh, (void), ()) \
    V(cairo_mesh_pattern_begin_patch, (cairo_pattern_t *pattern), (pattern)) \
    V(cairo_mesh_pattern_end_patch, (cairo_pattern_t *pattern), (pattern)) \
    V(cairo_mesh_pattern_move_to, (cairo_pattern_t *pattern, double x, double y), (pattern, x, y)) \
    V(cairo_mesh_pattern_line_to, (cairo_pattern_t *pattern, double x, double y), (pattern, x, y)) \
    V(cairo_mesh_pattern_set_corner_color_rgba, (cairo_pattern_t *pattern, unsigned int corner_num, double red, double green, double blue, double alpha), (pattern, corner_num, red, green, blue, alpha)) \
    V(cairo_pattern_set_matrix, (cairo_pattern_t *pattern, const cairo_matrix_t *matrix), (pattern, matrix)) \
    V(cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter), (pattern, filter)) \
    V(cairo_pattern_set_extend, (cairo_pattern_t *pattern, cairo_extend_t extend), (pattern, extend)) \
    F(cairo_status_t, cairo_pattern_status, (cairo_pattern_t *pattern), (pattern)) \
    V(cairo_pattern_destroy, (cairo_pattern_t *pattern), (pattern)) \
    V(cairo_matrix_init, (cairo_matrix_t *matrix, double xx, double yx, double xy, double yy, double x0, double y0), (matrix, xx, yx, xy, yy, x0, y0)) \
    F(cairo_status_t, cairo_matrix_invert, (cairo_matrix_t *matrix), (matrix))

#define TC_CAIRO_FIELD(ret, name, params, args) ret (*name) params;
#define TC_CAIRO_VOID_FIELD(name, params, args) void (*name) params;
/* The loaded functions. Filled by tc_cairo_load; read only by the wrappers below. */
struct tc_cairo_functions {
    TC_CAIRO_FUNCTIONS(TC_CAIRO_FIELD, TC_CAIRO_VOID_FIELD)
};
#undef TC_CAIRO_FIELD
#undef TC_CAIRO_VOID_FIELD
extern struct tc_cairo_functions tc_cairo_functions;

#define TC_CAIRO_WRAPPER(ret, name, params, args) static inline ret name params { return tc_cairo_functions.name args; }
#define TC_CAIRO_VOID_WRAPPER(name, params, args) static inline void name params { tc_cairo_functions.name args; }
TC_CAIRO_FUNCTIONS(TC_CAIRO_WRAPPER, TC_CAIRO_VOID_WRAPPER)
#undef TC_CAIRO_WRAPPER
#undef TC_CAIRO_VOID_WRAPPER

/* Opens cairo (libcairo.so.2) once per process and fills the function table. Returns true when every
 * function was found; otherwise false, with a sentence saying what is missing written into `error`
 * (`error_size` bytes, NUL-terminated). Later calls return the first call's result. Thread-safe. */
bool tc_cairo_load(char *error, size_t error_size);

/* True when cairo is loaded in this process (by tc_cairo_load or by anything else). */
bool tc_cairo_is_resident(void);

/* Kept font matches (fontconfig without starting it). */
#include "FontMatch.h"

#endif

#define _GNU_SOURCE
#include "FontMatch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CLibraryLoader.h"

/* fontconfig's types and constants, as its stable ABI (fontconfig.h, soname libfontconfig.so.1). */
typedef struct _FcPattern FcPattern;
typedef struct _FcConfig FcConfig;
typedef int FcBool;
typedef unsigned char FcChar8;
typedef enum { FcResultMatch, FcResultNoMatch, FcResultTypeMismatch, FcResultNoId, FcResultOutOfMemory } FcResult;
typedef enum { FcMatchPattern, FcMatchFont, FcMatchScan } FcMatchKind;

enum { FC_SLANT_ROMAN = 0, FC_WEIGHT_MEDIUM = 100, FC_WEIGHT_BOLD = 200 };

#define TC_FC_FUNCTIONS(F) \
    F(FcPattern *, FcPatternCreate, (void)) \
    F(void, FcPatternDestroy, (FcPattern *p)) \
    F(FcPattern *, FcPatternDuplicate, (const FcPattern *p)) \
    F(FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s)) \
    F(FcBool, FcPatternAddInteger, (FcPattern *p, const char *object, int i)) \
    F(FcBool, FcPatternAddDouble, (FcPattern *p, const char *object, double d)) \
    F(FcBool, FcPatternAddBool, (FcPattern *p, const char *object, FcBool b)) \
    F(FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 **s)) \
    F(FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i)) \
    F(FcResult, FcPatternGetBool, (const FcPattern *p, const char *object, int n, FcBool *b)) \
    F(FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind)) \
    F(void, FcDefaultSubstitute, (FcPattern *p)) \
    F(FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result)) \
    F(FcChar8 *, FcNameUnparse, (FcPattern *p)) \
    F(FcPattern *, FcNameParse, (const FcChar8 *name))

/* cairo functions only this file uses: the FreeType backend's, absent from a cairo built without
 * it, and the ones that read a context's text state. */
#define TC_CAIRO_FONT_FUNCTIONS(F) \
    F(cairo_font_face_t *, cairo_ft_font_face_create_for_pattern, (FcPattern *pattern)) \
    F(void, cairo_ft_font_options_substitute, (const cairo_font_options_t *options, FcPattern *pattern)) \
    F(void, cairo_get_font_options, (cairo_t *cr, cairo_font_options_t *options)) \
    F(void, cairo_surface_get_font_options, (cairo_surface_t *surface, cairo_font_options_t *options)) \
    F(void, cairo_font_options_merge, (cairo_font_options_t *options, const cairo_font_options_t *other)) \
    F(cairo_surface_t *, cairo_get_group_target, (cairo_t *cr)) \
    F(void, cairo_get_font_matrix, (cairo_t *cr, cairo_matrix_t *matrix)) \
    F(void, cairo_matrix_multiply, (cairo_matrix_t *result, const cairo_matrix_t *a, const cairo_matrix_t *b))

#define TC_FIELD(ret, name, params) ret(*name) params;
#define TC_NAME(ret, name, params) #name,
static struct {
    TC_FC_FUNCTIONS(TC_FIELD)
} fc;
static struct {
    TC_CAIRO_FONT_FUNCTIONS(TC_FIELD)
} cf;
static const char *const fc_names[] = {TC_FC_FUNCTIONS(TC_NAME)};
static const char *const cf_names[] = {TC_CAIRO_FONT_FUNCTIONS(TC_NAME)};
#undef TC_FIELD
#undef TC_NAME

static tc_runtime_library_t fontconfig = {
    .soname = "libfontconfig.so.1",
    .symbols = fc_names,
    .functions = (void **)&fc,
    .count = sizeof(fc_names) / sizeof(fc_names[0]),
    .install_hint = "text in pictures needs fontconfig: install Debian's libfontconfig1 (libcairo2 brings it)",
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

static tc_runtime_library_t cairo_fonts = {
    .soname = "libcairo.so.2",
    .symbols = cf_names,
    .functions = (void **)&cf,
    .count = sizeof(cf_names) / sizeof(cf_names[0]),
    .install_hint = "kept font matches need cairo's FreeType backend (Debian's libcairo2 has it)",
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

bool tc_font_match_load(void) {
    return tc_runtime_library_load(&fontconfig, NULL, 0) && tc_runtime_library_load(&cairo_fonts, NULL, 0);
}

/* The pattern cairo 1.16's toy face starts from (_cairo_ft_font_face_create_for_toy) with the
 * pixel size its resolution adds (_cairo_ft_resolve_pattern): the y scale of the font matrix
 * times the transformation without translation, as _cairo_matrix_compute_basis_scale_factors
 * takes it, at least 1, also written to `size`. The merged font options go to `options`. */
static FcPattern *request(cairo_t *cr, const char *family, bool bold, cairo_font_options_t *options, double *size) {
    if (!family) return NULL;
    cairo_matrix_t font, ctm, scale;
    cf.cairo_get_font_matrix(cr, &font);
    cairo_get_matrix(cr, &ctm);
    ctm.x0 = ctm.y0 = 0;
    cf.cairo_matrix_multiply(&scale, &font, &ctm);
    double det = scale.xx * scale.yy - scale.yx * scale.xy;
    if (!isfinite(det)) return NULL;
    double major = hypot(scale.xx, scale.yx);
    double pixel_size = (det == 0 || major == 0) ? 0 : fabs(det) / major;
    if (pixel_size < 1) pixel_size = 1;
    *size = pixel_size;

    cf.cairo_surface_get_font_options(cf.cairo_get_group_target(cr), options);
    cairo_font_options_t *own = cairo_font_options_create();
    if (!own) return NULL;
    cf.cairo_get_font_options(cr, own);
    cf.cairo_font_options_merge(options, own);
    cairo_font_options_destroy(own);

    FcPattern *pattern = fc.FcPatternCreate();
    if (!pattern) return NULL;
    if (!fc.FcPatternAddString(pattern, "family", (const FcChar8 *)family) ||
        !fc.FcPatternAddInteger(pattern, "slant", FC_SLANT_ROMAN) ||
        !fc.FcPatternAddInteger(pattern, "weight", bold ? FC_WEIGHT_BOLD : FC_WEIGHT_MEDIUM) ||
        !fc.FcPatternAddDouble(pattern, "pixelsize", pixel_size)) {
        fc.FcPatternDestroy(pattern);
        return NULL;
    }
    return pattern;
}

char *tc_font_request_name(cairo_t *cr, const char *family, bool bold) {
    cairo_font_options_t *options = cairo_font_options_create();
    if (!options) return NULL;
    double pixel_size = 0;
    FcPattern *pattern = request(cr, family, bold, options, &pixel_size);
    char *name = NULL;
    if (pattern) {
        cf.cairo_ft_font_options_substitute(options, pattern);
        char *unparsed = (char *)fc.FcNameUnparse(pattern);
        /* The name syntax rounds the pixel size to six digits; its exact value follows. */
        if (unparsed && asprintf(&name, "%s/%a", unparsed, pixel_size) < 0) name = NULL;
        free(unparsed);
        fc.FcPatternDestroy(pattern);
    }
    cairo_font_options_destroy(options);
    return name;
}

/* The properties cairo 1.16 reads from a matched pattern (_get_pattern_ft_options), by type. */
static const char *const bool_properties[] = {"antialias", "hinting", "autohint", "verticallayout", "embolden", "embeddedbitmap"};
static const char *const integer_properties[] = {"hintstyle", "rgba", "lcdfilter"};
static const char *const string_properties[] = {"fontvariations"};
#define TC_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* A new pattern holding only the file, index and rendering properties of `from`; NULL when `from`
 * has no file and index of the right types, or a listed property of another type. */
static FcPattern *record_pattern(const FcPattern *from) {
    FcChar8 *file = NULL;
    int index = 0;
    if (fc.FcPatternGetString(from, "file", 0, &file) != FcResultMatch || !file || !file[0]) return NULL;
    if (fc.FcPatternGetInteger(from, "index", 0, &index) != FcResultMatch) return NULL;
    FcPattern *record = fc.FcPatternCreate();
    if (!record) return NULL;
    bool ok = fc.FcPatternAddString(record, "file", file) && fc.FcPatternAddInteger(record, "index", index);
    for (size_t i = 0; ok && i < TC_COUNT(bool_properties); i++) {
        FcBool value;
        FcResult result = fc.FcPatternGetBool(from, bool_properties[i], 0, &value);
        if (result == FcResultMatch) ok = fc.FcPatternAddBool(record, bool_properties[i], value);
        else ok = result == FcResultNoMatch || result == FcResultNoId;
    }
    for (size_t i = 0; ok && i < TC_COUNT(integer_properties); i++) {
        int value;
        FcResult result = fc.FcPatternGetInteger(from, integer_properties[i], 0, &value);
        if (result == FcResultMatch) ok = fc.FcPatternAddInteger(record, integer_properties[i], value);
        else ok = result == FcResultNoMatch || result == FcResultNoId;
    }
    for (size_t i = 0; ok && i < TC_COUNT(string_properties); i++) {
        FcChar8 *value;
        FcResult result = fc.FcPatternGetString(from, string_properties[i], 0, &value);
        if (result == FcResultMatch) ok = fc.FcPatternAddString(record, string_properties[i], value);
        else ok = result == FcResultNoMatch || result == FcResultNoId;
    }
    if (!ok) {
        fc.FcPatternDestroy(record);
        return NULL;
    }
    return record;
}

char *tc_font_match_resolve(cairo_t *cr, const char *family, bool bold) {
    cairo_font_options_t *options = cairo_font_options_create();
    if (!options) return NULL;
    double pixel_size = 0;
    FcPattern *pattern = request(cr, family, bold, options, &pixel_size);
    char *name = NULL;
    /* The order of _cairo_ft_resolve_pattern: fontconfig's substitutions, then the options where the
     * configuration set nothing, then the defaults, then the match. */
    if (pattern && fc.FcConfigSubstitute(NULL, pattern, FcMatchPattern)) {
        cf.cairo_ft_font_options_substitute(options, pattern);
        fc.FcDefaultSubstitute(pattern);
        FcResult result;
        FcPattern *matched = fc.FcFontMatch(NULL, pattern, &result);
        if (matched) {
            FcPattern *record = record_pattern(matched);
            if (record) {
                name = (char *)fc.FcNameUnparse(record);
                fc.FcPatternDestroy(record);
            }
            fc.FcPatternDestroy(matched);
        }
    }
    if (pattern) fc.FcPatternDestroy(pattern);
    cairo_font_options_destroy(options);
    return name;
}

/* The record pattern of a record's text, or NULL. */
static FcPattern *parse(const char *record) {
    if (!record || !record[0]) return NULL;
    FcPattern *parsed = fc.FcNameParse((const FcChar8 *)record);
    if (!parsed) return NULL;
    FcPattern *clean = record_pattern(parsed);
    fc.FcPatternDestroy(parsed);
    return clean;
}

char *tc_font_match_file(const char *record) {
    FcPattern *pattern = parse(record);
    if (!pattern) return NULL;
    FcChar8 *file = NULL;
    char *copy = fc.FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch ? strdup((const char *)file) : NULL;
    fc.FcPatternDestroy(pattern);
    return copy;
}

cairo_font_face_t *tc_font_match_face(const char *record) {
    FcPattern *pattern = parse(record);
    if (!pattern) return NULL;
    cairo_font_face_t *face = cf.cairo_ft_font_face_create_for_pattern(pattern);
    fc.FcPatternDestroy(pattern);
    if (face && cairo_font_face_status(face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(face);
        return NULL;
    }
    return face;
}

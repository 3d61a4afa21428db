/*
 * FontMatch: the font cairo's text calls would pick, as a record that can be kept between runs.
 *
 * Given a family and weight, cairo's "toy" text API asks fontconfig for a font the first time a
 * size is used: it builds a pattern (family, slant, weight, pixel size and the context's font
 * options), runs fontconfig's substitutions and match, and makes its FreeType face from the
 * matched pattern's file, face index and rendering properties. Starting fontconfig parses every
 * configuration file of the system, which is most of what a small picture's text costs.
 *
 * These functions do the same in two halves. `tc_font_match_resolve` asks fontconfig exactly as
 * cairo 1.16 does and writes the match down as a *record*: the file, the face index and the
 * properties cairo reads from a match (antialias, hinting, hintstyle, rgba, lcdfilter, autohint,
 * verticallayout, embolden, embeddedbitmap, fontvariations), in fontconfig's own name syntax.
 * `tc_font_match_face` makes the font face from a record with
 * cairo_ft_font_face_create_for_pattern, which for a pattern naming a file reads only that
 * pattern and never starts fontconfig. Both halves give the same face, so pixels are the same
 * whether the record is fresh or was kept.
 *
 * fontconfig (libfontconfig.so.1, which cairo itself needs) and cairo's FreeType functions are
 * resolved at run time after cairo is loaded; when either is missing, tc_font_match_load returns
 * false and callers keep using cairo_select_font_face.
 */
#ifndef TC_FONT_MATCH_H
#define TC_FONT_MATCH_H

#include <stdbool.h>

#include "CCairo.h"

/* Resolves the fontconfig and cairo FreeType functions, once per process (cairo must be loaded
 * first). True when all are present. Thread-safe. */
bool tc_font_match_load(void);

/* The request cairo would send fontconfig for text on `cr` in `family` (normal slant, bold or
 * normal weight) at the context's current font matrix, transformation and font options: family,
 * slant, weight, pixel size and the options' antialias, rgba, lcdfilter, hinting and hintstyle, in
 * fontconfig's name syntax, then a slash and the exact pixel size in C's %a notation. Two requests with the same name get the same match from the same
 * fontconfig configuration. Returns a string to release with free(), or NULL when the matrix is
 * not invertible or memory runs out. Needs tc_font_match_load. */
char *tc_font_request_name(cairo_t *cr, const char *family, bool bold);

/* Asks fontconfig (starting it if needed) for the font of tc_font_request_name's request and
 * returns its record, to release with free(); NULL when nothing matched a file. */
char *tc_font_match_resolve(cairo_t *cr, const char *family, bool bold);

/* The font file a record names, to release with free(); NULL when `record` is not a record. */
char *tc_font_match_file(const char *record);

/* The cairo font face a record describes, to release with cairo_font_face_destroy; NULL when
 * `record` is not a record (no file or index, a property of the wrong type) or cairo fails. Only
 * the properties listed above are taken from it. The file is opened when text is first measured
 * or drawn: check that it is there before using a kept record. Does not start fontconfig. */
cairo_font_face_t *tc_font_match_face(const char *record);

#endif

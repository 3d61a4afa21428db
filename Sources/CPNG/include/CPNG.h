/*
 * CPNG: writes PNG files with Debian's libpng, loaded at run time.
 *
 * PNG previews are encoded with libpng directly rather than through cairo's PNG writer, so that the
 * zlib level and row filter can be chosen for speed. libpng (soname libpng16.so.16) is opened with
 * dlopen the first time a PNG is written, like cairo: the build needs no libpng headers, and no
 * command that does not write a PNG loads it. The few libpng 1.6 functions used are declared in
 * CPNG.c; libpng's error handling (longjmp) stays inside that file.
 */
#ifndef TC_CPNG_H
#define TC_CPNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The row filters (the PNG specification's filter types, as one fixed choice for every row). */
typedef enum tc_png_filter {
    TC_PNG_FILTER_NONE = 0,
    TC_PNG_FILTER_SUB = 1,
    TC_PNG_FILTER_UP = 2,
    TC_PNG_FILTER_AVERAGE = 3,
    TC_PNG_FILTER_PAETH = 4,
    /* libpng's adaptive choice among all five, per row (its default, and cairo's). */
    TC_PNG_FILTER_ADAPTIVE = 5,
} tc_png_filter_t;

/* The zlib level and row filter the previews are written with (BENCHMARKS.md, "PNG encoding"): at
 * level 1, unfiltered rows encode fastest; zlib's matches at one row's distance still find what the
 * UP filter would, for about a fifth more bytes. */
static const int TC_PNG_DEFAULT_LEVEL = 1;
static const tc_png_filter_t TC_PNG_DEFAULT_FILTER = TC_PNG_FILTER_NONE;
/* zlib's memory level for every file written (its default is 8): a 2 KiB-entry hash table, which at
 * level 1 is both faster and no larger on previews (BENCHMARKS.md, "PNG encoding"). */
static const int TC_PNG_MEM_LEVEL = 4;

/* A PNG file's bytes, allocated with malloc; release them with tc_png_buffer_free. */
typedef struct tc_png_buffer {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
} tc_png_buffer_t;

/* Opens libpng (libpng16.so.16) once per process. Returns true when every function was found;
 * otherwise false, with a sentence naming the library and what to install written into `error`
 * (`error_size` bytes, NUL-terminated). Later calls return the first call's result. Thread-safe. */
bool tc_png_load(char *error, size_t error_size);

/* True when libpng is loaded in this process (by tc_png_load or by anything else, such as cairo). */
bool tc_png_is_resident(void);

/* Encodes `height` rows of `width` pixels as a PNG into `output` (which must start empty: all
 * zero). Each pixel is a native-endian 32-bit word 0xAARRGGBB with premultiplied colour (cairo's
 * ARGB32); rows are `stride` bytes apart. When every pixel is opaque the file is RGB, otherwise RGBA
 * with the colour unpremultiplied, as cairo's own PNG writer does. `level` is zlib's (0-9).
 * Unfiltered rows at levels 1-9 are compressed here with zlib into one IDAT chunk, with
 * libdeflate's Adler-32 (libdeflate.so.0), when that library is installed; otherwise, and for the
 * other filters, libpng compresses them. Both give the same compressed bytes.
 * Fails (without crashing) unless tc_png_load has succeeded. Returns true on success; otherwise false, with libpng's message
 * in `error`, and `output` freed. */
bool tc_png_write(const unsigned char *pixels, int width, int height, int stride, int level,
                  tc_png_filter_t filter, tc_png_buffer_t *output, char *error, size_t error_size);

/* Frees `buffer`'s bytes and empties it. */
void tc_png_buffer_free(tc_png_buffer_t *buffer);

#endif

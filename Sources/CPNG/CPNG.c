#include "CPNG.h"

#include "CLibraryLoader.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* libpng 1.6's public types and constants, as far as they are used here (png.h, soname
 * libpng16.so.16: its ABI is stable within 1.6). */
typedef struct png_struct_def png_struct;
typedef struct png_info_def png_info;
typedef void (*png_error_ptr)(png_struct *, const char *);
typedef void (*png_rw_ptr)(png_struct *, unsigned char *, size_t);
typedef void (*png_flush_ptr)(png_struct *);

#define PNG_COLOR_TYPE_RGB 2
#define PNG_COLOR_TYPE_RGB_ALPHA 6
#define PNG_INTERLACE_NONE 0
#define PNG_COMPRESSION_TYPE_BASE 0
#define PNG_FILTER_TYPE_BASE 0
#define PNG_ALL_FILTERS 0xf8
/* png_create_write_struct accepts any version string with the library's major and minor number. */
#define PNG_USER_VERSION "1.6.0"

#define TC_PNG_FUNCTIONS(F, V) \
    F(png_struct *, png_create_write_struct, (const char *user_png_ver, void *error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn)) \
    F(png_info *, png_create_info_struct, (const png_struct *png_ptr)) \
    V(png_destroy_write_struct, (png_struct **png_ptr_ptr, png_info **info_ptr_ptr)) \
    F(void *, png_get_error_ptr, (const png_struct *png_ptr)) \
    F(void *, png_get_io_ptr, (const png_struct *png_ptr)) \
    V(png_set_write_fn, (png_struct *png_ptr, void *io_ptr, png_rw_ptr write_data_fn, png_flush_ptr output_flush_fn)) \
    V(png_set_IHDR, (const png_struct *png_ptr, png_info *info_ptr, uint32_t width, uint32_t height, int bit_depth, int color_type, int interlace_method, int compression_method, int filter_method)) \
    V(png_set_compression_level, (png_struct *png_ptr, int level)) \
    V(png_set_filter, (png_struct *png_ptr, int method, int filters)) \
    V(png_set_compression_mem_level, (png_struct *png_ptr, int mem_level)) \
    V(png_write_info, (png_struct *png_ptr, const png_info *info_ptr)) \
    V(png_write_row, (png_struct *png_ptr, const unsigned char *row)) \
    V(png_write_end, (png_struct *png_ptr, png_info *info_ptr)) \
    V(png_write_chunk, (png_struct *png_ptr, const unsigned char *chunk_name, const unsigned char *data, size_t length))

#define TC_PNG_FIELD(ret, name, params) ret(*name) params;
#define TC_PNG_VOID_FIELD(name, params) void(*name) params;
static struct {
    TC_PNG_FUNCTIONS(TC_PNG_FIELD, TC_PNG_VOID_FIELD)
} png;
#undef TC_PNG_FIELD
#undef TC_PNG_VOID_FIELD

#define TC_PNG_NAME(ret, name, params) #name,
#define TC_PNG_VOID_NAME(name, params) #name,
static const char *const names[] = {TC_PNG_FUNCTIONS(TC_PNG_NAME, TC_PNG_VOID_NAME)};
_Static_assert(sizeof(png) == sizeof(names) / sizeof(names[0]) * sizeof(void *), "one name per function");

static tc_runtime_library_t libpng = {
    .soname = "libpng16.so.16",
    .symbols = names,
    .functions = (void **)&png,
    .count = sizeof(names) / sizeof(names[0]),
    .install_hint = "PNG pictures need libpng: install Debian's libpng16-16 (libcairo2 brings it; scripts/setup installs that), or use --format html",
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

bool tc_png_load(char *error, size_t error_size) { return tc_runtime_library_load(&libpng, error, error_size); }

bool tc_png_is_resident(void) { return tc_library_is_resident(libpng.soname); }

/* zlib 1.x's stream and the functions that write one (zlib.h, soname libz.so.1, which libpng needs:
 * it is loaded already). */
typedef struct {
    const unsigned char *next_in;
    unsigned avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} tc_z_stream;

#define TC_Z_OK 0
#define TC_Z_STREAM_END 1
#define TC_Z_NO_FLUSH 0
#define TC_Z_FINISH 4
#define TC_Z_DEFLATED 8

#define TC_STREAM_FUNCTIONS(F) \
    F(const char *, zlibVersion, (void)) \
    F(int, deflateInit2_, (tc_z_stream *strm, int level, int method, int window_bits, int mem_level, int strategy, const char *version, int stream_size)) \
    F(int, deflate, (tc_z_stream *strm, int flush)) \
    F(int, deflateEnd, (tc_z_stream *strm))

#define TC_STREAM_FIELD(ret, name, params) ret(*name) params;
#define TC_STREAM_NAME(ret, name, params) #name,
static struct {
    TC_STREAM_FUNCTIONS(TC_STREAM_FIELD)
} zlib;
static const char *const zlib_names[] = {TC_STREAM_FUNCTIONS(TC_STREAM_NAME)};
static struct {
    unsigned (*libdeflate_adler32)(unsigned adler, const void *buffer, size_t length);
} checksum;
static const char *const checksum_names[] = {"libdeflate_adler32"};
#undef TC_STREAM_FIELD
#undef TC_STREAM_NAME

static tc_runtime_library_t libz = {
    .soname = "libz.so.1",
    .symbols = zlib_names,
    .functions = (void **)&zlib,
    .count = sizeof(zlib_names) / sizeof(zlib_names[0]),
    .install_hint = "PNG pictures need zlib: install Debian's zlib1g (libpng brings it)",
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

/* libdeflate's Adler-32 (soname libdeflate.so.0), vectorised: the checksum a zlib stream ends with
 * costs zlib's own scalar adler32 a sixth of its compression time on a filmstrip. */
static tc_runtime_library_t libdeflate = {
    .soname = "libdeflate.so.0",
    .symbols = checksum_names,
    .functions = (void **)&checksum,
    .count = 1,
    .install_hint = "PNG pictures are written faster with Debian's libdeflate0",
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

/* One write in progress: where libpng's errors jump to, and what they said. */
struct writer {
    jmp_buf jump;
    char message[256];
    tc_png_buffer_t *output;
};

static void on_error(png_struct *png_ptr, const char *message) {
    struct writer *writer = png.png_get_error_ptr(png_ptr);
    strncpy(writer->message, message ? message : "unknown error", sizeof(writer->message) - 1);
    longjmp(writer->jump, 1);
}

static void on_warning(png_struct *png_ptr, const char *message) {
    (void)png_ptr;
    (void)message;
}

static void on_write(png_struct *png_ptr, unsigned char *data, size_t length) {
    struct writer *writer = png.png_get_io_ptr(png_ptr);
    tc_png_buffer_t *output = writer->output;
    if (output->count + length > output->capacity) {
        size_t capacity = output->capacity ? output->capacity : 65536;
        while (capacity < output->count + length) capacity *= 2;
        unsigned char *bytes = realloc(output->bytes, capacity);
        if (!bytes) {
            strncpy(writer->message, "out of memory", sizeof(writer->message) - 1);
            longjmp(writer->jump, 1);
        }
        output->bytes = bytes;
        output->capacity = capacity;
    }
    memcpy(output->bytes + output->count, data, length);
    output->count += length;
}

static void on_flush(png_struct *png_ptr) { (void)png_ptr; }

static inline uint32_t pixel_at(const unsigned char *row, int x) {
    uint32_t pixel;
    memcpy(&pixel, row + (size_t)x * 4, 4);
    return pixel;
}

/* A pixel's colour as the little-endian word whose bytes are R, G, B, 0. */
static inline uint32_t rgb_bytes(uint32_t pixel) {
    return (pixel >> 16 & 0xff) | (pixel & 0xff00) | (pixel & 0xff) << 16;
}

/* Every alpha of a row ANDed together, in one branch-free pass the compiler vectorises: true
 * when the row is opaque. */
static bool row_is_opaque(const unsigned char *row, int width) {
    uint32_t all = 0xffffffffu;
    for (int x = 0; x < width; x++) all &= pixel_at(row, x);
    return (all >> 24) == 0xff;
}

/* One row of ARGB32 as PNG bytes: RGB, or RGBA unpremultiplied with cairo's rounding. */
static void convert_row(const unsigned char *source, int width, bool opaque, unsigned char *out) {
    if (opaque) {
        /* Four pixels at a time as three little-endian words: R0 G0 B0 R1 | G1 B1 R2 G2 | B2 R3 G3 B3. */
        int x = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        for (; x + 4 <= width; x += 4) {
            uint32_t p0 = rgb_bytes(pixel_at(source, x)), p1 = rgb_bytes(pixel_at(source, x + 1));
            uint32_t p2 = rgb_bytes(pixel_at(source, x + 2)), p3 = rgb_bytes(pixel_at(source, x + 3));
            uint32_t words[3] = {p0 | p1 << 24, p1 >> 8 | p2 << 16, p2 >> 16 | p3 << 8};
            memcpy(out, words, sizeof(words));
            out += 12;
        }
#endif
        for (; x < width; x++) {
            uint32_t pixel = pixel_at(source, x);
            out[0] = pixel >> 16;
            out[1] = pixel >> 8;
            out[2] = pixel;
            out += 3;
        }
        return;
    }
    for (int x = 0; x < width; x++) {
        uint32_t pixel = pixel_at(source, x);
        uint32_t alpha = pixel >> 24;
        if (alpha == 0) {
            out[0] = out[1] = out[2] = out[3] = 0;
        } else {
            out[0] = (((pixel >> 16) & 0xff) * 255 + alpha / 2) / alpha;
            out[1] = (((pixel >> 8) & 0xff) * 255 + alpha / 2) / alpha;
            out[2] = ((pixel & 0xff) * 255 + alpha / 2) / alpha;
            out[3] = alpha;
        }
        out += 4;
    }
}

static int filter_flags(tc_png_filter_t filter) {
    switch (filter) {
    case TC_PNG_FILTER_NONE: return 0x08;
    case TC_PNG_FILTER_SUB: return 0x10;
    case TC_PNG_FILTER_UP: return 0x20;
    case TC_PNG_FILTER_AVERAGE: return 0x40;
    case TC_PNG_FILTER_PAETH: return 0x80;
    case TC_PNG_FILTER_ADAPTIVE: return PNG_ALL_FILTERS;
    }
    return PNG_ALL_FILTERS;
}

static void fail(const char *message, char *error, size_t error_size) {
    if (!error || !error_size) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = 0;
}

/* One attempt at the file, as RGB when `opaque`, else RGBA, into `output` (empty on entry). Returns
 * 1 when written; 0 when writing RGB met a pixel that is not opaque (`output` is then empty again);
 * -1 when libpng failed (`error` says why; `output` is freed). */
static int encode(const unsigned char *pixels, int width, int height, int stride, int level, tc_png_filter_t filter,
                  bool opaque, unsigned char *row, tc_png_buffer_t *output, char *error, size_t error_size) {
    struct writer writer = {.output = output};
    png_struct *volatile png_ptr = NULL;
    png_info *volatile info_ptr = NULL;
    if (setjmp(writer.jump)) {
        png_struct *p = png_ptr;
        png_info *i = info_ptr;
        if (p) png.png_destroy_write_struct(&p, i ? &i : NULL);
        tc_png_buffer_free(output);
        char message[320];
        snprintf(message, sizeof(message), "libpng could not write the PNG: %s", writer.message);
        fail(message, error, error_size);
        return -1;
    }
    png_ptr = png.png_create_write_struct(PNG_USER_VERSION, &writer, on_error, on_warning);
    if (!png_ptr) {
        strncpy(writer.message, "its version is not 1.6", sizeof(writer.message) - 1);
        longjmp(writer.jump, 1);
    }
    info_ptr = png.png_create_info_struct(png_ptr);
    if (!info_ptr) {
        strncpy(writer.message, "out of memory", sizeof(writer.message) - 1);
        longjmp(writer.jump, 1);
    }
    png.png_set_write_fn(png_ptr, &writer, on_write, on_flush);
    png.png_set_IHDR(png_ptr, info_ptr, (uint32_t)width, (uint32_t)height, 8,
                     opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png.png_set_compression_level(png_ptr, level);
    png.png_set_compression_mem_level(png_ptr, TC_PNG_MEM_LEVEL);
    png.png_set_filter(png_ptr, PNG_FILTER_TYPE_BASE, filter_flags(filter));
    png.png_write_info(png_ptr, info_ptr);
    int result = 1;
    for (int y = 0; y < height; y++) {
        const unsigned char *source = pixels + (size_t)y * stride;
        if (opaque && !row_is_opaque(source, width)) {
            result = 0;
            break;
        }
        convert_row(source, width, opaque, row);
        png.png_write_row(png_ptr, row);
    }
    if (result) png.png_write_end(png_ptr, info_ptr);
    png_struct *p = png_ptr;
    png_info *i = info_ptr;
    png.png_destroy_write_struct(&p, &i);
    if (!result) output->count = 0;
    return result;
}

/* Makes room for at least one more byte after `output->count`; false when memory runs out. */
static bool reserve(tc_png_buffer_t *output) {
    if (output->count < output->capacity) return true;
    size_t capacity = output->capacity ? output->capacity * 2 : 65536;
    unsigned char *bytes = realloc(output->bytes, capacity);
    if (!bytes) return false;
    output->bytes = bytes;
    output->capacity = capacity;
    return true;
}

/* Unfiltered rows as one zlib stream, as libpng writes it: zlib's raw deflate at `level` and memory
 * level TC_PNG_MEM_LEVEL, row by row, framed with the zlib header and the Adler-32 of the rows
 * (libdeflate's). Returns 1 with the stream in `stream`, 0 when writing RGB met a pixel that is not
 * opaque, -1 when zlib failed or memory ran out (`stream` is then freed either way). */
static int deflate_rows(const unsigned char *pixels, int width, int height, int stride, int level, bool opaque,
                        unsigned char *row, tc_png_buffer_t *stream) {
    tc_z_stream z = {0};
    if (zlib.deflateInit2_(&z, level, TC_Z_DEFLATED, -15, TC_PNG_MEM_LEVEL, 0, zlib.zlibVersion(), (int)sizeof(z)) != TC_Z_OK) return -1;
    /* The header zlib writes for a 32 KiB window at this level (RFC 1950: FLEVEL, then FCHECK). */
    unsigned header = 0x7800u | (unsigned)(level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3) << 6;
    header += 31 - header % 31;
    int result = 1;
    if (!reserve(stream)) result = -1;
    else {
        stream->bytes[0] = (unsigned char)(header >> 8);
        stream->bytes[1] = (unsigned char)header;
        stream->count = 2;
    }
    unsigned adler = 1;
    size_t row_bytes = 1 + (size_t)width * (opaque ? 3 : 4);
    for (int y = 0; result == 1 && y <= height; y++) {
        int flush = y < height ? TC_Z_NO_FLUSH : TC_Z_FINISH;
        if (y < height) {
            const unsigned char *source = pixels + (size_t)y * stride;
            if (opaque && !row_is_opaque(source, width)) {
                result = 0;
                break;
            }
            row[0] = 0; /* the row's filter type: none */
            convert_row(source, width, opaque, row + 1);
            adler = checksum.libdeflate_adler32(adler, row, row_bytes);
            z.next_in = row;
            z.avail_in = (unsigned)row_bytes;
        }
        for (;;) {
            if (!reserve(stream)) {
                result = -1;
                break;
            }
            size_t room = stream->capacity - stream->count;
            z.next_out = stream->bytes + stream->count;
            z.avail_out = room > 0x40000000u ? 0x40000000u : (unsigned)room;
            unsigned before = z.avail_out;
            int status = zlib.deflate(&z, flush);
            stream->count += before - z.avail_out;
            if (status == TC_Z_STREAM_END) break;
            if (status != TC_Z_OK) {
                result = -1;
                break;
            }
            if (flush == TC_Z_NO_FLUSH && z.avail_in == 0 && z.avail_out > 0) break;
        }
    }
    zlib.deflateEnd(&z);
    for (int i = 0; result == 1 && i < 4; i++) {
        if (!reserve(stream)) result = -1;
        else stream->bytes[stream->count++] = (unsigned char)(adler >> (24 - 8 * i));
    }
    if (result != 1) tc_png_buffer_free(stream);
    return result;
}

/* One attempt like `encode` for unfiltered rows, with the rows compressed by deflate_rows and written
 * as one IDAT chunk. Returns 1, 0 or -1 as `encode` does. */
static int encode_stream(const unsigned char *pixels, int width, int height, int stride, int level, bool opaque,
                         unsigned char *row, tc_png_buffer_t *output, char *error, size_t error_size) {
    tc_png_buffer_t stream = {0};
    int rows = deflate_rows(pixels, width, height, stride, level, opaque, row, &stream);
    if (rows == 0) return 0;
    if (rows < 0) {
        fail("zlib could not compress the PNG's rows (out of memory?)", error, error_size);
        return -1;
    }
    struct writer writer = {.output = output};
    png_struct *volatile png_ptr = NULL;
    png_info *volatile info_ptr = NULL;
    if (setjmp(writer.jump)) {
        png_struct *p = png_ptr;
        png_info *i = info_ptr;
        if (p) png.png_destroy_write_struct(&p, i ? &i : NULL);
        tc_png_buffer_free(&stream);
        tc_png_buffer_free(output);
        char message[320];
        snprintf(message, sizeof(message), "libpng could not write the PNG: %s", writer.message);
        fail(message, error, error_size);
        return -1;
    }
    png_ptr = png.png_create_write_struct(PNG_USER_VERSION, &writer, on_error, on_warning);
    if (!png_ptr) {
        strncpy(writer.message, "its version is not 1.6", sizeof(writer.message) - 1);
        longjmp(writer.jump, 1);
    }
    info_ptr = png.png_create_info_struct(png_ptr);
    if (!info_ptr) {
        strncpy(writer.message, "out of memory", sizeof(writer.message) - 1);
        longjmp(writer.jump, 1);
    }
    png.png_set_write_fn(png_ptr, &writer, on_write, on_flush);
    png.png_set_IHDR(png_ptr, info_ptr, (uint32_t)width, (uint32_t)height, 8,
                     opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png.png_write_info(png_ptr, info_ptr);
    png.png_write_chunk(png_ptr, (const unsigned char *)"IDAT", stream.bytes, stream.count);
    png.png_write_chunk(png_ptr, (const unsigned char *)"IEND", NULL, 0);
    png_struct *p = png_ptr;
    png_info *i = info_ptr;
    png.png_destroy_write_struct(&p, &i);
    tc_png_buffer_free(&stream);
    return 1;
}

bool tc_png_write(const unsigned char *pixels, int width, int height, int stride, int level,
                  tc_png_filter_t filter, tc_png_buffer_t *output, char *error, size_t error_size) {
    if (!pixels || !output || width < 1 || height < 1 || stride < width * 4 || level < 0 || level > 9) {
        fail("the PNG writer was given no pixels, a size below 1x1 or a zlib level outside 0-9", error, error_size);
        return false;
    }
    if (!png.png_create_write_struct) {
        fail("libpng is not loaded: call tc_png_load first", error, error_size);
        return false;
    }
    unsigned char *row = malloc((size_t)width * 4 + 1);
    if (!row) {
        fail("out of memory for a PNG row", error, error_size);
        return false;
    }
    /* Written as RGB while every row read is opaque (each row is checked as it is converted, so the
     * pixels are read once); the first row that is not starts the file again as RGBA. Unfiltered
     * rows are compressed here when libdeflate's checksum is at hand, else by libpng. */
    bool stream = filter == TC_PNG_FILTER_NONE && level >= 1 && tc_runtime_library_load(&libz, NULL, 0) &&
                  tc_runtime_library_load(&libdeflate, NULL, 0);
    int result = stream ? encode_stream(pixels, width, height, stride, level, true, row, output, error, error_size)
                        : encode(pixels, width, height, stride, level, filter, true, row, output, error, error_size);
    if (result == 0)
        result = stream ? encode_stream(pixels, width, height, stride, level, false, row, output, error, error_size)
                        : encode(pixels, width, height, stride, level, filter, false, row, output, error, error_size);
    free(row);
    return result == 1;
}

void tc_png_buffer_free(tc_png_buffer_t *buffer) {
    free(buffer->bytes);
    *buffer = (tc_png_buffer_t){0};
}
